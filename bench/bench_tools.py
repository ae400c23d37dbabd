"""Latency of the agent's generic tools, in one run.

- ``run_python``: our warm worker pool (RestrictedPython, rlimits) versus spawning a fresh
  interpreter per call (``python -c code``, the paper's approach), same snippets, p50/p95;
- ``search``: p50/p95 of the full tool output (ranking + snippets) for a query per page of the
  whole corpus (each calculator's purpose sentence, each topic's title), plus index build time;
- ``calculator`` and ``convert_units``: p50/p95.

Appends a section to ``bench/RESULTS.md`` (machine, date, git rev).

    .venv/bin/python bench/bench_tools.py [--python-calls 200] [--spawn-calls 40] [--no-write]
"""
from __future__ import annotations

import argparse
import datetime as dt
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from _common import append_results, git_rev, machine, pct  # noqa: E402

SNIPPETS = [
    "print(2 + 2)",
    "import math\nage, cr = 67, 1.3\nk, a = 0.9, -0.302\nround(142 * min(cr / k, 1) ** a * max(cr / k, 1) ** -1.2 * 0.9938 ** age, 1)",
    "weights = [72.5, 80.1, 65.0]\nsum(weights) / len(weights)",
    "import numpy as np\nx = np.array([120, 135, 128, 142])\nprint(x.mean(), x.std())",
    "from datetime import date, timedelta\nprint(date(2024, 3, 1) + timedelta(days=280))",
    "import statistics\nstatistics.median([7.1, 6.8, 7.4, 7.0])",
    "def map_(sbp, dbp):\n    return (sbp + 2 * dbp) / 3\nprint(round(map_(128, 76), 1))",
    "points = 0\nfor v in [True, False, True, True]:\n    if v:\n        points += 1\npoints",
]


def timed(fn, args_list) -> list[float]:
    out = []
    for a in args_list:
        t = time.perf_counter()
        fn(*a)
        out.append(time.perf_counter() - t)
    return out


def bench_python(n_pool: int, n_spawn: int) -> dict:
    from medmcp_calc.sandbox import PythonSandbox

    sb = PythonSandbox(size=2)
    t = time.perf_counter()
    sb.warm()
    warm_s = time.perf_counter() - t
    for s in SNIPPETS:  # one warm-up pass
        sb.run(s)
    pool = timed(lambda c: sb.run(c), [(SNIPPETS[i % len(SNIPPETS)],) for i in range(n_pool)])
    sb.close()

    def spawn(code: str) -> str:
        # the paper's executor: a fresh interpreter per call, code passed on the command line
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        return r.stdout + r.stderr

    spawn_t = timed(spawn, [(SNIPPETS[i % len(SNIPPETS)],) for i in range(n_spawn)])
    return {"pool": pool, "spawn": spawn_t, "warm_s": warm_s}


def bench_search() -> dict:
    from medmcp_calc.calculators import all_calculators
    from medmcp_calc.reference import ReferenceIndex

    ix = ReferenceIndex()
    t = time.perf_counter()
    pages = ix.pages  # builds the index
    build_s = time.perf_counter() - t
    calcs = {c.id: c for c in all_calculators()}
    queries = []
    for p in pages:
        c = calcs.get(p.slug) if p.kind == "calculator" else None
        queries.append((c.purpose if c is not None and c.purpose else p.title,))
    ix.search(queries[0][0])
    search_t = timed(ix.search, queries)
    fetch_t = timed(ix.fetch, [(p.url,) for p in pages])
    # quality: a query phrased from each calculator's purpose, its name words removed (as the test does)
    sys.path.insert(0, str(REPO / "tests" / "tools"))
    from medmcp_tools_support import purpose_query

    ranks = []
    for c in calcs.values():
        if c.purpose:
            top = [p.slug for p, _ in ix.ranked(purpose_query(c), k=10)]
            ranks.append(top.index(c.id) + 1 if c.id in top else 99)
    hit1 = sum(r == 1 for r in ranks) / max(1, len(ranks))
    hit5 = sum(r <= 5 for r in ranks) / max(1, len(ranks))
    return {"search": search_t, "fetch": fetch_t, "build_s": build_s, "pages": len(pages), "hit1": hit1,
            "hit5": hit5, "n_quality": len(ranks)}


def bench_calculator() -> dict:
    from medmcp_calc.tools.calculator import calculator, convert_units

    exprs = ["70 / 1.75 ** 2", "(2 * 80 + 125) / 3", "141 * min(1.2 / 0.9, 1) ** -0.329 * 0.993 ** 60",
             "sqrt(170 * 80 / 3600)", "round(log(2.5) * 10, 2)", "((140 - 65) * 72) / (72 * 1.1)"]
    conv = [(1.4, "mg/dL", "umol/L", "creatinine"), (180, "lb", "kg", None), (98.6, "F", "C", None),
            (90, "mg/dL", "mmol/L", "glucose")]
    calc_t = timed(calculator, [(exprs[i % len(exprs)],) for i in range(600)])
    conv_t = timed(convert_units, [conv[i % len(conv)] for i in range(600)])
    return {"calculator": calc_t, "convert_units": conv_t}


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--python-calls", type=int, default=200)
    ap.add_argument("--spawn-calls", type=int, default=40)
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args()

    py = bench_python(a.python_calls, a.spawn_calls)
    se = bench_search()
    ca = bench_calculator()
    p50_pool, p50_spawn = statistics.median(py["pool"]), statistics.median(py["spawn"])
    speedup = p50_spawn / p50_pool
    rows = [
        ("run_python, worker pool (2 warm workers)", py["pool"]),
        ("run_python, fresh `python -c` per call (paper)", py["spawn"]),
        (f"search, one query per page ({se['pages']} pages)", se["search"]),
        ("fetch, every page", se["fetch"]),
        ("calculator", ca["calculator"]),
        ("convert_units", ca["convert_units"]),
    ]
    now = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"## bench_tools.py — {now}, git {git_rev()}", "", f"Machine: {machine()}", "",
             "| tool | calls | p50 | p95 |", "|---|---|---|---|"]
    for name, xs in rows:
        lines.append(f"| {name} | {len(xs)} | {ms(statistics.median(xs))} | {ms(pct(xs, 0.95))} |")
    goal = "met" if speedup >= 5 else "NOT met"
    lines += ["", f"run_python p50 speed-up over a fresh interpreter per call: **{speedup:.1f}x** (goal >= 5x: {goal}). "
              f"Pool start-up (2 workers): {ms(py['warm_s'])}; search index build: {ms(se['build_s'])}.", "",
              f"Search quality ({se['n_quality']} calculators, purpose-phrased queries without name words): "
              f"top-1 {se['hit1']:.1%}, top-5 {se['hit5']:.1%}.", ""]
    text = "\n".join(lines)
    print(text)
    if not a.no_write:
        append_results(text)


if __name__ == "__main__":
    main()
