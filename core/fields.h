// The contract's simple fields, one row each (core layer): a number at a path, its range, its place
// in Scenario, the tasks and kinds of model it applies to, and its label in both languages (as
// llama.cpp keeps LLM_KV_NAMES and its argument table). core/contract.cpp reads and writes every
// row by iterating this table, the page's form keeps their text by path and its Estimate panel
// draws one row per entry: a new simple field is a row here, a member in core/scenario.h and its
// physics. A field with rules across fields (a value that depends on another) stays code in
// core/contract.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/enums.h"
#include "core/lang.h"

namespace xuanka::core {

struct Scenario;

struct FieldRow {
  const char* section;  // the object it sits in: "" (the scenario itself), "serving", "image", "video", "vision"
  const char* key;      // its key there: "prefix_cache_hit"
  double lo, hi;        // the accepted range, both ends included
  bool integer;         // whole numbers only
  double example;       // a typical value (the round-trip test's; within [lo, hi] and the field's rules)
  unsigned tasks;       // bit (1 << Task) for each task it applies to
  unsigned kinds;       // bit (1 << ModelKind) for each kind of model it applies to
  const char* row;      // the page's Estimate row that edits it ("est.prefix_hit")
  const char* zh;       // its label on the page
  const char* en;
  std::optional<double> (*get)(const Scenario&);  // the value to write; nullopt: the default, left out
  void (*set)(Scenario&, double);                 // takes a value read within [lo, hi]

  std::string path() const { return *section ? std::string(section) + "." + key : std::string(key); }
  bool applies(Task t, ModelKind k) const { return (tasks >> static_cast<int>(t) & 1u) && (kinds >> static_cast<int>(k) & 1u); }
  const char* label(Lang l) const { return l == Lang::zh ? zh : en; }
};

const std::vector<FieldRow>& field_rows();
// The row at `path` ("serving.prefix_cache_hit"), or nullptr.
const FieldRow* find_field(std::string_view path);

}  // namespace xuanka::core
