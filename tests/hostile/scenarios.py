#!/usr/bin/env python3
"""Hostile scenarios through the CLI (issue 40's "1,623 hostile scenarios natively and under
ASan/UBSan"), rerunnable: deterministic mutations of every scenario the project holds (the
validation sets, the bad-scenario vectors, the recommend vectors), run through `xuanka estimate`
(JSON and text), and every few through `config` and `recommend`.

Usage: tests/hostile/scenarios.py [--count N] [--seed S] CLI [CLI ...]
  e.g. tests/hostile/scenarios.py build/native/core/xuanka build/sanitize/core/xuanka

For every run it checks:
  - the process ends on its own (no signal, no abort), with 0 (estimated) or 2 (refused);
  - nothing from a sanitizer, and no uncaught exception, on stderr;
  - a refusal names the field path it refused (`scenario.` or `$`) or the file it could not read;
  - an accepted scenario's JSON holds no NaN or infinity, memory parts are >= 0 and sum to the
    total, `fits` agrees with the headroom, an MFU lies in (0, 1], times and speeds are > 0;
  - an accepted layout is one the contract allows (SCENARIO.md "Cards, replicas and experts"):
    gpus a multiple of tp*pp*cp (training) or of tp*pp (serving); training gpus a multiple of
    pp*ep; serving ep <= gpus / pp;
  - the text output has no "nan" or "inf".
Prints the counts; exits 1 on any finding (each printed with its scenario file).
"""
import argparse, copy, json, math, os, random, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VECTORS = os.path.join(ROOT, "tests", "vectors")

HOSTILE_VALUES = [0, -1, 1, 2, 3, 7, 1e308, -1e308, 1e-308, 5e-324, 2**31, 2**53 + 1, 2**63, 2**64,
                  0.5, 3.7, "", "abc", "１０２４", "1万", None, True, False, [], {}, [1, 2], {"a": 1},
                  "\u0000", "😀" * 40, "a" * 20000, "NaN", "Infinity", "-0", "1e999", "../../etc/passwd",
                  "<script>alert(1)</script>"]
PAR_VALUES = [0, 1, 2, 3, 4, 5, 7, 8, 16, 64, 1024, 10**9, -8, 2.5, "8"]
FIELDS = ["model", "task", "precision", "optimizer", "weights", "seq_len", "micro_batch", "global_batch",
          "recompute", "flash_attention", "gpu", "tokens", "mfu", "loss", "lora", "serving", "parallel",
          "image", "vision", "unknown_field", "lora.rank", "lora.targets", "lora.dtype", "lora.dropout",
          "serving.batch", "serving.prompt_tokens", "serving.output_tokens", "serving.kv_dtype",
          "parallel.gpus", "parallel.tp", "parallel.pp", "parallel.cp", "parallel.ep", "parallel.vp",
          "parallel.zero", "parallel.offload", "parallel.sequence_parallel", "parallel.ep_overlap",
          "image.resolution", "image.batch", "image.steps", "image.cfg", "image.runtime",
          "vision.input", "vision.batch", "vision.precision", "vision.chips", "vision.camera_fps",
          "model.layers", "model.hidden", "model.heads", "model.kv_heads", "model.vocab", "model.ffn_hidden",
          "model.head_dim", "model.params", "model.moe", "model.moe.experts", "model.moe.top_k",
          "model.mla", "model.kind", "model.gflops", "model.components"]
INLINE_LLM = {"name": "h", "layers": 4, "hidden": 512, "heads": 8, "kv_heads": 2, "ffn_hidden": 1024, "vocab": 32000}
INLINE_MOE = dict(INLINE_LLM, moe={"experts": 8, "top_k": 2, "expert_ffn_hidden": 512})


def load_bases():
    bases = []
    for f in sorted(os.listdir(VECTORS)):
        if f.startswith("validation_") and f.endswith(".jsonl"):
            for line in open(os.path.join(VECTORS, f), encoding="utf-8"):
                if line.strip():
                    bases.append(json.loads(line)["scenario"])
    bad = json.load(open(os.path.join(VECTORS, "bad_scenarios.json"), encoding="utf-8"))
    for c in (bad if isinstance(bad, list) else bad.get("cases", [])):
        if isinstance(c, dict) and isinstance(c.get("scenario"), dict):
            bases.append(c["scenario"])
    rec = json.load(open(os.path.join(VECTORS, "recommend.json"), encoding="utf-8"))
    for c in (rec if isinstance(rec, list) else rec.get("cases", [])):
        if isinstance(c, dict) and isinstance(c.get("scenario"), dict):
            bases.append(c["scenario"])
    return bases


def set_path(obj, path, value):
    keys = path.split(".")
    for k in keys[:-1]:
        if not isinstance(obj.get(k), dict):
            obj[k] = {} if k != "model" else copy.deepcopy(INLINE_MOE)
        obj = obj[k]
    obj[keys[-1]] = value


def plausible(rng, s, cards):
    """A change a user could make: another card, layout, length or batch. Many of these are
    accepted, which is where a silently wrong result would hide."""
    r = rng.random()
    if r < 0.3:
        s["gpu"] = rng.choice(cards)
    elif r < 0.7:
        p = s.get("parallel") if isinstance(s.get("parallel"), dict) else {}
        s["parallel"] = p
        p["gpus"] = rng.choice([1, 2, 4, 8, 16, 32, 64, 256])
        for k in ("tp", "pp", "cp", "ep"):
            if rng.random() < 0.5:
                p[k] = rng.choice([1, 1, 2, 4, 8])
        if s.get("task") != "inference" and rng.random() < 0.5:
            p["zero"] = rng.choice([0, 1, 2, 3])
    elif r < 0.85:
        if s.get("task") == "inference":
            sv = s.get("serving") if isinstance(s.get("serving"), dict) else {}
            s["serving"] = sv
            sv[rng.choice(["batch", "prompt_tokens", "output_tokens"])] = rng.choice([1, 7, 64, 512, 4096, 131072])
        else:
            s[rng.choice(["seq_len", "micro_batch"])] = rng.choice([1, 2, 8, 512, 4096, 32768, 131072])
    else:
        s["task"] = rng.choice(["pretrain", "full_ft", "lora", "qlora", "inference"])


def mutate(rng, base, cards):
    s = copy.deepcopy(base)
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 2)):
            plausible(rng, s, cards)
        return s
    kind = rng.random()
    if kind < 0.04:  # not an object at all, or not JSON
        return rng.choice(['[1', '{"model":', '\xff\xfe{}', '{}' * 3, '1e999', '"x"', 'null', '[]',
                           '{"model":"llama-3.1-8b"' + ',"a":[' * 300 + ']' * 300 + '}'])
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.35:
            set_path(s, rng.choice(FIELDS), rng.choice(HOSTILE_VALUES))
        elif r < 0.65:  # a layout
            p = s.setdefault("parallel", {}) if isinstance(s.get("parallel"), dict) else s.setdefault("parallel", {})
            if not isinstance(p, dict):
                s["parallel"] = p = {}
            for k in rng.sample(["gpus", "tp", "pp", "cp", "ep", "zero", "vp"], rng.randint(1, 4)):
                p[k] = rng.choice(PAR_VALUES) if k != "zero" else rng.choice([0, 1, 2, 3, 4, -1])
        elif r < 0.8:  # an inline model with a bad shape
            m = copy.deepcopy(rng.choice([INLINE_LLM, INLINE_MOE]))
            m[rng.choice(list(m.keys()))] = rng.choice(HOSTILE_VALUES + PAR_VALUES)
            if "moe" in m and isinstance(m["moe"], dict) and rng.random() < 0.5:
                m["moe"][rng.choice(["experts", "top_k", "expert_ffn_hidden", "shared_experts"])] = rng.choice(PAR_VALUES)
            s["model"] = m
        elif r < 0.9:  # a field removed
            if s:
                del s[rng.choice(list(s.keys()))]
        else:  # task switched
            s["task"] = rng.choice(["pretrain", "full_ft", "lora", "qlora", "inference", "train", ""])
    return s


def finite_numbers(x, where="$"):
    if isinstance(x, float) and not math.isfinite(x):
        yield where
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from finite_numbers(v, f"{where}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from finite_numbers(v, f"{where}[{i}]")


def check_estimate(out):
    """Problems with an accepted scenario's JSON output."""
    def no_const(c):
        raise ValueError(f"{c} in output")
    try:
        d = json.loads(out, parse_constant=no_const)
    except ValueError as e:
        return [f"output is not JSON: {e}"]
    probs = [f"not finite at {w}" for w in finite_numbers(d)]
    r, sc = d.get("result", {}), d.get("scenario", {})
    mem = r.get("memory", {})
    br = mem.get("breakdown", {})
    for k, v in br.items():
        if not isinstance(v, (int, float)) or v < 0:
            probs.append(f"memory.breakdown.{k} = {v}")
    total = mem.get("total")
    if isinstance(total, (int, float)) and br and all(isinstance(v, (int, float)) for v in br.values()):
        if abs(sum(br.values()) - total) > 1e-6 * max(1.0, total):
            probs.append(f"breakdown sums to {sum(br.values())}, total {total}")
    head, fits = mem.get("headroom"), r.get("fits")
    if fits is not None and isinstance(head, (int, float)) and fits != (head >= 0):
        probs.append(f"fits {fits} with headroom {head}")
    comp = r.get("compute", {})
    if comp.get("mfu") is not None and not (0 < comp["mfu"] <= 1):
        probs.append(f"mfu {comp['mfu']}")
    for k in ("step_time_s", "tokens_per_s_per_gpu", "fps", "it_per_s", "latency_ms"):
        if comp.get(k) is not None and not comp[k] > 0:
            probs.append(f"compute.{k} = {comp[k]}")
    for k, v in r.get("serving", {}).items():
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v < 0:
            probs.append(f"serving.{k} = {v}")
    p = sc.get("parallel", {})
    if isinstance(p, dict) and all(isinstance(p.get(k, 1), int) for k in ("gpus", "tp", "pp", "cp", "ep")):
        g, tp, pp, cp, ep = (p.get(k, 1) for k in ("gpus", "tp", "pp", "cp", "ep"))
        train = sc.get("task") != "inference"
        model = sc.get("model")
        llm = not (isinstance(model, dict) and model.get("kind") in ("vision", "diffusion"))
        if llm and "tp" in p:
            if train and g % (tp * pp * cp):
                probs.append(f"accepted gpus {g} not a multiple of tp*pp*cp {tp * pp * cp}")
            if train and g % (pp * ep):
                probs.append(f"accepted gpus {g} not a multiple of pp*ep {pp * ep}")
            if not train and ep > g // pp:
                probs.append(f"accepted serving ep {ep} > gpus/pp {g // pp}")
    return probs


SANITIZER = re.compile(r"AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:|terminate called|Segmentation fault")


def run(cli, args, timeout=120):
    try:
        p = subprocess.run([cli] + args, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout"
    return p.returncode, p.stdout, p.stderr


def one(cli, i, path, accepted_hint):
    findings, runs = [], 0
    rc, out, err = run(cli, ["estimate", path, "--json"]); runs += 1
    e = err.decode("utf-8", "replace")
    if rc is None:
        return [f"{path}: estimate timed out"], runs, None
    if rc < 0 or rc not in (0, 2):
        findings.append(f"{path}: estimate exited {rc}: {e[:300]}")
    if SANITIZER.search(e):
        findings.append(f"{path}: sanitizer or abort: {e[:600]}")
    if rc == 2 and not re.search(r"scenario\b|\$|not valid JSON|cannot read|not a JSON object|UTF-8", e):
        findings.append(f"{path}: refusal names no field: {e[:300]}")
    accepted = rc == 0
    if accepted:
        findings += [f"{path}: {x}" for x in check_estimate(out.decode("utf-8", "replace"))]
        if i % 4 == 0:
            rc2, out2, err2 = run(cli, ["estimate", path]); runs += 1
            t = out2.decode("utf-8", "replace")
            if rc2 != 0 or SANITIZER.search(err2.decode("utf-8", "replace")) or re.search(r"\b(nan|inf)\b", t, re.I):
                findings.append(f"{path}: text output rc {rc2}, nan/inf or sanitizer: {err2[:300]!r}")
        if i % 5 == 0:
            fw = ["deepspeed", "fsdp", "megatron", "vllm", "mindie"][(i // 5) % 5]
            rc3, _, err3 = run(cli, ["config", path, "--for", fw]); runs += 1
            if rc3 is None or rc3 < 0 or rc3 not in (0, 1, 2) or SANITIZER.search(err3.decode("utf-8", "replace")):
                findings.append(f"{path}: config --for {fw} rc {rc3}: {err3[:300]!r}")
        if i % 10 == 0:
            rc4, out4, err4 = run(cli, ["recommend", path, "--max-cards", "8", "--json"]); runs += 1
            if rc4 is None or rc4 < 0 or rc4 not in (0, 1, 2) or SANITIZER.search(err4.decode("utf-8", "replace")):
                findings.append(f"{path}: recommend rc {rc4}: {err4[:300]!r}")
            elif rc4 == 0:
                try:
                    json.loads(out4, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
                except ValueError as x:
                    findings.append(f"{path}: recommend output: {x}")
    return findings, runs, accepted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=1623)
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("cli", nargs="+")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    bases = load_bases()
    listing = subprocess.run([a.cli[0], "catalog", "list"], capture_output=True, text=True).stdout
    cards = re.findall(r"^  ([a-z0-9][a-z0-9.-]+)\s", listing.split("models")[0], re.M)
    work = tempfile.mkdtemp(prefix="xuanka-hostile-")
    paths = []
    for i in range(a.count):
        s = mutate(rng, rng.choice(bases), cards)
        path = os.path.join(work, f"s{i:05d}.json")
        with open(path, "wb") as f:
            f.write(s.encode("utf-8", "surrogateescape") if isinstance(s, str) else json.dumps(s, ensure_ascii=False).encode())
        paths.append(path)
    bad = 0
    for cli in a.cli:
        findings, runs, acc = [], 0, 0
        with ThreadPoolExecutor(a.jobs) as ex:
            for f, n, ok in ex.map(lambda ip: one(cli, ip[0], ip[1], None), enumerate(paths)):
                findings += f; runs += n; acc += bool(ok)
        print(f"{cli}: {a.count} hostile scenarios ({len(bases)} bases, seed {a.seed}), {runs} runs; "
              f"{acc} estimated, {a.count - acc} refused; findings {len(findings)}")
        for x in findings[:40]:
            print("  " + x)
        bad += len(findings)
    print(f"scenarios in {work}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
