// Tests of the interface's model (ui layer without ImGui): a recommendation opened in Estimate
// shows exactly what was recommended; the share link reopens every view; every notice and label
// has its zh and en text; numbers as Chinese users type them.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <regex>
#include <sstream>
#include <utility>

#include "core/catalog_embedded.h"
#include "core/contract.h"
#include "core/fields.h"
#include "core/url_params.h"
#include "ui/app_state.h"
#include "ui/export.h"
#include "ui/notices.h"
#include "ui/page_state.h"
#include "ui/scenario_form.h"
#include "ui/text_layout.h"
#include "ui/strings.h"
#include "vectors_io.h"

using namespace xuanka;
using nlohmann::json;
using Catch::Matchers::WithinRel;

namespace {
bool testing_contains(const core::Diagnostics& v, const std::string& prefix) {
  for (const auto& x : v) {
    if (x.text().rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// The page's path for one option: the form from the option's contract, then recompute as the
// page does on every change.
ui::AppState opened(const core::Option& o, const std::string& region) {
  ui::AppState st;
  st.estimate.region = region;
  ui::from_contract(core::to_json(o.scenario), st.estimate.form);
  ui::recompute(st, cat());
  return st;
}
}  // namespace

TEST_CASE("open in Estimate: every option of four jobs shows the memory, fit, time and cost recommended") {
  const std::string region = "jiangsu-suzhou";
  const json jobs[] = {
      {{"model", "llama-3.1-8b"}, {"task", "qlora"}, {"seq_len", 2048}, {"tokens", 1e8}},
      {{"model", "llama-3.1-70b"}, {"task", "full_ft"}, {"seq_len", 4096}, {"global_batch", 256}, {"tokens", 2e9}},
      {{"model", "qwen2.5-72b"}, {"task", "inference"}, {"weights", "fp8"}, {"serving", {{"batch", 16}, {"prompt_tokens", 2048}, {"output_tokens", 512}}}},
      {{"model", "mixtral-8x7b"}, {"task", "full_ft"}, {"seq_len", 4096}, {"global_batch", 128}, {"tokens", 1e9}},
      {{"model", "sdxl"}, {"task", "lora"}, {"precision", "bf16_mixed"}, {"weights", "bf16"}, {"lora", {{"rank", 16}, {"targets", "attn"}}},
       {"micro_batch", 2}, {"image", {{"resolution", {832, 1216}}, {"cache_latents", true}, {"train_steps", 2000}}}},
      {{"model", "yolov8m"}, {"task", "inference"}, {"vision", {{"batch", 16}, {"runtime", "tensorrt"}, {"precision", "int8"}}}},
  };
  int checked = 0;
  for (const json& job : jobs) {
    INFO(job.dump());
    core::Scenario base;
    REQUIRE(core::from_json(job, cat(), base).empty());
    core::Constraints c;
    c.region = cat().find_region(region);
    if (base.model.kind == core::ModelKind::vision) c.streams = 40;
    const core::Recommendation r = core::recommend(base, cat(), c);
    REQUIRE_FALSE(r.options.empty());
    for (const core::Option& o : r.options) {
      INFO(o.cards << " x " << o.card->id << ": " << core::to_json(o.scenario).dump());
      const ui::AppState st = opened(o, region);
      const ui::Derived& d = st.derived;
      for (const auto& p : d.problems) UNSCOPED_INFO(p.text());
      REQUIRE(d.problems.empty());
      REQUIRE(d.estimate);
      CHECK(core::same_scenario(d.scenario, o.scenario));
      CHECK_THAT(d.estimate->total_bytes, WithinRel(o.estimate.total_bytes, 1e-9));
      CHECK_THAT(d.estimate->peak_allocated_bytes, WithinRel(o.estimate.peak_allocated_bytes, 1e-9));
      CHECK(d.estimate->fits == o.estimate.fits);
      CHECK(d.estimate->days.has_value() == o.job_days.has_value());
      if (o.job_days) CHECK_THAT(*d.estimate->days, WithinRel(*o.job_days, 1e-9));
      if (o.cost.job_rent_cny) {
        REQUIRE(d.cost);
        REQUIRE(d.cost->job_rent_cny);
        CHECK_THAT(*d.cost->job_rent_cny, WithinRel(*o.cost.job_rent_cny, 1e-9));
      }
      if (o.estimate.decode_tokens_per_s_total) CHECK_THAT(*d.estimate->decode_tokens_per_s_total, WithinRel(*o.estimate.decode_tokens_per_s_total, 1e-9));
      if (o.estimate.fps) CHECK_THAT(*d.estimate->fps, WithinRel(*o.estimate.fps, 1e-9));
      if (o.estimate.train_s) CHECK_THAT(*d.estimate->train_s, WithinRel(*o.estimate.train_s, 1e-9));
      ++checked;
    }
  }
  CHECK(checked > 50);
}

TEST_CASE("share link: every view reopens to the same scenario and results") {
  for (const char* view : {"estimate", "recommend", "compare", "cost", "check"}) {
    INFO(view);
    ui::AppState a;
    REQUIRE(ui::parse_view(view, a.view));
    a.lang = core::Lang::en;
    ui::from_contract({{"model", "llama-3.1-70b"}, {"task", "full_ft"}, {"seq_len", 4096}, {"global_batch", 256}, {"tokens", 2e9},
                       {"parallel", {{"gpus", 32}, {"tp", 8}, {"zero", 3}, {"sequence_parallel", true}}}, {"gpu", "nvidia-h800-sxm5-80gb"}},
                      a.estimate.form);
    a.recommend.budget_wan = "50";
    a.recommend.goal = "cheapest";
    a.compare.detail_id = "huawei-ascend-910b2";
    ui::recompute(a, cat());
    const std::string hash = ui::share_hash(a);
    ui::AppState b;
    ui::ConfigSources src;
    src.hash = hash;
    const ui::PageConfig cfg = ui::read_config(src);
    CHECK(cfg.problems.empty());
    core::Diagnostics problems;
    ui::apply_state(cfg.state, b, cat(), problems);
    CHECK(problems.empty());
    ui::recompute(b, cat());
    CHECK(ui::view_name(b.view) == std::string(view));
    CHECK(b.lang == core::Lang::en);
    CHECK(b.compare.detail_id == "huawei-ascend-910b2");
    CHECK(b.derived.scenario_json == a.derived.scenario_json);
    REQUIRE(b.derived.estimate);
    CHECK(core::to_json(*b.derived.estimate) == core::to_json(*a.derived.estimate));
    // The search runs only for the Recommend view, where it is shown (ui/derive.cpp).
    if (b.view == ui::View::recommend) {
      REQUIRE(b.derived.recommendation);
      REQUIRE(a.derived.recommendation);
      CHECK(core::to_json(*b.derived.recommendation) == core::to_json(*a.derived.recommendation));
    } else {
      CHECK_FALSE(b.derived.recommendation);
    }
  }
}

// A page whose form holds `scenario`, estimated; and the page its share link reopens, estimated.
// The page's contract `page_json` reads as the CLI's scenario `cli` does: no diagnostics, and no
// field changed (the JSON patch from the CLI's reading to the page's is empty).
static void check_reads_as(const core::Scenario& cli, const nlohmann::json& page_json) {
  core::Scenario page;
  const auto d = core::from_json(page_json, cat(), page);
  for (const auto& x : d) UNSCOPED_INFO(x.text());
  REQUIRE(d.empty());
  const nlohmann::json changed = nlohmann::json::diff(core::to_json(cli), core::to_json(page));
  INFO(changed.dump());
  CHECK(changed.empty());
}

static std::pair<ui::AppState, ui::AppState> page_and_reopened(const nlohmann::json& scenario) {
  ui::AppState a;
  a.lang = core::Lang::en;
  ui::from_contract(scenario, a.estimate.form);
  ui::recompute(a, cat());
  ui::AppState b;
  ui::ConfigSources src;
  src.hash = ui::share_hash(a);
  core::Diagnostics problems;
  ui::apply_state(ui::read_config(src).state, b, cat(), problems);
  CHECK(problems.empty());
  ui::recompute(b, cat());
  return {a, b};
}

TEST_CASE("share link: a pipeline's virtual stages (parallel.vp) survive the form and the link") {
  auto [a, b] = page_and_reopened({{"model", "llama-3.1-70b"}, {"task", "pretrain"}, {"seq_len", 8192}, {"global_batch", 128}, {"tokens", 1e12},
                                   {"parallel", {{"gpus", 64}, {"tp", 4}, {"pp", 8}, {"vp", 5}, {"zero", 1}, {"sequence_parallel", true}}},
                                   {"gpu", "nvidia-h100-sxm5-80gb"}});
  CHECK(a.estimate.form.vp == "5");
  REQUIRE(a.derived.estimate);
  CHECK(b.estimate.form.vp == "5");
  CHECK(nlohmann::json::parse(b.derived.scenario_json)["parallel"]["vp"] == 5);
  REQUIRE(b.derived.estimate);
  CHECK(*b.derived.estimate->step_time_s == *a.derived.estimate->step_time_s);
}

TEST_CASE("share link: a serving scenario's deduplicated dispatch (parallel.ep_dedup) survives the form and the link") {
  // DeepSeek-V3 over 4 servers: the prompt's dispatch through DeepEP's normal kernels is shorter
  // (test_estimator.cpp derives by how much), so the reopened page must keep it to agree.
  auto [a, b] = page_and_reopened({{"model", "deepseek-v3"}, {"task", "inference"}, {"weights", "fp8"}, {"gpu", "nvidia-h100-sxm5-80gb"},
                                   {"parallel", {{"gpus", 32}, {"ep", 32}, {"ep_dedup", true}}},
                                   {"serving", {{"batch", 128}, {"prompt_tokens", 4096}, {"output_tokens", 256}}}});
  CHECK(a.estimate.form.ep_dedup);
  CHECK(b.estimate.form.ep_dedup);
  CHECK(nlohmann::json::parse(b.derived.scenario_json)["parallel"]["ep_dedup"] == true);
  REQUIRE(a.derived.estimate);
  REQUIRE(b.derived.estimate);
  REQUIRE(b.derived.estimate->prefill_s);
  CHECK(*b.derived.estimate->prefill_s == *a.derived.estimate->prefill_s);
}

TEST_CASE("share link: LoRA dropout survives the form and the link, and counts in memory") {
  auto [a, b] = page_and_reopened({{"model", "llama-3.1-8b"}, {"task", "lora"}, {"seq_len", 4096},
                                   {"lora", {{"rank", 16}, {"targets", "all_linear"}, {"dropout", 0.05}}}, {"gpu", "nvidia-rtx-4090"}});
  CHECK(a.estimate.form.lora_dropout == "0.05");
  REQUIRE(a.derived.estimate);
  CHECK(b.estimate.form.lora_dropout == "0.05");
  CHECK(nlohmann::json::parse(b.derived.scenario_json)["lora"]["dropout"] == 0.05);
  REQUIRE(b.derived.estimate);
  CHECK(b.derived.estimate->memory.activations_bytes == a.derived.estimate->memory.activations_bytes);
  // Emptied, the row means none: less memory kept. Errors on lora.dropout are shown at its row.
  b.estimate.form.lora_dropout = "";
  ui::recompute(b, cat());
  REQUIRE(b.derived.estimate);
  CHECK(b.derived.estimate->memory.activations_bytes < a.derived.estimate->memory.activations_bytes);
  CHECK(ui::form_row_for("scenario.lora.dropout") == "est.lora_dropout");
}

TEST_CASE("share link: every validation case's scenario survives the form and the link, field for field") {
  // Issue 40: the page dropped `loss` and `lora.dtype` (78.0 GB in the CLI, 103.2 GB on the page).
  // Each case's scenario as the CLI reads it, against the same scenario put into the page's form,
  // shared as a link, reopened and read back: the whole normalised contract must be equal.
  int compared = 0, inline_other = 0;
  for (const char* file : {"validation_public.jsonl", "validation_llm_own.jsonl", "validation_measured.jsonl", "validation_serving_public.jsonl", "validation_serving_own.jsonl",
                           "validation_vision_public.jsonl", "validation_vision_own.jsonl", "validation_video_own.jsonl"}) {
    std::istringstream lines(test::read_text(std::string(XUANKA_VECTORS_DIR) + "/" + file));
    for (std::string line; std::getline(lines, line);) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      const json c = json::parse(line);
      core::Scenario cli;
      if (!core::from_json(c.at("scenario"), cat(), cli).empty()) continue;  // refused cases say so in validate
      // (An inline vision or image model is kept whole: the page shows it read-only.)
      if (c["scenario"]["model"].is_object() && cli.model.kind != core::ModelKind::llm) ++inline_other;
      INFO(file << ": " << c.at("id").get<std::string>());
      auto [a, b] = page_and_reopened(c.at("scenario"));
      check_reads_as(cli, json::parse(b.derived.scenario_json));
      ++compared;
    }
  }
  CHECK(compared > 300);
  // The vision sets define five models inline (two YOLO11 and three YOLOv5 cases; their files).
  CHECK(inline_other == 5);
}

TEST_CASE("share link: an inline vision or image model reopens as given, and is estimated as the CLI does") {
  // Issue 40: the page read an inline YOLO or diffusion model as a language model's shape (layers,
  // hidden, ...), so the link reopened as another model. SCENARIO.md's inline vision model.
  const json yolo = {{"model", {{"name", "yolov5s"}, {"kind", "vision"}, {"params", 7200000.0}, {"gflops", 16.5},
                                {"gflops_input", 640}, {"arch", "cnn"}}},
                     {"task", "inference"}, {"gpu", "nvidia-v100-sxm2-32gb"},
                     {"vision", {{"input", 640}, {"batch", 32}, {"precision", "fp16"}, {"runtime", "pytorch"}, {"scope", "model"}}}};
  auto [a, b] = page_and_reopened(yolo);
  CHECK(a.estimate.form.model == ui::kLinkModel);
  CHECK(b.estimate.form.link_model == yolo["model"]);
  CHECK(ui::form_model_name(b.estimate.form, "") == "yolov5s");
  CHECK(ui::form_model_kind(b.estimate.form, std::nullopt) == core::ModelKind::vision);
  core::Scenario cli;
  REQUIRE(core::from_json(yolo, cat(), cli).empty());
  const core::Estimate want = core::estimate(cli);
  REQUIRE(b.derived.estimate);
  REQUIRE(want.fps);
  REQUIRE(b.derived.estimate->fps);
  CHECK(*b.derived.estimate->fps == *want.fps);
  // An inline diffusion model (SCENARIO.md: components with roles) likewise.
  const json flux = {{"model", {{"name", "my-dit"}, {"kind", "diffusion"},
                                {"components", {{{"name", "dit"}, {"params", 2.0e9}, {"role", "denoiser"}},
                                                {{"name", "t5"}, {"params", 4.7e9}, {"role", "text_encoder"}},
                                                {{"name", "vae"}, {"params", 8.4e7}, {"role", "vae"}}}}}},
                     {"task", "inference"}, {"gpu", "nvidia-rtx-4090"}, {"image", {{"resolution", 1024}, {"steps", 28}}}};
  auto [c, e] = page_and_reopened(flux);
  CHECK(e.estimate.form.link_model == flux["model"]);
  core::Scenario cli2;
  REQUIRE(core::from_json(flux, cat(), cli2).empty());
  core::Scenario page2;
  REQUIRE(core::from_json(json::parse(e.derived.scenario_json), cat(), page2).empty());
  CHECK(json::diff(core::to_json(cli2), core::to_json(page2)).empty());
  // A preset picked afterwards replaces it; a language model's inline shape still fills the rows.
  ui::from_contract({{"model", "yolov8m"}, {"task", "inference"}}, e.estimate.form);
  CHECK(e.estimate.form.link_model.is_null());
  ui::from_contract({{"model", {{"name", "tiny"}, {"layers", 4}, {"hidden", 256}, {"heads", 4}}}}, e.estimate.form);
  CHECK(e.estimate.form.model == "custom");
  CHECK(e.estimate.form.arch_layers == "4");
}

TEST_CASE("serving cost per million tokens counts the cards that make them, not idle ones") {
  // Issue 40: 8 cards at tp 1 showed one replica's speed at eight cards' rent (8x the cost). The
  // batch counts requests on all cards (SCENARIO.md "LLM serving at scale"): 8 cards with 8 x 16
  // requests are 8 ranks of the 1-card page's 16, so the cost per token is the 1-card page's and
  // the rent of 8 cards 8x.
  auto page = [](int gpus) {
    ui::AppState a;
    ui::from_contract({{"model", "llama-3.1-8b"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"},
                       {"serving", {{"batch", 16 * gpus}, {"prompt_tokens", 1024}, {"output_tokens", 256}}},
                       {"parallel", {{"gpus", gpus}, {"tp", 1}}}},
                      a.estimate.form);
    ui::recompute(a, cat());
    return a;
  };
  const ui::AppState one = page(1), eight = page(8);
  REQUIRE(one.derived.cny_per_mtok);
  REQUIRE(eight.derived.cny_per_mtok);
  REQUIRE(eight.derived.cost->rent_cny_per_hour);
  CHECK_THAT(*eight.derived.cost->rent_cny_per_hour, WithinRel(8.0 * *one.derived.cost->rent_cny_per_hour, 1e-12));
  CHECK_THAT(*eight.derived.cny_per_mtok, WithinRel(*one.derived.cny_per_mtok, 1e-12));
  // The figure itself: rent per hour over the tokens of an hour, x 10^6.
  const double tps = *one.derived.estimate->served_tokens_per_s();
  CHECK_THAT(*one.derived.cny_per_mtok, WithinRel(*one.derived.cost->rent_cny_per_hour / (tps * 3600.0) * 1e6, 1e-12));
}

TEST_CASE("share link: the Cost view's inputs and the serving targets reopen as they were") {
  // Issue 40: the link carried the scenario but not these, so a shared plan reopened at other
  // prices and without its users (the README promises a link reopens exactly).
  ui::AppState a;
  a.view = ui::View::cost;
  ui::from_contract({{"model", "qwen2.5-72b"}, {"task", "inference"}, {"gpu", "nvidia-h20-141gb"},
                     {"parallel", {{"gpus", 4}, {"tp", 4}}}}, a.estimate.form);
  a.cost.utilisation_pct = "60";
  a.cost.rent_override = "9.5";
  a.cost.price_override = "120000";
  a.cost.months = "24";
  a.cost.electricity = "0.62";
  a.cost.pue = "1.3";
  a.cost.colocation = "8000";
  a.cost.residual_pct = "20";
  a.cost.add_vat = true;
  a.estimate.users = "300";
  a.estimate.user_tokens_per_s = "25";
  a.estimate.ttft_target_s = "2";
  ui::recompute(a, cat());
  REQUIRE(a.derived.cost);
  REQUIRE(a.derived.serving_plan);
  ui::ConfigSources src;
  src.hash = ui::share_hash(a);
  ui::AppState b;
  core::Diagnostics problems;
  ui::apply_state(ui::read_config(src).state, b, cat(), problems);
  CHECK(problems.empty());
  ui::recompute(b, cat());
  CHECK(b.cost.utilisation_pct == "60");
  CHECK(b.cost.rent_override == "9.5");
  CHECK(b.cost.price_override == "120000");
  CHECK(b.cost.months == "24");
  CHECK(b.cost.electricity == "0.62");
  CHECK(b.cost.pue == "1.3");
  CHECK(b.cost.colocation == "8000");
  CHECK(b.cost.residual_pct == "20");
  CHECK(b.cost.add_vat);
  CHECK(b.estimate.users == "300");
  CHECK(b.estimate.user_tokens_per_s == "25");
  CHECK(b.estimate.ttft_target_s == "2");
  REQUIRE(b.derived.cost);
  CHECK(b.derived.cost->purchase_cny == a.derived.cost->purchase_cny);
  CHECK(b.derived.cost->rent_cny_per_hour == a.derived.cost->rent_cny_per_hour);
  REQUIRE(b.derived.serving_plan);
  CHECK(b.derived.serving_plan->cards == a.derived.serving_plan->cards);
  // A fresh page's link carries neither (links stay short).
  ui::AppState fresh;
  ui::recompute(fresh, cat());
  const std::string h = ui::share_hash(fresh);
  CHECK_FALSE(std::regex_search(h, std::regex("[#&][cu]=")));
  CHECK(std::regex_search(ui::share_hash(a), std::regex("[#&]c=.*[#&]u=")));
}

TEST_CASE("share link: a card the vendor hid stays hidden, whatever the link says") {
  // Issue 40: card= and s.gpu= opened a hidden card, priced at the public rent under the vendor's
  // bar. The vendor's overlay hides the H100; a link names it in both places.
  core::Catalog c = cat();
  for (core::Accelerator& a : c.accelerators) a.hidden = a.id == "nvidia-h100-sxm5-80gb";
  ui::AppState b;
  ui::ConfigSources src;
  src.hash = "view=compare&card=nvidia-h100-sxm5-80gb&s=" +
             core::format_url_params({{"x", R"({"model":"llama-3.1-8b","task":"lora","gpu":"nvidia-h100-sxm5-80gb"})"}}).substr(2);
  core::Diagnostics problems;
  ui::apply_state(ui::read_config(src).state, b, c, problems);
  ui::recompute(b, c);
  CHECK(b.compare.detail_id.empty());
  CHECK(b.estimate.form.gpu.empty());
  CHECK_FALSE(b.derived.scenario.gpu);
  REQUIRE(problems.size() == 2);
  CHECK(testing_contains(problems, "link.s.gpu: \"nvidia-h100-sxm5-80gb\" is not offered on this page"));
  CHECK(testing_contains(problems, "link.card: \"nvidia-h100-sxm5-80gb\" is not offered on this page"));
  CHECK(ui::explain_problem(core::Lang::zh, problems[0]).find("不提供这张卡") != std::string::npos);
}

TEST_CASE("a run's length reads in its unit: days, hours, minutes or seconds, never 0 days") {
  // Issue 40: a 1-token job showed "0 days". 1 day = 86,400 s.
  CHECK(ui::duration_text(core::Lang::en, 12.5) == "12.5 days");
  CHECK(ui::duration_text(core::Lang::en, 1.0) == "1 days");
  CHECK(ui::duration_text(core::Lang::en, 0.25) == "6 h");            // 21,600 s
  CHECK(ui::duration_text(core::Lang::en, 90.0 / 86400) == "1.5 min");
  CHECK(ui::duration_text(core::Lang::zh, 2e-6) == "0.173 秒");      // 0.1728 s
  // A one-token job on the page: the time shown is not "0".
  ui::AppState a;
  ui::from_contract({{"model", "llama-3.1-8b"}, {"task", "full_ft"}, {"tokens", 1}, {"seq_len", 1}, {"gpu", "nvidia-h100-sxm5-80gb"},
                     {"parallel", {{"gpus", 8}, {"zero", 3}}}}, a.estimate.form);
  ui::recompute(a, cat());
  REQUIRE(a.derived.estimate);
  REQUIRE(a.derived.estimate->days);
  CHECK(ui::duration_text(core::Lang::zh, *a.derived.estimate->days).rfind("0 ", 0) == std::string::npos);
}

static std::string testing_join(const core::Diagnostics& v) {
  std::string out;
  for (const auto& s : v) out += s.text() + "\n";
  return out;
}

TEST_CASE("share link: a link cannot change the vendor; a broken link says so") {
  ui::ConfigSources src;
  src.block = R"({"overlay": {"schema_version": 1, "vendor": {"name": "Own IDC"}}})";
  src.hash = "#overlay=%7B%22vendor%22%3A%7B%22name%22%3A%22Spoof%22%7D%7D&s=%7B%22model%22";
  const ui::PageConfig cfg = ui::read_config(src);
  REQUIRE(cfg.overlay);
  CHECK(cfg.overlay->find("Own IDC") != std::string::npos);
  CHECK(cfg.link_tried_vendor);
  ui::AppState st;
  core::Diagnostics problems = cfg.problems;
  ui::apply_state(cfg.state, st, cat(), problems);
  // The value is cut after `{"model"` (8 characters): nlohmann's lexer counts the end of input
  // as one more character read, so it reports column 9 (json.hpp, lexer::get and position_t).
  const bool said = std::any_of(problems.begin(), problems.end(), [](const core::Diagnostic& d) {
    const std::string p = d.text();
    return d.code == core::DiagCode::not_json && p.rfind("link.s: not valid JSON (line 1, column 9:", 0) == 0 && p.find("the link may be cut off") != std::string::npos;
  });
  INFO(testing_join(problems));
  CHECK(said);
}

TEST_CASE("notices: core emits codes only; every code has a row in zh and en, every row is emitted") {
  // Every notice(...) and said(...) call in core's sources (said(): core::fixes_to_fit), read as
  // C++: the first argument's string literals are codes (one ending in "_" a prefix, completed by
  // an enum word); any later literal with a space in it would be an English sentence.
  std::set<std::string> codes, prefixes;
  std::vector<std::string> sentences;
  int calls = 0;
  const std::regex call("(?:^|[^A-Za-z0-9_])(?:notice|said)\\(");
  for (const auto& entry : std::filesystem::directory_iterator(std::string(XUANKA_SOURCE_DIR) + "/core")) {
    if (entry.path().extension() != ".cpp") continue;
    const std::string text = test::read_text(entry.path().string());
    for (std::sregex_iterator it(text.begin(), text.end(), call), end; it != end; ++it) {
      std::size_t i = static_cast<std::size_t>(it->position(0) + it->length(0));
      int depth = 1, arg = 0;
      for (; i < text.size() && depth > 0; ++i) {
        const char c = text[i];
        if (c == '"') {
          std::string lit;
          for (++i; i < text.size() && text[i] != '"'; ++i) lit += text[i] == '\\' ? text[++i] : text[i];
          if (arg == 0 && !lit.empty()) (lit.back() == '_' ? prefixes : codes).insert(lit);
          if (arg > 0 && lit.find(' ') != std::string::npos) sentences.push_back(entry.path().filename().string() + ": \"" + lit + "\"");
        } else if (c == '\'') {
          for (++i; i < text.size() && text[i] != '\''; ++i) i += text[i] == '\\';
        } else if (c == '(' || c == '{' || c == '[') {
          ++depth;
        } else if (c == ')' || c == '}' || c == ']') {
          --depth;
        } else if (c == ',' && depth == 1) {
          ++arg;
        }
      }
      ++calls;
    }
  }
  CHECK(calls > 100);
  CHECK(sentences.empty());
  for (const auto& s : sentences) INFO(s);
  for (const auto& code : codes) {
    INFO("notice code " << code);
    CHECK(core::notice_template(code, core::Lang::zh).has_value());
  }
  // The table: both languages in every row, every row emitted by some call.
  for (int i = 0; i < core::notice_count(); ++i) {
    const std::string code = core::notice_code_at(i);
    INFO("row " << code);
    CHECK(!std::string(*core::notice_template(code, core::Lang::zh)).empty());
    CHECK(!std::string(*core::notice_template(code, core::Lang::en)).empty());
    bool emitted = codes.count(code) > 0;
    for (const auto& p : prefixes) emitted |= code.compare(0, p.size(), p) == 0;
    CHECK(emitted);
  }
}

TEST_CASE("strings: every enum label has zh and en text") {
  auto labels = [](const auto& rows) {
    for (const auto& r : rows) {
      INFO("label " << r.label);
      CHECK(ui::str_by_key(r.label).has_value());
    }
  };
  labels(core::EnumTable<core::Task>::rows());
  labels(core::EnumTable<core::Precision>::rows());
  labels(core::EnumTable<core::Optimizer>::rows());
  labels(core::EnumTable<core::WeightFormat>::rows());
  labels(core::EnumTable<core::Recompute>::rows());
  labels(core::EnumTable<core::Offload>::rows());
  labels(core::EnumTable<core::LoraTargets>::rows());
  labels(core::EnumTable<core::Goal>::rows());
  labels(core::EnumTable<core::BudgetKind>::rows());
  labels(core::EnumTable<core::OfferKind>::rows());
  labels(core::EnumTable<core::Runtime>::rows());
  labels(core::EnumTable<core::VaeDecode>::rows());
  labels(core::EnumTable<core::ImageOffload>::rows());
  labels(core::EnumTable<core::VisionPrecision>::rows());
  labels(core::EnumTable<core::VisionScope>::rows());
  labels(core::EnumTable<core::Engine>::rows());
  labels(core::EnumTable<core::SpecMethod>::rows());
  labels(core::EnumTable<core::ServingOffload>::rows());
  labels(core::EnumTable<core::PoolRole>::rows());
  labels(core::EnumTable<core::ModelKind>::rows());
  labels(core::EnumTable<core::InterconnectKind>::rows());
  for (int i = 0; i < ui::string_count(); ++i) {
    INFO(ui::string_key(i));
    CHECK(std::string(ui::string_at(i, core::Lang::zh)).size() > 0);
    CHECK(std::string(ui::string_at(i, core::Lang::en)).size() > 0);
  }
}

TEST_CASE("numbers as people type them: full-width digits, separators, 万 and 亿") {
  CHECK(ui::parse_number_text("\xEF\xBC\x91\xEF\xBC\x90\xEF\xBC\x92\xEF\xBC\x94") == 1024.0);  // １０２４
  CHECK(ui::parse_number_text("4,096") == 4096.0);
  CHECK(ui::parse_number_text("4\xEF\xBC\x8C" "096") == 4096.0);  // 4，096
  CHECK(ui::parse_number_text("1\xE4\xB8\x87") == 1e4);          // 1万
  CHECK(ui::parse_number_text("1.5\xE4\xBA\xBF") == 1.5e8);      // 1.5亿
  CHECK(ui::parse_number_text(" 2048 ") == 2048.0);
  CHECK(ui::parse_number_text("1e3") == 1000.0);
  CHECK_FALSE(ui::parse_number_text("abc").has_value());
  CHECK_FALSE(ui::parse_number_text("").has_value());
  CHECK_FALSE(ui::parse_number_text("1\xE4\xB8\x87" "2").has_value());  // 万 only as a suffix
  CHECK_FALSE(ui::parse_number_text("1e308\xE4\xBA\xBF").has_value());   // 1e308亿 = 1e316 overflows to inf: not a number
  CHECK_FALSE(ui::parse_number_text("inf").has_value());
  for (double v : {0.1, 1.0 / 3.0, 1.5e12, 123456789.123, 6.02e23}) CHECK(std::strtod(ui::number_text(v).c_str(), nullptr) == v);
}

TEST_CASE("a bad entry is named at its row and held at its last valid value; the other entries take effect") {
  ui::AppState st;
  st.estimate.region = "guangdong-shenzhen";
  ui::recompute(st, cat());
  REQUIRE(st.derived.estimate);
  const double good_total = st.derived.estimate->total_bytes;
  const std::string good_json = st.derived.scenario_json;
  CHECK_FALSE(st.derived.stale);
  CHECK_FALSE(st.derived.held);
  // A sequence length that is no number: core names scenario.seq_len; the page draws it under
  // the sequence-length row and computes with the last valid one (the same estimate and link).
  st.estimate.form.seq_len = "4x";
  ui::recompute(st, cat());
  CHECK(st.derived.held);
  CHECK_FALSE(st.derived.stale);
  REQUIRE(st.derived.field_errors.count("est.seq_len") == 1);
  CHECK(st.derived.field_errors.at("est.seq_len").find("scenario.seq_len") != std::string::npos);
  REQUIRE(st.derived.estimate);
  CHECK(st.derived.estimate->total_bytes == good_total);
  CHECK(st.derived.scenario_json == good_json);
  CHECK(st.derived.cost);
  // Issue 39 item 2: another entry typed meanwhile takes effect (it froze at the last valid
  // inputs before): 2 cards now, the sequence length still the last valid one, the error kept.
  const int good_seq = json::parse(good_json)["seq_len"];
  st.estimate.form.gpus = "2";
  st.estimate.form.zero = "3";
  ui::recompute(st, cat());
  CHECK(st.derived.held);
  CHECK(st.derived.scenario.parallel.gpus == 2);
  CHECK(json::parse(st.derived.scenario_json)["parallel"]["gpus"] == 2);
  CHECK(json::parse(st.derived.scenario_json)["seq_len"] == good_seq);
  REQUIRE(st.derived.estimate);
  CHECK(st.derived.estimate->total_bytes < good_total);  // ZeRO-3 over 2 cards halves the model states
  CHECK(st.derived.field_errors.count("est.seq_len") == 1);
  // Fixed, the entry takes effect and nothing is held.
  st.estimate.form.seq_len = "1024";
  ui::recompute(st, cat());
  CHECK_FALSE(st.derived.held);
  CHECK(st.derived.field_errors.empty());
  CHECK(json::parse(st.derived.scenario_json)["seq_len"] == 1024);
  // A layout the contract refuses names both fields (gpus 2 is no multiple of tp 3; tp 3 does not
  // divide Qwen2.5-7B's 28 heads): both are held, at 2 cards and tp 1.
  st.estimate.form.tp = "3";
  ui::recompute(st, cat());
  CHECK(st.derived.held);
  CHECK(st.derived.field_errors.count("est.tp") == 1);
  CHECK(st.derived.scenario.parallel.tp == 1);
  CHECK(st.derived.scenario.parallel.gpus == 2);
  st.estimate.form.tp = "1";
  st.estimate.form.gpus = "1";
  st.estimate.form.zero = "0";
  st.estimate.form.seq_len = "4x";
  // A page opened with a bad scenario and nothing valid before: the link carries what was typed.
  ui::AppState fresh;
  fresh.estimate.form.seq_len = "4x";
  ui::recompute(fresh, cat());
  CHECK_FALSE(fresh.derived.scenario_json.empty());
  CHECK(fresh.derived.scenario_json.find("4x") != std::string::npos);
  // Fixed: the error goes and the results are fresh.
  st.estimate.form.seq_len = "8192";
  ui::recompute(st, cat());
  CHECK_FALSE(st.derived.stale);
  CHECK(st.derived.field_errors.empty());
  CHECK(st.derived.estimate->total_bytes > good_total);  // longer sequences, more activations
}

TEST_CASE("every contract path the form edits has its row; others have none") {
  CHECK(ui::form_row_for("scenario.parallel.tp") == "est.tp");
  CHECK(ui::form_row_for("scenario.serving.prompt_tokens") == "est.prompt");
  CHECK(ui::form_row_for("scenario.model.kv_heads") == "est.arch_kv_heads");
  CHECK(ui::form_row_for("scenario.model") == "est.model");
  CHECK(ui::form_row_for("scenario.vision.camera_fps") == "est.vis_fps");
  CHECK(ui::form_row_for("scenario.parallel") == "");
  CHECK(ui::form_row_for("scenario.tokensX") == "");
  CHECK(ui::form_row_for("constraints.budget_cny") == "");
}

TEST_CASE("cost inputs: a bad PUE or residual is named at its row; a good one is used") {
  ui::AppState st;
  st.estimate.region = "guangdong-shenzhen";
  st.cost.pue = "0.9";  // PUE = facility power / IT power cannot be below 1
  ui::recompute(st, cat());
  CHECK(st.derived.field_errors.count("cost.pue") == 1);
  CHECK(st.derived.stale);
  st.cost.pue = "1.2";
  st.cost.electricity = "\xEF\xBC\x91";  // １ CNY per kWh, typed full-width
  st.cost.price_override = "100000";     // a card's price typed (the catalog's may be absent)
  st.cost.residual_pct = "120";          // more than the purchase
  ui::recompute(st, cat());
  CHECK(st.derived.field_errors.count("cost.residual") == 1);
  st.cost.residual_pct = "20";
  ui::recompute(st, cat());
  CHECK(st.derived.field_errors.empty());
  REQUIRE(st.derived.cost);
  CHECK(st.derived.cost->pue == 1.2);
  CHECK(st.derived.cost->electricity_cny_per_kwh == 1.0);
  CHECK_THAT(st.derived.cost->residual_cny, WithinRel(*st.derived.cost->purchase_cny * 0.2, 1e-12));
}

TEST_CASE("serving by load: users on the form give a plan; a bad count is named at its row") {
  ui::AppState st;
  ui::ScenarioForm& f = st.estimate.form;
  f.model = "llama-3.1-8b";
  f.task = "inference";
  f.gpu = "nvidia-h100-sxm5-80gb";
  f.weights = "bf16";
  f.prompt_tokens = "2048";
  f.output_tokens = "512";
  st.estimate.users = "1000";
  st.estimate.user_tokens_per_s = "40";
  ui::recompute(st, cat());
  REQUIRE(st.derived.serving_plan);
  // The same as core's vector (tests/test_recommend.cpp): 12 cards, speed-bound.
  CHECK(st.derived.serving_plan->cards == 12);
  st.estimate.users = "lots";
  ui::recompute(st, cat());
  CHECK(st.derived.field_errors.count("est.users") == 1);
  st.estimate.users = "";
  ui::recompute(st, cat());
  CHECK_FALSE(st.derived.serving_plan);
}

TEST_CASE("catalog text on the Chinese page: sources by what they are, generations in words") {
  using core::Lang;
  // A seed article's file name is the project's own path: the reader sees which article.
  CHECK(ui::source_label(Lang::zh, "../shared/seeds/001_7e6612eb34847a5a.txt (卡型对比表: 典型价格)") ==
        "选卡文章 #001 (卡型对比表: 典型价格)");
  CHECK(ui::source_label(Lang::en, "../shared/seeds/003_abc.txt") == "buyers' guide article #003");
  CHECK(ui::source_label(Lang::zh, "scripts/data/sources/prices_2026-11.csv (1 rows: x)") == "公开报价汇总（2026-11） (1 rows: x)");
  CHECK(ui::source_label(Lang::zh, "https://www.nvidia.com/x") == "https://www.nvidia.com/x");
  CHECK(ui::generation_text(Lang::zh, "3rd") == "第 3 代");
  CHECK(ui::generation_text(Lang::zh, "4th (Transformer Engine)") == "第 4 代（Transformer Engine）");
  CHECK(ui::generation_text(Lang::zh, "5th (2nd-gen Transformer Engine, FP4/FP6, MX formats)") ==
        "第 5 代（第 2 代 Transformer Engine，FP4/FP6，MX 格式）");
  CHECK(ui::generation_text(Lang::en, "3rd") == "3rd");
}

TEST_CASE("interconnect in a few words: kind, version, domain") {
  using core::Lang;
  const auto& c = cat();
  CHECK(ui::link_short(Lang::zh, *c.find_accelerator("nvidia-v100-sxm2-32gb")) == "NVLink 2.0 · 2 卡");
  CHECK(ui::link_short(Lang::zh, *c.find_accelerator("huawei-ascend-910b2")) == "HCCS · 8 卡全互联");
  CHECK(ui::link_short(Lang::en, *c.find_accelerator("nvidia-l4")) == "PCIe only");
  CHECK(ui::link_short(Lang::zh, *c.find_accelerator("nvidia-a800-pcie-80gb")) == "NVLink 3.0（限速） · 2 卡");
}

TEST_CASE("line breaks: Chinese breaks between characters, never inside a Latin word or between a number and its unit") {
  // One unit per character; the lines as text.
  auto lines = [](const std::string& s, float width) {
    std::vector<std::string> out;
    for (const auto& [b, e] : ui::break_lines(s, width, [](unsigned) { return 1.0f; })) out.push_back(s.substr(b, e - b));
    return out;
  };
  // "不支持NVLink的卡" in 6 columns: 不支持 fits, then NVLink may not be split: it moves whole.
  CHECK(lines("不支持NVLink的卡", 6) == std::vector<std::string>{"不支持", "NVLink", "的卡"});
  // "月租12万元" in 4 columns: 12万 may not be split: the line ends before the number.
  CHECK(lines("月租12万元", 4) == std::vector<std::string>{"月租", "12万元"});
  // "12.3 万元" keeps the number with its unit across the space.
  CHECK(lines("租金 12.3 万元", 7) == std::vector<std::string>{"租金", "12.3 万元"});
  // Closing punctuation never starts a line.
  CHECK(lines("放不下，超出", 3) == std::vector<std::string>{"放不", "下，超", "出"});
  // English wraps at spaces; a word longer than the line is cut where it must be.
  CHECK(lines("the quick fox", 9) == std::vector<std::string>{"the quick", "fox"});
  CHECK(lines("abcdefgh", 3) == std::vector<std::string>{"abc", "def", "gh"});
  CHECK(lines("a\nb", 10) == std::vector<std::string>{"a", "b"});
  CHECK(lines("", 10) == std::vector<std::string>{""});
}

TEST_CASE("a number put back into the form reads as people write it: 10, not 1e+01") {
  // A link with "tokens": 1e10 fills the form's billions field with 10 (%g alone gives "1e+01").
  CHECK(ui::number_text(10) == "10");
  CHECK(ui::number_text(100) == "100");
  CHECK(ui::number_text(2048) == "2048");
  CHECK(ui::number_text(0.1) == "0.1");
  CHECK(ui::number_text(1.5) == "1.5");
  CHECK(ui::number_text(14.8) == "14.8");
  CHECK(ui::parse_number_text(ui::number_text(1e20)) == 1e20);  // beyond 1e15: %g, still exact
}

TEST_CASE("form: context lengths in K and training tokens in B, T, M, 万 or 亿 are read as people write them") {
  // Issue 39 item 2: "4k", "32K" and "5亿" were refused. The "K" of a context length is 1,024
  // tokens (Llama 3.1's "128K" is max_position_embeddings 131,072, catalog/models.json); the
  // tokens row counts billions, and a count in 万/亿 is of tokens.
  auto contract = [](auto set) {
    ui::ScenarioForm f;
    f.task = "lora";
    set(f);
    return ui::to_contract(f);
  };
  CHECK(contract([](ui::ScenarioForm& f) { f.seq_len = "4k"; })["seq_len"] == 4096);
  CHECK(contract([](ui::ScenarioForm& f) { f.seq_len = "32K"; })["seq_len"] == 32768);
  CHECK(contract([](ui::ScenarioForm& f) { f.seq_len = "128K "; })["seq_len"] == 131072);
  CHECK(contract([](ui::ScenarioForm& f) { f.seq_len = "0.5k"; })["seq_len"] == 512);
  CHECK(contract([](ui::ScenarioForm& f) { f.seq_len = "4kk"; })["seq_len"] == "4kk");  // left for the contract to name
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "300"; })["tokens"] == 300e9);
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "300B"; })["tokens"] == 300e9);
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "1.5T"; })["tokens"] == 1.5e12);
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "500M"; })["tokens"] == 500e6);
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "5亿"; })["tokens"] == 5e8);
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "2万"; })["tokens"] == 2e4);
  CHECK(contract([](ui::ScenarioForm& f) { f.tokens_billion = "B"; })["tokens"] == "B");
  ui::ScenarioForm serve;
  serve.task = "inference";
  serve.prompt_tokens = "8K";
  serve.output_tokens = "1k";
  const json j = ui::to_contract(serve);
  CHECK(j["serving"]["prompt_tokens"] == 8192);
  CHECK(j["serving"]["output_tokens"] == 1024);
  // Through the page: "4k" estimates as 4096 does.
  ui::AppState a, b;
  for (auto* st : {&a, &b}) ui::from_contract({{"model", "qwen2.5-7b"}, {"task", "lora"}, {"gpu", "nvidia-rtx-4090"}}, st->estimate.form);
  a.estimate.form.seq_len = "4k";
  b.estimate.form.seq_len = "4096";
  ui::recompute(a, cat());
  ui::recompute(b, cat());
  REQUIRE(a.derived.estimate);
  REQUIRE(b.derived.estimate);
  CHECK(a.derived.estimate->total_bytes == b.derived.estimate->total_bytes);
}

TEST_CASE("the page's form holds every mutated validation scenario the contract accepts, field for field") {
  // A hostile page-load pass (tests/hostile/pages.mjs) found links the CLI read one way and the
  // page another. Each validation case's scenario with one change a user or a link could make,
  // where the contract accepts it: into the form and back must read as the CLI reads it.
  const std::vector<std::pair<std::string, json>> changes = {
      {"/gpu", "nvidia-h20-96gb"}, {"/gpu", "huawei-ascend-910b3"}, {"/task", "lora"}, {"/task", "full_ft"},
      {"/task", "inference"}, {"/task", "qlora"}, {"/task", "pretrain"}, {"/recompute", "selective"},
      {"/recompute", "full"}, {"/parallel", {{"gpus", 8}, {"tp", 2}, {"pp", 2}}}, {"/parallel", {{"gpus", 16}, {"ep", 8}}},
      {"/parallel", {{"gpus", 4}, {"zero", 3}, {"offload", "optimizer"}}}, {"/seq_len", 1024}, {"/micro_batch", 3},
      {"/global_batch", 96}, {"/mfu", 0.35}, {"/tokens", 2e9}, {"/flash_attention", false}, {"/weights", "int4"},
      {"/weights", "fp8"}, {"/lora", {{"rank", 8}, {"targets", "attn"}, {"dropout", 0.1}, {"dtype", "bf16"}}},
      {"/serving", {{"batch", 4}, {"prompt_tokens", 100}, {"output_tokens", 7}, {"kv_dtype", "fp8"}}},
      {"/precision", "fp16_mixed"}, {"/optimizer", "adamw_8bit"}, {"/loss", "chunked"}};
  int compared = 0;
  for (const char* file : {"validation_public.jsonl", "validation_llm_own.jsonl", "validation_measured.jsonl",
                           "validation_vision_public.jsonl", "validation_vision_own.jsonl"}) {
    std::istringstream lines(test::read_text(std::string(XUANKA_VECTORS_DIR) + "/" + file));
    for (std::string line; std::getline(lines, line);) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      const json c = json::parse(line);
      for (const auto& [where, value] : changes) {
        json j = c.at("scenario");
        j[json::json_pointer(where)] = value;
        core::Scenario cli;
        if (!core::from_json(j, cat(), cli).empty()) continue;
        const core::ModelArch* preset = cat().find_model(j["model"].is_string() ? j["model"].get<std::string>() : "");
        ui::ScenarioForm f;
        ui::from_contract(j, f);
        INFO(file << ": " << c.at("id").get<std::string>() << " with " << where << " = " << value.dump());
        check_reads_as(cli, ui::to_contract(f, ui::form_model_kind(f, preset ? std::optional(preset->kind) : std::nullopt)));
        ++compared;
      }
    }
  }
  CHECK(compared > 3000);
}

TEST_CASE("Recommend for an LLM served to users: the deployments that meet the targets, each opening in Estimate as sized") {
  // Issue 33. Qwen3-32B for 16 users at 20 tokens/s: the page's Recommend gives core's plan
  // (tests/test_recommend.cpp derives the 4090's and the L20's counts by hand), and an option opens
  // in Estimate with its cards, layout and batch.
  ui::AppState a;
  ui::from_contract({{"model", "qwen3-32b"}, {"task", "inference"}, {"weights", "bf16"}, {"gpu", "nvidia-l20"},
                     {"serving", {{"batch", 1}, {"prompt_tokens", 2048}, {"output_tokens", 512}}}},
                    a.estimate.form);
  a.estimate.users = "16";
  a.estimate.user_tokens_per_s = "20";
  a.estimate.ttft_target_s = "3";
  a.view = ui::View::recommend;
  ui::recompute(a, cat());
  REQUIRE(a.derived.serving_search);
  CHECK_FALSE(a.derived.recommendation);
  // The page sizes by Estimate's verdict: the embedded accuracy's memory band, as the CLI does.
  core::Diagnostics ad;
  const core::Accuracy acc = core::load_embedded_accuracy(ad);
  core::ServingTarget target{16, 20, 3.0, std::nullopt};
  target.memory_band = acc.group(core::FigureGroup::memory)->band;
  core::Constraints same;
  same.memory_band = target.memory_band;
  const core::ServingSearch direct = core::plan_deployments(a.derived.scenario, cat(), target, same);
  REQUIRE(a.derived.serving_search->options.size() == direct.options.size());
  const core::ServingDeployment* l20 = nullptr;
  for (const auto& d : a.derived.serving_search->options) if (d.card->id == "nvidia-l20") l20 = &d;
  REQUIRE(l20);
  CHECK(l20->plan.cards == 4);
  // Opened in Estimate: the form holds the deployment's scenario, which reads as the CLI's. (A copy:
  // recomputing the page replaces the search the pointer is into.)
  const core::Scenario sized = l20->scenario;
  ui::from_contract(core::to_json(sized), a.estimate.form);
  a.view = ui::View::estimate;
  ui::recompute(a, cat());
  check_reads_as(sized, json::parse(a.derived.scenario_json));
  REQUIRE(a.derived.estimate->decode_tokens_per_s_per_request);
  CHECK(*a.derived.estimate->decode_tokens_per_s_per_request >= 20);
  // Without users, Recommend ranks the batch's fits as before.
  a.estimate.users = "";
  a.view = ui::View::recommend;
  ui::recompute(a, cat());
  CHECK_FALSE(a.derived.serving_search);
  CHECK(a.derived.recommendation);
}

TEST_CASE("Recommend for a factory line: the camera streams typed on the page size the cards, say so, and ride the link") {
  // Issue 39 item 4. YOLOv8m at 640 px, TensorRT FP16, batches of 16 frames, cameras at 25 fps: the
  // page's Recommend takes the streams to serve, as the CLI's --streams does (core Constraints::
  // streams): each option's cards are ceil(streams / the card's streams), and it says "16 streams ->
  // N x card (K each)". The factory preset asks for its 16.
  ui::AppState a;
  ui::from_contract({{"model", "yolov8m"}, {"task", "inference"}, {"gpu", "nvidia-a10"},
                     {"vision", {{"input", 640}, {"batch", 16}, {"precision", "fp16"}, {"runtime", "tensorrt"}, {"camera_fps", 25}}}},
                    a.estimate.form);
  a.view = ui::View::recommend;
  a.recommend.streams = "100";
  ui::recompute(a, cat());
  REQUIRE(a.derived.recommendation);
  REQUIRE_FALSE(a.derived.recommendation->options.empty());
  int checked = 0;
  for (const core::Option& o : a.derived.recommendation->options) {
    const core::Estimate& e = o.estimate;  // the option's own estimate: one card's streams
    if (!e.streams || *e.streams < 1) continue;
    INFO(o.card->id);
    CHECK(o.cards == static_cast<int>(std::ceil(100.0 / *e.streams)));
    bool said = false;
    for (const auto& n : o.reasons) said = said || (n.code == "streams_cards" && n.args.size() == 4 && n.args[0] == "100" && n.args[1] == std::to_string(o.cards));
    CHECK(said);
    ++checked;
  }
  CHECK(checked > 0);
  // A count that does not read is named at its row, not guessed.
  a.recommend.streams = "lots";
  ui::recompute(a, cat());
  CHECK_FALSE(a.derived.constraint_problems.empty());
  // The link carries it.
  a.recommend.streams = "100";
  ui::recompute(a, cat());
  ui::ConfigSources src;
  src.hash = ui::share_hash(a);
  const ui::PageConfig cfg = ui::read_config(src);
  ui::AppState b;
  core::Diagnostics problems;
  ui::apply_state(cfg.state, b, cat(), problems);
  CHECK(problems.empty());
  CHECK(b.recommend.streams == "100");
}

TEST_CASE("notices: a slot named twice is filled both times (one SXM card bought with its board)") {
  CHECK(ui::fill_slots("{0} then {1}, {0} again", {"a", "b"}) == "a then b, a again");
  // The Cost warning for one H100 SXM names the 8 bought twice, in both languages.
  core::CostInputs in;
  in.cards = 1;
  in.card_price_cny = 200000;
  in.rent_cny_per_card_hour = 10;
  in.electricity_cny_per_kwh = 0;
  const core::CostResult r = core::cost(*cat().find_accelerator("nvidia-h100-sxm5-80gb"), nullptr, in, std::nullopt);
  const auto w = std::find_if(r.warnings.begin(), r.warnings.end(), [](const core::Notice& n) { return n.code == "board_bought"; });
  REQUIRE(w != r.warnings.end());
  for (const core::Lang L : {core::Lang::zh, core::Lang::en}) {
    const std::string text = ui::notice_text(L, *w);
    CHECK(text.find('{') == std::string::npos);
    CHECK(text.find('8') != text.rfind('8'));  // the 8 bought, twice
  }
}

TEST_CASE("a job of minutes reads in minutes: Markdown, the summary line and Recommend's lines") {
  // Issue 39 item 7: "0.0214 天" for a job of half an hour. QLoRA of an 8B model on one RTX 4090
  // over 2M tokens takes minutes (core's estimate); every text that states its time says so in the
  // unit that reads (ui/notices.cpp duration_text: under a day in hours, under an hour in minutes).
  ui::AppState a;
  a.lang = core::Lang::zh;
  ui::from_contract({{"model", "llama-3.1-8b"}, {"task", "qlora"}, {"gpu", "nvidia-rtx-4090"}, {"seq_len", 2048}, {"tokens", 2e6}}, a.estimate.form);
  ui::recompute(a, cat());
  REQUIRE(a.derived.estimate);
  REQUIRE(a.derived.estimate->days);
  REQUIRE(*a.derived.estimate->days * 24 < 1);  // under an hour
  const std::string md = ui::export_markdown(a, cat());
  const std::string line = ui::summary_line(a);
  for (const std::string& text : {md, line}) {
    CHECK(text.find("分钟") != std::string::npos);
    CHECK(text.find(" 天") == std::string::npos);
  }
}

TEST_CASE("exports carry the job's own fields: an SDXL LoRA's resolution and steps, a camera line's streams, a serving plan's users") {
  // Issue 39 items 5 and 8: Markdown of an SDXL job carried a language model's sequence length and
  // dropped its resolution and steps; the saved picture of a YOLO plan had no streams; the users
  // and per-user speed of a serving plan were lost from the quote.
  ui::AppState sd;
  sd.lang = core::Lang::en;
  ui::from_contract({{"model", "sdxl"}, {"task", "lora"}, {"precision", "bf16_mixed"}, {"weights", "bf16"}, {"lora", {{"rank", 16}, {"targets", "attn"}}},
                     {"micro_batch", 1}, {"recompute", "full"}, {"gpu", "nvidia-rtx-4090"},
                     {"image", {{"resolution", 1024}, {"cache_latents", true}, {"train_steps", 3000}}}},
                    sd.estimate.form);
  ui::recompute(sd, cat());
  REQUIRE(sd.derived.estimate);
  const std::string md = ui::export_markdown(sd, cat());
  CHECK(md.find("1,024×1,024") != std::string::npos);
  CHECK(md.find("3,000") != std::string::npos);  // the training steps
  CHECK(md.find("Sequence length") == std::string::npos);
  CHECK(md.find("Global batch") == std::string::npos);
  CHECK(md.find("ZeRO") == std::string::npos);

  ui::AppState yolo;
  yolo.lang = core::Lang::zh;
  ui::from_contract({{"model", "yolov8m"}, {"task", "inference"}, {"gpu", "nvidia-a10"},
                     {"vision", {{"input", 640}, {"batch", 16}, {"precision", "fp16"}, {"runtime", "tensorrt"}, {"camera_fps", 25}}}},
                    yolo.estimate.form);
  yolo.recommend.streams = "16";
  ui::recompute(yolo, cat());
  REQUIRE(yolo.derived.estimate);
  REQUIRE(yolo.derived.estimate->streams);
  const nlohmann::json pic = ui::result_picture(yolo, cat(), "");
  std::string lines;
  for (const auto& l : pic.at("lines")) lines += l.get<std::string>() + "\n";
  // "16 路 → N 张 A10", N = ceil(16 / floor(streams per card)) (ui's vis_streams_cards).
  const int n = static_cast<int>(std::ceil(16.0 / std::floor(*yolo.derived.estimate->streams)));
  CHECK(lines.find("16 路 → " + std::to_string(n) + " 张") != std::string::npos);
  CHECK(lines.find("每卡摄像头路数") != std::string::npos);
  CHECK(ui::export_markdown(yolo, cat()).find("序列长度") == std::string::npos);

  ui::AppState srv;
  srv.lang = core::Lang::en;
  ui::from_contract({{"model", "llama-3.1-8b"}, {"task", "inference"}, {"gpu", "nvidia-h100-sxm5-80gb"}, {"weights", "bf16"},
                     {"serving", {{"prompt_tokens", 2048}, {"output_tokens", 512}}}},
                    srv.estimate.form);
  srv.estimate.users = "1000";
  srv.estimate.user_tokens_per_s = "40";
  ui::recompute(srv, cat());
  REQUIRE(srv.derived.serving_plan);
  REQUIRE(srv.derived.serving_plan->met);
  const std::string quote = ui::quote_summary(srv, cat());
  CHECK(quote.find("Concurrent users: 1,000") != std::string::npos);
  CHECK(quote.find("Tokens/s per user: 40") != std::string::npos);
  CHECK(quote.find(std::to_string(srv.derived.serving_plan->cards) + " cards") != std::string::npos);
}

TEST_CASE("card names on the Chinese page: no English words in a card's name or maker; notices name the card in Chinese") {
  // Issue 39 item 7: "Ascend 910B (family; Atlas 800T A2 module)", "(China)", "(Workstation / Server
  // Edition)", "Huawei (HiSilicon)" on the Chinese page. A parenthesis holding a lowercase English
  // word of 3+ letters ("family", "per GPU", "incl.", "roadmap") is English the page must not show:
  // such a card has a Chinese name, and so does every maker named with English words in brackets.
  const std::regex english_words(R"([(][^)]*[a-z]{3,}[^)]*[)])");
  for (const core::Accelerator& a : cat().accelerators) {
    INFO(a.id << ": " << a.name);
    if (std::regex_search(a.name, english_words) || a.name.find("(China)") != std::string::npos) CHECK_FALSE(a.name_zh.empty());
    CHECK_FALSE(std::regex_search(a.name_in(core::Lang::zh), english_words));
    CHECK(a.name_in(core::Lang::en) == a.name);
    if (a.vendor.find('(') != std::string::npos) CHECK_FALSE(a.vendor_zh.empty());
  }
  const core::Accelerator* d = cat().find_accelerator("nvidia-rtx-4090d");
  REQUIRE(d);
  CHECK(d->name_in(core::Lang::zh) == "GeForce RTX 4090 D 24GB（中国特供版）");
  // A notice that names the card: the Chinese page says its Chinese name, the English page its own.
  ui::set_card_names(cat());
  const core::Notice n = core::notice("pcie_only", {d->name});
  CHECK(ui::notice_text(core::Lang::zh, n).find("中国特供版") != std::string::npos);
  CHECK(ui::notice_text(core::Lang::en, n).find("(China)") != std::string::npos);
}

TEST_CASE("the kind of offer: Cost prices the chosen kind, the link carries it, a bad word is named at its row") {
  // Issue 34. The default card, A100 SXM 80GB, in scripts/data/sources/prices_2026-12.csv: lease
  // rows omniyq 2026-10-10 4.34 and SMM 2026-07 3.15-3.8万 a month = 5.47-6.60 (midpoint 6.035),
  // median (4.34 + 6.035) / 2 = 5.1875 -> 5.19 (2 decimals); market: AutoDL 2026-10-04 7.03.
  ui::AppState st;
  st.estimate.form.gpus = "1";
  ui::recompute(st, cat());
  REQUIRE(st.derived.cost);
  REQUIRE(st.derived.cost->rent_cny_per_hour);
  CHECK_THAT(*st.derived.cost->rent_cny_per_hour, WithinRel(5.19, 1e-9));  // lease by default
  st.cost.offer = "market";
  ui::recompute(st, cat());
  REQUIRE(st.derived.cost->rent_cny_per_hour);
  CHECK_THAT(*st.derived.cost->rent_cny_per_hour, WithinRel(7.03, 1e-9));
  // The assumption says which kind and how many offers.
  bool said = false;
  for (const auto& n : st.derived.cost->assumptions) {
    if (n.code != "a_rent_typical") continue;
    said = n.args.at(2) == "#offer_market" && n.args.at(3) == "1";
    // "#key" arguments are said in the page's language.
    CHECK(ui::notice_text(Lang::zh, n).find("算力市场") != std::string::npos);
    CHECK(ui::notice_text(Lang::en, n).find("Marketplace") != std::string::npos);
  }
  CHECK(said);
  // A kind the card has no price of: no rent, not another kind's.
  st.cost.offer = "serverless";
  ui::recompute(st, cat());
  CHECK_FALSE(st.derived.cost->rent_cny_per_hour.has_value());
  // The link carries it.
  st.cost.offer = "market";
  ui::recompute(st, cat());
  ui::ConfigSources src;
  src.hash = ui::share_hash(st);
  ui::AppState b;
  core::Diagnostics problems;
  ui::apply_state(ui::read_config(src).state, b, cat(), problems);
  CHECK(problems.empty());
  CHECK(b.cost.offer == "market");
  // A word that is no rent kind (purchase included) is named at its row.
  for (const char* bad : {"purchase", "rent", ""}) {
    st.cost.offer = bad;
    ui::recompute(st, cat());
    INFO(bad);
    REQUIRE(st.derived.field_errors.count("cost.offer") == 1);
    CHECK(st.derived.field_errors.at("cost.offer").find("expected lease | on_demand | market | serverless") != std::string::npos);
  }
}

TEST_CASE("the kind of offer: Recommend ranks by the chosen kind only") {
  // Issue 34: a card whose only price is of another kind is not ranked as if it had one. With
  // serverless chosen, only the A10 and T4 (腾讯云 SCF rows) have a rent; every priced pick is one of them.
  ui::AppState st;
  st.view = ui::View::recommend;
  st.estimate.form.model = "llama-3.1-8b";
  st.estimate.form.task = "inference";
  st.cost.offer = "serverless";
  ui::recompute(st, cat());
  REQUIRE(st.derived.recommendation);
  int priced = 0;
  for (const core::Option& o : st.derived.recommendation->options) {
    if (!o.cost.rent_cny_per_hour) continue;
    ++priced;
    INFO(o.card->id);
    CHECK((o.card->id == "nvidia-a10" || o.card->id == "nvidia-t4"));
  }
  CHECK(priced > 0);
}

TEST_CASE("fields: every row of the table goes form -> contract -> Scenario -> contract -> form, and a value out of range is refused at its path") {
  REQUIRE(core::field_rows().size() >= 14);
  // A preset of each kind of model, to hold the rows that apply to it.
  const std::pair<core::ModelKind, const char*> presets[] = {{core::ModelKind::llm, "qwen2.5-7b"}, {core::ModelKind::diffusion, "sdxl"},
                                                             {core::ModelKind::video, "wan2.1-t2v-1.3b"}, {core::ModelKind::vision, "yolov8n"}};
  for (const core::FieldRow& r : core::field_rows()) {
    const std::string path = r.path();
    INFO("field " << path);
    // The first task and kind of model the row applies to.
    std::optional<core::Task> task;
    const char* model = nullptr;
    core::ModelKind kind = core::ModelKind::llm;
    for (const auto& [k, id] : presets) {
      for (const core::Task t : {core::Task::inference, core::Task::lora, core::Task::full_ft, core::Task::pretrain, core::Task::qlora}) {
        if (!task && r.applies(t, k)) task = t, model = id, kind = k;
      }
    }
    REQUIRE(task);
    ui::ScenarioForm f;
    f.model = model;
    f.task = core::word(*task);
    if (kind == core::ModelKind::vision) f.task = "inference";
    const double v = r.example;
    CHECK(v >= r.lo);
    CHECK(v <= r.hi);
    f.fields[path] = ui::number_text(v);
    const nlohmann::json j = ui::to_contract(f, kind);
    core::Scenario s;
    const auto d = core::from_json(j, cat(), s);
    for (const auto& x : d) UNSCOPED_INFO(x.text());
    REQUIRE(d.empty());
    REQUIRE(r.get(s));
    CHECK(*r.get(s) == Approx(v));
    const nlohmann::json back = core::to_json(s);
    const nlohmann::json& obj = *r.section ? back.at(r.section) : back;
    REQUIRE(obj.contains(r.key));
    CHECK(obj.at(r.key).get<double>() == Approx(v));
    ui::ScenarioForm g;
    ui::from_contract(back, g);
    CHECK(g.fields[path] == f.fields[path]);
    // Its row on the page: an error at the path is drawn under it; its label says it in both languages.
    if (*r.row) CHECK(ui::form_row_for("scenario." + path) == r.row);
    CHECK(std::string(r.label(core::Lang::zh)).size() > 0);
    CHECK(std::string(r.label(core::Lang::en)).size() > 0);
    // Past its range: refused, naming the field (and nothing else).
    f.fields[path] = ui::number_text(r.hi + 1);
    core::Scenario bad;
    const auto e = core::from_json(ui::to_contract(f, kind), cat(), bad);
    REQUIRE(!e.empty());
    for (const auto& x : e) CHECK(x.path == "scenario." + path);
  }
}

TEST_CASE("include map: web -> ui -> core -> catalog, no folder includes one above it, no file includes itself round a circle") {
  // Every project include ("core/x.h") of every source in the four folders, read from the files.
  const std::string root = XUANKA_SOURCE_DIR;
  const std::map<std::string, int> level = {{"catalog", 0}, {"core", 1}, {"ui", 2}, {"web", 3}};
  std::map<std::string, std::vector<std::string>> includes;  // file -> project files it includes
  const std::regex inc("#include \"((catalog|core|ui|web)/[^\"]+)\"");
  for (const auto& [folder, _] : level) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root + "/" + folder)) {
      const std::string ext = entry.path().extension().string();
      if (ext != ".h" && ext != ".cpp" && ext != ".inc") continue;
      const std::string file = std::filesystem::relative(entry.path(), root).generic_string();
      const std::string text = test::read_text(entry.path().string());
      for (std::sregex_iterator it(text.begin(), text.end(), inc), end; it != end; ++it) includes[file].push_back((*it)[1]);
    }
  }
  REQUIRE(includes.size() > 60);
  auto folder_of = [](const std::string& f) { return f.substr(0, f.find('/')); };
  int arrows = 0;
  for (const auto& [file, targets] : includes) {
    for (const auto& t : targets) {
      INFO(file << " includes " << t);
      CHECK(level.at(folder_of(t)) <= level.at(folder_of(file)));  // down or level, never up
      ++arrows;
    }
  }
  CHECK(arrows > 200);
  // No circle: a depth-first walk never meets a file still on its path.
  std::map<std::string, int> state;  // 0 unseen, 1 on the path, 2 done
  std::vector<std::string> circle;
  std::function<bool(const std::string&)> walk = [&](const std::string& f) {
    state[f] = 1;
    for (const auto& t : includes[f]) {
      if (state[t] == 1 || (state[t] == 0 && walk(t))) {
        circle.push_back(t);
        return true;
      }
    }
    state[f] = 2;
    return false;
  };
  for (const auto& [file, _] : includes) {
    if (state[file] == 0 && walk(file)) break;
  }
  std::string said;
  for (const auto& c : circle) said += c + " <- ";
  INFO(said);
  CHECK(circle.empty());
}
