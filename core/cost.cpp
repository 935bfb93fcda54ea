// The cost model (core layer).
#include "core/cost.h"

#include <algorithm>
#include <cmath>

#include "core/format.h"
#include "core/hardware.h"

namespace xuanka::core {

namespace {
// A "YYYY-MM" month as a count of months (year x 12 + month), for ages in months; 0 when shorter.
int month_number(const std::string& ym) {
  return ym.size() >= 7 ? std::atoi(ym.substr(0, 4).c_str()) * 12 + std::atoi(ym.substr(5, 2).c_str()) : 0;
}
// Server platform without accelerators (2 CPUs, memory, NVMe, NICs, chassis, power supplies).
// No public price list covers China's market; these are round figures to be overridden with a
// quote: an 8-card SXM/OAM baseboard server ~ 400k CNY, an 8-slot PCIe server ~ 120k CNY.
constexpr double kServerBoard8Cny = 400000;
constexpr double kServerPcie8Cny = 120000;
// Fewer cards need less platform: up to 4 PCIe cards fit a 2U 4-slot server (~60k CNY, ~600 W
// besides the cards), and one or two consumer cards a workstation tower (~15k CNY, ~300 W): round
// figures of the same kind, to be overridden with a quote. An SXM/OAM card comes on its 8-card
// baseboard whatever the count.
constexpr double kServerPcie4Cny = 60000;
constexpr double kWorkstationCny = 15000;
constexpr double kHostPowerPcie4W = 600;
constexpr double kHostPowerWorkstationW = 300;
// Scale-out per node beyond one: 8 x 200-400 Gb/s NICs, cables and a leaf/spine switch share.
constexpr double kNetworkPerNodeCny = 150000;
// Host power per server besides the cards (CPUs, memory, NVSwitches, NICs, fans): a baseboard
// server's maximum draw less its cards', from NVIDIA's DGX datasheets — DGX H100: 10.2 kW max
// with 8 x 700 W GPUs = 4.6 kW; DGX A100: 6.5 kW max with 8 x 400 W = 3.3 kW (cards of 700 W
// and more take the first, cooler cards the second). A 4U 8-slot PCIe server with two CPUs:
// about 1 kW.
constexpr double kHostPowerBoard8HotW = 4600;
constexpr double kHostPowerBoard8W = 3300;
constexpr double kHostPowerPcie8W = 1000;
constexpr double kCardsPerServer = hw::kCardsPerNode;  // core/hardware.h: 8-card servers
constexpr double kHoursPerMonth = 730;  // 8760 / 12
constexpr double kDefaultRackKw = 12;   // when no region is given
// China's VAT rates: 13% on goods, incl. electricity (财政部 税务总局 海关总署公告2019年第39号,
// from 1 April 2019); 6% on value-added telecom and modern services such as IDC, cloud
// compute rent and colocation (财税〔2016〕36号 附件1 第十五条).
constexpr double kVatGoods = 0.13;
constexpr double kVatServices = 0.06;
}  // namespace

std::optional<double> rent_cumulative_cny(const CostResult& c, double months) {
  if (!c.rent_monthly_cny) return std::nullopt;
  return *c.rent_monthly_cny * c.bought_per_card_asked * months;
}

std::optional<double> own_cumulative_cny(const CostResult& c, double months) {
  if (!c.purchase_cny) return std::nullopt;
  const double resale = months >= c.depreciation_months ? c.residual_cny : 0.0;
  return *c.purchase_cny + (c.power_monthly_cny + c.colocation_monthly_cny) * months - resale;
}

const Accelerator::Price* market_price(const Accelerator& card, OfferKind offer) {
  return card.market ? card.market->price(offer) : nullptr;
}

std::optional<double> rent_cny_per_card_hour(const Accelerator& card, OfferKind offer) {
  if (card.vendor_rent_cny_per_card_hour) return card.vendor_rent_cny_per_card_hour;
  if (offer == OfferKind::purchase) return std::nullopt;
  if (const Accelerator::Price* p = market_price(card, offer)) return p->typical;
  return std::nullopt;
}

std::optional<double> purchase_cny_per_card(const Accelerator& card) {
  if (card.vendor_purchase_cny) return card.vendor_purchase_cny;
  if (const Accelerator::Price* p = market_price(card, OfferKind::purchase)) return p->typical;
  return std::nullopt;
}

ServerClass server_class(const Accelerator& card) {
  const auto& f = card.form_factor;
  return f && (*f == "sxm" || *f == "oam" || *f == "superchip" || *f == "module") ? ServerClass::board8 : ServerClass::pcie8;
}
double default_server_cny(ServerClass c) { return c == ServerClass::board8 ? kServerBoard8Cny : kServerPcie8Cny; }
double host_power_w_per_node(ServerClass c, double card_tdp_w) {
  if (c == ServerClass::pcie8) return kHostPowerPcie8W;
  return card_tdp_w >= hw::kLiquidCoolingTdpW ? kHostPowerBoard8HotW : kHostPowerBoard8W;  // the 700 W class (HGX H100)
}

std::optional<double> cny_per_million_tokens(const CostResult& c, double tokens_per_s) {
  if (!c.rent_cny_per_hour || !(tokens_per_s > 0)) return std::nullopt;
  return *c.rent_cny_per_hour / (tokens_per_s * 3600.0) * 1e6;  // CNY/h / (tokens/h) x 10^6
}

CostResult cost(const Accelerator& card, const Region* region, const CostInputs& in, std::optional<double> job_hours) {
  CostResult r;
  const double n = std::max(1, in.cards);
  r.nodes = std::ceil(n / kCardsPerServer);
  const ServerClass sc = server_class(card);

  // Rent.
  std::optional<double> rent = in.rent_cny_per_card_hour;
  if (!rent) rent = rent_cny_per_card_hour(card, in.offer);
  const Accelerator::Price* offered = market_price(card, in.offer);
  if (!in.rent_cny_per_card_hour && !card.vendor_rent_cny_per_card_hour && rent && offered) {
    const std::string kind = std::string("#") + info(in.offer).label;  // translated by the page
    r.assumptions.push_back(notice("a_rent_typical",
                                   {format_sig(*rent, 3), offered->date, kind, std::to_string(offered->offers), format_sig(offered->low, 3), format_sig(offered->high, 3)}));
  }
  // A price older than 12 months is flagged (markets for these cards move monthly).
  if (offered && in.today && !offered->date.empty() && !card.vendor_rent_cny_per_card_hour && !in.rent_cny_per_card_hour) {
    const int age = month_number(*in.today) - month_number(offered->date.size() >= 7 ? offered->date : offered->date + "-12");
    if (age > 12) r.warnings.push_back(notice("price_old", {card.name, offered->date}));
  }
  r.vat_goods = in.add_vat ? kVatGoods : 0.0;
  r.vat_services = in.add_vat ? kVatServices : 0.0;
  if (rent) r.rent_cny_per_hour = *rent * n * (1 + r.vat_services);

  // Buy: cards + servers (+ network for more than one node).
  std::optional<double> price = in.card_price_cny;
  if (!price) price = purchase_cny_per_card(card);
  if (!in.card_price_cny && !card.vendor_purchase_cny && price) {
    const std::string& when = market_price(card, OfferKind::purchase)->date;
    r.assumptions.push_back(notice("a_price_typical",
                                   {format_sig(*price / 1e4, 3), when}));
    // A purchase price over a year old is said apart from the rents (an H800's only public purchase
    // price is a 2023 contract, its rents are of 2026).
    if (in.today && when.size() >= 7 && in.today->size() >= 7) {
      if (month_number(*in.today) - month_number(when) > 12) {
        r.warnings.push_back(notice("purchase_old", {card.name, when}));
      }
    }
  }
  // The platform of each server: full servers of the card's class; the last, partly filled
  // PCIe server as small as its cards allow (a 4-slot server, or a workstation for 1-2 consumer cards).
  const double tdp_for_host = card.tdp_w.value_or(0);
  const double last_cards = n - kCardsPerServer * (r.nodes - 1);
  enum class Platform { full, pcie4, workstation } last = Platform::full;
  if (sc == ServerClass::pcie8 && last_cards <= 4) {
    last = card.form_factor && *card.form_factor == "pcie_consumer" && last_cards <= 2 && r.nodes == 1 ? Platform::workstation : Platform::pcie4;
  }
  const double full_server = default_server_cny(sc);
  const double last_server = last == Platform::workstation ? kWorkstationCny : last == Platform::pcie4 ? kServerPcie4Cny : full_server;
  const double platforms = in.server_cny ? *in.server_cny * r.nodes : full_server * (r.nodes - 1) + last_server;
  const double full_host_w = host_power_w_per_node(sc, tdp_for_host);
  const double host_w = full_host_w * (r.nodes - 1) +
                        (last == Platform::workstation ? kHostPowerWorkstationW : last == Platform::pcie4 ? kHostPowerPcie4W : full_host_w);
  const double network = r.nodes > 1 ? in.network_cny_per_node.value_or(kNetworkPerNodeCny) * r.nodes : 0;
  // SXM and OAM cards are sold on their 8-card baseboard (HGX / OAM servers are not sold part
  // populated): buying fewer than a board's cards buys the whole board's. The job's rent and power
  // stay those of the cards it uses; the break-even below compares renting as many as are bought.
  const double bought = sc == ServerClass::board8 && !in.server_cny ? kCardsPerServer * r.nodes : n;
  r.bought_per_card_asked = bought / n;
  if (price) r.purchase_cny = (*price * bought + platforms + network) * (1 + r.vat_goods);
  if (bought > n && price) {
    const std::string b = format_sig(bought, 4), used = format_sig(n, 4);
    r.warnings.push_back(notice("board_bought",
                                {card.name, b, used, b}));
  }
  if (!in.server_cny) {
    if (last == Platform::workstation) {
      r.assumptions.push_back(notice("a_workstation",
                                     {format_sig(kWorkstationCny / 1e4, 3)}));
    } else if (last == Platform::pcie4 && r.nodes == 1) {
      r.assumptions.push_back(notice("a_server_pcie4",
                                     {format_sig(kServerPcie4Cny / 1e4, 3)}));
    } else {
      r.assumptions.push_back(notice(sc == ServerClass::board8 ? "a_server_board8" : "a_server_pcie8",
                                     {format_sig(full_server / 1e4, 3)}));
    }
  }

  // Power: cards at their load share + host share, times PUE (all in kW).
  r.electricity_cny_per_kwh = in.electricity_cny_per_kwh.value_or(
      region ? (region->electricity_cny_per_kwh_lo + region->electricity_cny_per_kwh_hi) / 2 : 0.0);
  r.electricity_cny_per_kwh *= 1 + r.vat_goods;
  r.pue = in.pue.value_or(region ? region->pue_typical : 1.5);
  if (!region && !in.electricity_cny_per_kwh) r.warnings.push_back(notice("no_region"));
  const double tdp = card.tdp_w.value_or(0);
  if (!card.tdp_w) r.warnings.push_back(notice("tdp_unknown", {card.name}));
  r.it_power_kw = (tdp * n * in.power_load + host_w * in.power_load) / 1000.0;
  r.facility_power_kw = r.it_power_kw * r.pue;
  const double rack_kw = in.rack_kw.value_or(region ? region->rack_kw_hi : kDefaultRackKw);
  // Racks: the servers' full (TDP) draw must fit the rack's power budget.
  const double full_kw = (tdp * n + host_w) / 1000.0;
  r.racks = std::ceil(full_kw / rack_kw);
  if (tdp >= hw::kLiquidCoolingTdpW) r.warnings.push_back(notice("liquid", {format_sig(tdp, 4)}));
  if (full_kw / r.nodes > rack_kw) r.warnings.push_back(notice("rack_over", {format_sig(rack_kw, 3)}));

  // Monthly, at utilisation: owning = depreciation + power for busy hours + colocation;
  // renting = busy hours. Racks are rented whole months whether busy or not.
  const double busy_h = kHoursPerMonth * in.utilisation;
  const double power_month = r.facility_power_kw * busy_h * r.electricity_cny_per_kwh;
  r.power_monthly_cny = power_month;
  if (in.colocation_cny_per_rack_month) r.colocation_monthly_cny = *in.colocation_cny_per_rack_month * r.racks * (1 + r.vat_services);
  r.depreciation_months = in.depreciation_months;
  const double opex_month = power_month + r.colocation_monthly_cny;
  if (r.purchase_cny) {
    r.residual_cny = *r.purchase_cny * std::clamp(in.residual_share, 0.0, 1.0);
    // Straight-line depreciation down to the resale value.
    r.own_monthly_cny = (*r.purchase_cny - r.residual_cny) / in.depreciation_months + opex_month;
  }
  if (r.rent_cny_per_hour) r.rent_monthly_cny = *r.rent_cny_per_hour * busy_h;
  // Break-even of buying outright: the month m where rent x m = purchase + opex x m (before the
  // hardware is sold), else where it equals purchase - resale + opex x m (after).
  const double rent_bought_month = r.rent_monthly_cny ? *r.rent_monthly_cny * r.bought_per_card_asked : 0.0;  // renting the cards bought
  if (r.purchase_cny && r.rent_monthly_cny && rent_bought_month > opex_month) {
    const double margin = rent_bought_month - opex_month;
    double m = *r.purchase_cny / margin;
    if (m > in.depreciation_months) m = std::max(in.depreciation_months, (*r.purchase_cny - r.residual_cny) / margin);
    r.break_even_months = m;
  }
  r.horizon_months = in.horizon_months ? *in.horizon_months
                                       : std::clamp(r.break_even_months ? std::ceil(*r.break_even_months * 2.0) : 36.0, 12.0, 60.0);
  r.rent_total_cny = rent_cumulative_cny(r, r.horizon_months);
  r.own_total_cny = own_cumulative_cny(r, r.horizon_months);
  if (in.add_vat) {
    r.assumptions.push_back(notice("a_vat"));
  } else {
    r.assumptions.push_back(notice("a_no_vat"));
  }
  if (!in.colocation_cny_per_rack_month) r.assumptions.push_back(notice("a_no_colocation"));
  if (job_hours) {
    r.job_hours = job_hours;
    r.job_energy_kwh = r.facility_power_kw * *job_hours;
    r.job_energy_cny = *r.job_energy_kwh * r.electricity_cny_per_kwh;
    if (r.rent_cny_per_hour) r.job_rent_cny = *r.rent_cny_per_hour * *job_hours;
    // Owning: the job's share of depreciation (its hours over the depreciation period) + energy.
    if (r.purchase_cny) {
      r.job_own_cny = (*r.purchase_cny - r.residual_cny) * (*job_hours / (in.depreciation_months * kHoursPerMonth)) + *r.job_energy_cny +
                      r.colocation_monthly_cny * (*job_hours / kHoursPerMonth);
    }
  }
  return r;
}

OutputCost output_cost(const CostResult& c, const Scenario& s, const Estimate& e) {
  OutputCost o;
  if (!c.rent_cny_per_hour || s.task != Task::inference) return o;
  const double cards = std::max(1, s.parallel.gpus);
  if (s.model.kind == ModelKind::diffusion && e.images_per_s && *e.images_per_s > 0) {
    o.cny_per_1000_images = *c.rent_cny_per_hour / (cards * *e.images_per_s * 3600.0) * 1000.0;
  }
  if (s.model.kind == ModelKind::video && e.s_per_clip) o.cny_per_clip = *c.rent_cny_per_hour * *e.s_per_clip / 3600.0;
  return o;
}

}  // namespace xuanka::core
