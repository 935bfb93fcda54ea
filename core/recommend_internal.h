// What the recommender's units share inside core (core/recommend.cpp, core/serving_plan.cpp).
// Internal to core.
#pragma once
#include "core/recommend.h"

namespace xuanka::core {

// A card the constraints allow (domestic only, form factors, in stock, rack power).
bool card_allowed(const Accelerator& a, const Constraints& c);

}  // namespace xuanka::core
