// Tests of the vendor's kit (core/brand, core/overlay quote targets, ui/export quote links):
// a branded page carries the overlay where the page reads it and nowhere as markup; a bad
// overlay is refused with its paths; the quote button opens only a page, a mail or a call,
// carrying the plan.
#include <catch2/catch.hpp>

#include "core/brand.h"
#include "core/overlay.h"
#include "core/qr.h"
#include "core/url_params.h"
#include "ui/app_state.h"
#include "ui/export.h"
#include "ui/page_state.h"
#include "ui/scenario_form.h"
#include "vectors_io.h"

using namespace xuanka;
using nlohmann::json;

namespace {

// The shell's own block and title (web/shell.html), as the built page has them.
const std::string kPage =
    "<!doctype html><html><head><title>选卡 xuanka — GPU 与 AI 训练服务器选型计算器</title></head><body>\n"
    "<script type=\"application/json\" id=\"xuanka-config\">{}</script>\n<script>var Module = {};</script></body></html>";

std::string config_block(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"xuanka-config\">";
  const std::size_t a = html.find(open) + open.size();
  return html.substr(a, html.find("</script>", a) - a);
}

json hostile_overlay() {
  // Every vendor string holds markup that would run if it reached the HTML unescaped.
  return {{"schema_version", 1},
          {"vendor", {{"name", "杭州</script><script>alert(1)</script>"},
                      {"contact", "<img src=x onerror=alert(2)>"},
                      {"url", "https://example.com/?a=<b>&c='d'"},
                      {"quote", "mailto:sales@example.com"},
                      {"color", "#0a6e4f"}}},
          {"offers", {{{"id", "nvidia-a800-sxm4-80gb"}, {"rent_cny_per_card_hour", 18.5}, {"in_stock", true}}}},
          {"hidden", {"nvidia-h100-sxm5-80gb"}}};
}
}  // namespace

TEST_CASE("brand: the overlay lands in the config block, script-safe, and the title names the vendor") {
  const json ov = hostile_overlay();
  const core::BrandedPage out = core::brand_page(ov.dump(), kPage, cat());
  REQUIRE(out.problems.empty());
  // The page's own markup is all there is: one <script> for the block and one for Module, so the
  // vendor's "</script><script>" opened nothing.
  std::size_t scripts = 0;
  for (std::size_t p = out.html.find("<script"); p != std::string::npos; p = out.html.find("<script", p + 1)) ++scripts;
  CHECK(scripts == 2);
  CHECK(out.html.find("<img") == std::string::npos);
  // What the page reads back (JSON.parse of the block's text) is the overlay, character for character.
  const json back = json::parse(config_block(out.html));
  CHECK(back.at("overlay") == ov);
  // The title: the vendor's name HTML-escaped before the product's.
  CHECK(out.html.find("<title>杭州&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · 选卡 xuanka") != std::string::npos);
  // Branding the branded page again replaces the name rather than stacking a second one.
  json again = ov;
  again["vendor"]["name"] = "宁波算力";
  const core::BrandedPage twice = core::brand_page(again.dump(), out.html, cat());
  REQUIRE(twice.problems.empty());
  CHECK(twice.html.find("<title>宁波算力 · 选卡 xuanka") != std::string::npos);
  CHECK(json::parse(config_block(twice.html)).at("overlay").at("vendor").at("name") == "宁波算力");
}

TEST_CASE("brand: other keys of the block are kept; a bad overlay or a page without the block is refused") {
  std::string page = kPage;
  page.replace(page.find("{}</script>"), 2, "{\"lang\":\"en\"}");
  const core::BrandedPage kept = core::brand_page(hostile_overlay().dump(), page, cat());
  REQUIRE(kept.problems.empty());
  CHECK(json::parse(config_block(kept.html)).at("lang") == "en");

  json bad = hostile_overlay();
  bad["vendor"]["quote"] = "javascript:alert(1)";
  bad["vendor"]["color"] = "green";
  bad["offers"][0]["id"] = "no-such-card";
  const core::BrandedPage refused = core::brand_page(bad.dump(), kPage, cat());
  CHECK(refused.html.empty());
  std::set<std::string> paths;
  for (const auto& d : refused.problems) paths.insert(d.path);
  CHECK(paths == std::set<std::string>{"$.vendor.quote", "$.vendor.color", "$.offers[0].id"});

  const core::BrandedPage no_block = core::brand_page(hostile_overlay().dump(), "<html><body>not xuanka</body></html>", cat());
  REQUIRE(no_block.problems.size() == 1);
  CHECK(no_block.problems[0].path == "page");
  CHECK(no_block.html.empty());
}

TEST_CASE("quote targets: only http(s), mailto: and tel: with digits; nothing with spaces or control characters") {
  using core::QuoteTarget;
  CHECK(core::quote_target_kind("https://idc.example.com/quote") == QuoteTarget::web);
  CHECK(core::quote_target_kind("HTTP://idc.example.com") == QuoteTarget::web);
  CHECK(core::quote_target_kind("mailto:sales@example.com") == QuoteTarget::mail);
  CHECK(core::quote_target_kind("tel:+86-400-000-0000") == QuoteTarget::phone);
  for (const char* no : {"javascript:alert(1)", " javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<script>",
                         "vbscript:x", "//evil.example.com", "/quote", "https://", "mailto:", "tel:400 000",
                         "tel:javascript:alert(1)", "https://a.example.com/\nb", "https://a.example.com/ b", ""}) {
    INFO(no);
    CHECK_FALSE(core::quote_target_kind(no).has_value());
  }
}

TEST_CASE("quote link: the plan and the share link travel in the target's own form") {
  ui::AppState st;
  ui::from_contract({{"model", "qwen2.5-7b"}, {"task", "lora"}, {"gpu", "nvidia-a800-sxm4-80gb"}, {"parallel", {{"gpus", 2}}}},
                    st.estimate.form);
  ui::recompute(st, cat());
  REQUIRE(st.derived.problems.empty());
  const std::string share = "https://idc.example.com/xuanka.html#s=abc&view=estimate";
  const std::string summary = ui::quote_summary(st, cat());
  CHECK(summary.find("2 × ") != std::string::npos);  // the card count chosen
  CHECK(summary.find("A800") != std::string::npos);

  // mailto: (RFC 6068): subject and body after '?', CRLF as %0D%0A, the share link in the body.
  const std::string mail = ui::quote_link("mailto:sales@example.com", st, cat(), share);
  REQUIRE(mail.rfind("mailto:sales@example.com?subject=", 0) == 0);
  const auto params = core::parse_url_params(mail.substr(mail.find('?')));
  CHECK(params.at("body").find(share) != std::string::npos);
  CHECK(params.at("body").find("\r\n") != std::string::npos);
  CHECK(mail.find("%0D%0A") != std::string::npos);
  CHECK(params.at("subject").find("A800") != std::string::npos);
  CHECK(mail.find(' ') == std::string::npos);

  // A web address: its own query kept, the plan appended, the #fragment last.
  const std::string web = ui::quote_link("https://idc.example.com/quote?src=page#form", st, cat(), share);
  REQUIRE(web.rfind("https://idc.example.com/quote?src=page&xuanka_summary=", 0) == 0);
  CHECK(web.size() > 5);
  CHECK(web.substr(web.size() - 5) == "#form");
  const auto wp = core::parse_url_params(web.substr(web.find('?'), web.find('#') - web.find('?')));
  CHECK(wp.at("xuanka_link") == share);
  CHECK(wp.at("xuanka_summary") == summary);

  CHECK(ui::quote_link("tel:+86-400-000-0000", st, cat(), share) == "tel:+86-400-000-0000");
  CHECK(ui::quote_link("javascript:alert(1)", st, cat(), share).empty());
}

// QR codes (core/qr.h). The browser test decodes the page's code with a real decoder (jsQR);
// here, the structure ISO/IEC 18004:2015 fixes: size 4V + 17 (§6.3.1), the version the text's
// length needs (Table 7, byte mode: 1-M 14 bytes, 2-M 26, 40-M 2331, 40-L 2953), the three
// finder patterns (§6.3.3), the timing patterns (§6.3.5) and the dark module at (8, 4V + 9).
TEST_CASE("qr: sizes from the capacity table, finder and timing patterns, no code past 2953 bytes") {
  auto version_of = [](const core::QrMatrix& m) { return (m.size - 17) / 4; };
  const std::string fourteen = "https://x.cn/a";  // 14 bytes, lowercase: byte mode
  REQUIRE(fourteen.size() == 14);
  const auto v1 = core::make_qr(fourteen);
  REQUIRE(v1);
  CHECK(v1->size == 21);
  const auto v2 = core::make_qr(fourteen + "b");
  REQUIRE(v2);
  CHECK(v2->size == 25);
  const auto big = core::make_qr(std::string(2953, 'x'));
  REQUIRE(big);
  CHECK(big->size == 177);
  CHECK_FALSE(core::make_qr(std::string(2954, 'x')));
  CHECK_FALSE(core::make_qr(""));
  for (const auto* m : {&*v1, &*v2, &*big}) {
    const int n = m->size, v = version_of(*m);
    INFO("version " << v);
    // Finder pattern at each of three corners: dark 7x7 ring, light ring, dark 3x3 centre.
    for (const auto& [ox, oy] : {std::pair{0, 0}, std::pair{n - 7, 0}, std::pair{0, n - 7}}) {
      for (int y = 0; y < 7; ++y) {
        for (int x = 0; x < 7; ++x) {
          const int ring = std::max(std::abs(x - 3), std::abs(y - 3));
          CHECK(m->at(ox + x, oy + y) == (ring != 2));
        }
      }
    }
    // Timing patterns between the finders: alternating, dark on even positions.
    for (int i = 8; i < n - 8; ++i) {
      CHECK(m->at(i, 6) == (i % 2 == 0));
      CHECK(m->at(6, i) == (i % 2 == 0));
    }
    CHECK(m->at(8, 4 * v + 9));
  }
}

TEST_CASE("saved copy: the host's configuration with the current plan baked in, script-safe") {
  ui::AppState st;
  st.lang = core::Lang::en;
  ui::from_contract({{"model", "qwen2.5-7b"}, {"task", "lora"}, {"gpu", "nvidia-a800-sxm4-80gb"}, {"parallel", {{"gpus", 2}}}},
                    st.estimate.form);
  ui::recompute(st, cat());
  ui::ConfigSources src;
  // The host's block: its overlay (a name with markup) and an old state that the copy replaces.
  src.block = json{{"overlay", hostile_overlay()}, {"lang", "zh"}, {"view", "compare"}}.dump();
  const std::string text = ui::saved_copy_config(src, st);
  CHECK(text.find('<') == std::string::npos);  // "</script>" in the name cannot end the block
  const json back = json::parse(text);
  CHECK(back.at("overlay") == hostile_overlay());
  CHECK(back.at("lang") == "en");
  CHECK(back.at("view") == "estimate");
  // The copy, read as the page reads its block, gives the same plan.
  ui::ConfigSources reopened;
  reopened.block = text;
  const ui::PageConfig cfg = ui::read_config(reopened);
  CHECK(cfg.problems.empty());
  REQUIRE(cfg.overlay);
  ui::AppState again;
  core::Diagnostics problems;
  ui::apply_state(cfg.state, again, cat(), problems);
  ui::recompute(again, cat());
  CHECK(problems.empty());
  CHECK(again.lang == core::Lang::en);
  CHECK(again.derived.scenario_json == st.derived.scenario_json);
}

TEST_CASE("picture: the memory bar's segments add up to the total, the vendor's colour, a code of the link") {
  ui::AppState st;
  ui::from_contract({{"model", "qwen2.5-7b"}, {"task", "lora"}, {"gpu", "nvidia-a800-sxm4-80gb"}, {"parallel", {{"gpus", 2}}}},
                    st.estimate.form);
  ui::recompute(st, cat());
  core::Catalog branded = cat();
  REQUIRE(core::apply_overlay(hostile_overlay().dump(), branded).empty());
  const std::string link = "https://idc.example.com/xuanka.html#s=abc";
  const json pic = ui::result_picture(st, branded, link);
  REQUIRE(pic.is_object());
  CHECK(pic.at("vendor").at("color") == "#0a6e4f");
  double sum = 0;
  for (const auto& s : pic.at("memory").at("segments")) sum += s.at("bytes").get<double>();
  // The breakdown's parts (weights, gradients, optimizer, activations + logits + temporaries,
  // KV cache, context + fragmentation) are the whole per-GPU total (core/estimator.h).
  CHECK_THAT(sum, Catch::Matchers::WithinRel(pic.at("memory").at("total_bytes").get<double>(), 1e-9));
  CHECK(pic.at("memory").at("capacity_bytes").get<double>() == 80.0 * (1ull << 30));
  const auto qr = core::make_qr(link);
  REQUIRE(qr);
  CHECK(pic.at("qr").at("size") == qr->size);
  CHECK(pic.at("qr").at("bits").get<std::string>().size() == qr->dark.size());
  CHECK_FALSE(ui::result_picture(st, branded, "").contains("qr"));  // a saved file's picture has no code
  ui::AppState bad = st;
  bad.estimate.form.seq_len = "-5";
  ui::recompute(bad, cat());
  CHECK(ui::result_picture(bad, branded, link).is_null());
}

TEST_CASE("logo: only a base64 data URI of a PNG, JPEG, WebP or SVG image, of bounded size") {
  // A 1x1 PNG (the smallest valid one: signature, IHDR, IDAT, IEND), base64.
  const std::string png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  CHECK(core::logo_uri_ok(png));
  CHECK(core::logo_uri_ok("data:image/svg+xml;base64,PHN2Zy8+"));
  for (const std::string& no : {std::string("javascript:alert(1)"), std::string("data:text/html;base64,PHNjcmlwdD4="),
                               std::string("data:image/svg+xml,<svg onload=alert(1)>"), std::string("data:image/png;base64,"),
                               std::string("data:image/png;base64,iVBOR w0K"), std::string("https://example.com/logo.png"),
                               "data:image/png;base64," + std::string(core::kMaxLogoChars, 'A')}) {
    INFO(no.substr(0, 60));
    CHECK_FALSE(core::logo_uri_ok(no));
  }
  json ov = hostile_overlay();
  ov["vendor"]["logo"] = png;
  core::Catalog c = cat();
  REQUIRE(core::apply_overlay(ov.dump(), c).empty());
  CHECK(c.vendor->logo == png);
  ov["vendor"]["logo"] = "data:text/html;base64,PHNjcmlwdD4=";
  const auto d = core::apply_overlay(ov.dump(), c);
  REQUIRE(d.size() == 1);
  CHECK(d[0].path == "$.vendor.logo");
}
