#!/usr/bin/env bash
# Writes catalog/accuracy.json: the estimator held against every validation set (tests/validation.md).
# Run after a change to the estimator; a Catch2 test fails while the file is out of date.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=build/native/core/xuanka
v=tests/vectors
"$bin" accuracy public=$v/validation_public.jsonl vision_public=$v/validation_vision_public.jsonl \
  serving_public=$v/validation_serving_public.jsonl serving_own=$v/validation_serving_own.jsonl \
  llm_own=$v/validation_llm_own.jsonl vision_own=$v/validation_vision_own.jsonl measured=$v/validation_measured.jsonl \
  video_own=$v/validation_video_own.jsonl > catalog/accuracy.json
echo "catalog/accuracy.json written"
