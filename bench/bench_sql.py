"""SQL tool latency vs the bare-psycopg floor, on a >=2M-row laboratory_result.

    .venv/bin/python bench/bench_sql.py [--rows 2000000] [--iters 400] [--database-url ADMIN_URL] [--no-write]

Builds (once; idempotent by content hash) a synthetic ``medmcp_bench`` database with the
builder (COPY), then times, interleaved on the SAME pooled connection (pool_size=1):

- floor: ``cursor.execute(sql); fetchall()`` with plain psycopg;
- tool:  ``EHRDatabase.run_query(sql)`` - guard parse, BEGIN READ ONLY + SET LOCAL timeouts +
  LIMIT-wrapped query + ROLLBACK in one pipelined round trip, text formatting.

for a patient-filtered query (one patient's lab history, ~100 rows) and a patient+analyte
query (latest 5 values).  Goal: tool p50 <= 2x floor.  Results are appended to
bench/RESULTS.md with machine, date and git revision.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ANALYTES = [("Creatinine", "mg/dL", 0.6, 1.3), ("Sodium", "mmol/L", 135, 145), ("Potassium", "mmol/L", 3.5, 5.1),
            ("Hemoglobin", "g/dL", 12, 17), ("Platelets", "10^9/L", 150, 400), ("Glucose", "mg/dL", 70, 99),
            ("Albumin", "g/dL", 3.5, 5.0), ("Bilirubin", "mg/dL", 0.2, 1.2), ("BUN", "mg/dL", 7, 20),
            ("WBC", "10^9/L", 4, 10)]


class LabRows:
    """Deterministic synthetic laboratory_result rows (re-iterable, so the builder can pre-hash)."""

    def __init__(self, n_rows: int, per_patient: int = 100):
        self.n_rows, self.per_patient = n_rows, per_patient

    def __iter__(self):
        from medmcp_calc.db.schema import columns
        ncols = len(columns("laboratory_result"))
        base = dt.datetime(2024, 1, 1)
        none_tail = (None,) * (ncols - 25)
        for i in range(self.n_rows):
            p, k = divmod(i, self.per_patient)
            name, unit, lo, hi = ANALYTES[k % len(ANALYTES)]
            pid = f"B{p:07d}"
            t = base + dt.timedelta(hours=6 * (k // len(ANALYTES)), minutes=p % 60)
            val = lo + (hi - lo) * ((i * 7919) % 1000) / 800.0
            yield ("HOSP001", pid, pid + "_V01", f"{pid}_R{k // len(ANALYTES):03d}", f"LRI{i:09d}", "Main Campus",
                   "inpatient", "Panel", str(k % len(ANALYTES)), None, name, f"{val:.2f}", unit, "serum",
                   float(lo), float(hi), f"{lo}-{hi}", "H" if val > hi else None, None, None, None, None, None,
                   t, None) + none_tail


class PatientRows:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        from medmcp_calc.db.sample import make_row
        for p in range(self.n):
            yield make_row("patient_information", patient_id=f"B{p:07d}", patient_name="Synthetic",
                           gender="Female" if p % 2 else "Male", birth_date=dt.date(1940 + p % 60, 1 + p % 12, 1))


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def git_rev() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "environments/medmcp_calc/medmcp_calc/db",
                                "bench/bench_sql.py"], cwd=ROOT,
                               capture_output=True, text=True).stdout.strip()
        return rev.strip() + ("+dirty" if dirty else "")
    except OSError:
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=2_000_000)
    ap.add_argument("--per-patient", type=int, default=100)
    ap.add_argument("--iters", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--database-url", default=None, help="admin URL (default: MEDMCP_DATABASE_URL or embedded)")
    ap.add_argument("--dbname", default=None, help="default: medmcp_bench_<rows>_<per-patient>")
    ap.add_argument("--rebuild", action="store_true",
                    help="always run the builder (its idempotency check hashes every row: ~1 min for 2M rows); by "
                         "default an already built bench database is reused as is")
    ap.add_argument("--no-write", action="store_true", help="do not append to bench/RESULTS.md")
    a = ap.parse_args(argv)

    import psycopg
    from medmcp_calc.db import resolve_database_url
    from medmcp_calc.db.builder import AGENT_ROLE, BuildInfo, agent_password, build_database, database_hash
    from medmcp_calc.db.core import EHRDatabase
    from medmcp_calc.db.urls import with_params

    admin = resolve_database_url(a.database_url)
    a.dbname = a.dbname or f"medmcp_bench_{a.rows}_{a.per_patient}"
    n_pat = (a.rows + a.per_patient - 1) // a.per_patient
    t0 = time.perf_counter()
    last = [0.0]

    def progress(table, n):
        if time.perf_counter() - last[0] > 5:
            last[0] = time.perf_counter()
            print(f"  loading {table}: {n:,} rows", file=sys.stderr)
    existing = None if a.rebuild else database_hash(with_params(admin, dbname=a.dbname))
    if existing:
        db_admin = with_params(admin, dbname=a.dbname)
        with psycopg.connect(db_admin) as c:
            n = c.execute("SELECT count(*) FROM laboratory_result").fetchone()[0]
        info = BuildInfo(db_admin, with_params(admin, dbname=a.dbname, user=AGENT_ROLE, password=agent_password()),
                         a.dbname, existing, {"laboratory_result": n}, 0.0, reloaded=False)
    else:
        info = build_database(admin, {"laboratory_result": LabRows(a.rows, a.per_patient),
                                      "patient_information": PatientRows(n_pat)}, dbname=a.dbname,
                              progress=progress)
    build_s = time.perf_counter() - t0
    n_lab = info.row_counts["laboratory_result"]
    print(f"database {a.dbname}: {n_lab:,} lab rows, reloaded={info.reloaded}, {build_s:.1f} s "
          f"(hash {info.content_hash[:12]})", file=sys.stderr)

    db = EHRDatabase(info.agent_url, pool_size=1, max_rows=200, max_bytes=20_000)
    queries = {
        "patient lab history (~100 rows)":
            "SELECT test_item_name, test_result, unit, report_time FROM laboratory_result "
            "WHERE patient_id = '{pid}' ORDER BY report_time DESC",
        "patient + analyte, latest 5":
            "SELECT test_result, unit, report_time FROM laboratory_result WHERE patient_id = '{pid}' "
            "AND test_item_name = 'Creatinine' ORDER BY report_time DESC LIMIT 5",
    }
    rng = random.Random(7)
    results = {}
    for label, template in queries.items():
        floor, tool, paired = [], [], []
        for i in range(a.warmup + a.iters):
            sql = template.format(pid=f"B{rng.randrange(n_pat):07d}")
            order = (0, 1) if i % 2 == 0 else (1, 0)
            for which in order:
                if which == 0:
                    with db._pool.connection() as conn:           # the very connection the tool uses
                        s = time.perf_counter()
                        rows = conn.execute(sql).fetchall()
                        d = time.perf_counter() - s
                    if i >= a.warmup:
                        floor.append(d)
                else:
                    s = time.perf_counter()
                    out = db.run_query(sql)
                    d = time.perf_counter() - s
                    if i >= a.warmup:
                        tool.append(d)
            if i >= a.warmup:
                paired.append(tool[-1] / floor[-1])
            if i == 0:
                assert not out.startswith("Error"), out
                assert len(out.splitlines()) - 2 == len(rows), (out[:200], len(rows))
        results[label] = (floor, tool, paired)
    stats = db.pool_stats()
    db.close()

    with psycopg.connect(info.admin_url) as c:
        server_version = c.execute("SHOW server_version").fetchone()[0]
    lines = []
    for label, (floor, tool, paired) in results.items():
        f50, f95, t50, t95 = (pct(floor, 50) * 1e3, pct(floor, 95) * 1e3, pct(tool, 50) * 1e3, pct(tool, 95) * 1e3)
        ratio = t50 / f50
        lines.append(f"| {label} | {f50:.3f} | {f95:.3f} | {t50:.3f} | {t95:.3f} | {ratio:.2f}x | "
                     f"{pct(paired, 50):.2f}x | {'yes' if ratio <= 2 else 'NO'} |")
        print(f"{label}: floor p50 {f50:.3f} ms p95 {f95:.3f} ms | tool p50 {t50:.3f} ms p95 {t95:.3f} ms | "
              f"tool/floor p50 {ratio:.2f}x", file=sys.stderr)
    where = "embedded" if "host=/" in info.admin_url or "%2F" in info.admin_url else "external"
    header = (f"\n## SQL tool vs bare psycopg floor (bench/bench_sql.py)\n\n"
              f"- date: {dt.datetime.now(dt.timezone.utc):%Y-%m-%d %H:%M} UTC; git {git_rev()}\n"
              f"- machine: {platform.node()}, {os.cpu_count()} CPUs, {platform.machine()}, Python "
              f"{platform.python_version()}; PostgreSQL {server_version} ({where}, Unix socket "
              f"{'yes' if where == 'embedded' else 'no'})\n"
              f"- data: laboratory_result {n_lab:,} rows ({a.per_patient} per patient), "
              f"build {'%.1f s (%.0f rows/s, COPY)' % (build_s, n_lab / build_s) if info.reloaded else 'skipped: database already built (content hash ' + info.content_hash[:12] + ')'}\n"
              f"- {a.iters} timed iterations per query after {a.warmup} warm-up, tool and floor interleaved on the "
              f"same pooled connection (pool_size=1, {stats['connects']} connect(s)); a random patient per "
              f"iteration\n\n"
              f"- load average at the end: {os.getloadavg()[0]:.1f} (2-core machine shared with other jobs: "
              f"absolute times are noisy; the paired ratio is the median of per-iteration tool/floor)\n\n"
              f"| query | floor p50 ms | floor p95 ms | tool p50 ms | tool p95 ms | tool/floor p50 | paired ratio "
              f"p50 | p50 <= 2x |\n"
              f"|---|---|---|---|---|---|---|---|\n")
    text = header + "\n".join(lines) + "\n"
    print(text)
    if not a.no_write:
        with open(ROOT / "bench" / "RESULTS.md", "a") as fh:
            fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
