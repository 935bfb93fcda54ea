// Search as Chinese users type it (core layer): 华为 finds the Ascend cards, 千问 the Qwen models.
#pragma once
#include <initializer_list>
#include <string>

namespace xuanka::core {

// True when every word of `query` (spaces separate words; case is ignored) is found in one of
// `fields` (names, vendors, ids). A Chinese company or product name in the query also matches
// its catalog spelling (华为 -> huawei, 昇腾 -> ascend, 千问 -> qwen ...). An empty query matches.
bool search_matches(const std::string& query, std::initializer_list<std::string> fields);

}  // namespace xuanka::core
