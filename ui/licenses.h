// Licence texts of what the page embeds (ui layer; embedded from public/licenses/ at build time).
#pragma once
#include <cstddef>
#include <string_view>

namespace xuanka::embedded {
extern const char k_license_noto[];
extern const std::size_t k_license_noto_size;
extern const char k_license_imgui[];
extern const std::size_t k_license_imgui_size;
extern const char k_license_json[];
extern const std::size_t k_license_json_size;
extern const char k_license_qr[];
extern const std::size_t k_license_qr_size;
}  // namespace xuanka::embedded

namespace xuanka::ui::licenses {
inline std::string_view noto_ofl() { return {embedded::k_license_noto, embedded::k_license_noto_size}; }
inline std::string_view imgui_mit() { return {embedded::k_license_imgui, embedded::k_license_imgui_size}; }
inline std::string_view nlohmann_mit() { return {embedded::k_license_json, embedded::k_license_json_size}; }
inline std::string_view qrcodegen_mit() { return {embedded::k_license_qr, embedded::k_license_qr_size}; }
}  // namespace xuanka::ui::licenses
