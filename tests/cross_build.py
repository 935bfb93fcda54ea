#!/usr/bin/env python3
"""Native and WebAssembly builds give the same results (issue 14).

Runs the hidden Catch2 test [cross] (tests/test_cross_build.cpp) in the native build and in the
WebAssembly build under node; each writes every vector's result as JSON (doubles printed so that
they read back exactly). Compares them: same keys, same strings, every number within a relative
difference of 1e-12. Prints how many figures were compared and the largest difference found.

  tests/cross_build.py [NATIVE_BUILD_DIR] [WASM_BUILD_DIR]     (default build/native build/wasm)
  tests/cross_build.py --self-test                              the comparison catches a 1e-9 change
"""
import json, math, os, subprocess, sys, tempfile

TOLERANCE = 1e-12


def compare(a, b, path, stats, problems):
    if isinstance(a, bool) or isinstance(b, bool):
        if a is not b:
            problems.append(f"{path}: {a!r} vs {b!r}")
        return
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        stats["numbers"] += 1
        if a == b:
            return
        if not (math.isfinite(a) and math.isfinite(b)):
            problems.append(f"{path}: {a!r} vs {b!r}")
            return
        rel = abs(a - b) / max(abs(a), abs(b))
        stats["max_rel"] = max(stats["max_rel"], rel)
        if rel >= TOLERANCE:
            problems.append(f"{path}: {a!r} vs {b!r} (relative difference {rel:.3g})")
        return
    if type(a) is not type(b):
        problems.append(f"{path}: {type(a).__name__} vs {type(b).__name__}")
        return
    if isinstance(a, dict):
        if a.keys() != b.keys():
            problems.append(f"{path}: keys differ: {sorted(set(a) ^ set(b))[:5]}")
        for k in a.keys() & b.keys():
            compare(a[k], b[k], f"{path}.{k}", stats, problems)
    elif isinstance(a, list):
        if len(a) != len(b):
            problems.append(f"{path}: {len(a)} vs {len(b)} items")
        for i, (x, y) in enumerate(zip(a, b)):
            compare(x, y, f"{path}[{i}]", stats, problems)
    elif a != b:
        stats["strings"] += 1
        problems.append(f"{path}: {str(a)[:80]!r} vs {str(b)[:80]!r}")
    else:
        stats["strings"] += 1


def diff(a, b):
    stats = {"numbers": 0, "strings": 0, "max_rel": 0.0}
    problems = []
    compare(a, b, "$", stats, problems)
    return stats, problems


def self_test():
    a = {"x": [1.0, 2.5e9, "s", None, True], "y": {"z": 3}}
    same = json.loads(json.dumps(a))
    ok = not diff(a, same)[1]
    b = json.loads(json.dumps(a)); b["x"][1] *= 1 + 1e-9
    c = json.loads(json.dumps(a)); c["y"]["w"] = 1
    d = json.loads(json.dumps(a)); d["x"][2] = "t"
    e = json.loads(json.dumps(a)); e["x"][4] = 1          # true vs 1 is a difference
    caught = all(diff(a, x)[1] for x in (b, c, d, e))
    print(f"cross_build self-test: identical passes: {ok}; 1e-9, extra key, string, bool changes caught: {caught}")
    return 0 if ok and caught else 1


def run(cmd, out):
    env = dict(os.environ, XUANKA_CROSS_OUT=out)
    r = subprocess.run(cmd + ["[cross]"], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write(r.stdout[-3000:] + r.stderr[-3000:])
        raise SystemExit(f"cross_build: {' '.join(cmd)} failed ({r.returncode})")
    with open(out, encoding="utf-8") as f:
        return json.load(f)


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    native = sys.argv[1] if len(sys.argv) > 1 else "build/native"
    wasm = sys.argv[2] if len(sys.argv) > 2 else "build/wasm"
    with tempfile.TemporaryDirectory() as tmp:
        a = run([os.path.join(native, "tests", "xuanka_tests")], os.path.join(tmp, "native.json"))
        b = run(["node", os.path.join(wasm, "tests", "xuanka_tests.js")], os.path.join(tmp, "wasm.json"))
    stats, problems = diff(a, b)
    groups = ", ".join(f"{len(a[k])} {k}" for k in a)
    print(f"cross_build: {groups}; {stats['numbers']} numbers and {stats['strings']} strings compared; "
          f"largest relative difference {stats['max_rel']:.3g} (limit {TOLERANCE:g})")
    for p in problems[:20]:
        print("  differs:", p)
    if problems:
        print(f"cross_build: {len(problems)} differences")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
