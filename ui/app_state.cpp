// View names for the URL and the test hook (ui layer).
#include "ui/app_state.h"

namespace xuanka::ui {

namespace {
constexpr std::pair<View, const char*> kViews[] = {
    {View::estimate, "estimate"}, {View::recommend, "recommend"}, {View::compare, "compare"},
    {View::cost, "cost"},         {View::check, "check"}};
}  // namespace

const char* view_name(View v) {
  for (const auto& [view, name] : kViews) {
    if (view == v) return name;
  }
  return "compare";
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
