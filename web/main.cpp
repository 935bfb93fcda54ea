// The page's one main() (web layer): GLFW window on WebGL2, render-on-demand main loop, touch,
// wheel, high-DPI, URL state and the test hook on window.xuanka.
// [SECTION] JS imports  [SECTION] page state  [SECTION] frame  [SECTION] exports  [SECTION] main
#include <emscripten.h>
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <map>
#include <optional>
#include <cmath>
#include <set>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/catalog_embedded.h"
#include "core/overlay.h"
#include "core/qr.h"
#include "core/url_params.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"
#include "ui/app.h"
#include "ui/fonts.h"
#include "ui/notices.h"
#include "ui/export.h"
#include "ui/page_state.h"
#include "ui/palette.h"
#include "ui/text_field.h"

using nlohmann::json;
namespace core = xuanka::core;
namespace ui = xuanka::ui;

// [SECTION] JS imports (bodies use double quotes only: WEB-PLATFORM.md §5)
// Strings handed to C++ are malloc'd UTF-8 (Module.heapString, web/glue.js); the caller frees.
EM_JS(char*, js_get_config, (), { return Module.heapString(JSON.stringify(Module.configSources || {})); });
EM_JS(void, js_first_frame, (), { if (Module.onFirstFrame) Module.onFirstFrame(); });
EM_JS(char*, js_today, (), { return Module.heapString(new Date().toISOString().slice(0, 7)); });
EM_JS(char*, js_page_href, (), { return Module.heapString(Module.pageHref ? Module.pageHref() : location.href); });
EM_JS(void, js_open_quote, (const char* url, const char* summary), {
  if (Module.openQuote) Module.openQuote(UTF8ToString(url), UTF8ToString(summary));
});
EM_JS(void, js_load_logo, (const char* uri, int px), { if (Module.loadLogo) Module.loadLogo(UTF8ToString(uri), px); });
EM_JS(void, js_save_picture, (const char* spec), { if (Module.savePicture) Module.savePicture(UTF8ToString(spec)); });
EM_JS(void, js_save_offline, (const char* config), { if (Module.saveOffline) Module.saveOffline(UTF8ToString(config)); });
EM_JS(void, js_report_state, (const char* json), { if (Module.reportState) Module.reportState(UTF8ToString(json)); });
EM_JS(void, js_set_hash, (const char* hash), { if (Module.setHash) Module.setHash(UTF8ToString(hash)); });
EM_JS(void, js_fatal, (const char* msg), { if (Module.showFatal) Module.showFatal(UTF8ToString(msg)); });
EM_JS(void, js_copy_text, (const char* text), { if (Module.copyText) Module.copyText(UTF8ToString(text)); });
EM_JS(int, js_file_page, (), { return location.protocol === "file:" ? 1 : 0; });
// The <div> embed has no page of its own to save (web/glue.js Module.canSaveOffline).
EM_JS(int, js_can_save_offline, (), { return Module.canSaveOffline === false ? 0 : 1; });
// A character the embedded font lacks, drawn by the system's fonts on a 2D canvas
// (WEB-PLATFORM.md §4): [width, height, advance (float), width x height coverage bytes].
EM_JS(unsigned char*, js_raster_glyph, (unsigned c, float px, float ascent), {
  if (typeof document === "undefined") return 0;
  var cv = Module.glyphCanvas || (Module.glyphCanvas = document.createElement("canvas"));
  var g = cv.getContext("2d", { willReadFrequently: true });
  if (!g) return 0;
  var font = px + "px PingFang SC, Hiragino Sans GB, Microsoft YaHei, Noto Sans CJK SC, Source Han Sans SC, Noto Serif CJK SC, sans-serif";
  g.font = font;
  var ch = String.fromCodePoint(c);
  var adv = g.measureText(ch).width;
  if (!(adv > 0)) return 0;
  var w = Math.max(1, Math.ceil(adv)), h = Math.max(1, Math.ceil(px));
  cv.width = w;
  cv.height = h;
  g.font = font;
  g.textBaseline = "alphabetic";
  g.fillStyle = "#fff";
  g.clearRect(0, 0, w, h);
  g.fillText(ch, 0, ascent);
  var d = g.getImageData(0, 0, w, h).data;
  var p = _malloc(12 + w * h);
  HEAP32[p >> 2] = w;
  HEAP32[(p >> 2) + 1] = h;
  HEAPF32[(p >> 2) + 2] = adv;
  for (var i = 0; i < w * h; i++) HEAPU8[p + 12 + i] = d[i * 4 + 3];
  return p;
});
EM_JS(void, js_copy_link, (), { if (Module.copyText) Module.copyText(Module.pageHref ? Module.pageHref() : location.href); });
EM_JS(void, js_announce, (const char* text), { if (Module.announce) Module.announce(UTF8ToString(text)); });

// [SECTION] page state
namespace {

enum class TouchPhase { none, hover, down, released, cleared };

struct Page {
  GLFWwindow* window = nullptr;
  ui::AppState state;
  ui::FrameReport report;
  ui::Fonts fonts;
  core::Catalog catalog;       // embedded catalog, with the host page's vendor overlay merged
  core::Accuracy accuracy;     // embedded accuracy summary (catalog/accuracy.json)
  std::vector<core::PortingStack> porting;  // embedded porting documents (catalog/porting.json)
  core::Diagnostics catalog_problems;  // diagnostics of the overlay (shown in the state)
  core::Diagnostics config_problems;   // what the configuration or the link got wrong
  ui::ConfigSources config_sources;           // as the page found them (a saved copy keeps the host's)
  ui::TextAgent agent;
  float dpr = 1.0f;            // device pixel ratio
  float css_w = 800, css_h = 600;  // viewport in CSS px
  float font_css_px = 0;       // body font size the atlas was built for, CSS px
  float font_dpr = 0;          // dpr the atlas was built for
  bool gl_ready = false;       // the GL backend created its objects (first NewFrame done)
  int frames_pending = 3;      // frames still to render before pausing the loop
  bool paused = false;
  long frames_rendered = 0;
  long loop_ticks = 0;
  bool ready = false;
  // Touch (WEB-PLATFORM.md §1.3): a tap is a hover frame, then a press frame, then release.
  bool touch_mode = false;
  bool file_page = false;         // opened from file:// (a saved copy)
  bool can_save_offline = true;   // false in the <div> embed (no page of its own)
  std::set<unsigned> fallback_glyphs, fallback_tried;
  bool record_text = false;       // browser tests: keep the drawn text (app_record_text)  // characters beyond the subset, from the system's fonts
  float touch_x = 0, touch_y = 0;  // physical px
  TouchPhase touch_phase = TouchPhase::none;
  bool release_after_press = false;
  float wheel_x = 0, wheel_y = 0;  // pending wheel, ImGui units
  std::string out;             // last string handed to JS
  std::map<std::string, double> startup_ms;  // performance.now() at each start-up step (the budget's breakdown)
  // The share link's QR code, made while the Estimate view shows it (EstimateState::show_qr).
  std::string qr_text;         // the link it encodes
  std::optional<core::QrMatrix> qr;
  bool qr_upload = false;      // the texture is behind the matrix
  GLuint qr_texture = 0;
  GLuint logo_texture = 0;     // the vendor's logo (app_logo), width / height
  float logo_aspect = 1.0f;
};

Page g_page;  // the one page of this process (web layer owns it; core has no globals)

// The share link's QR code (core/qr.h): remade when the link changed since the last one.
void make_share_qr() {
  char* href = js_page_href();
  const std::string link = href;
  free(href);
  if (link == g_page.qr_text) return;
  g_page.qr_text = link;
  g_page.qr = core::make_qr(link);
  g_page.qr_upload = true;
}

// RGBA pixels into `texture` (made on first use), sampled with `filter`, clamped at the edges.
void upload_rgba(GLuint& texture, const unsigned char* rgba, int w, int h, GLint filter) {
  if (!texture) glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

// The QR code as a texture: one RGBA texel per module, sampled NEAREST so that each module stays a
// sharp square at any whole-pixel scale.
void upload_share_qr() {
  if (!g_page.qr_upload || !g_page.qr) return;
  g_page.qr_upload = false;
  const int n = g_page.qr->size;
  std::vector<unsigned char> rgba(static_cast<std::size_t>(n) * n * 4);
  for (int i = 0; i < n * n; ++i) {
    const unsigned char v = g_page.qr->dark[static_cast<std::size_t>(i)] ? 0 : 255;
    rgba[i * 4 + 0] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  upload_rgba(g_page.qr_texture, rgba.data(), n, n, GL_NEAREST);
}

// The share link: the whole state in the URL hash (ui/page_state.cpp writes it). A host page that
// embeds the page in an iframe hears of it too (Module.reportState posts it to the parent):
// the hash, and the plan chosen in it — model, task, card and count — with the one-line result.
void write_url() {
  const std::string hash = ui::share_hash(g_page.state);
  js_set_hash(hash.c_str());
  const core::Scenario& s = g_page.state.derived.scenario;
  json plan = {{"hash", hash}, {"model", g_page.state.estimate.form.model}, {"task", core::info(s.task).word},
               {"summary", ui::summary_line(g_page.state)}};
  if (s.gpu) {
    plan["card"] = s.gpu->id;
    plan["gpus"] = s.parallel.gpus;
  }
  js_report_state(core::dump_json(plan).c_str());
  if (g_page.state.estimate.show_qr) make_share_qr();
}

// "询价": the vendor's quote target opened with the plan and the share link (ui/export.h).
void open_quote() {
  if (!g_page.catalog.vendor || g_page.catalog.vendor->quote.empty()) return;
  char* href = js_page_href();
  const std::string share_url = href;
  free(href);
  const std::string url = ui::quote_link(g_page.catalog.vendor->quote, g_page.state, g_page.catalog, share_url);
  if (!url.empty()) js_open_quote(url.c_str(), ui::quote_summary(g_page.state, g_page.catalog).c_str());
}

void show_problems();

// The configuration sources as glue.js found them, read and merged by ui/page_state.cpp; the
// host page's overlay is applied to the catalog before the state that may name its cards.
void read_config() {
  char* raw = js_get_config();
  const json sources = json::parse(raw, nullptr, /*allow_exceptions=*/false);
  free(raw);
  ui::ConfigSources src;
  if (sources.is_object()) {
    auto text = [&](const char* k) { return sources.contains(k) && sources[k].is_string() ? sources[k].get<std::string>() : std::string(); };
    src = {text("block"), text("global_json"), text("query"), text("hash")};
  }
  g_page.config_sources = src;
  ui::PageConfig cfg = ui::read_config(src);
  for (auto& p : cfg.problems) g_page.config_problems.push_back(p);
  if (cfg.overlay) {
    for (const auto& d : core::apply_overlay(*cfg.overlay, g_page.catalog)) g_page.catalog_problems.push_back(d);
  }
  ui::apply_state(cfg.state, g_page.state, g_page.catalog, g_page.config_problems);
  show_problems();
}

// Shown on the page: what the configuration or link got wrong, then the overlay's problems
// (their paths start at its root, $, named "overlay" there).
void show_problems() {
  g_page.state.page_problems = g_page.config_problems;
  for (core::Diagnostic p : g_page.catalog_problems) {
    if (p.path.rfind("$", 0) == 0) p.path = "overlay" + p.path.substr(1);
    g_page.state.page_problems.push_back(std::move(p));
  }
  g_page.state.page_problems_dismissed = false;
}

// [SECTION] frame
bool raster_glyph(unsigned c, float px, float ascent, ui::GlyphBitmap& out) {
  unsigned char* p = js_raster_glyph(c, px, ascent);
  if (!p) return false;
  int w = 0, h = 0;
  float adv = 0;
  std::memcpy(&w, p, 4);
  std::memcpy(&h, p + 4, 4);
  std::memcpy(&adv, p + 8, 4);
  out.width_px = w;
  out.height_px = h;
  out.advance_px = adv;
  out.alpha.assign(p + 12, p + 12 + static_cast<std::size_t>(w) * h);
  free(p);
  return true;
}

// Characters drawn this frame that neither the subset nor the system fonts have given yet:
// the next frame's atlas gets them from the system fonts (at most 256 per frame, 4096 in all).
void want_fallback_glyphs() {
  constexpr std::size_t kPerFrame = 256, kMax = 4096;
  std::size_t added = 0;
  for (unsigned c : g_page.report.missing_glyphs) {
    if (added >= kPerFrame || g_page.fallback_tried.size() >= kMax) break;
    if (g_page.fallback_tried.insert(c).second) {
      g_page.fallback_glyphs.insert(c);
      ++added;
    }
  }
  if (added) {
    g_page.font_css_px = 0;  // rebuild the atlas before the next frame
    g_page.frames_pending = std::max(g_page.frames_pending, 2);
  }
}

void rebuild_fonts_if_needed() {
  const float want_px = ui::font_size_css_px(g_page.css_w);
  if (want_px == g_page.font_css_px && g_page.dpr == g_page.font_dpr) return;
  g_page.fonts = ui::build_fonts(want_px, g_page.dpr, g_page.fallback_glyphs, raster_glyph);
  // What the system fonts could draw is no longer missing.
  for (unsigned c : g_page.fallback_glyphs) {
    if (g_page.fonts.body->FindGlyphNoFallback(static_cast<ImWchar>(c))) g_page.report.missing_glyphs.erase(c);
  }
  ui::apply_style(g_page.dpr);
  g_page.font_css_px = want_px;
  g_page.font_dpr = g_page.dpr;
  if (g_page.gl_ready) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
}

void apply_touch(ImGuiIO& io) {
  if (!g_page.touch_mode) return;
  const ImVec2 at(g_page.touch_x, g_page.touch_y);
  switch (g_page.touch_phase) {
    case TouchPhase::hover:
      io.MousePos = at;
      io.MouseDown[0] = false;
      g_page.touch_phase = TouchPhase::down;
      break;
    case TouchPhase::down:
      io.MousePos = at;
      io.MouseDown[0] = true;
      if (g_page.release_after_press) {
        g_page.release_after_press = false;
        g_page.touch_phase = TouchPhase::released;
      }
      break;
    case TouchPhase::released:
      io.MousePos = at;
      io.MouseDown[0] = false;
      g_page.touch_phase = TouchPhase::cleared;
      break;
    case TouchPhase::cleared:
    case TouchPhase::none:
      // No sticky hover or tooltip after a finger lifts.
      io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
      io.MouseDown[0] = false;
      g_page.touch_phase = TouchPhase::none;
      break;
  }
}

void frame() {
  if (!g_page.window) return;
  rebuild_fonts_if_needed();
  if (!g_page.ready) g_page.startup_ms["fonts_built"] = emscripten_get_now();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  g_page.gl_ready = true;
  ImGuiIO& io = ImGui::GetIO();
  // Frames run synchronously inside input handlers can see DeltaTime 0 (WEB-PLATFORM.md §0.i).
  io.DeltaTime = std::clamp(io.DeltaTime, 1e-4f, 0.25f);
  apply_touch(io);
  io.MouseWheel += g_page.wheel_y;
  io.MouseWheelH += g_page.wheel_x;
  g_page.wheel_x = g_page.wheel_y = 0;

  if (g_page.agent.commit) {
    g_page.agent.commit = false;
    ImGui::ClearActiveID();  // Enter / Done / blur on the phone keyboard ends editing
  }
  g_page.agent.active = false;
  ImGui::NewFrame();
  ui::FrameEnv env;
  env.dpr = g_page.dpr;
  env.css_width = g_page.css_w;
  env.catalog = &g_page.catalog;
  env.accuracy = &g_page.accuracy;
  env.porting = &g_page.porting;
  env.agent = &g_page.agent;
  env.touch = g_page.touch_mode;
  env.file_page = g_page.file_page;
  env.can_save_offline = g_page.can_save_offline;
  env.record_text = g_page.record_text;
  if (g_page.logo_texture) {
    env.vendor_logo_texture = reinterpret_cast<void*>(static_cast<std::uintptr_t>(g_page.logo_texture));
    env.vendor_logo_aspect = g_page.logo_aspect;
  }
  upload_share_qr();
  if (g_page.state.estimate.show_qr && !g_page.qr_text.empty()) {
    env.share_qr_too_long = !g_page.qr;
    if (g_page.qr && g_page.qr_texture) {
      env.share_qr_texture = reinterpret_cast<void*>(static_cast<std::uintptr_t>(g_page.qr_texture));
      env.share_qr_modules = g_page.qr->size;
    }
  }
  const bool changed = ui::draw_app(g_page.state, env, g_page.fonts, g_page.report);
  ImGui::Render();
  want_fallback_glyphs();

  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_page.window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  // The content's background: neither it nor the root window draws one (ui/app.cpp draw_app).
  const ImVec4& bg = ui::palette::kContentBg;
  glClearColor(bg.x, bg.y, bg.z, bg.w);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++g_page.frames_rendered;

  if (changed) {
    ui::recompute(g_page.state, g_page.catalog);
    write_url();
    js_announce(ui::summary_line(g_page.state).c_str());
    g_page.frames_pending = std::max(g_page.frames_pending, 2);  // let the layout settle
  }
  // Clipboard writes run here, inside the click's event handler (WEB-PLATFORM.md §6).
  if (g_page.report.copy_link) {
    g_page.report.copy_link = false;
    js_copy_link();
  }
  // So does opening the quote target (a pop-up needs the click's user activation).
  if (g_page.report.ask_quote) {
    g_page.report.ask_quote = false;
    open_quote();
  }
  if (g_page.report.save_picture) {
    g_page.report.save_picture = false;
    // A saved file's file:/// address opens nowhere else: its picture carries no link or code.
    std::string link;
    if (!g_page.file_page) {
      char* href = js_page_href();
      link = href;
      free(href);
    }
    const json spec = ui::result_picture(g_page.state, g_page.catalog, link);
    if (!spec.is_null()) js_save_picture(core::dump_json(spec).c_str());
  }
  if (g_page.report.save_offline) {
    g_page.report.save_offline = false;
    js_save_offline(ui::saved_copy_config(g_page.config_sources, g_page.state).c_str());
  }
  if (!g_page.report.copy_text.empty()) {
    js_copy_text(g_page.report.copy_text.c_str());
    g_page.report.copy_text.clear();
  }
  // Keep rendering while a widget is held (drags, repeat buttons).
  if (ImGui::IsAnyItemActive() || io.MouseDown[0] || g_page.touch_phase != TouchPhase::none) {
    g_page.frames_pending = std::max(g_page.frames_pending, 1);
  }
  if (!g_page.ready) {
    g_page.startup_ms["first_frame"] = emscripten_get_now();
    g_page.ready = true;
    js_first_frame();
  }
}

void main_loop() {
  ++g_page.loop_ticks;
  if (g_page.frames_pending <= 0) {
    emscripten_pause_main_loop();  // no rAF at all while idle (WEB-PLATFORM.md §3)
    g_page.paused = true;
    return;
  }
  --g_page.frames_pending;
  frame();
}

void wake() {
  g_page.frames_pending = std::max(g_page.frames_pending, 3);
  if (g_page.paused) {
    g_page.paused = false;
    emscripten_resume_main_loop();
  }
}

const char* hand_out(const json& j) {
  g_page.out = core::dump_json(j);
  return g_page.out.c_str();
}

}  // namespace

// [SECTION] exports (called from web/glue.js)
extern "C" {

EMSCRIPTEN_KEEPALIVE void app_wake() { wake(); }

EMSCRIPTEN_KEEPALIVE void app_record_text(int on) {
  g_page.record_text = on != 0;
  wake();
}

EMSCRIPTEN_KEEPALIVE void app_frame_now() {
  frame();
  wake();
}

EMSCRIPTEN_KEEPALIVE void app_resize(float css_w, float css_h, float dpr) {
  if (!(css_w > 0 && css_h > 0 && dpr > 0)) return;
  g_page.css_w = css_w;
  g_page.css_h = css_h;
  g_page.dpr = dpr;
  int pw = static_cast<int>(std::lround(css_w * dpr));
  int ph = static_cast<int>(std::lround(css_h * dpr));
  // GLFW 3.1.6 goes fullscreen when the size equals the screen's (WEB-PLATFORM.md §2).
  const int sw = EM_ASM_INT({ return screen.width; });
  const int sh = EM_ASM_INT({ return screen.height; });
  if (pw == sw && ph == sh) ph -= 1;
  if (g_page.window) glfwSetWindowSize(g_page.window, pw, ph);
  wake();
}

// kind: 0 start, 1 move, 2 end, 3 cancel. x, y in CSS px relative to the canvas.
EMSCRIPTEN_KEEPALIVE void app_touch(int kind, float x, float y) {
  g_page.touch_mode = true;
  g_page.touch_x = x * g_page.dpr;
  g_page.touch_y = y * g_page.dpr;
  switch (kind) {
    case 0:
      g_page.touch_phase = TouchPhase::hover;
      g_page.release_after_press = false;
      break;
    case 1:
      break;
    case 3:
      // Cancelled (the browser took the gesture, or the host page scrolls instead, web/glue.js):
      // the finger leaves without pressing anything.
      g_page.touch_phase = TouchPhase::cleared;
      g_page.release_after_press = false;
      break;
    default:
      if (g_page.touch_phase == TouchPhase::hover) {
        g_page.release_after_press = true;  // a tap shorter than a frame still presses once
      } else if (g_page.touch_phase == TouchPhase::down) {
        g_page.touch_phase = TouchPhase::released;
      }
      break;
  }
  wake();
}

EMSCRIPTEN_KEEPALIVE void app_mouse_used() { g_page.touch_mode = false; }

// A wheel or swipe the calculator cannot use (web/glue.js lets the host page scroll instead;
// issue 40: the <div> embed trapped its host's scroll): 1 when the window at (x, y) (CSS px in
// the canvas), or the nearest one around it that scrolls, can go no further in direction `dy`
// (> 0: towards the top, ImGui's wheel sign). The window is looked up at the event's own point,
// not the last frame's hovered one (the host may have scrolled the canvas under a still pointer):
// the topmost window drawn there, as ImGui 1.86's FindHoveredWindow walks g.Windows (children
// after their parents). Then the same walk as its UpdateMouseWheel: a child window that cannot
// scroll passes the wheel to its parent.
EMSCRIPTEN_KEEPALIVE int app_wheel_at_edge(float dy, float x, float y) {
  if (!GImGui) return 0;
  const ImVec2 at(x * g_page.dpr, y * g_page.dpr);
  ImGuiWindow* w = nullptr;
  for (int i = GImGui->Windows.Size - 1; i >= 0 && !w; --i) {
    ImGuiWindow* c = GImGui->Windows[i];
    if (c->Active && !c->Hidden && !(c->Flags & ImGuiWindowFlags_NoMouseInputs) && c->OuterRectClipped.Contains(at)) w = c;
  }
  while (w && (w->Flags & ImGuiWindowFlags_ChildWindow) && w->ScrollMax.y <= 0.0f) w = w->ParentWindow;
  if (!w || w->ScrollMax.y <= 0.0f) return 1;
  return dy > 0 ? (w->Scroll.y <= 0.5f ? 1 : 0) : (w->Scroll.y >= w->ScrollMax.y - 0.5f ? 1 : 0);
}

EMSCRIPTEN_KEEPALIVE void app_wheel(float dx, float dy) {
  g_page.wheel_x += dx;
  g_page.wheel_y += dy;
  wake();
}

// Problems as the test hook reports them: "path: message" each.
json texts(const core::Diagnostics& d) {
  json a = json::array();
  for (const auto& x : d) a.push_back(x.text());
  return a;
}

EMSCRIPTEN_KEEPALIVE const char* app_test_state() {
  json missing = json::array();
  for (unsigned c : g_page.report.missing_glyphs) missing.push_back(c);
  const ImGuiIO& io = ImGui::GetIO();
  return hand_out({
      {"view", ui::view_name(g_page.state.view)},
      {"about_open", g_page.state.about_open},
      {"compare", {{"filter", g_page.state.compare.filter}, {"domestic_only", g_page.state.compare.domestic_only},
                   {"picked", g_page.state.compare.picked}, {"detail", g_page.state.compare.detail_id},
                   {"side_by_side", g_page.state.compare.side_by_side}, {"sort_column", g_page.state.compare.sort_column},
                   {"offer", g_page.state.cost.offer}}},
      {"check", {{"chars", g_page.state.check.pasted.size()}, {"format", core::format_name(g_page.state.check.report.format)},
                 {"devices", [] {
                    json a = json::array();
                    for (const auto& d : g_page.state.check.report.devices) a.push_back({{"name", d.raw_name}, {"id", d.matched_id}, {"verdict", core::verdict_name(d.verdict)}});
                    return a;
                  }()}}},
      {"catalog", {{"accelerators", g_page.catalog.accelerators.size()}, {"models", g_page.catalog.models.size()},
                   {"problems", texts(g_page.catalog_problems)}}},
      {"config_problems", texts(g_page.config_problems)},
      {"page_problems", texts(g_page.state.page_problems)},
      {"vendor", [] {
         if (!g_page.catalog.vendor) return json(nullptr);
         json offers = json::object();  // the vendor's own rent per card-hour, by card id
         for (const auto& a : g_page.catalog.accelerators) {
           if (a.vendor_rent_cny_per_card_hour) offers[a.id] = *a.vendor_rent_cny_per_card_hour;
         }
         const core::VendorInfo& v = *g_page.catalog.vendor;
         return json{{"name", v.name}, {"contact", v.contact}, {"url", v.url}, {"quote", v.quote},
                     {"logo_shown", g_page.logo_texture != 0},
                     {"color", v.color_rgb ? json(*v.color_rgb) : json(nullptr)}, {"rent_cny_per_card_hour", offers},
                     {"hidden", [] {
                        json h = json::array();
                        for (const auto& a : g_page.catalog.accelerators) if (a.hidden) h.push_back(a.id);
                        return h;
                      }()}};
       }()},
      {"want_text", g_page.agent.active},
      {"drawn_text", g_page.report.drawn_text},
      {"quoted_text", g_page.report.quoted_text},
      {"lang", core::lang_code(g_page.state.lang)},
      {"scenario", json::parse(g_page.state.derived.scenario_json, nullptr, false)},
      {"results", [] {
         const ui::Derived& d = g_page.state.derived;
         json r = json::object();
         json errs = json::array();
         for (const auto& p : d.problems) errs.push_back(p.text());
         r["errors"] = errs;
         if (d.estimate) {
           r["memory_total"] = d.estimate->total_bytes;
           r["weights"] = d.estimate->memory.weights_bytes;
           r["fits"] = d.estimate->fits ? json(*d.estimate->fits) : json(nullptr);
           // Estimate's own verdict from the memory range (fits / tight / does_not_fit), as its headline says.
           if (const core::Accelerator* g = d.scenario.gpu; g && g->memory_bytes) {
             const core::FitVerdict v = core::fit_verdict(g_page.accuracy, d.estimate->total_bytes, *g->memory_bytes);
             r["verdict"] = v == core::FitVerdict::fits ? "fits" : v == core::FitVerdict::tight ? "tight" : "does_not_fit";
           }
           r["days"] = d.estimate->days ? json(*d.estimate->days) : json(nullptr);
           r["days_expected"] = d.estimate->days_expected ? json(*d.estimate->days_expected) : json(nullptr);
           r["days_manual"] = d.estimate->days_manual ? json(*d.estimate->days_manual) : json(nullptr);
           r["decode_total"] = d.estimate->decode_tokens_per_s_total ? json(*d.estimate->decode_tokens_per_s_total) : json(nullptr);
           r["it_per_s"] = d.estimate->it_per_s ? json(*d.estimate->it_per_s) : json(nullptr);
           r["train_s"] = d.estimate->train_s ? json(*d.estimate->train_s) : json(nullptr);
           r["s_per_clip"] = d.estimate->s_per_clip ? json(*d.estimate->s_per_clip) : json(nullptr);
           r["clips_per_hour"] = d.estimate->clips_per_hour ? json(*d.estimate->clips_per_hour) : json(nullptr);
           r["fps"] = d.estimate->fps ? json(*d.estimate->fps) : json(nullptr);
           r["streams"] = d.estimate->streams ? json(*d.estimate->streams) : json(nullptr);
           r["streams_limit"] = core::streams_limit(*d.estimate);
         }
         json lineup = json::array();  // the vision job on the cards buyers weigh, as Estimate lists them
         for (const auto& run : d.vision_lineup) {
           lineup.push_back({{"card", run.card->id}, {"fps", run.estimate.fps ? json(*run.estimate.fps) : json(nullptr)},
                             {"streams", run.estimate.streams ? json(*run.estimate.streams) : json(nullptr)},
                             {"limit", core::streams_limit(run.estimate)}});
         }
         r["vision_lineup"] = lineup;
         json vlineup = json::array();  // the video clip on the cards buyers weigh, as Estimate lists them
         for (const auto& run : d.video_lineup) {
           vlineup.push_back({{"card", run.card->id}, {"cards", run.cards},
                              {"s_per_clip", run.estimate.s_per_clip ? json(*run.estimate.s_per_clip) : json(nullptr)}});
         }
         r["video_lineup"] = vlineup;
         if (d.cost && d.cost->break_even_months) r["break_even_months"] = *d.cost->break_even_months;
         if (d.cost && d.cost->rent_cny_per_hour) {
           r["rent_cny_per_hour"] = *d.cost->rent_cny_per_hour;  // all cards, VAT included
           r["vat_services"] = d.cost->vat_services;
           r["gpus"] = g_page.state.derived.scenario.parallel.gpus;
         }
         if (d.recommendation) {
           r["options"] = d.recommendation->options.size();
           r["nothing_fits"] = d.recommendation->nothing_fits;
           if (!d.recommendation->options.empty()) {
             const auto& o = d.recommendation->options.front();
             r["top"] = {{"card", o.card->id}, {"cards", o.cards}};
           }
           json shown = json::array();  // what the Recommend view lists, in order
           for (const auto& o : d.recommendation->options) {
             if (shown.size() >= 12) break;
             shown.push_back({{"card", o.card->id}, {"cards", o.cards}, {"tp", o.scenario.parallel.tp},
                              {"memory_total", o.estimate.total_bytes}, {"fits", o.estimate.fits.value_or(false)},
                              {"days", o.job_days ? json(*o.job_days) : json(nullptr)}});
           }
           r["shown"] = shown;
           json left = json::array();  // what the ranking left out, by rule, with its count
           for (const auto& n : d.recommendation->left_out) left.push_back({{"code", n.code}, {"args", n.args}});
           r["left_out"] = left;
         }
         return r;
       }()},
      {"summary", ui::summary_line(g_page.state)},
      {"frames", g_page.frames_rendered},
      {"loop_ticks", g_page.loop_ticks},
      {"paused", g_page.paused},
      {"dpr", g_page.dpr},
      {"css", {g_page.css_w, g_page.css_h}},
      {"display", {io.DisplaySize.x, io.DisplaySize.y}},
      {"font_px", g_page.fonts.body_px},
      {"atlas", {io.Fonts->TexWidth, io.Fonts->TexHeight}},
      {"missing_glyphs", missing},
      {"startup_ms", g_page.startup_ms},
  });
}

// The text agent (WEB-PLATFORM.md §1.3): the page asks what the active field wants, and feeds
// the hidden <input>/<textarea>'s value back.
EMSCRIPTEN_KEEPALIVE const char* app_agent_query() {
  const ui::TextAgent& a = g_page.agent;
  return hand_out({{"active", a.active}, {"numeric", a.numeric}, {"multiline", a.multiline}, {"text", a.current},
                   {"x", a.x}, {"y", a.y}});
}

// `text`: `bytes` of UTF-8 in the heap (web/glue.js Module.heapString; never through ccall's
// 'string', which copies onto the stack: a 1.1 MB paste overflowed it, issue 40).
EMSCRIPTEN_KEEPALIVE void app_agent_input(const char* text, int bytes) {
  const std::string_view typed = text && bytes > 0 ? std::string_view(text, static_cast<std::size_t>(bytes)) : std::string_view();
  g_page.agent.pending = true;
  // Typed text is cleaned before ImGui sees it (emoji, broken UTF-8, control characters); a
  // paste keeps its first ui::kMaxTextBytes (what parse_smi reads), and the box says so.
  g_page.agent.cut = typed.size() > ui::kMaxTextBytes;
  g_page.agent.text = core::clean_typed_text(typed, ui::kMaxTextBytes);
  wake();
}

// The vendor's logo as RGBA pixels (web/glue.js loadLogo drew the data URI on a 2D canvas): a
// texture for the vendor bar, sampled LINEAR (it is drawn at about the size it was decoded).
EMSCRIPTEN_KEEPALIVE void app_logo(const unsigned char* rgba, int w, int h) {
  if (!rgba || w <= 0 || h <= 0 || w > 4096 || h > 4096) return;
  upload_rgba(g_page.logo_texture, rgba, w, h, GL_LINEAR);
  g_page.logo_aspect = static_cast<float>(w) / static_cast<float>(h);
  wake();
}

// A starting scenario from the host page ("xuanka:load", web/glue.js): read as a link's hash is,
// so vendor data in it is ignored and what does not read is listed on the page.
EMSCRIPTEN_KEEPALIVE void app_load_link(const char* params, int bytes) {
  ui::ConfigSources src;
  src.hash = params && bytes > 0 ? std::string(params, static_cast<std::size_t>(bytes)) : std::string();
  ui::PageConfig cfg = ui::read_config(src);
  g_page.config_problems = cfg.problems;
  ui::apply_state(cfg.state, g_page.state, g_page.catalog, g_page.config_problems);
  show_problems();
  ui::recompute(g_page.state, g_page.catalog);
  write_url();
  wake();
}

EMSCRIPTEN_KEEPALIVE void app_agent_commit() {
  g_page.agent.commit = true;
  wake();
}

EMSCRIPTEN_KEEPALIVE const char* app_test_rects() {
  json r = json::object();
  for (const auto& [id, rect] : g_page.report.rects) r[id] = {{"x", rect.x}, {"y", rect.y}, {"w", rect.w}, {"h", rect.h}};
  return hand_out(r);
}

}  // extern "C"

// [SECTION] main
int main() {
  g_page.startup_ms["main"] = emscripten_get_now();
  {
    core::Diagnostics d;
    g_page.catalog = core::load_embedded_catalog(d);
    g_page.accuracy = core::load_embedded_accuracy(d);
    g_page.porting = core::load_embedded_porting(d);
    for (const auto& x : d) g_page.catalog_problems.push_back(x);
  }
  g_page.startup_ms["catalog_loaded"] = emscripten_get_now();
  read_config();
  ui::set_card_names(g_page.catalog);  // notices name cards in the page's language
  {
    char* t = js_today();
    g_page.state.today = t ? t : "";
    g_page.file_page = js_file_page() != 0;
    g_page.can_save_offline = js_can_save_offline() != 0;
    free(t);
  }
  ui::recompute(g_page.state, g_page.catalog);
  g_page.startup_ms["first_results"] = emscripten_get_now();
  if (!glfwInit()) {
    js_fatal("glfwInit failed");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  g_page.dpr = static_cast<float>(emscripten_get_device_pixel_ratio());
  g_page.css_w = static_cast<float>(EM_ASM_DOUBLE({ return Module.canvas.getBoundingClientRect().width; }));
  g_page.css_h = static_cast<float>(EM_ASM_DOUBLE({ return Module.canvas.getBoundingClientRect().height; }));
  if (g_page.css_w <= 0) g_page.css_w = 800;
  if (g_page.css_h <= 0) g_page.css_h = 600;
  g_page.window = glfwCreateWindow(static_cast<int>(std::lround(g_page.css_w * g_page.dpr)),
                                   static_cast<int>(std::lround(g_page.css_h * g_page.dpr)), "xuanka", nullptr, nullptr);
  if (!g_page.window) {
    js_fatal("WebGL2 context could not be created");
    return 1;
  }
  glfwMakeContextCurrent(g_page.window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no file system
  io.ConfigInputTextCursorBlink = false;  // a blinking caret would need frames while idle
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui_ImplGlfw_InitForOpenGL(g_page.window, true);
  glfwSetScrollCallback(g_page.window, nullptr);  // the raw DOM deltas are wrong; glue.js feeds app_wheel
  ImGui_ImplOpenGL3_Init("#version 300 es");
  write_url();
  // The vendor's logo, decoded by the browser and handed back as pixels (app_logo), 32 CSS px high.
  if (g_page.catalog.vendor && !g_page.catalog.vendor->logo.empty()) {
    js_load_logo(g_page.catalog.vendor->logo.c_str(), static_cast<int>(std::lround(32.0f * g_page.dpr)));
  }
  g_page.startup_ms["gl_ready"] = emscripten_get_now();
  emscripten_set_main_loop(main_loop, 0, false);
  return 0;
}
