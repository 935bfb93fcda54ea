// View names for the URL and the test hook (ui layer).
#include "ui/app_state.h"

namespace xuanka::ui {

namespace {
constexpr std::pair<View, const char*> kViews[] = {
#define X(v, label, draw) {View::v, #v},
#include "ui/views.inc"
#undef X
};
}  // namespace

const char* view_name(View v) {
  for (const auto& [view, name] : kViews) {
    if (view == v) return name;
  }
  return "estimate";
}

bool parse_view(const std::string& s, View& out) {
  for (const auto& [view, name] : kViews) {
    if (s == name) {
      out = view;
      return true;
    }
  }
  return false;
}

}  // namespace xuanka::ui
