"""Full EHR build time: distractor population + every test task's patient (+ N train tasks), loaded
with COPY by ``medmcp_calc.db.builder.build_database``; row counts per table.

Measures, in one run: row generation alone (streamed, nothing loaded), then the full build
(generation + COPY + indexes + grants; ``force=True`` so the load really happens). Appends a section
to ``bench/RESULTS.md`` (machine, date, git rev). Goal: well under two minutes on this machine.

    .venv/bin/python bench/bench_build.py [--distractors 10000] [--train 500] [--dbname medmcp_bench_build] [--no-write]
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from _common import append_results, git_rev, machine  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--distractors", type=int, default=10_000)
    ap.add_argument("--train", type=int, default=500)
    ap.add_argument("--dbname", default="medmcp_bench_build")
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args(argv)

    from medmcp_calc.db import resolve_database_url
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.scenarios.build import build_ehr, load_tasks

    admin = resolve_database_url()

    t0 = time.perf_counter()
    tables = build_ehr(distractors=a.distractors, train=a.train)
    t_tasks = time.perf_counter() - t0
    t1 = time.perf_counter()
    counts = {t: sum(1 for _ in rows) for t, rows in tables.items()}
    t_gen = time.perf_counter() - t1

    load0 = os.getloadavg()[0]
    t2, c2 = time.perf_counter(), time.process_time()
    info = build_database(admin, build_ehr(distractors=a.distractors, train=a.train, one_shot=True), dbname=a.dbname,
                          force=True)
    t_build, c_build = time.perf_counter() - t2, time.process_time() - c2
    assert info.row_counts == counts, (info.row_counts, counts)

    n_test = len(load_tasks("test"))
    total = sum(counts.values())
    lines = [
        f"## bench_build.py — {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC, git {git_rev()}",
        "",
        f"Machine: {machine()}",
        "",
        f"Population: {a.distractors:,} distractor patients + {n_test} test-task patients + {a.train} train-task patients.",
        "",
        "| step | seconds |",
        "|---|---|",
        f"| regenerate task patients (verify frozen ground truth) | {t_tasks:.2f} |",
        f"| stream all rows once (generation only, no database) | {t_gen:.2f} |",
        f"| full build: generation + COPY + indexes + grants (`build_database(force=True)`, one pass) | {t_build:.2f} |",
        f"| ... of which CPU time of this (client) process | {c_build:.2f} |",
        "",
        "| table | rows |",
        "|---|---|",
        *[f"| {t} | {n:,} |" for t, n in counts.items()],
        f"| **total** | **{total:,}** |",
        "",
        f"Content hash: `{info.content_hash}`. Goal (full build well under 120 s): "
        f"{'met' if t_build + t_tasks < 120 else 'NOT met'}. Load average (1 min) before/after the build: {load0:.1f}/{os.getloadavg()[0]:.1f} "
        f"(shared 2-core machine: the wall time beyond the client's CPU time is the PostgreSQL server's COPY and index "
        f"builds plus waiting for a CPU).",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if not a.no_write:
        append_results(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
