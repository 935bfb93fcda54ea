// Vendor overlay validation and merge (core layer).
#include "core/overlay.h"

namespace xuanka::core {

using nlohmann::json;

Diagnostics apply_overlay(const std::string& text, Catalog& catalog) {
  Diagnostics d;
  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return {{"$", "not valid JSON"}};
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
                       "\"" + extra[i].id + "\" is already in the catalog; use offers to change its price"});
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
        if (!a && r.has("id") && r.get("id")->is_string()) r.error("id", "unknown accelerator \"" + id + "\"");
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
        if (!found) d.push_back({p, "unknown accelerator \"" + (*h)[i].get<std::string>() + "\""});
      }
    }
  }
  top.finish();
  if (d.empty()) catalog = std::move(merged);
  return d;
}

}  // namespace xuanka::core
