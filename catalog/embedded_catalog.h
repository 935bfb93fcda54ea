// The catalog JSON, embedded at build time (catalog layer; see catalog/CMakeLists.txt).
#pragma once
#include <cstddef>
#include <string_view>

namespace xuanka::embedded {
extern const char k_accelerators_json[];
extern const std::size_t k_accelerators_json_size;
extern const char k_models_json[];
extern const std::size_t k_models_json_size;
extern const char k_regions_json[];
extern const std::size_t k_regions_json_size;
extern const char k_accuracy_json[];
extern const std::size_t k_accuracy_json_size;
extern const char k_porting_json[];
extern const std::size_t k_porting_json_size;

inline std::string_view accelerators_json() { return {k_accelerators_json, k_accelerators_json_size}; }
inline std::string_view models_json() { return {k_models_json, k_models_json_size}; }
inline std::string_view regions_json() { return {k_regions_json, k_regions_json_size}; }
inline std::string_view accuracy_json() { return {k_accuracy_json, k_accuracy_json_size}; }
inline std::string_view porting_json() { return {k_porting_json, k_porting_json_size}; }
}  // namespace xuanka::embedded
