// A warning or reason with a stable code (core layer): the CLI prints `en`; the interface
// translates by `code` and fills `args` into its own wording.
#pragma once
#include <string>
#include <vector>

namespace xuanka::core {

struct Notice {
  std::string code;               // e.g. "nvlink_capped"
  std::vector<std::string> args;  // values for the translated template, in order
  std::string en;                 // the English sentence
};

inline Notice notice(std::string code, std::string en, std::vector<std::string> args = {}) {
  return Notice{std::move(code), std::move(args), std::move(en)};
}

}  // namespace xuanka::core
