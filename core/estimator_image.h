// The image-generation and vision estimators (core layer: core/estimator_diffusion.cpp,
// core/estimator_vision.cpp), called by estimate() for models of kind diffusion and vision.
// Internal to core.
#pragma once
#include "core/estimator.h"

namespace xuanka::core {

void estimate_diffusion(const Scenario& s, Estimate& e);
void estimate_vision(const Scenario& s, Estimate& e);

}  // namespace xuanka::core
