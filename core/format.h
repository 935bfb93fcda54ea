// Number formatting for display (core layer): bytes in GiB/GB, counts, CNY with 万/亿.
#pragma once
#include <string>

#include "core/lang.h"

namespace xuanka::core {

inline constexpr double kBytesPerGiB = 1073741824.0;  // 2^30
inline constexpr double kBytesPerGB = 1e9;            // 10^9

// A value with `sig` significant digits, no exponent, trailing zeros dropped: 31.4, 0.0125, 1200.
std::string format_sig(double value, int sig = 3);

// Bytes as binary units (what a card's memory is sold and shown in): "79.6 GiB", "512 MiB".
std::string format_bytes_binary(double bytes);
// Bytes as decimal units (papers, disks): "31.4 GB", "820 kB".
std::string format_bytes_decimal(double bytes);

// Parameter counts: 6.74B, 350M, 12K (counts, never bytes).
std::string format_count(double n);

// Money in CNY. zh: "¥8,600", "12.5 万元", "3.2 亿元"; en: "¥8,600", "¥125K", "¥320M".
std::string format_cny(double cny, Lang lang);

// Rates: FLOP/s as TFLOPS ("989"), bytes/s as GB/s ("3350"), bytes as GiB ("80").
std::string format_tflops(double flops_per_s);
std::string format_gb_per_s(double bytes_per_s);
std::string format_gib(double bytes);

// Integer with thousands separators: 1234567 -> "1,234,567".
std::string format_grouped(double value);
// A large quantity (GPU-hours) as a reader says it: zh "4.39 万", "3,127 万", "5.2 亿" (万 from
// 10^5 on, as format_cny), en "43,870", "439K", "31.3M"; below 10^5 grouped in both.
std::string format_quantity(double value, Lang lang);

}  // namespace xuanka::core
