// Vendor overlay validation and merge (core layer).
#include "core/overlay.h"
#include "core/json_reader.h"

#include <cctype>

namespace xuanka::core {

using nlohmann::json;

std::optional<QuoteTarget> quote_target_kind(const std::string& target) {
  auto starts = [&](const char* p) {
    const std::size_t n = std::char_traits<char>::length(p);
    if (target.size() <= n) return false;
    for (std::size_t i = 0; i < n; ++i) {
      if (std::tolower(static_cast<unsigned char>(target[i])) != p[i]) return false;
    }
    return true;
  };
  // No spaces or control characters anywhere: they would end or split the address.
  for (unsigned char c : target) {
    if (c <= 0x20 || c == 0x7F) return std::nullopt;
  }
  if (starts("https://") || starts("http://")) return QuoteTarget::web;
  if (starts("mailto:")) return QuoteTarget::mail;
  if (starts("tel:") && target.find_first_not_of("+0123456789-()", 4) == std::string::npos) return QuoteTarget::phone;
  return std::nullopt;
}

bool logo_uri_ok(const std::string& uri) {
  if (uri.size() > kMaxLogoChars) return false;
  for (const char* kind : {"data:image/png;base64,", "data:image/jpeg;base64,", "data:image/webp;base64,",
                           "data:image/svg+xml;base64,"}) {
    const std::size_t n = std::char_traits<char>::length(kind);
    if (uri.compare(0, n, kind) != 0) continue;
    if (uri.size() == n) return false;
    for (std::size_t i = n; i < uri.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(uri[i]);
      if (!std::isalnum(c) && c != '+' && c != '/' && c != '=') return false;
    }
    return true;
  }
  return false;
}

Diagnostics apply_overlay(const std::string& text, Catalog& catalog) {
  Diagnostics d;
  // An overlay is a few kB of offers; 1 MiB leaves room for a vendor's whole price list.
  const json doc = parse_json_text(text, "$", d, 1u << 20);
  if (doc.is_discarded()) return d;
  ObjectReader top(doc, "$", d);
  if (!top.ok()) return d;
  top.num("schema_version", true, 1, 1, true);
  Catalog merged = catalog;
  if (const json* v = top.get("vendor")) {
    ObjectReader r(*v, "$.vendor", d);
    VendorInfo info;
    info.name = r.str("name", true).value_or("");
    info.contact = r.str("contact", false).value_or("");
    info.url = r.str("url", false).value_or("");
    // Shown in the page's header line: a name longer than a line would push the navigation off
    // the screen, and control characters or invalid UTF-8 would draw as boxes.
    auto limit = [&](const char* key, std::string& text, std::size_t max_chars) {
      std::size_t chars = 0;
      for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
      if (chars > max_chars) {
        r.error(key, "longer than " + std::to_string(max_chars) + " characters (" + std::to_string(chars) + "), found " +
                         describe(json(text)));
      } else if (clean_typed_text(text, text.size()) != text || text.find_first_of("\t\n") != std::string::npos) {
        r.error(key, "expected one line of plain text (no control characters or emoji), found " + describe(json(text)));
      }
    };
    info.quote = r.str("quote", false).value_or("");
    info.logo = r.str("logo", false).value_or("");
    if (!info.logo.empty() && !logo_uri_ok(info.logo)) {
      r.error("logo", "expected a base64 data URI of a PNG, JPEG, WebP or SVG image (\"data:image/png;base64,...\") of at most " +
                          std::to_string(kMaxLogoChars) + " characters, found " + describe(json(info.logo)));
    }
    const std::string color = r.str("color", false).value_or("");
    limit("name", info.name, 40);
    limit("contact", info.contact, 60);
    limit("url", info.url, 200);
    limit("quote", info.quote, 300);
    if (!info.url.empty() && info.url.rfind("https://", 0) != 0 && info.url.rfind("http://", 0) != 0) {
      r.error("url", "expected an address starting with https:// or http://, found " + describe(json(info.url)));
    }
    // Only targets that open a page, a mail or a call: never javascript:, data: or a relative path.
    if (!info.quote.empty() && !quote_target_kind(info.quote)) {
      r.error("quote", "expected an address starting with https://, http://, mailto: or tel:, found " +
                           describe(json(info.quote)));
    }
    if (!color.empty()) {
      const bool hex = color.size() == 7 && color[0] == '#' &&
                       color.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string::npos;
      if (hex) info.color_rgb = static_cast<std::uint32_t>(std::stoul(color.substr(1), nullptr, 16));
      else r.error("color", "expected a colour as \"#rrggbb\", found " + describe(json(color)));
    }
    r.finish();
    merged.vendor = info;
  }
  // Custom cards first, so offers and hidden may refer to them.
  if (const json* c = top.get("custom_accelerators")) {
    if (!c->is_array()) {
      top.error("custom_accelerators", "expected an array, found " + describe(*c));
    } else {
      std::vector<Accelerator> extra = read_accelerator_list(*c, "$.custom_accelerators", d);
      for (std::size_t i = 0; i < extra.size(); ++i) {
        if (merged.find_accelerator(extra[i].id)) {
          d.push_back({"$.custom_accelerators[" + std::to_string(i) + "].id",
                       "\"" + shorten(extra[i].id) + "\" is already in the catalog; use offers to change its price"});
          continue;
        }
        extra[i].custom = true;
        merged.accelerators.push_back(extra[i]);
      }
    }
  }
  if (const json* o = top.get("offers")) {
    if (!o->is_array()) {
      top.error("offers", "expected an array, found " + describe(*o));
    } else {
      for (std::size_t i = 0; i < o->size(); ++i) {
        ObjectReader r((*o)[i], "$.offers[" + std::to_string(i) + "]", d);
        if (!r.ok()) continue;
        const std::string id = r.str("id", true).value_or("");
        Accelerator* a = nullptr;
        for (auto& x : merged.accelerators) {
          if (x.id == id) a = &x;
        }
        if (!a && r.has("id") && r.get("id")->is_string()) r.error("id", "unknown accelerator \"" + shorten(id) + "\"");
        const auto rent = r.num("rent_cny_per_card_hour", false, 0.01, 10000);
        const auto buy = r.num("purchase_cny", false, 1, 1e8);
        const auto stock = r.boolean("in_stock", false);
        const auto lead = r.num("lead_time_days", false, 0, 3650, true);
        r.finish();
        if (a) {
          if (rent) a->vendor_rent_cny_per_card_hour = rent;
          if (buy) a->vendor_purchase_cny = buy;
          if (stock) a->in_stock = stock;
          if (lead) a->lead_time_days = lead;
        }
      }
    }
  }
  if (const json* h = top.get("hidden")) {
    if (!h->is_array()) {
      top.error("hidden", "expected an array of accelerator ids, found " + describe(*h));
    } else {
      for (std::size_t i = 0; i < h->size(); ++i) {
        const std::string p = "$.hidden[" + std::to_string(i) + "]";
        if (!(*h)[i].is_string()) {
          d.push_back({p, "expected an accelerator id, found " + describe((*h)[i])});
          continue;
        }
        bool found = false;
        for (auto& x : merged.accelerators) {
          if (x.id == (*h)[i].get<std::string>()) {
            x.hidden = true;
            found = true;
          }
        }
        if (!found) d.push_back({p, "unknown accelerator " + describe((*h)[i])});
      }
    }
  }
  top.finish();
  if (d.empty()) catalog = std::move(merged);
  return d;
}

}  // namespace xuanka::core
