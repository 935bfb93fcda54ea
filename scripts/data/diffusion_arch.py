#!/usr/bin/env python3
"""Per-sample figures of the diffusion denoisers and VAE decoders, derived from their published
configs (diffusers config.json: Stable Diffusion 1.5 UNet, SDXL base UNet, FLUX.1-dev transformer,
AutoencoderKL). Writes the `denoiser` / `vae` facts that catalog/models.json carries, so the
estimator needs no architecture walk at run time:

  params                    parameters (checked against the published counts)
  linear_gflops             conv + linear FLOPs of one forward, one sample, at ref_px (2 FLOPs per MAC)
  conv_gflops               of which convolutions (cuDNN; PyTorch lets them use TF32 by default,
                            torch.backends.cudnn.allow_tf32 = True, where fp32 matmuls do not)
  attention_gflops          attention matmul FLOPs (QK^T and AV), same conditions
  kernels                   kernels one eager PyTorch forward launches (every conv, linear, norm,
                            activation, add, attention, reshape copy) — the CPU dispatch floor
  act_lora_bytes            bytes saved for backward per sample, frozen 16-bit base with LoRA on
                            the attention projections, SDPA attention, under autocast
  act_full_bytes            the same with every weight trainable (fp32 master under autocast)
  ckpt_bytes                with gradient checkpointing of every block (diffusers'
                            enable_gradient_checkpointing): the blocks' inputs kept
  ckpt_block_max_bytes      the largest block rebuilt at a time in backward (LoRA / full: a pair)
  attention_kernel_gflops   attention matmul FLOPs as the fused kernels compute them: each head's
                            width rounded up to the kernel's (FlashAttention-2 instantiates head dims
                            32, 64, 96, ... 256: flash_api.cpp round_multiple(head_size, 32) and its
                            HEADDIM_SWITCH; PyTorch's memory-efficient kernels template on 64 and
                            128 likewise), so SD 1.5's 40-wide heads run the 64-wide kernel
  score_elements            attention score elements of one forward (heads x queries x keys): eager
                            attention materialises them
  ckpt_block_score_elements the score elements of the checkpointed block with the most (a
                            Transformer2DModel's self- and cross-attention, a FLUX block's joint
                            attention): eager attention rebuilds them when the block is recomputed
  infer_peak_bytes          the largest live set of a no-grad 16-bit forward, per sample
  lora_io                   sum of (in + out) features of the LoRA targets, per target set
  largest_layer_params      the largest conv / linear weight (a quantised base dequantises it whole)

Rules for what autograd keeps (PyTorch): a conv or linear keeps its input only when its weight
needs a gradient (a frozen layer needs just the weight for the input's gradient); GroupNorm and
LayerNorm keep their input, and under autocast they run in fp32 (torch.amp autocast op list), so
the activation after them (SiLU, and PEFT's LoRA input cast) is 4 bytes; SiLU and GELU keep their
input; SDPA (flash / memory-efficient) keeps q, k, v, its output and a log-sum-exp; eager
attention keeps the fp32 softmax (autocast runs softmax in fp32) and its 16-bit copy, 6 bytes per
score element; PEFT casts a LoRA layer's input to the adapter's fp32 and lora_A keeps it.

usage: scripts/data/diffusion_arch.py            prints the figures and the JSON for models.json
"""
import json

B16 = 2  # bytes of a 16-bit element


class Count:
    def __init__(self):
        self.params = 0; self.mac = 0; self.conv_mac = 0; self.attn_mac = 0; self.attn_kernel_mac = 0; self.kernels = 0
        self.lora = 0.0; self.full = 0.0            # saved bytes, per sample
        self.scores = 0.0                           # score elements
        self.ckpt = 0.0; self.block_lora = 0.0; self.block_full = 0.0; self.block_max = (0.0, 0.0)
        self.block_scores = 0.0                     # score elements of the block with the most
        self.infer_peak = 0.0
        self.io = {"attn_qv": 0, "attn": 0, "all_linear": 0}
        self.largest = 0                            # parameters of the largest conv / linear

    # -- block bookkeeping for checkpointing: each resnet / transformer is a checkpointed block
    def begin_block(self, input_bytes):
        self.ckpt += input_bytes
        self._l0, self._f0, self._s0 = self.lora, self.full, self.scores

    def end_block(self):
        dl, df = self.lora - self._l0, self.full - self._f0
        self.block_max = (max(self.block_max[0], dl), max(self.block_max[1], df))
        self.block_scores = max(self.block_scores, self.scores - self._s0)

    def conv(self, ci, co, k, hw, trainable_input_bytes):
        self.params += ci * co * k * k + co; self.mac += ci * co * k * k * hw; self.kernels += 1
        self.conv_mac += ci * co * k * k * hw
        self.largest = max(self.largest, ci * co * k * k)
        self.full += trainable_input_bytes

    def lin(self, i, o, n, bias=True, saved_full=0.0, kernels=1):
        self.params += i * o + (o if bias else 0); self.mac += i * o * n; self.kernels += kernels
        self.largest = max(self.largest, i * o)
        self.full += saved_full
        self.io["all_linear"] += i + o


def resnet(c, ci, co, hw, temb=1280):
    """ResnetBlock2D: GN, SiLU, conv3x3, +temb, GN, SiLU, conv3x3, (+1x1 shortcut), add."""
    c.begin_block(B16 * ci * hw)
    c.params += 2 * ci + 2 * co
    c.lora += (B16 + 4) * ci * hw + (B16 + 4) * co * hw   # GN inputs (16-bit) and SiLU inputs (fp32)
    c.full += (B16 + 4) * ci * hw + (B16 + 4) * co * hw
    c.conv(ci, co, 3, hw, B16 * ci * hw)
    c.lin(temb, co, 1)
    c.conv(co, co, 3, hw, B16 * co * hw)
    if ci != co:
        c.conv(ci, co, 1, hw, 0)                              # its input is the block input, kept by GN
    c.kernels += 8                                            # GN, SiLU, SiLU(temb), add temb, GN, SiLU, add, cast
    c.infer_peak = max(c.infer_peak, B16 * hw * (2 * ci + 3 * co))
    c.end_block()


def kernel_head_dim(head_dim):
    """The head width a fused attention kernel computes at: the next multiple of 32, up to 256."""
    return min(256, (head_dim + 31) // 32 * 32)


def attention_block(c, d, n, heads, ctx_len, ctx_dim, self_attn):
    """Attention with to_q/to_k/to_v/to_out (diffusers Attention), input: fp32 LayerNorm output."""
    kv_n = n if self_attn else ctx_len
    kv_dim = d if self_attn else ctx_dim
    c.lin(d, d, n, bias=False, saved_full=B16 * d * n)                    # to_q (autocast cast kept)
    c.lin(kv_dim, d, kv_n, bias=False, saved_full=(B16 * d * n if self_attn else 0))
    c.lin(kv_dim, d, kv_n, bias=False, saved_full=(B16 * d * n if self_attn else 0))
    c.lin(d, d, n, saved_full=B16 * d * n)                                # to_out (reshape copy kept)
    c.io["attn_qv"] += (d + d) + (kv_dim + d)
    c.io["attn"] += (d + d) + 2 * (kv_dim + d) + (d + d)
    c.attn_mac += 2 * n * kv_n * d
    c.attn_kernel_mac += 2 * n * kv_n * heads * kernel_head_dim(d // heads)
    c.scores += heads * n * kv_n
    sdpa = B16 * (2 * d * n + 2 * d * kv_n)                               # q, out; k, v
    c.lora += sdpa + 4 * d * n                                            # LoRA on to_q: fp32 LN output
    c.lora += (4 * d * n if self_attn else 0)                             # (shared by to_k / to_v)
    c.lora += 4 * d * n                                                   # LoRA on to_out: fp32 cast
    c.full += sdpa
    c.kernels += 12                                                       # reshapes, SDPA, transposes, LoRA casts


def transformer2d(c, ch, hw, depth, ctx_dim, heads, linear_proj, ctx_len=77):
    """Transformer2DModel: GN, proj_in, `depth` BasicTransformerBlocks (self-attn, cross-attn,
    GEGLU feed-forward), proj_out, residual."""
    c.begin_block(B16 * ch * hw)
    n = hw
    c.params += 2 * ch
    c.lora += B16 * ch * n; c.full += B16 * ch * n                        # GN input
    if linear_proj:
        c.lin(ch, ch, n, saved_full=B16 * ch * n)
    else:
        c.conv(ch, ch, 1, n, B16 * ch * n)
    for _ in range(depth):
        for _ in range(3):
            c.params += 2 * ch; c.lora += B16 * ch * n; c.full += B16 * ch * n   # LayerNorm inputs
        attention_block(c, ch, n, heads, ctx_len, ctx_dim, True)
        attention_block(c, ch, n, heads, ctx_len, ctx_dim, False)
        # GEGLU: proj D -> 8D (kept whole: gelu keeps its view), gelu out 4D, mul out 4D (ff out input)
        c.lin(ch, 8 * ch, n, saved_full=B16 * ch * n)
        c.lin(4 * ch, ch, n, saved_full=B16 * 4 * ch * n)
        c.lora += B16 * 8 * ch * n + B16 * 4 * ch * n
        c.full += B16 * 8 * ch * n + B16 * 4 * ch * n
        c.kernels += 14
        c.infer_peak = max(c.infer_peak, B16 * n * ch * (2 + 2 + 8 + 4 + 4))
    if linear_proj:
        c.lin(ch, ch, n, saved_full=B16 * ch * n)
    else:
        c.conv(ch, ch, 1, n, B16 * ch * n)
    c.kernels += 4
    c.end_block()


def unet(ch, attn, depth, ctx_dim, heads, lat, linear_proj, mid_depth, add_embed=0, in_ch=4):
    c = Count(); hw0 = lat * lat
    c.conv(in_ch, ch[0], 3, hw0, B16 * in_ch * hw0)
    c.lin(320, 1280, 1); c.lin(1280, 1280, 1)
    if add_embed:
        c.lin(add_embed, 1280, 1); c.lin(1280, 1280, 1)
    skips = [ch[0]]; cur = ch[0]; h = lat
    for i, co in enumerate(ch):
        for _ in range(2):
            resnet(c, cur, co, h * h); cur = co
            if attn[i]:
                transformer2d(c, co, h * h, depth[i], ctx_dim, heads[i], linear_proj)
            skips.append(co)
        if i < len(ch) - 1:
            h //= 2; c.conv(co, co, 3, h * h, B16 * co * 4 * h * h); skips.append(co)
    resnet(c, cur, cur, h * h)
    transformer2d(c, cur, h * h, mid_depth, ctx_dim, heads[-1], linear_proj)
    resnet(c, cur, cur, h * h)
    for i, co in enumerate(reversed(ch)):
        for _ in range(3):
            sk = skips.pop(); resnet(c, cur + sk, co, h * h); cur = co
            if list(reversed(attn))[i]:
                transformer2d(c, co, h * h, list(reversed(depth))[i], ctx_dim, list(reversed(heads))[i], linear_proj)
        if i < len(ch) - 1:
            h *= 2; c.conv(co, co, 3, h * h, B16 * co * h * h); c.kernels += 1
    c.params += 2 * ch[0]
    c.conv(ch[0], in_ch, 3, hw0, B16 * ch[0] * hw0)
    c.lora += (B16 + 4) * ch[0] * hw0; c.full += (B16 + 4 + B16) * ch[0] * hw0
    return c


def flux(n_img, n_txt, d=3072, heads=24, double=19, single=38, ctx_dim=4096, mlp=4):
    """FluxTransformer2DModel: `double` MMDiT blocks (image and text streams, joint attention),
    `single` blocks on the joined sequence. LoRA targets to_q/to_k/to_v/to_out.0 (image stream)."""
    c = Count(); n = n_img + n_txt
    c.lin(64, d, n_img); c.lin(ctx_dim, d, n_txt)                     # x_embedder, context_embedder
    c.params += 2 * (256 * d + d * d) + (768 * d + d * d) + 2 * d      # time, guidance, pooled embedders
    for _ in range(double):
        c.begin_block(B16 * d * n)
        for tokens, img in ((n_img, True), (n_txt, False)):
            c.lin(d, 6 * d, 1)                                          # AdaLayerNormZero modulation
            c.lora += B16 * d * tokens + (4 * d * tokens if img else 0)   # LN input; modulated fp32 (LoRA input)
            c.full += B16 * d * tokens + 3 * B16 * d * tokens            # LN input; 3 autocast casts kept
            for _ in range(3):
                c.lin(d, d, tokens)
            c.params += 2 * 128                                          # q/k RMSNorm weights
            c.lora += 2 * (4 + B16) * d * tokens; c.full += 2 * (4 + B16) * d * tokens   # RMSNorm of q, k
            c.lin(d, d, tokens, saved_full=B16 * d * tokens)             # to_out / to_add_out
            if img:
                c.lora += 4 * d * tokens
                c.io["attn"] += 4 * 2 * d; c.io["attn_qv"] += 2 * 2 * d
            c.lin(d, mlp * d, tokens, saved_full=B16 * d * tokens)
            c.lin(mlp * d, d, tokens, saved_full=B16 * mlp * d * tokens)
            c.lora += B16 * d * tokens + B16 * mlp * d * tokens           # LN2 input; GELU input
            c.full += B16 * d * tokens + B16 * mlp * d * tokens
        c.attn_mac += 2 * n * n * d
        c.attn_kernel_mac += 2 * n * n * heads * kernel_head_dim(d // heads)
        c.scores += heads * n * n
        c.lora += B16 * 4 * d * n; c.full += B16 * 4 * d * n              # SDPA: q, k, v, out (joint)
        c.kernels += 70
        c.infer_peak = max(c.infer_peak, B16 * n * d * (3 + 4 + 2 * mlp))
        c.end_block()
    for _ in range(single):
        c.begin_block(B16 * d * n)
        c.lin(d, 3 * d, 1)
        c.lora += B16 * d * n + 4 * d * n; c.full += B16 * d * n + 3 * B16 * d * n
        for _ in range(3):
            c.lin(d, d, n)
        c.io["attn"] += 3 * 2 * d; c.io["attn_qv"] += 2 * 2 * d
        c.params += 2 * 128
        c.lora += 2 * (4 + B16) * d * n; c.full += 2 * (4 + B16) * d * n
        c.lin(d, mlp * d, n, saved_full=B16 * d * n)
        c.lin((1 + mlp) * d, d, n, saved_full=B16 * (1 + mlp) * d * n)
        c.lora += B16 * mlp * d * n + B16 * 4 * d * n; c.full += B16 * mlp * d * n + B16 * 4 * d * n
        c.attn_mac += 2 * n * n * d
        c.attn_kernel_mac += 2 * n * n * heads * kernel_head_dim(d // heads)
        c.scores += heads * n * n
        c.kernels += 45
        c.infer_peak = max(c.infer_peak, B16 * n * d * (3 + 4 + 2 * mlp))
        c.end_block()
    c.lin(d, 2 * d, 1); c.lin(d, 64, n_img)                             # norm_out, proj_out
    return c


def vae_decoder(lat, zc=4, ch=(128, 256, 512, 512)):
    """AutoencoderKL decoder: params, FLOPs, and the largest live set of a no-grad decode: the
    input of the last up block (the widest full-resolution map), its GroupNorm and SiLU outputs,
    and the two narrower maps of the block's first ResNet (ResnetBlock2D forward)."""
    c = Count(); h = lat
    c.conv(zc, zc, 1, h * h, 0); c.conv(zc, ch[-1], 3, h * h, 0)
    cur = ch[-1]
    def rn(ci, co, hw):
        c.params += 2 * ci + 2 * co
        c.conv(ci, co, 3, hw, 0); c.conv(co, co, 3, hw, 0)
        if ci != co: c.conv(ci, co, 1, hw, 0)
    rn(cur, cur, h * h)
    n = h * h; c.params += 2 * cur
    for _ in range(4): c.lin(cur, cur, n)
    c.attn_mac += 2 * n * n * cur
    rn(cur, cur, h * h)
    widest = 0
    for i, co in enumerate(reversed(ch)):
        for _ in range(3):
            rn(cur, co, h * h)
            widest = max(widest, (3 * cur + 2 * co) * h * h)
            cur = co
        if i < len(ch) - 1:
            h *= 2; c.conv(co, co, 3, h * h, 0)
    c.params += 2 * cur; c.conv(cur, 3, 3, h * h, 0)
    c.infer_peak = widest   # elements; x element bytes of the decode's type
    return c


def describe(name, c, ref_px):
    return {
        "name": name, "ref_px": ref_px, "params": c.params,
        "linear_gflops": round(2 * c.mac / 1e9, 1), "conv_gflops": round(2 * c.conv_mac / 1e9, 1), "attention_gflops": round(2 * c.attn_mac / 1e9, 1),
        "attention_kernel_gflops": round(2 * c.attn_kernel_mac / 1e9, 1), "kernels": c.kernels,
        "act_lora_bytes": round(c.lora), "act_full_bytes": round(c.full),
        "ckpt_bytes": round(c.ckpt), "ckpt_block_lora_bytes": round(c.block_max[0]), "ckpt_block_full_bytes": round(c.block_max[1]),
        "score_elements": round(c.scores), "ckpt_block_score_elements": round(c.block_scores), "infer_peak_bytes": round(c.infer_peak),
        "lora_io": c.io, "largest_layer_params": c.largest,
    }


if __name__ == "__main__":
    out = [
        describe("SD1.5 UNet", unet([320, 640, 1280, 1280], [1, 1, 1, 0], [1, 1, 1, 1], 768, [8, 8, 8, 8], 64, False, 1), 512),
        describe("SDXL UNet", unet([320, 640, 1280], [0, 1, 1], [0, 2, 10], 2048, [5, 10, 20], 128, True, 10, add_embed=2816), 1024),
        describe("FLUX.1-dev transformer", flux(4096, 512), 1024),
    ]
    for vae, lat, zc in (("VAE decoder (4 ch) at 512 px", 64, 4), ("VAE decoder (16 ch) at 512 px", 64, 16)):
        c = vae_decoder(lat, zc)
        out.append({"name": vae, "ref_px": 512, "params": c.params, "decode_gflops": round(2 * (c.mac + c.attn_mac) / 1e9, 1),
                    "decode_peak_elements": c.infer_peak})
    for o in out:
        print(json.dumps(o))
