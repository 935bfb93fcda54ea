// A problem found in input (core layer): the JSON path it is at, what was expected and what was
// found. No JSON library here: core/json_reader.h reads JSON and reports these.
#pragma once
#include <string>
#include <vector>

namespace xuanka::core {

struct Diagnostic {
  std::string path;      // JSON path, e.g. "accelerators[3].memory_gib"
  std::string message;   // what was expected and what was found
  std::string text() const { return path + ": " + message; }
};
using Diagnostics = std::vector<Diagnostic>;

}  // namespace xuanka::core
