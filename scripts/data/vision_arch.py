#!/usr/bin/env python3
"""Per-image figures of the vision presets, derived from their architectures: Ultralytics YOLOv8
(ultralytics/cfg/models/v8/yolov8.yaml and its modules Conv, C2f, SPPF, Detect), torchvision
ResNet-50 and ViT-L/16. Writes what catalog/models.json carries for each:

  params, gflops at gflops_input (2 FLOPs per multiply-add) — checked against the published
      counts (Ultralytics' model summaries, torchvision's weights metadata): a wrong walk shows
  act_melements   millions of activation elements one forward writes (every conv / linear /
                  norm / activation output): the memory traffic of a forward
  kernels_eager   kernels an eager PyTorch forward launches (conv, BN, SiLU/ReLU, add, cat ...)
  kernels_fused   kernels after TensorRT-style fusion (conv+BN+activation(+add) one kernel)
  live_melements  millions of elements live at once in a no-grad forward: the largest layer's
                  input and output, and a residual of the output's size
  fused_layers    CNNs: each kernel of the fused engine as [MFLOPs, thousands of elements it
                  moves] (a conv reads its input and a residual it adds, and writes its output),
                  one entry per kernels_fused: the estimator bounds each kernel by its own roofline
  eager_layers    the same for eager PyTorch's kernels, one per kernels_eager (a conv; its BN and
                  activation each read and write the map; element-wise ops, cat, pooling)

usage: scripts/data/vision_arch.py
"""
import json, math


class Net:
    def __init__(self):
        self.params = 0; self.mac = 0; self.act = 0; self.eager = 0; self.fused = 0
        self.live = 0   # largest input + output of one layer (elements): the live set of a no-grad forward
        self.layers = []  # fused kernels: (FLOPs, elements read + written)
        self.eager_layers = []  # eager kernels, the same

    def conv(self, ci, co, k, hw_out, bn=True, act=True, groups=1, bias=None, hw_in=None, residual=False):
        self.live = max(self.live, ci * (hw_in or hw_out) + co * hw_out * 2)
        self.layers.append((2 * ci // groups * co * k * k * hw_out, ci * (hw_in or hw_out) + co * hw_out * (2 if residual else 1)))
        self.params += ci // groups * co * k * k + (2 * co if bn else (co if bias or bias is None else 0))
        self.mac += ci // groups * co * k * k * hw_out
        n = 1 + (1 if bn else 0) + (1 if act else 0)
        self.act += co * hw_out * n
        self.eager += n
        self.eager_layers.append(self.layers[-1][:1] + (ci * (hw_in or hw_out) + co * hw_out,))
        self.eager_layers += [(0, 2 * co * hw_out)] * (n - 1)   # BN, activation: read and write the map
        self.fused += 1

    def elementwise(self, elements, kernels=1):
        self.act += elements; self.eager += kernels
        self.eager_layers += [(0, 2 * elements / kernels)] * kernels   # each writes its share and reads as much


def make_div(x, d=8):
    return int(math.ceil(x / d) * d)


def yolov8(depth, width, max_ch, px=640, nc=80):
    n = Net()
    ch = lambda c: make_div(min(c, max_ch) * width)
    rep = lambda k: max(round(k * depth), 1)
    shapes = {}

    def conv(ci, co, k, s, hw_in):
        hw = hw_in // (s * s)
        n.conv(ci, co, k, hw, hw_in=hw_in)
        return hw

    def c2f(ci, co, k, shortcut, hw):
        c = int(co * 0.5)
        n.conv(ci, 2 * c, 1, hw)
        n.elementwise(0, 1)                       # chunk
        for _ in range(k):
            n.conv(c, c, 3, hw); n.conv(c, c, 3, hw)
            if shortcut: n.elementwise(c * hw)    # residual add
        n.elementwise((2 + k) * c * hw)           # cat
        n.conv((2 + k) * c, co, 1, hw)

    def sppf(ci, co, hw):
        c_ = ci // 2
        n.conv(ci, c_, 1, hw)
        for _ in range(3): n.elementwise(c_ * hw)  # max pools
        n.elementwise(4 * c_ * hw)                 # cat
        n.conv(4 * c_, co, 1, hw)

    hw = px * px
    hw = conv(3, ch(64), 3, 2, hw)
    hw = conv(ch(64), ch(128), 3, 2, hw); c2f(ch(128), ch(128), rep(3), True, hw)
    hw = conv(ch(128), ch(256), 3, 2, hw); c2f(ch(256), ch(256), rep(6), True, hw); shapes["p3"] = hw
    hw = conv(ch(256), ch(512), 3, 2, hw); c2f(ch(512), ch(512), rep(6), True, hw); shapes["p4"] = hw
    hw = conv(ch(512), ch(1024), 3, 2, hw); c2f(ch(1024), ch(1024), rep(3), True, hw)
    sppf(ch(1024), ch(1024), hw); shapes["p5"] = hw
    # head: upsample + cat backbone P4, C2f; upsample + cat P3, C2f; down, cat, C2f; down, cat, C2f
    n.elementwise(ch(1024) * shapes["p4"] * 2, 2)
    c2f(ch(1024) + ch(512), ch(512), rep(3), False, shapes["p4"])
    n.elementwise(ch(512) * shapes["p3"] * 2, 2)
    c2f(ch(512) + ch(256), ch(256), rep(3), False, shapes["p3"])
    conv(ch(256), ch(256), 3, 2, shapes["p3"]); n.elementwise((ch(256) + ch(512)) * shapes["p4"])
    c2f(ch(256) + ch(512), ch(512), rep(3), False, shapes["p4"])
    conv(ch(512), ch(512), 3, 2, shapes["p4"]); n.elementwise((ch(512) + ch(1024)) * shapes["p5"])
    c2f(ch(512) + ch(1024), ch(1024), rep(3), False, shapes["p5"])
    # Detect: per level two 3x3 Convs and a 1x1 conv for boxes (4 x reg_max 16) and for classes
    c2 = max(16, ch(256) // 4, 64); c3 = max(ch(256), min(nc, 100))
    for c_in, lvl in ((ch(256), "p3"), (ch(512), "p4"), (ch(1024), "p5")):
        h = shapes[lvl]
        n.conv(c_in, c2, 3, h); n.conv(c2, c2, 3, h); n.conv(c2, 64, 1, h, bn=False, act=False, bias=True)
        n.conv(c_in, c3, 3, h); n.conv(c3, c3, 3, h); n.conv(c3, nc, 1, h, bn=False, act=False, bias=True)
        n.elementwise((64 + nc) * h)             # cat
    n.params += 16                               # DFL's fixed 1x1 conv (16 -> 1)
    n.eager += 12; n.fused += 4                  # box decoding, softmax of DFL, sigmoid, cat of levels
    n.layers += [(0, 0)] * 4
    n.eager_layers += [(0, 0)] * 12
    return n


def resnet50(px=224):
    n = Net()
    hw = (px // 2) ** 2
    n.conv(3, 64, 7, hw, act=True, hw_in=px * px)
    hw //= 4; n.elementwise(64 * hw)             # max pool
    ci = 64
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for b in range(blocks):
            s = stride if b == 0 else 1
            out = width * 4
            n.conv(ci, width, 1, hw)
            hw2 = hw // (s * s)
            n.conv(width, width, 3, hw2, hw_in=hw)
            if b == 0:
                n.conv(ci, out, 1, hw2, act=False, hw_in=hw)
            n.conv(width, out, 1, hw2, act=False, residual=True)
            n.elementwise(out * hw2 * 2, 2)      # add, ReLU (fused into the last conv by TensorRT)
            hw = hw2; ci = out
    n.elementwise(ci, 1)                         # global average pool
    n.params += ci * 1000 + 1000; n.mac += ci * 1000; n.act += 1000; n.eager += 1; n.fused += 1
    n.layers.append((2 * ci * 1000, ci * hw + 1000))  # average pool + FC
    n.eager_layers.append((2 * ci * 1000, ci + 1000))
    return n


def vit(layers=24, d=1024, heads=16, mlp=4096, px=224, patch=16, classes=1000):
    n = Net()
    t = (px // patch) ** 2 + 1
    n.params += 3 * patch * patch * d + d + t * d + d      # patch conv, position embedding, class token
    n.mac += 3 * patch * patch * d * (t - 1); n.act += d * t; n.eager += 3; n.fused += 2
    for _ in range(layers):
        n.params += 2 * d + (3 * d * d + 3 * d) + (d * d + d) + 2 * d + (d * mlp + mlp) + (mlp * d + d)
        n.mac += 3 * d * d * t + d * d * t + 2 * t * t * d + d * mlp * t + mlp * d * t
        n.live = max(n.live, d * t * 2 + mlp * t, heads * t * t + 3 * d * t)
        n.act += d * t * 2 + 3 * d * t + heads * t * t + d * t * 2 + mlp * t * 2 + d * t * 2
        n.eager += 14; n.fused += 7
    n.params += 2 * d + d * classes + classes; n.mac += d * classes; n.act += classes; n.eager += 2; n.fused += 1
    return n


def describe(name, net, px, published_params, published_gflops):
    g = 2 * net.mac / 1e9
    return {"name": name, "params": net.params, "published_params": published_params,
            "gflops": round(g, 2), "published_gflops": published_gflops, "gflops_input": px,
            "act_melements": round(net.act / 1e6, 2), "kernels_eager": net.eager, "kernels_fused": net.fused,
            "live_melements": round(net.live / 1e6, 3),
            "fused_layers": kernels(net.layers, net.fused), "eager_layers": kernels(net.eager_layers, net.eager)}


def kernels(layers, count):
    """[MFLOPs, thousand elements] per kernel, 4 significant digits; None unless one per kernel."""
    if len(layers) != count:
        return None
    return [[float(f"{f / 1e6:.4g}"), float(f"{b / 1e3:.4g}")] for f, b in layers]


if __name__ == "__main__":
    # Ultralytics' summaries (yolov8.yaml comments): params and GFLOPs at 640 (fused model)
    out = [describe(f"yolov8{k}", yolov8(d, w, m), 640, p, g) for k, d, w, m, p, g in (
        ("n", 0.33, 0.25, 1024, 3157200, 8.9), ("s", 0.33, 0.50, 1024, 11166560, 28.8), ("m", 0.67, 0.75, 768, 25902640, 79.3),
        ("l", 1.00, 1.00, 512, 43691520, 165.7), ("x", 1.00, 1.25, 512, 68229648, 258.5))]
    # torchvision weights metadata: ResNet-50 25,557,032 params, 4.089 GMACs; ViT-L/16 304,326,632, 61.555 GMACs
    out.append(describe("resnet-50", resnet50(), 224, 25557032, 2 * 4.089))
    out.append(describe("vit-l-16", vit(), 224, 304326632, 2 * 61.555))
    for o in out:
        print(json.dumps(o))
