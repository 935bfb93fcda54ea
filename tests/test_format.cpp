// Tests of display formatting: binary vs decimal bytes, counts, CNY in 万/亿 (tests layer).
#include <cmath>

#include <catch2/catch.hpp>

#include "core/format.h"

using namespace xuanka::core;

TEST_CASE("format: an 80 GiB card shows as 80 GiB, and as 85.9 GB in decimal units") {
  // 80 * 2^30 = 85,899,345,920 bytes = 85.9 GB (10^9).
  CHECK(format_bytes_binary(80.0 * 1073741824.0) == "80 GiB");
  CHECK(format_bytes_decimal(80.0 * 1073741824.0) == "85.9 GB");
}

TEST_CASE("format: KV cache of 128 KiB per token reads as 128 KiB") {
  CHECK(format_bytes_binary(131072.0) == "128 KiB");  // 2 * 32 layers * 8 kv heads * 128 * 2 B
}

TEST_CASE("format: significant digits, no exponent, trailing zeros dropped") {
  CHECK(format_sig(31.4159, 3) == "31.4");
  CHECK(format_sig(0.012345, 3) == "0.0123");
  CHECK(format_sig(1200.0, 3) == "1200");
  CHECK(format_sig(2.0, 3) == "2");
  CHECK(format_sig(0.0, 3) == "0");
  // Never "NaN" or "inf" on the page (issue 14), never hundreds of digits.
  CHECK(format_sig(std::nan(""), 3) == "\xE2\x80\x94");
  CHECK(format_sig(HUGE_VAL, 3) == "\xE2\x80\x94");
  CHECK(format_sig(1e300, 3) == "1e+300");
  CHECK(format_grouped(HUGE_VAL) == "\xE2\x80\x94");
}

TEST_CASE("format: parameter counts use K/M/B") {
  CHECK(format_count(6.74e9) == "6.74B");
  CHECK(format_count(350e6) == "350M");
  CHECK(format_count(12000) == "12K");
}

TEST_CASE("format: CNY uses 万 and 亿 in Chinese, K/M/B in English") {
  // 1 万 = 10^4, 1 亿 = 10^8.
  CHECK(format_cny(125000, Lang::zh) == "12.5 万元");
  CHECK(format_cny(3.2e8, Lang::zh) == "3.2 亿元");
  CHECK(format_cny(8600, Lang::zh) == "¥8,600");
  CHECK(format_cny(8600, Lang::en) == "¥8,600");
  CHECK(format_cny(125000, Lang::en) == "¥125K");
  CHECK(format_cny(3.2e8, Lang::en) == "¥320M");
  CHECK(format_cny(12.5, Lang::en) == "¥12.5");
}

TEST_CASE("format: large quantities (GPU-hours) in 万 and 亿 in Chinese, K/M/B in English") {
  // 1 万 = 10^4, 1 亿 = 10^8; below 10^5 the digits are short enough to read grouped.
  CHECK(format_quantity(43870, Lang::zh) == "43,870");
  CHECK(format_quantity(672124, Lang::zh) == "67.2 万");
  CHECK(format_quantity(31269762, Lang::zh) == "3,127 万");
  CHECK(format_quantity(5.2e8, Lang::zh) == "5.2 亿");
  CHECK(format_quantity(43870, Lang::en) == "43,870");
  CHECK(format_quantity(672124, Lang::en) == "672K");
  CHECK(format_quantity(31269762, Lang::en) == "31.3M");
  CHECK(format_quantity(5.2e9, Lang::en) == "5.2B");
}

TEST_CASE("format: thousands separators") {
  CHECK(format_grouped(1234567) == "1,234,567");
  CHECK(format_grouped(999) == "999");
  CHECK(format_grouped(-1000) == "-1,000");
}
