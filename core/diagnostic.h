// A problem found in input (core layer): the JSON path it is at, what was expected and what was
// found. No JSON library here: core/json_reader.h reads JSON and reports these.
#pragma once
#include <string>
#include <vector>

namespace xuanka::core {

// What kind of problem, so an interface can say it in its own words without reading `message`.
enum class DiagCode {
  bad_value,      // a value of the wrong type, range or word (the default)
  unknown_key,    // a key the contract does not have
  not_json,       // text that does not parse as JSON
  too_long,       // text over the reader's size limit
  too_deep,       // JSON nested deeper than kMaxJsonDepth
  duplicate_key,  // a key twice in one object
  not_offered,    // a card the page's vendor does not offer
  link_vendor,    // vendor data (name, prices) in a share link, which may not change them
};

struct Diagnostic {
  std::string path;      // JSON path, e.g. "accelerators[3].memory_gib"
  std::string message;   // what was expected and what was found (English, for the CLI and logs)
  DiagCode code = DiagCode::bad_value;
  std::string text() const { return path + ": " + message; }
};
using Diagnostics = std::vector<Diagnostic>;

}  // namespace xuanka::core
