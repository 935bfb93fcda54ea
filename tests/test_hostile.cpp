// What strangers can send (issue 14): links, config blocks, overlays, typed and pasted text.
// Each case here failed before its fix; the expected behaviour is written beside it.
#include <algorithm>
#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "core/contract.h"
#include "core/json_reader.h"
#include "core/estimator.h"
#include "core/overlay.h"
#include "core/smi_parse.h"
#include "ui/page_state.h"
#include "vectors_io.h"

using namespace xuanka;
using nlohmann::json;

namespace {
std::string nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }
bool any_starts(const core::Diagnostics& v, const std::string& prefix) {
  return std::any_of(v.begin(), v.end(), [&](const core::Diagnostic& d) { return d.text().rfind(prefix, 0) == 0; });
}
}  // namespace

TEST_CASE("hostile: JSON deeper than 64 levels is refused before anything walks it") {
  core::Diagnostics d;
  CHECK_FALSE(core::parse_json_text(nested(64), "x", d).is_discarded());  // the limit itself is fine
  CHECK(d.empty());
  CHECK(core::parse_json_text(nested(65), "x", d).is_discarded());
  REQUIRE(d.size() == 1);
  CHECK(d[0].text() == "x: nested deeper than 64 levels, not read");
  // 10,000 levels in window.XUANKA_CONFIG stopped the page's start-up (copying the value recursed
  // past the WebAssembly stack); now it is a problem named on the page.
  ui::ConfigSources src;
  src.global_json = "{\"s\":" + nested(10000) + "}";
  const ui::PageConfig cfg = ui::read_config(src);
  CHECK(any_starts(cfg.problems, "XUANKA_CONFIG: nested deeper than 64 levels"));
}

TEST_CASE("hostile: JSON errors say where; too long is refused; invalid UTF-8 is not JSON") {
  core::Diagnostics d;
  CHECK(core::parse_json_text("{\"a\": tru}", "$", d).is_discarded());
  REQUIRE(d.size() == 1);
  CHECK(d[0].text().rfind("$: not valid JSON (line 1, column ", 0) == 0);
  d.clear();
  CHECK(core::parse_json_text(std::string(2000, ' '), "$", d, 1024).is_discarded());
  CHECK(d.at(0).text() == "$: longer than 1 kB (1 kB), not read");
  d.clear();
  CHECK(core::parse_json_text("\"\xC3\x28\"", "$", d).is_discarded());  // RFC 3629: C3 must be followed by 80-BF
  CHECK(d.size() == 1);
  // A message about a 10 MB text keeps its length under a line.
  d.clear();
  core::parse_json_text("[\"" + std::string(10'000'000, 'x'), "$", d);
  REQUIRE(d.size() == 1);
  CHECK(d[0].text().size() < 200);
}

TEST_CASE("hostile: typed text is made safe for ImGui's 16-bit characters") {
  // U+1F600 (F0 9F 98 80) is outside the BMP: one U+FFFD (EF BF BD), not U+FFFD plus a NUL.
  CHECK(core::clean_typed_text("a\xF0\x9F\x98\x80" "b", 100) == "a\xEF\xBF\xBD" "b");
  CHECK(core::clean_typed_text(std::string("a\0b\x7F\x01" "c", 6), 100) == "abc");      // control characters go
  CHECK(core::clean_typed_text("line\nnext\ttab", 100) == "line\nnext\ttab");             // tab and newline stay
  CHECK(core::clean_typed_text("\xE9\x80\x89\xE5\x8D\xA1", 100) == "\xE9\x80\x89\xE5\x8D\xA1");  // 选卡 kept
  CHECK(core::clean_typed_text("\xE9\x80" "x", 100) == "\xEF\xBF\xBD\xEF\xBF\xBD" "x");  // cut sequence: each byte replaced
  CHECK(core::clean_typed_text("\xC0\xAF", 100) == "\xEF\xBF\xBD\xEF\xBF\xBD");          // overlong '/' (RFC 3629 §10)
  CHECK(core::clean_typed_text("\xED\xA0\x80", 100) == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // a UTF-16 surrogate
  CHECK(core::clean_typed_text("\xE9\x80\x89\xE5\x8D\xA1", 4) == "\xE9\x80\x89");        // whole characters only
  // Twenty emoji: the page's state stays writable as JSON.
  std::string twenty;
  for (int i = 0; i < 20; ++i) twenty += "\xF0\x9F\x98\x80";
  const std::string clean = core::clean_typed_text(twenty, 1000);
  CHECK(clean.size() == 60);
  CHECK_NOTHROW(core::dump_json(json{{"name", clean}}));
  // Even a string that was never cleaned is written, with U+FFFD for the bad bytes.
  CHECK(core::dump_json(json("a\xFF")) == "\"a\xEF\xBF\xBD\"");
}

TEST_CASE("hostile: a vendor overlay cannot take over the page's header") {
  auto first = [&](const json& overlay) {
    core::Catalog c = cat();
    const core::Diagnostics d = core::apply_overlay(overlay.dump(), c);
    return d.empty() ? std::string() : d.front().text();
  };
  const std::string long_name(100000, 'A');
  CHECK(first({{"schema_version", 1}, {"vendor", {{"name", long_name}}}}) ==
        "$.vendor.name: longer than 40 characters (100000), found \"" + std::string(40, 'A') + "...\"");
  CHECK(first({{"schema_version", 1}, {"vendor", {{"name", "IDC\nline two"}}}}).rfind("$.vendor.name: expected one line of plain text", 0) == 0);
  CHECK(first({{"schema_version", 1}, {"vendor", {{"name", "IDC"}, {"url", "javascript:alert(1)"}}}}) ==
        "$.vendor.url: expected an address starting with https:// or http://, found \"javascript:alert(1)\"");
  CHECK(first({{"schema_version", 1}, {"vendor", {{"name", "杭州示例算力"}, {"url", "https://example.com/gpu"}}}}).empty());
  // An unknown id is echoed at most ~80 characters (a 100 kB id: under the overlay's 1 MiB limit).
  const std::string msg = first({{"schema_version", 1}, {"offers", {{{"id", std::string(100'000, 'x')}}}}});
  CHECK(msg.rfind("$.offers[0].id: unknown accelerator \"", 0) == 0);
  CHECK(msg.size() < 160);
  // A 2 MB overlay is not read at all, and says so.
  CHECK(first({{"schema_version", 1}, {"vendor", {{"name", std::string(2'000'000, 'x')}}}}) == "$: longer than 1024 kB (1953 kB), not read");
}

TEST_CASE("hostile: a link's long or broken values are named, never echoed whole") {
  ui::ConfigSources src;
  src.hash = "#card=" + std::string(100000, 'x') + "&lang=fr";
  const ui::PageConfig cfg = ui::read_config(src);
  ui::AppState st;
  core::Diagnostics problems = cfg.problems;
  ui::apply_state(cfg.state, st, cat(), problems);
  CHECK(any_starts(problems, "link.card: unknown card \"xxxx"));
  CHECK(any_starts(problems, "link.lang: expected zh | en, found \"fr\""));
  for (const auto& p : problems) CHECK(p.text().size() < 200);
}

TEST_CASE("hostile: a pasted nvidia-smi with impossible figures is not judged") {
  // tests/vectors/smi/edited-impossible.txt: 99999 MiB used of 24564, and 9999% busy.
  const std::string text = test::read_text(std::string(XUANKA_VECTORS_DIR) + "/smi/edited-impossible.txt");
  const core::SmiReport r = core::parse_smi(text, cat());
  REQUIRE(r.devices.size() == 2);
  CHECK(r.devices[0].verdict == core::LoadVerdict::implausible);
  CHECK(r.devices[1].verdict == core::LoadVerdict::implausible);
}

namespace {
// The diagnostics of a scenario text, one "path: message" per line.
std::string scenario_problems(const std::string& text) {
  core::Diagnostics d;
  const json j = core::parse_json_text(text, "scenario", d);
  if (d.empty()) {
    core::Scenario s;
    d = core::from_json(j, cat(), s);
  }
  std::string out;
  for (const auto& x : d) out += x.text() + "\n";
  return out;
}
}  // namespace

TEST_CASE("hostile: a key written twice is refused, naming the key, not resolved silently") {
  // nlohmann keeps the last of two equal keys; RFC 8259 §4 leaves it to the reader. Here the
  // second "gpu" would have decided the card without a word.
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "lora", "gpu": "nvidia-h100-sxm5-80gb", "gpu": "nvidia-h20"})") ==
        "scenario.gpu: appears twice in one object (a key may appear once), not read\n");
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "parallel": {"tp": 2, "tp": 4}})") ==
        "scenario.parallel.tp: appears twice in one object (a key may appear once), not read\n");
  core::Diagnostics d;
  core::parse_json_text(R"({"accelerators": [{"id": "a"}, {"id": "b", "id": "c"}]})", "$", d);
  REQUIRE(d.size() == 1);
  CHECK(d[0].text() == "$.accelerators[1].id: appears twice in one object (a key may appear once), not read");
  // A file's name is not a path: the key's path starts at the file's root.
  d.clear();
  core::parse_json_text(R"({"a": 1, "a": 2})", "my/scenario.json", d);
  REQUIRE(d.size() == 1);
  CHECK(d[0].text() == "$.a: appears twice in one object (a key may appear once) in my/scenario.json, not read");
  // Equal keys in different objects are fine.
  d.clear();
  CHECK_FALSE(core::parse_json_text(R"([{"a": 1}, {"a": 2}, {"b": {"a": 3}}])", "$", d).is_discarded());
  CHECK(d.empty());
}

TEST_CASE("hostile: fields of another task are named, not ignored") {
  // Before: each of these was accepted and the field silently dropped.
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "pretrain", "lora": {"rank": 64}})") ==
        "scenario.lora: only for task lora or qlora, found task \"pretrain\"\n");
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "full_ft", "weights": "nf4"})") ==
        "scenario.weights: only for lora, qlora and inference: task \"full_ft\" trains every weight in the format of precision\n");
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "qlora", "weights": "bf16"})") ==
        "scenario.weights: qlora keeps the frozen base quantised: expected nf4, int4, int8, awq or gptq, found \"bf16\" (use task lora for a 16-bit base)\n");
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "qlora", "precision": "fp32"})").rfind(
            "scenario.precision: qlora dequantises the base to a 16-bit compute type", 0) == 0);
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "lora", "serving": {"batch": 8}})") ==
        "scenario.serving: only for task inference, found task \"lora\"\n");
  // The recipes these rules keep: QLoRA on nf4 and int8 bases, LoRA on fp8, serving int4.
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "qlora", "weights": "int8", "lora": {"rank": 16}})").empty());
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "lora", "weights": "fp8"})").empty());
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "inference", "weights": "int4"})").empty());
}

TEST_CASE("hostile: a request of no tokens is refused; no result is infinite") {
  // Before: 0 prompt + 0 output tokens gave "largest batch at this context: inf" (a division
  // of free memory by 0 bytes of KV cache per request).
  CHECK(scenario_problems(R"({"model": "llama-3.1-8b", "task": "inference", "serving": {"prompt_tokens": 0, "output_tokens": 0}})") ==
        "scenario.serving.output_tokens: prompt_tokens + output_tokens is 0: a request needs at least one token\n");
  // One token is the smallest request: every figure finite.
  core::Scenario s;
  REQUIRE(core::from_json(json::parse(R"({"model": "llama-3.1-8b", "task": "inference", "gpu": "nvidia-h100-sxm5-80gb",
                                          "serving": {"prompt_tokens": 0, "output_tokens": 1}})"),
                          cat(), s)
              .empty());
  const core::Estimate e = core::estimate(s);
  REQUIRE(e.max_batch);
  CHECK(std::isfinite(*e.max_batch));
  REQUIRE(e.max_context_tokens);
  CHECK(std::isfinite(*e.max_context_tokens));
}

TEST_CASE("hostile: the page says in its language what the link or configuration got wrong") {
  // Before: these problems went only to the test hook; the page opened as if nothing happened.
  // The expected words are ui/strings.inc's prob_* texts, after the field's path.
  const ui::PageConfig cfg = ui::read_config({"", "", "?overlay=%7B%7D", "#s=%7B%22model%22&view=nosuch"});
  ui::AppState st;
  core::Diagnostics problems = cfg.problems;
  ui::apply_state(cfg.state, st, cat(), problems);
  REQUIRE(problems.size() == 3);
  CHECK(ui::explain_problem(core::Lang::zh, problems[0]) == "link.overlay：链接想改厂商名称或价格，已忽略；页面显示本厂商自己的");
  CHECK(ui::explain_problem(core::Lang::en, problems[0]) ==
        "link.overlay: the link tried to change the vendor or its prices; ignored, the page shows its vendor's own");
  CHECK(ui::explain_problem(core::Lang::zh, problems[1]) == "link.view：取值无效，已忽略");
  CHECK(ui::explain_problem(core::Lang::zh, problems[2]) == "link.s：不是有效的 JSON，未采用（链接可能不完整）");
  // Said by the problem's code, whatever its English message reads.
  CHECK(ui::explain_problem(core::Lang::en, {"overlay.vendor.nme", "unknown key", core::DiagCode::unknown_key}) == "overlay.vendor.nme: unknown field, ignored");
  CHECK(ui::explain_problem(core::Lang::zh, {"XUANKA_CONFIG", "nested deeper than 64 levels, not read", core::DiagCode::too_deep}) == "XUANKA_CONFIG：嵌套太深，未读取");
  CHECK(ui::explain_problem(core::Lang::zh, {"link.card", "unknown key", core::DiagCode::not_offered}) == std::string("link.card：") + ui::tr(core::Lang::zh, ui::Str::prob_not_offered));
  const core::Diagnostics read = [] { core::Diagnostics d; core::parse_json_text(nested(70), "XUANKA_CONFIG", d); return d; }();
  REQUIRE(read.size() == 1);
  CHECK(read[0].code == core::DiagCode::too_deep);
}

TEST_CASE("hostile: a CSV paste whose index column holds a huge number is not an index") {
  // Found by fuzz_smi: "index" 2222222222 was cast to int (undefined behaviour, a sanitizer
  // report). nvidia-smi numbers GPUs from 0; the row is still read, with its index by position.
  const core::SmiReport r = core::parse_smi("name, index, memory.total [MiB]\nNVIDIA L20, 2222222222, 46068 MiB\n", cat());
  REQUIRE(r.devices.size() == 1);
  CHECK(r.devices[0].index == 0);
  CHECK(r.devices[0].matched_id == "nvidia-l20");
}
