// Parameter counts from a language model's shape (core layer; core/catalog.h params_from_shape,
// active_params_from_shape): attention with GQA or MLA, dense and MoE MLPs, embeddings, norms.
#include "core/catalog.h"

#include <algorithm>
#include <limits>

namespace xuanka::core {

namespace {
struct LayerParams {
  double attn = 0, mlp_dense = 0, moe_total = 0, moe_active = 0, norms = 0;
};
LayerParams layer_params(const ModelArch& m) {
  LayerParams p;
  const double h = m.hidden;
  if (m.mla) {
    // DeepSeek-V2/V3 MLA (arXiv:2405.04434 §2.1): low-rank Q (optional) and joint KV compression.
    const MlaSpec& a = *m.mla;
    const double nope = a.qk_nope_head_dim > 0 ? a.qk_nope_head_dim : m.head_dim;
    const double v = a.v_head_dim > 0 ? a.v_head_dim : m.head_dim;
    const double qk = nope + a.qk_rope_head_dim;
    const double q = a.q_lora_rank > 0 ? h * a.q_lora_rank + a.q_lora_rank * m.heads * qk + a.q_lora_rank
                                       : h * m.heads * qk;
    const double kv = h * (a.kv_lora_rank + a.qk_rope_head_dim) + a.kv_lora_rank * m.heads * (nope + v) + a.kv_lora_rank;
    p.attn = q + kv + m.heads * v * h;
  } else {
    // Q, K, V, O projections with grouped-query attention (GQA, arXiv:2305.13245).
    const double q_dim = m.heads * m.head_dim, kv_dim = m.kv_heads * m.head_dim;
    p.attn = h * q_dim + 2 * h * kv_dim + q_dim * h + (m.qkv_bias ? q_dim + 2 * kv_dim : 0);
  }
  // MLP: gated (SwiGLU: gate, up, down = 3 h f) or plain (up, down = 2 h f, with biases).
  p.mlp_dense = m.ffn_type == "gated" ? 3 * h * m.ffn_hidden : 2 * h * m.ffn_hidden + m.ffn_hidden + h;
  if (m.moe) {
    const double expert = 3 * h * m.moe->expert_ffn_hidden;  // MoE experts are gated MLPs
    p.moe_total = (m.moe->experts + m.moe->shared_experts) * expert + h * m.moe->experts;  // + router
    p.moe_active = (m.moe->top_k + m.moe->shared_experts) * expert + h * m.moe->experts;
  }
  p.norms = 2 * h;
  return p;
}
}  // namespace

double params_from_shape(const ModelArch& m) {
  if (!m.has_shape()) return m.params.value_or(0);
  const LayerParams p = layer_params(m);
  const int moe_layers = m.moe ? m.layers - m.moe->dense_layers : 0;
  const int dense_layers = m.layers - moe_layers;
  const double embed = m.vocab * m.hidden * (m.tied_embeddings ? 1 : 2);
  return embed + m.layers * (p.attn + p.norms) + dense_layers * p.mlp_dense + moe_layers * p.moe_total + m.hidden;
}

double kv_tokens_held(const ModelArch& m, double ctx) {
  if (!m.sliding_window || m.layers <= 0) return ctx;
  const double local = std::min<double>(m.sliding_window->layers, m.layers);
  return ((m.layers - local) * ctx + local * std::min(ctx, m.sliding_window->window)) / m.layers;
}

double context_for_kv_tokens(const ModelArch& m, double held) {
  if (!m.sliding_window || m.layers <= 0) return held;
  const double w = m.sliding_window->window, local = std::min<double>(m.sliding_window->layers, m.layers);
  if (held <= w) return held;  // every layer still holds the whole context
  const double full = m.layers - local;
  if (full <= 0) return std::numeric_limits<double>::infinity();
  return (m.layers * held - local * w) / full;
}

double causal_pairs(const ModelArch& m, double n) {
  const double whole = n * n / 2.0;
  if (!m.sliding_window || m.layers <= 0) return whole;
  const double w = m.sliding_window->window, local = std::min<double>(m.sliding_window->layers, m.layers);
  const double windowed = n <= w ? whole : w * w / 2.0 + (n - w) * w;
  return ((m.layers - local) * whole + local * windowed) / m.layers;
}

double active_params_from_shape(const ModelArch& m) {
  if (!m.has_shape()) return m.active_params.value_or(m.params.value_or(0));
  if (!m.moe) return params_from_shape(m);
  const LayerParams p = layer_params(m);
  const int moe_layers = m.layers - m.moe->dense_layers;
  const double embed = m.vocab * m.hidden * (m.tied_embeddings ? 1 : 2);
  return embed + m.layers * (p.attn + p.norms) + m.moe->dense_layers * p.mlp_dense + moe_layers * p.moe_active + m.hidden;
}

}  // namespace xuanka::core
