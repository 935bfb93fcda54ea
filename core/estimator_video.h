// The video-generation estimator (core layer), called by estimate() for models of kind video.
// Internal to core.
#pragma once
#include "core/estimator.h"

namespace xuanka::core {

void estimate_video(const Scenario& s, Estimate& e);

}  // namespace xuanka::core
