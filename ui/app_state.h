// The one AppState that owns every input of the page, and what a frame reports (ui layer).
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/accuracy.h"
#include "core/catalog.h"
#include "core/lang.h"
#include "core/recommend.h"
#include "core/host.h"
#include "core/porting.h"
#include "core/run_config.h"
#include "core/smi_parse.h"
#include "ui/scenario_form.h"

namespace xuanka::ui {

struct TextAgent;

enum class View {
#define X(v, label, draw) v,
#include "ui/views.inc"
#undef X
};

const char* view_name(View v);
bool parse_view(const std::string& s, View& out);

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;  // CSS pixels, top-left origin
};

// Compare view inputs.
struct CompareState {
  std::string filter;                 // substring of name, vendor or id
  bool domestic_only = false;
  bool fp8_only = false;
  int sort_column = -1;               // -1: catalog order
  bool sort_descending = false;
  std::vector<std::string> picked;    // 0-4 ids for side by side
  std::string detail_id;              // the card whose detail is open, or empty
  bool side_by_side = false;          // the side-by-side page is open
};

// Check-a-card inputs and what they gave.
struct CheckState {
  std::string pasted;                 // the pasted text
  core::SmiReport report;             // parse of `pasted` (recomputed when it changes)
};

// Estimate view inputs (besides the scenario form) and what they gave.
struct EstimateState {
  ScenarioForm form;
  std::string model_search;            // filter of the model list
  std::string gpu_search;              // filter of the card list (name in either language, maker, 国产)
  std::string region = "jiangsu-suzhou";
  bool why_open = false;
  // Serving sized by load (inference): concurrent users, tokens/s each, first-token target (s).
  std::string users, user_tokens_per_s = "20", ttft_target_s;
  std::string requests_per_s;          // arrivals instead of users (used when users is empty)
  int curve_pick = -1;                 // the serving curve's point tapped (-1: none); view state, not in the link
  bool show_qr = false;                // the share link's QR code is shown; view state, not in the link
  // A preset tapped or a pick opened: on a phone the page scrolls to the answer (the headline) on
  // its next frame, not left at the presets (issue 39 item 3). View state, not in the link.
  bool scroll_to_result = false;
  // A pasted Hugging Face config.json (custom architecture) and what reading it found wrong.
  std::string hf_config;
  std::vector<std::string> hf_config_problems;
};

// Recommend view inputs.
struct RecommendState {
  bool scroll_to_results = false;      // a phone's "see the picks" tap: scroll to them next frame (view state, not in the link)
  std::string budget_wan;              // budget in 万 CNY (10^4); empty: none
  std::string budget_kind = "rent";    // rent | buy
  std::string deadline_days;           // empty: none
  bool domestic_only = false;
  bool in_stock_only = false;          // only cards the vendor overlay has in stock
  std::string max_cards;               // empty: 4096
  std::string form_factor;             // empty: any
  std::string streams;                 // vision: camera streams to serve (cards = enough for them); empty: one card
  std::string clips_per_day;           // video: clips a day (cards = copies enough for them); empty: one copy
  std::string goal = "within";         // cheapest | fastest | purchase | within
  int picked_point = -1;               // the scatter point tapped (index into the options), or -1
  int shown = 12;                      // options listed; "show more" adds 12
};

// Cost view inputs.
struct CostState {
  std::string utilisation_pct = "100";
  std::string rent_override;           // CNY per card-hour
  std::string price_override;          // CNY per card
  std::string months;                  // the chart's span and totals; empty: automatic
  std::string electricity;             // CNY per kWh; empty: the region's middle
  std::string pue;                     // empty: the region's typical
  std::string colocation;              // CNY per rack per month; empty: not counted
  std::string residual_pct = "0";      // resale at the end of depreciation, % of purchase
  bool add_vat = false;                // prices before tax: add VAT
  std::string offer = "lease";         // the kind of rent priced (core::OfferKind's word): Cost, Recommend and Compare
  double picked_month = -1;            // the month tapped on the chart, or -1
};

// What the inputs give, recomputed through core when an input changes (never edited by hand).
struct Derived {
  core::Scenario scenario;
  core::Diagnostics problems;          // the scenario's errors, each naming its field
  std::optional<core::Estimate> estimate;
  std::vector<core::Fix> fixes;        // when it does not fit: single changes that make it fit
  std::optional<core::ServingPlan> serving_plan;  // inference with a number of users
  std::vector<core::ServingPoint> serving_curve;  // per-user speed vs per-card throughput (LLM inference)
  std::optional<core::HostSizing> host;           // servers, disk and network around the cards
  std::vector<core::CardRun> vision_lineup;       // a vision job on the cards its buyers weigh
  std::vector<core::CardRun> video_lineup;        // a video clip on the cards its buyers weigh
  std::vector<core::RunConfig> run_configs;       // one per framework the scenario can be written for
  std::optional<core::CostResult> cost;
  std::optional<double> cny_per_mtok;  // LLM serving: rent per million tokens of the replica that makes them
  std::optional<core::Recommendation> recommendation;
  // An LLM inference job with a number of users (or requests/s): the deployments that serve them
  // (core::plan_deployments), shown in Recommend instead of the batch's fit.
  std::optional<core::ServingSearch> serving_search;
  core::Diagnostics constraint_problems; // the recommendation's inputs' errors, each naming its field
  std::string scenario_json;           // the contract, compact (share link): the last valid one
  // Inputs that do not read, by form row id ("est.seq_len", "cost.pue") -> the problem; drawn
  // under the row. While any exist, the results are the last valid inputs' (stale).
  std::map<std::string, std::string> field_errors;
  bool stale = false;
  // The scenario's results are computed with each entry that does not read held at its last
  // valid value, the other entries as typed (field_errors and problems name the held ones).
  bool held = false;
};

// Inputs: everything the user chose. Changing any of them changes the page.
struct AppState {
  core::Lang lang = core::Lang::zh;   // interface language; kept in the URL as lang=zh|en
  View view = View::estimate;         // the open view
  std::string today;                  // "YYYY-MM" from the browser's clock (price age), empty if unknown
  bool about_open = false;            // the About panel over the current view
  CompareState compare;
  CheckState check;
  EstimateState estimate;
  RecommendState recommend;
  CostState cost;
  Derived derived;
  // What the link, the page's configuration or the vendor overlay got wrong ("path: message"),
  // shown above the views until dismissed.
  core::Diagnostics page_problems;
  bool page_problems_dismissed = false;
  // The last copy ("link", "md", "json"): "已复制" shows beside its button until an input changes.
  std::string copied;
};

// Recomputes `state.derived` from the inputs through core.
void recompute(AppState& state, const core::Catalog& catalog);
// The Recommend view's inputs as the contract's constraints object (core::from_json reads it).
// `offer`: the kind of rent prices rank by (CostState::offer).
nlohmann::json constraints_json(const RecommendState& r, const core::Region* region, const std::string& offer = "lease");
// The kind of rent the page prices by: CostState::offer when it names a rent kind, else lease.
core::OfferKind rent_offer(const CostState& c);

// What the last frame drew: widget rectangles for tests, glyphs the font lacked.
struct FrameReport {
  std::map<std::string, Rect> rects;  // stable widget id -> rectangle in CSS pixels
  std::set<unsigned> missing_glyphs;  // codepoints drawn that the font atlas does not have
  std::string page;                   // which page the content shows (a change scrolls to the top)
  std::string copy_text;              // text to put on the clipboard after this frame, if any
  bool copy_link = false;             // put the page's URL (the share link) on the clipboard
  bool ask_quote = false;             // open the vendor's quote target with the plan (ui/export.h quote_link)
  bool save_picture = false;          // download a PNG of the result for a chat (result_picture)
  bool save_offline = false;          // download the page itself with this plan baked in (saved_copy_config)
  // With FrameEnv::record_text (browser tests): every text drawn this frame in the page's
  // words, and apart from it, quoted source material drawn as it is (catalog notes, source
  // addresses, licences: labelled as the original on the page).
  std::vector<std::string> drawn_text, quoted_text;
};

// Per-frame environment handed to the panels.
struct FrameEnv {
  float dpr = 1.0f;                   // device pixel ratio: physical px per CSS px
  float css_width = 0;                // viewport width in CSS px
  const core::Catalog* catalog = nullptr;
  const core::Accuracy* accuracy = nullptr;  // the estimator's measured accuracy (bands, the Accuracy view)
  const std::vector<core::PortingStack>* porting = nullptr;  // porting documents (migration checklists)
  TextAgent* agent = nullptr;
  bool touch = false;                 // the last input was a finger
  bool file_page = false;             // opened from a saved file (file://): its address is no link to share
  bool can_save_offline = true;       // the page can download itself (not the <div> embed, a guest in its host's page)
  bool record_text = false;           // keep FrameReport::drawn_text (browser tests)
  // The share link's QR code as a texture (the web layer makes it while EstimateState::show_qr is
  // on): modules per side, 0 when there is none; share_qr_too_long when the link exceeds a QR code.
  void* vendor_logo_texture = nullptr;  // the vendor's logo, decoded by the browser (web/glue.js loadLogo)
  float vendor_logo_aspect = 1.0f;      // its width / height
  void* share_qr_texture = nullptr;
  int share_qr_modules = 0;
  bool share_qr_too_long = false;
  bool narrow() const { return css_width < 600.0f; }  // phone layout below ~600 CSS px
};

}  // namespace xuanka::ui
