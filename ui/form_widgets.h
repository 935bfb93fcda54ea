// Labelled form rows for the input panels (ui layer): label left of the widget on a desktop,
// above it on a phone; combos of enum words with translated names.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/enums.h"
#include "ui/strings.h"
#include "ui/text_field.h"

namespace xuanka::ui {

struct Choice {
  std::string word;   // the contract's word (or an id)
  std::string label;  // what the user reads
};

// Starts a row: draws the label and positions the cursor for the widget.
void row_label(FrameCtx& ctx, const char* label);
bool combo_row(FrameCtx& ctx, const char* id, const char* label, std::string& value, const std::vector<Choice>& choices);
bool number_row(FrameCtx& ctx, const char* id, const char* label, std::string& value);
bool check_row(FrameCtx& ctx, const char* id, const char* label, bool& value);

// The choices of a contract enum, from its table (core/enums.h): word and translated label.
template <class E>
std::vector<Choice> enum_choices(core::Lang L) {
  std::vector<Choice> out;
  for (const auto& r : core::EnumTable<E>::rows()) out.push_back({r.word, tr_key(L, r.label)});
  return out;
}

// The kinds of rent a price can be (OfferKind without purchase), for the offer pickers.
std::vector<Choice> rent_offer_choices(core::Lang L);

}  // namespace xuanka::ui
