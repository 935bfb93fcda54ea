// Tests of URL parameter parsing and language codes (tests layer).
#include <catch2/catch.hpp>

#include "core/lang.h"
#include "core/url_params.h"
#include "vectors_io.h"

using namespace xuanka::core;

TEST_CASE("url: query and hash parameters parse as the vectors expect") {
  const auto doc = xuanka::test::load_vectors("url_params.json");
  for (const auto& c : doc.at("cases")) {
    INFO(c.at("name").get<std::string>());
    const auto got = parse_url_params(c.at("input").get<std::string>());
    std::map<std::string, std::string> want;
    for (const auto& [k, v] : c.at("expect").items()) want[k] = v.get<std::string>();
    CHECK(got == want);
  }
}

TEST_CASE("url: formatting then parsing gives back the same parameters") {
  const std::map<std::string, std::string> p{{"lang", "zh"}, {"s", "{\"model\":\"llama-2-7b\"} & 选卡"}};
  CHECK(parse_url_params(format_url_params(p)) == p);
  // RFC 3986 unreserved characters pass through; a space is %20 and '&' is %26.
  CHECK(format_url_params({{"k", "a b&c-d_e.f~"}}) == "k=a%20b%26c-d_e.f~");
}

TEST_CASE("lang: language codes map to zh or en, anything else is rejected") {
  CHECK(parse_lang("zh") == Lang::zh);
  CHECK(parse_lang("zh-CN") == Lang::zh);
  CHECK(parse_lang("en") == Lang::en);
  CHECK(parse_lang("en-US") == Lang::en);
  CHECK_FALSE(parse_lang("fr").has_value());
  CHECK_FALSE(parse_lang("").has_value());
}
