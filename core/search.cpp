// Search with Chinese names (core layer).
#include "core/search.h"

#include <algorithm>
#include <cctype>
#include <utility>
#include <vector>

namespace xuanka::core {

namespace {
// Chinese names of vendors, products and model families -> how the catalog spells them
// (catalog/accelerators.json vendor and name, catalog/models.json name).
const std::pair<const char*, const char*> kAliases[] = {
    {"华为", "huawei"},      {"海思", "hisilicon"},    {"昇腾", "ascend"},        {"英伟达", "nvidia"},
    {"辉达", "nvidia"},      {"寒武纪", "cambricon"},  {"思元", "mlu"},           {"海光", "hygon"},
    {"深算", "dcu"},         {"昆仑芯", "kunlun"},     {"昆仑", "kunlun"},        {"百度", "baidu"},
    {"摩尔线程", "moore"},   {"沐曦", "metax"},        {"壁仞", "biren"},         {"天数智芯", "iluvatar"},
    {"天数", "iluvatar"},    {"燧原", "enflame"},      {"超威", "amd"},           {"英特尔", "intel"},
    {"千问", "qwen"},        {"通义", "qwen"},         {"深度求索", "deepseek"},  {"智谱", "glm"},
    {"月之暗面", "kimi"},    {"百川", "baichuan"},     {"零一万物", "yi-"},       {"书生", "internlm"},
    {"浦语", "internlm"},    {"文心", "ernie"},        {"混元", "hunyuan"},       {"羊驼", "llama"},
    {"稳定扩散", "stable diffusion"}, {"目标检测", "yolo"}, {"显卡", ""},         {"模型", ""}};

std::string lower_ascii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

bool search_matches(const std::string& query, std::initializer_list<std::string> fields) {
  std::string q = lower_ascii(query);
  for (const auto& [zh, en] : kAliases) {
    const std::string from = zh;
    for (std::size_t at = q.find(from); at != std::string::npos; at = q.find(from, at)) {
      const std::string to = std::string(" ") + en + " ";
      q.replace(at, from.size(), to);
      at += to.size();
    }
  }
  std::vector<std::string> hay;
  for (const auto& f : fields) hay.push_back(lower_ascii(f));
  // Whitespace-separated words (no iostreams: they would pull libc++'s locale machinery into the
  // page's code).
  for (std::size_t at = 0;;) {
    at = q.find_first_not_of(" \t\n\v\f\r", at);
    if (at == std::string::npos) break;
    const std::size_t end = std::min(q.size(), q.find_first_of(" \t\n\v\f\r", at));
    const std::string w = q.substr(at, end - at);
    at = end;
    bool found = false;
    for (const auto& h : hay) found = found || h.find(w) != std::string::npos;
    if (!found) return false;
  }
  return true;
}

}  // namespace xuanka::core
