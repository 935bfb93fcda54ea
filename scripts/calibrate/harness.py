"""The measuring harness shared by the calibration scripts (run on a lent GPU machine only):
guarded runs, peak memory (torch and NVML), median timings, one JSON line per run in $OUT."""
import gc, json, os, statistics, sys, time, traceback

T0 = time.time()
DEADLINE_S = float(os.environ.get("DEADLINE_S", "420"))   # stop starting new runs after this
OUT = os.environ.get("OUT", ".")
path = os.path.join(OUT, "measurements.jsonl")
log = open(path, "a")

import torch
try:
    import pynvml
    pynvml.nvmlInit()
    _h = pynvml.nvmlDeviceGetHandleByIndex(0)
    def nvml_used():
        return pynvml.nvmlDeviceGetMemoryInfo(_h).used
except Exception:  # noqa: BLE001
    def nvml_used():
        return None

BASE_USED = nvml_used()   # before this process creates its CUDA context
GIB = 2**30

def emit(rec):
    rec["elapsed_s"] = round(time.time() - T0, 1)
    log.write(json.dumps(rec) + "\n"); log.flush()
    short = {k: rec.get(k) for k in ("name", "peak_allocated_gib", "total_used_gib", "step_s", "tokens_per_s", "fps", "latency_ms", "error")}
    print(json.dumps(short), flush=True)

def clean():
    gc.collect(); torch.cuda.synchronize(); torch.cuda.empty_cache()

def timed(fn, warmup=2, iters=5):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    ts = []
    for _ in range(iters):
        a = time.perf_counter(); fn(); torch.cuda.synchronize(); ts.append(time.perf_counter() - a)
    return statistics.median(ts), ts

def used_total():
    u = nvml_used()
    return None if u is None or BASE_USED is None else u - BASE_USED

def run(name, scenario, fn):
    if time.time() - T0 > DEADLINE_S:
        emit({"name": name, "scenario": scenario, "error": "skipped: deadline"}); return
    clean()
    torch.cuda.reset_peak_memory_stats()
    rec = {"name": name, "scenario": scenario}
    try:
        rec.update(fn())
        rec["peak_allocated_bytes"] = torch.cuda.max_memory_allocated()
        rec["peak_reserved_bytes"] = torch.cuda.max_memory_reserved()
        rec["peak_allocated_gib"] = round(rec["peak_allocated_bytes"] / GIB, 3)
        t = used_total()
        if t is not None:
            rec["total_used_bytes"] = t; rec["total_used_gib"] = round(t / GIB, 3)
    except Exception as ex:  # noqa: BLE001
        rec["error"] = f"{type(ex).__name__}: {ex}"[:400]
        rec["traceback"] = traceback.format_exc()[-1500:]
    emit(rec)
    clean()

def env():
    import importlib
    v = {"python": sys.version.split()[0], "torch": torch.__version__, "cuda": torch.version.cuda,
         "gpu": torch.cuda.get_device_name(0), "gpu_memory_bytes": torch.cuda.get_device_properties(0).total_memory,
         "nvml_base_used_bytes": BASE_USED}
    for m in ("transformers", "peft", "torchvision", "timm", "diffusers"):
        try: v[m] = importlib.import_module(m).__version__
        except Exception as ex: v[m] = f"missing ({type(ex).__name__})"  # noqa: BLE001
    return v

