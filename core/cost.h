// The cost model (core layer): rent vs buy, power at regional prices and PUE, racks, break-even.
// Every input has a default (from the catalog where it has one) and can be overridden.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/catalog.h"
#include "core/estimator.h"
#include "core/notice.h"

namespace xuanka::core {

enum class ServerClass { board8, pcie8 };  // 8-card SXM/OAM baseboard server vs 8-slot PCIe server

struct CostInputs {
  int cards = 1;
  std::optional<double> rent_cny_per_card_hour;  // default: vendor offer, else the catalog's typical price of `offer`
  OfferKind offer = OfferKind::lease;            // the kind of rent priced (issue 34: never another kind's)
  std::optional<double> card_price_cny;          // default: vendor price, else middle of the catalog range
  std::optional<double> server_cny;              // per 8-card server without cards; default by class
  std::optional<double> network_cny_per_node;    // scale-out NICs + switch share, only with > 1 node
  double depreciation_months = 36;               // straight-line, 3 years
  std::optional<double> electricity_cny_per_kwh; // default: middle of the region's range
  std::optional<double> pue;                     // default: the region's typical PUE
  double power_load = 0.8;                       // average draw as a share of TDP while busy
  double utilisation = 1.0;                      // share of the month the owned cards are busy
  std::optional<double> rack_kw;                 // default: the region's upper rack power
  std::optional<std::string> today;              // "YYYY-MM": flags prices older than 12 months
  // Colocation (托管): rack rent per rack per month, the user's quote; not counted when absent.
  std::optional<double> colocation_cny_per_rack_month;
  // Resale value of the bought hardware at the end of the depreciation period, as a share of
  // its purchase (0 to 1); the user's estimate, 0 when absent.
  double residual_share = 0;
  // Prices entered before VAT: add China's VAT, 13% on goods (hardware, electricity) and 6% on
  // services (card rent, colocation).
  bool add_vat = false;
  // Months to total rent and ownership over; default: twice the break-even, 12 to 60 months.
  std::optional<double> horizon_months;
};

struct CostResult {
  std::optional<double> rent_cny_per_hour;       // all cards
  std::optional<double> purchase_cny;            // cards + servers + network
  double nodes = 1;
  double it_power_kw = 0;                        // cards + host share, at power_load
  double facility_power_kw = 0;                  // x PUE
  double racks = 0;
  double electricity_cny_per_kwh = 0, pue = 0;
  std::optional<double> own_monthly_cny;         // depreciation + power at utilisation
  double power_monthly_cny = 0;                  // electricity for the busy hours of a month
  std::optional<double> rent_monthly_cny;        // rent for the same busy hours
  // Cards a purchase buys over those asked (an SXM/OAM board's 8 for fewer): renting versus owning
  // (the break-even, the cumulative totals) compares renting as many as are bought.
  double bought_per_card_asked = 1;
  double colocation_monthly_cny = 0;             // racks x rack rent, when given
  double residual_cny = 0;                       // resale at the end of depreciation
  double depreciation_months = 36;
  double vat_goods = 0, vat_services = 0;        // the VAT rates added (0 when prices are taken as they are)
  std::optional<double> break_even_months;       // when buying outright beats renting, at utilisation
  double horizon_months = 36;                    // the totals' span
  std::optional<double> rent_total_cny, own_total_cny;  // over horizon_months (own: net of resale once sold)
  std::optional<double> job_hours;
  std::optional<double> job_rent_cny, job_own_cny, job_energy_kwh, job_energy_cny;
  std::vector<Notice> assumptions, warnings;
};

// Cost of running `inputs.cards` cards of `card` in `region` (may be null: no power price), for a
// job of `job_hours` wall-clock hours (may be empty).
CostResult cost(const Accelerator& card, const Region* region, const CostInputs& inputs,
                std::optional<double> job_hours);

// Cumulative cash after `months`: renting pays the busy hours; owning pays the purchase up
// front, then power and colocation each month, and gets the resale value back at the end of
// the depreciation period.
std::optional<double> rent_cumulative_cny(const CostResult& c, double months);
std::optional<double> own_cumulative_cny(const CostResult& c, double months);

// Serving cost per million generated tokens at `tokens_per_s` in total on these cards, rented. An
// estimate's serving.batch counts requests across all its gpus (SCENARIO.md "LLM serving at
// scale"), so its output is all the cards' and they are all priced (issue 40's replica share is
// no longer needed: 8 cards at tp 1 serve the batch as 8 ranks).
std::optional<double> cny_per_million_tokens(const CostResult& c, double tokens_per_s);

// A card's rent (in one kind of offer) and purchase price: the vendor overlay's own offer, else
// the catalog's typical price of that kind; nullopt when neither exists.
std::optional<double> rent_cny_per_card_hour(const Accelerator& card, OfferKind offer = OfferKind::lease);
const Accelerator::Price* market_price(const Accelerator& card, OfferKind offer);
std::optional<double> purchase_cny_per_card(const Accelerator& card);

ServerClass server_class(const Accelerator& card);
// The defaults, exposed for the interface's "why".
double default_server_cny(ServerClass c);
double host_power_w_per_node(ServerClass c, double card_tdp_w);  // W besides the cards, per 8-card server

// What one unit of a generator's output costs at the rent of all the scenario's cards (issue 37:
// one place for the page's and the CLI's figure): 1,000 images of an image generator serving
// (images/s is per card), one clip of a video generator; none without a rent or an output rate.
struct OutputCost {
  std::optional<double> cny_per_1000_images, cny_per_clip;
};
OutputCost output_cost(const CostResult& c, const Scenario& s, const Estimate& e);

}  // namespace xuanka::core
