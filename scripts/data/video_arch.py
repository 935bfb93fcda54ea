#!/usr/bin/env python3
"""The video VAEs' figures for catalog/models.json "video.vae", derived from their code by walking
the decoder (and encoder) stage by stage:

  decode_mflops_per_px   convolution FLOPs (2 per multiply-add) per output pixel of one frame
  encode_mflops_per_px   the same per input pixel of one frame
  decode_live_bytes_per_px  bytes live at once per pixel of one frame's area in the decode

Sources (read at these commits):
  Wan 2.1 VAE: Wan-Video/Wan2.1@9737cba9c1c3c4d04b33fcad41c111989865d315 wan/modules/vae.py
    (_video_vae: dim 96, z_dim 16, dim_mult [1, 2, 4, 4], num_res_blocks 2, temperal_downsample
    [False, True, True]; Decoder3d halves a stage's input channels after an upsample; CausalConv3d
    k=3 with CACHE_T = 2 frames cached per conv; WanVAE dtype torch.float: 4 B)
  Wan 2.2 VAE (TI2V-5B): Wan-Video/Wan2.2@42bf4cfaa384bc21833865abc2f9e6c0e67233dc
    wan/modules/vae2_2.py (dim 160, dec_dim 256, z_dim 48; patchify 2: the decoder works at half
    the output side and its head writes 12 = 3 x 2 x 2 channels; Up_ResidualBlock keeps channels
    through the upsample; Wan2_2_VAE dtype torch.float)
  HunyuanVideo VAE: Tencent/HunyuanVideo hyvideo/vae (AutoencoderKLCausal3D, block_out_channels
    [128, 256, 512, 512], layers_per_block 2 (3 resnets per decoder block), 4x temporal and 8x
    spatial compression, fp16; the sampler enables tiling: 256 px spatial tiles, 64-frame tiles)

The decode of a causal VAE runs one latent frame at a time (Wan's feat_cache), so its live set goes
with one chunk: every causal conv keeps its input's last CACHE_T = 2 frames for the next chunk (the
cache, alive through the whole decode), and the full-resolution stage's working set is a block's
input (4 frames), the cached frames concatenated to it and padded (2 x 6 frames, both alive in
F.pad), and the accumulated output video (3 channels per frame, twice while torch.cat copies it).

usage: scripts/data/video_arch.py   (prints the figures)
"""
import json

K3 = 27  # a 3x3x3 kernel


def conv(cin, cout, k=K3):
    return 2 * k * cin * cout  # FLOPs per output voxel


def resblock(cin, cout):
    f = conv(cin, cout) + conv(cout, cout)
    if cin != cout:
        f += conv(cin, cout, 1)  # the 1x1x1 shortcut
    return f


def wan_decoder(dim, z_dim, out_ch, halve_after_up, nres=2, mult=(1, 2, 4, 4), t_up=(True, True, False)):
    """FLOPs per decoder-output voxel, and the cached channel-frames per decoder-output pixel."""
    dims = [dim * u for u in [mult[-1]] + list(mult[::-1])]
    s = 1 / 4 ** (len(mult) - 1)          # pixels relative to the output
    t = 1 / 2 ** sum(t_up)                # frames relative to the output
    flops = conv(z_dim, dims[0]) * s * t
    cache = 2 * z_dim * s                 # channel-frames cached per output pixel (conv1's input)
    flops += (2 * resblock(dims[0], dims[0]) + 2 * 4 * dims[0] ** 2) * s * t  # middle: 2 blocks + attention's 1x1 convs
    cache += 4 * 2 * dims[0] * s
    for i, (cin, cout) in enumerate(zip(dims[:-1], dims[1:])):
        if halve_after_up and i in (1, 2, 3):
            cin //= 2
        for _ in range(nres + 1):
            flops += resblock(cin, cout) * s * t
            cache += 2 * (cin + cout) * s
            cin = cout
        if i != len(mult) - 1:
            if t_up[i]:
                flops += conv(cout, 2 * cout, 3) * s * t  # time_conv (3, 1, 1)
                cache += 2 * cout * s
                t *= 2
            s *= 4
            flops += conv(cout, cout // 2 if halve_after_up else cout, 9) * s * t  # the 2-D conv after the nearest upsample
    flops += conv(cout, out_ch) * s * t  # the head
    cache += 2 * cout * s
    return flops, cache, cout


def wan_encoder(dim, z2, nres=2, mult=(1, 2, 4, 4), t_down=(False, True, True), in_ch=3):
    dims = [dim * u for u in [1] + list(mult)]
    s = t = 1.0
    flops = conv(in_ch, dims[0])
    for i, (cin, cout) in enumerate(zip(dims[:-1], dims[1:])):
        for _ in range(nres):
            flops += resblock(cin, cout) * s * t
            cin = cout
        if i != len(mult) - 1:
            s /= 4
            flops += conv(cout, cout, 9) * s * t
            if t_down[i]:
                t /= 2
                flops += conv(cout, cout, 3) * s * t
    flops += (2 * resblock(dims[-1], dims[-1]) + 2 * 4 * dims[-1] ** 2) * s * t + conv(dims[-1], z2) * s * t
    return flops


def wan_live(top_ch, cache_ch_frames, frames_out, bytes_):
    # working set at full resolution: block input (4 frames) + cat (6) + pad (6); the cache; the
    # output video accumulated (3 channels x frames, doubled by torch.cat's copy)
    work = top_ch * (4 + 6 + 6)
    return (work + cache_ch_frames + 2 * 3 * frames_out) * bytes_


# The DiT's per-token figures (bytes per latent token per block), read from the reference code.
# Wan (Wan-Video/Wan2.1 wan/modules/model.py WanAttentionBlock, the same block in Wan 2.2): the
# residual stream x is fp32 (x = x + y * e[2] under autocast(float32)), the modulated input
# norm1(x).float() * (1 + e[1]) + e[0] is fp32, q and k pass an RMSNorm and rope_apply, which
# converts them to float64 complex numbers and back (.to(torch.float64), x_i * freqs_i, cat,
# stack().float()); v and the attention output are 16-bit; the FFN's hidden is 16-bit.
#   live (no grad), at rope_apply(k): x 4d + modulated input 4d + q 2-4d (16-bit after the norm,
#     fp32 with fp32-stored weights) + rope(q) output 4d + k 2-4d + v 2d + the float64 copy and
#     product 16d = 34-38d bytes: 36d; the FFN's peak (x 4d + input 4d + 2 x 2 ffn) is lower for
#     every Wan shape (14B: 96 KB vs 184 KB per token)
#   saved for backward (autocast bf16): norm1/modulate 4d + 4d + the 16-bit cast 2d, q, k, v 6d
#     with fp32 norm inputs 8d and rope's float64 inputs 16d, attention output 2d, o-proj input 2d,
#     the gate's y 2d; cross-attention: norm3 4d, q 2d + 2d, attention out 2d, o input 2d;
#     norm2/modulate 4d + 4d + 2d; the FFN input 2d, hidden 2 ffn and GELU output 2 ffn; the
#     gate's y 2d -> 72d + 4 ffn
#   elementwise traffic per token (bytes read + written by the non-matmul kernels): norm1 and
#     modulation 30d, q/k RMSNorms 56d, rope of q and k 88d, gated residual 18d, cross-attention's
#     norms and q norm 28d + residual 10d, norm2 and modulation 30d, GELU 4 ffn, gated residual 18d
#     -> 278d + 4 ffn; about 70 kernels per block.
# HunyuanVideo (Tencent/HunyuanVideo hyvideo/modules/models.py MMSingleStreamBlock, bf16 weights):
#   live: x 2d + x_mod 2d + linear1's output (3d qkv + 4d mlp) 14d + normed q, k 4d + rope's fp32
#     temporaries (apply_rotary_emb: xq.float() * cos + rotate_half(xq.float()) * sin) 12d = 34d;
#     in the MLP half x 2d + x_mod 2d + linear1 14d + attention 2d + GELU 8d + cat(attn, mlp) 10d
#     = 38d: 38d
#   saved: x_mod 2d, linear1's output 14d, q and k fp32 rope inputs 16d, roped q, k 4d, attention
#     output 2d, GELU output 8d, the cat 10d, gate input 2d, norm input 2d -> 60d
#   the residual stream between blocks: 16-bit (Wan's: fp32, the autocast(float32) residual adds)
#   elementwise: norm and modulation 14d, q/k norms 24d, rope 48d, cats 24d, GELU 16d, gates and
#     residual 24d -> 150d; about 50 kernels per block.
def dit_figures(family, d, ffn):
    if family == "wan":
        return {"infer_live_bytes_per_token": 36 * d, "train_act_bytes_per_token": 72 * d + 4 * ffn,
                "elementwise_bytes_per_token": 278 * d + 4 * ffn, "kernels_per_block": 70, "residual_bytes": 4}
    return {"infer_live_bytes_per_token": 38 * d, "train_act_bytes_per_token": 60 * d,
            "elementwise_bytes_per_token": 150 * d, "kernels_per_block": 50, "residual_bytes": 2}


def vae_figures():
    out = {}
    # Wan 2.1: the decoder's output is the video itself.
    f, cache, top = wan_decoder(96, 16, 3, halve_after_up=True)
    enc = wan_encoder(96, 32)
    out["wan2.1-vae"] = {"decode_mflops_per_px": round(f / 1e6, 2), "encode_mflops_per_px": round(enc / 1e6, 2),
                         "decode_live_bytes_per_px": round(wan_live(top, cache, 81, 4)), "top_channels": top}
    # Wan 2.2: the decoder works at half the side (a quarter of the pixels) and unpatchifies 2x2.
    f, cache, top = wan_decoder(256, 48, 12, halve_after_up=False)
    enc = wan_encoder(160, 96, in_ch=12)
    out["wan2.2-vae"] = {"decode_mflops_per_px": round(f / 4 / 1e6, 2), "encode_mflops_per_px": round(enc / 4 / 1e6, 2),
                         "decode_live_bytes_per_px": round(wan_live(top, cache, 121 * 4, 4) / 4), "top_channels": top}
    # HunyuanVideo: a whole-clip decode of each tile (no per-chunk cache): conv_in, the middle
    # (2 resnets + attention), four up blocks of 3 resnets with upsample convs, conv_out; live set
    # a tile's input, two intermediates and the output at 128 channels, fp16, per frame of a
    # 65-frame temporal tile.
    chans = [512, 512, 256, 128]
    s, t = 1 / 64, 1 / 4
    f = conv(16, 512) * s * t + (2 * resblock(512, 512) + 2 * 4 * 512 ** 2) * s * t
    cin = 512
    for i, c in enumerate(chans):
        for _ in range(3):
            f += resblock(cin, c) * s * t
            cin = c
        if i < 3:
            s *= 4
            if i >= 1:
                t *= 2
            f += conv(c, c) * s * t
    f += conv(128, 3) * s * t
    out["hunyuan-vae"] = {"decode_mflops_per_px": round(f / 1e6, 2), "encode_mflops_per_px": round(f / 1e6, 2),
                          "decode_live_bytes_per_px": 4 * 65 * 128 * 2, "tile_px": 256 * 256,
                          "note": "encode taken as the decode's mirror; live set per pixel of a 256 px tile"}
    return out


if __name__ == "__main__":
    print(json.dumps(vae_figures(), indent=1))
