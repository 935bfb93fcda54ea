// The About panel (ui layer): version, build date, and the licences of what the page embeds.
#include <string>

#include "ui/licenses.h"
#include "ui/panels.h"
#include "ui/strings.h"

namespace xuanka::ui {

void draw_about(AppState& state, FrameCtx& ctx) {
  const core::Lang L = state.lang;
  text_wrapped(ctx, tr(L, Str::welcome_body));
  ImGui::Spacing();
  text_wrapped(ctx, tr(L, Str::about_body));
  ImGui::Spacing();
  const std::string version = std::string(tr(L, Str::version)) + ": " + XUANKA_VERSION;
  const std::string date = std::string(tr(L, Str::build_date)) + ": " + XUANKA_BUILD_DATE;
  text(ctx, version.c_str());
  track(ctx, "about.version");
  text(ctx, date.c_str());
  ImGui::Spacing();
  text(ctx, tr(L, Str::licenses));
  struct Lic {
    const char* id;
    Str title;
    std::string_view body;
  };
  const Lic lics[] = {
      {"about.lic.font", Str::license_font, licenses::noto_ofl()},
      {"about.lic.imgui", Str::license_imgui, licenses::imgui_mit()},
      {"about.lic.json", Str::license_json, licenses::nlohmann_mit()},
      {"about.lic.qr", Str::license_qr, licenses::qrcodegen_mit()},
  };
  for (const Lic& l : lics) {
    if (collapsing(ctx, l.id, tr(L, l.title))) {
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextUnformatted(l.body.data(), l.body.data() + l.body.size());
      ImGui::PopTextWrapPos();
    }
  }
}

}  // namespace xuanka::ui
