// Number formatting for display (core layer).
#include "core/format.h"

#include <cmath>
#include <cstdio>

namespace xuanka::core {

std::string format_sig(double value, int sig) {
  // A result that cannot be computed is never shown as "NaN" or "inf" (issue 14): a dash.
  if (!std::isfinite(value)) return "\xE2\x80\x94";  // U+2014
  if (value == 0) return "0";
  if (std::fabs(value) >= 1e15) {  // beyond any real count or price: scientific, not 300 digits
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", sig, value);
    return buf;
  }
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  int decimals = sig - 1 - magnitude;
  if (decimals < 0) decimals = 0;
  if (decimals > 12) decimals = 12;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  std::string s = buf;
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  return s;
}

namespace {
std::string scaled(double v, double base, const char* const* units, int n_units) {
  int i = 0;
  double x = v;
  while (i + 1 < n_units && std::fabs(x) >= base) {
    x /= base;
    ++i;
  }
  return format_sig(x, 3) + " " + units[i];
}
}  // namespace

std::string format_bytes_binary(double bytes) {
  static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  return scaled(bytes, 1024.0, kUnits, 6);
}

std::string format_bytes_decimal(double bytes) {
  static const char* const kUnits[] = {"B", "kB", "MB", "GB", "TB", "PB"};
  return scaled(bytes, 1000.0, kUnits, 6);
}

std::string format_count(double n) {
  static const char* const kUnits[] = {"", "K", "M", "B", "T"};
  int i = 0;
  double x = n;
  while (i < 4 && std::fabs(x) >= 1000.0) {
    x /= 1000.0;
    ++i;
  }
  return format_sig(x, 3) + kUnits[i];
}

std::string format_grouped(double value) {
  if (!std::isfinite(value)) return format_sig(value);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.0f", std::fabs(value));
  std::string digits = buf, out;
  const int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    out.push_back(digits[i]);
    if ((n - 1 - i) % 3 == 0 && i != n - 1) out.push_back(',');
  }
  return (value < 0 && out != "0" ? "-" : "") + out;
}

std::string format_tflops(double flops_per_s) { return format_sig(flops_per_s / 1e12, 4); }
std::string format_gb_per_s(double bytes_per_s) { return format_sig(bytes_per_s / kBytesPerGB, 4); }
std::string format_gib(double bytes) { return format_sig(bytes / kBytesPerGiB, 4); }

std::string format_quantity(double value, Lang lang) {
  const double a = std::fabs(value);
  const std::string sign = value < 0 ? "-" : "";
  if (a < 1e5) return format_grouped(value);
  if (lang == Lang::zh) {
    if (a >= 1e8) return sign + format_sig(a / 1e8, 3) + " 亿";
    const double wan = a / 1e4;  // 1 万 = 10^4: 3,127 万, not 3.13e3 万
    return sign + (wan >= 1000 ? format_grouped(wan) : format_sig(wan, 3)) + " 万";
  }
  if (a >= 1e9) return sign + format_sig(a / 1e9, 3) + "B";
  if (a >= 1e6) return sign + format_sig(a / 1e6, 3) + "M";
  return sign + format_sig(a / 1e3, 3) + "K";
}

std::string format_cny(double cny, Lang lang) {
  const double a = std::fabs(cny);
  const std::string sign = cny < 0 ? "-" : "";
  if (lang == Lang::zh) {
    if (a >= 1e8) return sign + format_sig(a / 1e8, 3) + " 亿元";  // 1 亿 = 10^8
    if (a >= 1e4) return sign + format_sig(a / 1e4, 3) + " 万元";  // 1 万 = 10^4
    return sign + "¥" + (a < 100 ? format_sig(a, 3) : format_grouped(a));
  }
  if (a >= 1e9) return sign + "¥" + format_sig(a / 1e9, 3) + "B";
  if (a >= 1e6) return sign + "¥" + format_sig(a / 1e6, 3) + "M";
  if (a >= 1e5) return sign + "¥" + format_sig(a / 1e3, 3) + "K";
  return sign + "¥" + (a < 100 ? format_sig(a, 3) : format_grouped(a));
}

}  // namespace xuanka::core
