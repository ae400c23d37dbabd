"""Every benchmark in one run; appends ONE section to bench/RESULTS.md (``python3 dev.py bench``).

    .venv/bin/python bench/run_all.py [--levels 1,8,32,64] [--quick] [--no-write] [--keep-runs DIR]

Steps, all in this one process run (ratios are measured side by side):

1. build: embedded PostgreSQL cold start (initdb + start in a fresh data dir), restart of an
   existing cluster, attach; full EHR build (``bench_build.py``: generation + COPY + indexes);
2. tool latency: SQL tool vs the bare-psycopg floor on the same connection (``bench_sql.py``,
   >=2M-row laboratory_result); run_python pool vs a fresh interpreter per call, search, fetch,
   calculator (``bench_tools.py``);
3. paper-style baseline over stdio MCP (``paper_servers.py``: a fresh DB connection per SQL call,
   a fresh interpreter per Python call) against our ``postgres_executor`` / ``python_executor``,
   both driven by the ``mcp`` SDK client, calls interleaved;
4. environment throughput: ``vf-eval medmcp-calc`` (via ``run_vf_eval``) against the oracle
   endpoint at several concurrencies: rollouts/min, tool calls/s, environment overhead share
   (defined in the written section), errors/scores, peak memory (psutil sampling);
5. GRPO rollouts (``bench_rl.py``): the environment's cost per model turn inside the trainer's rollout
   loop, and GRPO step time / tokens/s with a config-built Qwen3 on this CPU.
"""
from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PY = sys.executable
ENV_DB = "medmcp_bench_env"
sys.path.insert(0, str(HERE))


# ------------------------------------------------------------------------------ helpers
def log(msg: str) -> None:
    print(f"[run_all {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def pct(xs, q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def machine() -> dict:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = None
    try:
        import psutil

        ram = psutil.virtual_memory().total
    except ImportError:
        pass
    try:
        load = os.getloadavg()
    except OSError:
        load = None
    return {"cpu": cpu, "cores": os.cpu_count(), "ram_gib": ram / 2 ** 30 if ram else None,
            "os": f"{platform.system()} {platform.release()} {platform.machine()}",
            "python": platform.python_version(), "load": load}


def git_rev() -> str:
    try:
        rev = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True,
                             check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "environments", "bench"],
                               cwd=REPO, capture_output=True, text=True).stdout.strip()
        return rev + ("+dirty" if dirty else "")
    except Exception:
        return "unknown"


def run_script(name: str, *args: str, timeout: float = 1800) -> str:
    """Run a sibling bench script with --no-write; return its stdout (its Markdown)."""
    cmd = [PY, str(HERE / name), *args, "--no-write"]
    log("running " + " ".join(cmd[1:]))
    r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"{name} failed ({r.returncode}):\n{r.stdout[-2000:]}\n{r.stderr[-3000:]}")
    return r.stdout


def demote_headings(md: str) -> str:
    return re.sub(r"^(#+) ", lambda m: "#" * (len(m.group(1)) + 2) + " ", md.strip(), flags=re.M)


# ------------------------------------------------------------------------ 1. build
def bench_cold_start() -> dict:
    from medmcp_calc.db import embedded

    d = Path(tempfile.mkdtemp(prefix="mmc-bench-pg-"))
    pgdata = d / "data"
    out = {}
    try:
        t = time.perf_counter()
        url = embedded.ensure_server(pgdata)
        out["init_start_s"] = time.perf_counter() - t
        t = time.perf_counter()
        embedded.ensure_server(pgdata)
        out["attach_s"] = time.perf_counter() - t
        t = time.perf_counter()
        embedded.stop_server(pgdata)
        out["stop_s"] = time.perf_counter() - t
        t = time.perf_counter()
        assert embedded.ensure_server(pgdata) == url
        out["restart_s"] = time.perf_counter() - t
    finally:
        try:
            embedded.stop_server(pgdata)
        finally:
            shutil.rmtree(d, ignore_errors=True)
    return out


def parse_build(md: str) -> dict:
    full = re.search(r"\| full build[^|]*\| ([\d.]+) \|", md)
    total = re.search(r"\| \*\*total\*\* \| \*\*([\d,]+)\*\* \|", md)
    out = {}
    if full and total:
        out["seconds"] = float(full.group(1))
        out["rows"] = int(total.group(1).replace(",", ""))
        out["rows_per_s"] = out["rows"] / out["seconds"]
    return out


def parse_sql(md: str) -> list[dict]:
    rows = []
    for m in re.finditer(r"^\| ([^|]+?) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+)x \|", md, re.M):
        rows.append({"query": m.group(1), "floor_p50": float(m.group(2)), "tool_p50": float(m.group(4)),
                     "ratio": float(m.group(6))})
    return rows


def parse_tools(md: str) -> dict:
    m = re.search(r"speed-up over a fresh interpreter per call: \*\*([\d.]+)x\*\*", md)
    return {"python_speedup": float(m.group(1))} if m else {}


# ------------------------------------------------------------ 3. paper-style over MCP
def _text(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


async def _mcp_side_by_side(agent_url: str, sql_queries: list[str], py_snippets: list[str], rounds: int) -> dict:
    from contextlib import AsyncExitStack

    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    env = {k: v for k, v in os.environ.items() if k != "MEDMCP_DATABASE_URL"}
    servers = {
        "ours_sql": (["-m", "medmcp_calc.servers.postgres_executor", "--database-url", agent_url], "run_read_only_sql"),
        "paper_sql": ([str(HERE / "paper_servers.py"), "sql", "--database-url", agent_url], "run_read_only_sql"),
        "ours_py": (["-m", "medmcp_calc.servers.python_executor"], "run_python"),
        "paper_py": ([str(HERE / "paper_servers.py"), "python"], "run_python"),
        "floor": (["-m", "medmcp_calc.servers.calculator"], "calculator"),  # transport floor: a trivial tool
    }
    times: dict[str, list[float]] = {k: [] for k in servers}
    async with AsyncExitStack() as stack:
        sessions = {}
        for name, (args, _) in servers.items():
            r, w = await stack.enter_async_context(stdio_client(StdioServerParameters(command=PY, args=args, env=env)))
            s = await stack.enter_async_context(ClientSession(r, w))
            await s.initialize()
            sessions[name] = s

        async def call(name: str, arg: str, record: bool) -> str:
            tool = servers[name][1]
            key = {"run_read_only_sql": "query", "run_python": "code", "calculator": "expression"}[tool]
            t = time.perf_counter()
            res = await sessions[name].call_tool(tool, {key: arg})
            d = time.perf_counter() - t
            if record:
                times[name].append(d)
            return _text(res)

        # warm-up (first connections, pool workers, imports) then interleaved timed rounds
        for q in sql_queries[:3]:
            a, b = await call("ours_sql", q, False), await call("paper_sql", q, False)
            assert not a.startswith("Error") and not b.startswith("Error"), (a[:300], b[:300])
        for c in py_snippets[:3]:
            await call("ours_py", c, False)
            await call("paper_py", c, False)
        for i in range(rounds):
            q = sql_queries[i % len(sql_queries)]
            order = ("ours_sql", "paper_sql") if i % 2 == 0 else ("paper_sql", "ours_sql")
            for n in order:
                await call(n, q, True)
        for i in range(rounds):
            await call("floor", "1 + 1", True)
        for i in range(max(20, rounds // 5)):
            c = py_snippets[i % len(py_snippets)]
            order = ("ours_py", "paper_py") if i % 2 == 0 else ("paper_py", "ours_py")
            outs = {n: await call(n, c, True) for n in order}
            if i < len(py_snippets):  # same work: both succeed (python -c does not echo a last expression)
                assert "Error" not in outs["ours_py"] and "Traceback" not in outs["paper_py"], (c, outs)
    return times


def bench_mcp(agent_url: str, sql_queries: list[str], rounds: int) -> dict:
    from bench_tools import SNIPPETS

    return asyncio.run(_mcp_side_by_side(agent_url, sql_queries, list(SNIPPETS), rounds))


def default_sql_queries(tasks: list[dict]) -> list[str]:
    qs = []
    for t in tasks[:20]:
        pid = t["patient_id"]
        qs += [f"SELECT test_item_name, test_result, unit, report_time FROM laboratory_result WHERE patient_id = '{pid}' "
               f"ORDER BY report_time DESC",
               f"SELECT * FROM patient_information WHERE patient_id = '{pid}'",
               f"SELECT vital_sign_name, vital_sign_value, unit, measure_time FROM vital_signs WHERE patient_id = '{pid}' "
               f"ORDER BY measure_time DESC LIMIT 20"]
    return qs


# -------------------------------------------------------------- 4. env throughput
class ProcSampler:
    """Samples the RSS of every descendant process of this process (vf-eval, its tool server and
    sandbox workers, the per-rollout harness processes) plus this process (the oracle endpoint)."""

    GROUPS = ("tool server", "sandbox workers", "vf-eval driver", "harness processes", "oracle endpoint (bench)")

    def __init__(self, interval: float = 0.25):
        import psutil

        self.psutil = psutil
        self.me = psutil.Process()
        self.interval = interval
        self.peak_total = 0
        self.peak_env = 0  # everything but the oracle endpoint
        self.peak = {g: 0 for g in self.GROUPS}
        self.max_procs = 0
        self.tool_server_cpu = 0.0
        self.driver_cpu = 0.0
        self.workers_cpu: dict[int, float] = {}
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def classify(self, p) -> str:
        try:
            cmd = " ".join(p.cmdline())
        except (self.psutil.Error, OSError):
            return "harness processes"
        if "medmcp_calc.vf_tools.agent_tools" in cmd:
            return "tool server"
        if "sandbox/_worker.py" in cmd:
            return "sandbox workers"
        if "vf-eval" in cmd:
            return "vf-eval driver"
        return "harness processes"

    def sample(self) -> None:
        ps = self.psutil
        try:
            kids = self.me.children(recursive=True)
        except ps.Error:
            return
        sums = {g: 0 for g in self.GROUPS}
        try:
            sums["oracle endpoint (bench)"] = self.me.memory_info().rss
        except ps.Error:
            pass
        for p in kids:
            g = self.classify(p)
            try:
                sums[g] += p.memory_info().rss
                if g == "tool server":
                    ct = p.cpu_times()
                    self.tool_server_cpu = max(self.tool_server_cpu, ct.user + ct.system)
                elif g == "vf-eval driver":
                    ct = p.cpu_times()
                    self.driver_cpu = max(self.driver_cpu, ct.user + ct.system)
                elif g == "sandbox workers":
                    ct = p.cpu_times()
                    self.workers_cpu[p.pid] = ct.user + ct.system
            except (ps.Error, OSError):
                continue
        self.max_procs = max(self.max_procs, len(kids))
        for g, v in sums.items():
            self.peak[g] = max(self.peak[g], v)
        total = sum(sums.values())
        self.peak_total = max(self.peak_total, total)
        self.peak_env = max(self.peak_env, total - sums["oracle endpoint (bench)"])

    def _run(self) -> None:
        while not self._stop.is_set():
            self.sample()
            self._stop.wait(self.interval)

    def __enter__(self):
        self._t.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._t.join(5)


def read_traces(run_dir: Path) -> list[dict]:
    out = []
    with open(run_dir / "traces.jsonl") as fh:
        for line in fh:
            if line.strip():
                out.extend(json.loads(line)["traces"])
    return out


def bench_env_level(conc: int, n_tasks: int, rollouts: int, agent_url: str, workdir: Path) -> dict:
    from medmcp_calc.evaluation import run_vf_eval
    from medmcp_calc.oracle import OracleEndpoint

    timings = workdir / f"tool-timings-c{conc}.jsonl"
    timings.unlink(missing_ok=True)
    os.environ["MEDMCP_TOOL_TIMINGS"] = str(timings)
    log(f"env throughput: concurrency {conc}, {n_tasks} tasks x {rollouts} rollouts")
    import resource

    ru_c0, ru_s0 = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
    try:
        with OracleEndpoint() as oracle, ProcSampler() as sampler:
            t0 = time.time()
            rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=oracle.base_url, api_key_var=None,
                                      num_tasks=n_tasks, rollouts=rollouts, concurrency=conc,
                                      output_dir=workdir, run_dir_name=f"c{conc}", database_url=agent_url, quiet=True)
            wall = time.time() - t0
    finally:
        os.environ.pop("MEDMCP_TOOL_TIMINGS", None)
    ru_c1, ru_s1 = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
    # every process of the vf-eval tree (driver, harness processes, tool server, sandbox workers) once reaped
    cpu_tree = (ru_c1.ru_utime + ru_c1.ru_stime) - (ru_c0.ru_utime + ru_c0.ru_stime)
    cpu_self = (ru_s1.ru_utime + ru_s1.ru_stime) - (ru_s0.ru_utime + ru_s0.ru_stime)  # oracle endpoint + sampler
    if rc != 0:
        raise RuntimeError(f"vf-eval at concurrency {conc} exited {rc}")
    traces = read_traces(run_dir)
    calls = []
    if timings.exists():
        calls = [json.loads(x) for x in timings.read_text().splitlines() if x.strip()]

    def span(t, k):
        s = t["timing"][k]
        return max(0.0, s["end"] - s["start"]) if s.get("end") else 0.0

    starts = [t["timing"]["start"] for t in traces]
    ends = [t["timing"]["scoring"]["end"] or t["timing"]["finalize"]["end"] or t["timing"]["agent"]["end"] for t in traces]
    rollout_wall = [e - s for s, e in zip(starts, ends)]
    phase = max(ends) - min(starts)
    # the agent loop proper: first model request to scoring end (excludes the harness process start-up)
    loop_wall = [e - (t["calls"][0]["time"]["start"] if t.get("calls") else t["timing"]["agent"]["start"])
                 for t, e in zip(traces, ends)]
    scoring = [span(t, "scoring") for t in traces]
    model = [t["timing"]["agent"].get("model", {}).get("duration", 0.0) for t in traces]
    boot_to_first = [((t["calls"][0]["time"]["start"] if t.get("calls") else t["timing"]["agent"]["end"])
                      - t["timing"]["start"]) for t in traces]
    tool_s = sum(c["seconds"] for c in calls)
    n_calls_traces = int(sum((t.get("metrics") or {}).get("calls_total", 0) for t in traces))
    errors = [t for t in traces if not t.get("ok", True) or t.get("errors")]
    perfect = [t for t in traces if all((t.get("metrics") or {}).get(k) == 1.0 for k in ("TF", "CS", "EA", "QP"))]
    # scoring compute alone: re-score every saved trace in this process (the trace's scoring span is wall time
    # on vf-eval's shared event loop, which under load also holds other rollouts' work)
    from medmcp_calc.scoring import score_messages
    from medmcp_calc.traces import messages_of

    rescore = []
    for t in traces:
        msgs = messages_of(t)
        s0 = time.perf_counter()
        score_messages(t["task"]["data"]["ground_truth"], msgs, stop_condition=str(t.get("stop_condition") or ""))
        rescore.append(time.perf_counter() - s0)
    per_tool: dict[str, list[float]] = {}
    for c in calls:
        per_tool.setdefault(c["tool"], []).append(c["seconds"])
    return {
        "concurrency": conc, "rollouts": len(traces), "vf_eval_wall_s": wall, "phase_s": phase,
        "rollouts_per_min": len(traces) / phase * 60, "tool_calls": len(calls), "tool_calls_traces": n_calls_traces,
        "tool_calls_per_s": len(calls) / phase, "rollout_wall_mean_s": statistics.mean(rollout_wall),
        "rollout_wall_p95_s": pct(rollout_wall, 95), "startup_mean_s": statistics.mean(boot_to_first),
        "sum_rollout_s": sum(rollout_wall), "sum_loop_s": sum(loop_wall), "sum_tool_s": tool_s,
        "sum_scoring_s": sum(scoring), "sum_model_s": sum(model),
        "overhead_share": (tool_s + sum(scoring)) / sum(rollout_wall),
        "overhead_share_loop": (tool_s + sum(scoring)) / sum(loop_wall),
        "errors": len(errors), "error_msgs": [(t.get("errors") or [{}])[-1].get("message", "")[:200] for t in errors[:3]],
        "perfect": len(perfect), "stop_conditions": sorted({str(t.get("stop_condition")) for t in traces}),
        "peak_rss_total_mib": sampler.peak_total / 2 ** 20, "peak_rss_env_mib": sampler.peak_env / 2 ** 20,
        "peak_rss_mib": {g: v / 2 ** 20 for g, v in sampler.peak.items()}, "max_procs": sampler.max_procs,
        "tool_server_cpu_s": sampler.tool_server_cpu, "workers_cpu_s": sum(sampler.workers_cpu.values()),
        "cpu_tree_s": cpu_tree, "cpu_oracle_s": cpu_self, "cpu_driver_s": sampler.driver_cpu,
        "rescore_p50_ms": pct(rescore, 50) * 1e3, "rescore_p95_ms": pct(rescore, 95) * 1e3,
        "overhead_share_compute": (tool_s + sum(rescore)) / sum(rollout_wall),
        "per_tool": {k: (len(v), pct(v, 50) * 1e3, pct(v, 95) * 1e3) for k, v in sorted(per_tool.items())},
        "sql_queries": [],
        "run_dir": str(run_dir),
    }


def sql_from_traces(run_dir: Path, limit: int = 60) -> list[str]:
    qs = []
    for t in read_traces(run_dir):
        for n in t.get("nodes") or []:
            for tc in (n.get("message") or {}).get("tool_calls") or []:
                name = tc.get("name") or (tc.get("function") or {}).get("name")
                if name == "run_read_only_sql":
                    try:
                        q = json.loads(tc.get("arguments") or (tc.get("function") or {}).get("arguments") or "{}")["query"]
                    except (ValueError, KeyError, TypeError):
                        continue
                    if q not in qs:
                        qs.append(q)
    return qs[:limit]


# ----------------------------------------------------------------------- report
def fmt_ms(s: float) -> str:
    return f"{s * 1e3:.2f}"


def write_section(res: dict, write: bool) -> str:
    m = res["machine"]
    L = [f"## run_all.py — all benchmarks in one run — {res['date']}, git {res['git']}", ""]
    L.append(f"Machine: {m['cpu']}, {m['cores']} cores, "
             f"{m['ram_gib']:.1f} GiB RAM, {m['os']}, Python {m['python']}"
             + (f"; load average at start {m['load'][0]:.2f} (shared machine)" if m.get("load") else "") + ".")
    L.append(f"Total benchmark wall time: {res['total_s'] / 60:.1f} min. Command: `python3 dev.py bench` "
             f"(`bench/run_all.py {' '.join(res['argv'])}`).")
    L.append("")
    # goals
    goals = []
    sql = res.get("sql_rows") or []
    if sql:
        worst = max(r["ratio"] for r in sql)
        goals.append(("SQL tool p50 <= 2x bare-psycopg floor (same connection)",
                      ", ".join(f"{r['ratio']:.2f}x" for r in sql), worst <= 2))
    if "python_speedup" in res.get("tools", {}):
        sp = res["tools"]["python_speedup"]
        goals.append(("run_python p50 >= 5x faster than a fresh interpreter per call (in-process)", f"{sp:.1f}x", sp >= 5))
    mcp = res.get("mcp")
    if mcp:
        sp = statistics.median(mcp["paper_py"]) / statistics.median(mcp["ours_py"])
        goals.append(("run_python p50 >= 5x faster than spawn-per-call, both over stdio MCP", f"{sp:.1f}x", sp >= 5))
    lv = {x["concurrency"]: x for x in res.get("env", [])}
    if 32 in lv:
        o = lv[32]["overhead_share"]
        goals.append(("environment overhead < 2% of oracle rollout wall time at concurrency 32", f"{o * 100:.2f}%", o < 0.02))
    if 64 in lv:
        x = lv[64]
        ok = x["errors"] == 0 and x["perfect"] == x["rollouts"] and x["rollouts"] >= 64
        goals.append(("64 concurrent rollouts clean (0 errors, every score 1.0)",
                      f"{x['rollouts']} rollouts, {x['errors']} errors, {x['perfect']} perfect", ok))
    L += ["### Goals", "", "| goal | measured | met |", "|---|---|---|"]
    L += [f"| {g} | {v} | {'yes' if ok else '**NO**'} |" for g, v, ok in goals]
    L.append("")

    # build
    L += ["### Build", ""]
    cs = res.get("cold")
    if cs:
        L += ["| embedded PostgreSQL (fresh data dir in /tmp) | seconds |", "|---|---|",
              f"| cold start: initdb + start + first connection (`ensure_server` on an empty dir) | {cs['init_start_s']:.2f} |",
              f"| attach to the running server (`ensure_server` again) | {cs['attach_s']:.3f} |",
              f"| clean stop (`stop_server`) | {cs['stop_s']:.2f} |",
              f"| start of an existing cluster (`ensure_server` after stop) | {cs['restart_s']:.2f} |", ""]
    b = res.get("build")
    if b and b.get("rows_per_s"):
        L.append(f"Full EHR build: **{b['rows']:,} rows in {b['seconds']:.1f} s = {b['rows_per_s']:,.0f} rows/s** "
                 f"(generation + COPY + indexes + grants; details below).")
        L.append("")
    if res.get("build_md"):
        L += ["<details><summary>bench_build.py output</summary>", "", demote_headings(res["build_md"]), "", "</details>", ""]

    # tool latency
    L += ["### Tool latency (in-process cores)", ""]
    if res.get("sql_md"):
        L += [demote_headings(res["sql_md"]), ""]
    if res.get("tools_md"):
        L += [demote_headings(res["tools_md"]), ""]

    # MCP side by side
    if mcp:
        L += ["### Paper-style baseline vs ours, both over stdio MCP (`mcp` SDK client, calls interleaved)", "",
              "Paper-style servers (`bench/paper_servers.py`, written by us): a new PostgreSQL connection per SQL "
              "call (no pool; over the embedded server's Unix socket with trust auth, i.e. the cheapest possible "
              "connect - a TCP + SCRAM connection costs more) and a new `python -c` interpreter per Python call. "
              "Ours: `python -m medmcp_calc.servers.postgres_executor` (pooled connection, pglast guard, read-only "
              "transaction, row/byte caps) and `python -m medmcp_calc.servers.python_executor` (warm RestrictedPython "
              f"worker pool). SQL: {len(res.get('mcp_sql_queries', []))} distinct queries taken from the oracle's "
              f"rollouts on `{ENV_DB}`; Python: the snippets of bench_tools.py. Latency = client-side "
              "`call_tool` round trip.", "",
              "| tool over stdio MCP | calls | p50 ms | p95 ms | paper-style / ours (p50) |", "|---|---|---|---|---|"]
        fl = mcp["floor"]
        L.append(f"| stdio MCP round-trip floor: our `calculator` server, `1 + 1` | {len(fl)} | {fmt_ms(pct(fl, 50))} | "
                 f"{fmt_ms(pct(fl, 95))} | |")
        for kind, label in (("sql", "run_read_only_sql"), ("py", "run_python")):
            o, p = mcp[f"ours_{kind}"], mcp[f"paper_{kind}"]
            L.append(f"| {label}: ours | {len(o)} | {fmt_ms(pct(o, 50))} | {fmt_ms(pct(o, 95))} | |")
            L.append(f"| {label}: paper-style | {len(p)} | {fmt_ms(pct(p, 50))} | {fmt_ms(pct(p, 95))} | "
                     f"**{pct(p, 50) / pct(o, 50):.1f}x** |")
        L.append("")

    # env throughput
    if res.get("env"):
        L += ["### Environment throughput: `vf-eval medmcp-calc` against the oracle endpoint", "",
              f"Database `{ENV_DB}`: the demo database (all test-split patients + "
              f"{'2,000 (--quick)' if ENV_DB.endswith('_quick') else '10,000'} distractor patients), "
              "built above. Each level is a separate `run_vf_eval(...)` (vf-eval subprocess, verifiers' null chat "
              "harness in the local subprocess runtime, one shared tool-server process) on the first N test tasks; "
              "the oracle endpoint (reference solver behind an OpenAI-compatible API) runs in the benchmark process.",
              "",
              "| concurrency | rollouts | rollouts/min | tool calls/s | tool calls | mean rollout wall s | "
              "mean harness start-up s | errors | scores all 1.0 | vf-eval wall s |",
              "|---|---|---|---|---|---|---|---|---|---|"]
        for x in res["env"]:
            L.append(f"| {x['concurrency']} | {x['rollouts']} | {x['rollouts_per_min']:.1f} | {x['tool_calls_per_s']:.1f} | "
                     f"{x['tool_calls']} | {x['rollout_wall_mean_s']:.1f} | {x['startup_mean_s']:.1f} | {x['errors']} | "
                     f"{x['perfect']}/{x['rollouts']} | {x['vf_eval_wall_s']:.0f} |")
        L += ["", "Rollouts/min and tool calls/s are over the rollout phase (first rollout start to last scoring end, "
              "from the traces' `timing`), not counting vf-eval's own start-up (last column includes it).", "",
              "**Environment overhead.** Definition: overhead = (Σ over all tool calls of the wall time spent inside "
              "our tool code in the shared tool server + Σ over rollouts of the trace's `timing.scoring` span) / "
              "Σ over rollouts of the rollout wall time (`timing.start` → `timing.scoring.end`). Tool time is "
              "recorded by the tool server itself (opt-in `MEDMCP_TOOL_TIMINGS` hook in "
              "`medmcp_calc/vf_tools/agent_tools.py`: one line per call with the wall time of the tool's own code: "
              "guard + pooled query + formatting, sandbox round trip, BM25 search...). Not counted as ours: the "
              "verifiers MCP/HTTP transport, the harness process start-up and the model (oracle) time. The second "
              "share divides by the agent loop only (first model request → scoring end), i.e. without the "
              "harness start-up, as a stricter view. The scoring span is wall time on vf-eval's single event "
              "loop, which under load also holds other rollouts' work, so it is an upper bound; the last columns "
              "re-score every saved trace in the benchmark process (scoring compute alone) and give the overhead "
              "share with that instead.", "",
              "| concurrency | Σ rollout wall s | Σ tool time s | Σ scoring span s | Σ model s | overhead share | "
              "share of agent loop | scoring compute p50 / p95 ms | overhead share with scoring compute |",
              "|---|---|---|---|---|---|---|---|---|"]
        for x in res["env"]:
            L.append(f"| {x['concurrency']} | {x['sum_rollout_s']:.1f} | {x['sum_tool_s']:.2f} | {x['sum_scoring_s']:.2f} | "
                     f"{x['sum_model_s']:.1f} | **{x['overhead_share'] * 100:.2f}%** | {x['overhead_share_loop'] * 100:.2f}% | "
                     f"{x['rescore_p50_ms']:.1f} / {x['rescore_p95_ms']:.1f} | {x['overhead_share_compute'] * 100:.2f}% |")
        L += ["", "CPU cost (2 cores shared by every process: the throughput ceiling). CPU seconds from "
              "`getrusage` around each run: the whole vf-eval process tree (vf-eval driver, one harness process per "
              "rollout, the shared tool server and its sandbox workers), of which the tool server and sandbox "
              "(psutil); and the benchmark process (oracle endpoint). PostgreSQL backends are not included.", "",
              "| concurrency | vf-eval tree CPU s | tool server + sandbox (incl. their start-up) | vf-eval driver | "
              "harness processes (the rest) | oracle endpoint CPU s | CPU s per rollout (all) | "
              "tool server + sandbox share of CPU |", "|---|---|---|---|---|---|---|---|"]
        for x in res["env"]:
            ours = x["tool_server_cpu_s"] + x["workers_cpu_s"]
            allc = x["cpu_tree_s"] + x["cpu_oracle_s"]
            rest = x["cpu_tree_s"] - ours - x["cpu_driver_s"]
            L.append(f"| {x['concurrency']} | {x['cpu_tree_s']:.1f} | {ours:.1f} | {x['cpu_driver_s']:.1f} | {rest:.1f} | "
                     f"{x['cpu_oracle_s']:.1f} | {allc / max(1, x['rollouts']):.2f} | "
                     f"{ours / allc * 100 if allc else float('nan'):.1f}% |")
        L += ["", "Per-tool time inside the tool server (all levels):", "",
              "| concurrency | " + " | ".join(["tool: calls, p50 ms, p95 ms"]) + " |", "|---|---|"]
        for x in res["env"]:
            L.append(f"| {x['concurrency']} | " + "; ".join(f"{k}: {n}, {a:.2f}, {b:.2f}" for k, (n, a, b) in x["per_tool"].items()) + " |")
        L += ["", "Peak memory (RSS sampled every 0.25 s with psutil, summed per group; shared pages counted once per "
              "process, so sums overstate):", "",
              "| concurrency | tool server MiB | sandbox workers MiB | vf-eval driver MiB | harness processes MiB | "
              "env total MiB (all but the oracle) | max processes |", "|---|---|---|---|---|---|---|"]
        for x in res["env"]:
            p = x["peak_rss_mib"]
            L.append(f"| {x['concurrency']} | {p['tool server']:.0f} | {p['sandbox workers']:.0f} | {p['vf-eval driver']:.0f} | "
                     f"{p['harness processes']:.0f} | {x['peak_rss_env_mib']:.0f} | {x['max_procs']} |")
        bad = [x for x in res["env"] if x["errors"] or x["perfect"] != x["rollouts"]]
        for x in bad:
            L.append(f"\nConcurrency {x['concurrency']}: {x['errors']} errored rollouts, {x['perfect']}/{x['rollouts']} "
                     f"perfect; stop conditions {x['stop_conditions']}; first errors: {x['error_msgs']}")
        L.append("")
    if res.get("rl_md"):
        L += ["### GRPO rollouts (`bench_rl.py`: environment cost per model turn, GRPO step on CPU)", "",
              demote_headings(res["rl_md"]), ""]
    if res.get("notes"):
        L += ["### Notes", ""] + [f"- {n}" for n in res["notes"]] + [""]
    text = "\n".join(L) + "\n"
    if write:
        with open(HERE / "RESULTS.md", "a") as fh:
            fh.write("\n" + text)
    return text


# ------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", default="1,8,32,64", help="comma-separated concurrencies")
    ap.add_argument("--tasks", default=None,
                    help="comma-separated task counts per level (default: 3 for c=1, else max(16, c))")
    ap.add_argument("--quick", action="store_true", help="small sizes (smoke run of the script itself)")
    ap.add_argument("--skip", default="", help="comma-separated steps to skip: cold,build,sql,tools,mcp,env,rl")
    ap.add_argument("--mcp-rounds", type=int, default=200)
    ap.add_argument("--keep-runs", default=None, help="keep vf-eval run directories here (default: temp, removed)")
    ap.add_argument("--no-write", action="store_true")
    a = ap.parse_args(argv)
    argv_used = list(argv if argv is not None else sys.argv[1:])
    skip = {s.strip() for s in a.skip.split(",") if s.strip()}
    levels = [int(x) for x in a.levels.split(",") if x.strip()]
    if a.tasks:
        counts = [int(x) for x in a.tasks.split(",")]
    else:
        counts = [3 if c == 1 else max(16, c) for c in levels]
    if a.quick:
        counts = [min(n, max(2, c)) for n, c in zip(counts, levels)]
    t_all = time.time()
    res: dict = {"machine": machine(), "git": git_rev(), "argv": argv_used,
                 "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "notes": []}

    if "cold" not in skip:
        log("embedded PostgreSQL cold start")
        res["cold"] = bench_cold_start()
    global ENV_DB
    if a.quick:  # own small databases, so a smoke run never replaces the full-size ones
        ENV_DB = "medmcp_bench_env_quick"
    if "build" not in skip:
        bargs = ["--train", "0", "--dbname", ENV_DB] + (["--distractors", "2000"] if a.quick else [])
        res["build_md"] = run_script("bench_build.py", *bargs)
        res["build"] = parse_build(res["build_md"])
    from medmcp_calc.db import default_agent_url
    from medmcp_calc.db.builder import database_hash

    agent_url = default_agent_url(ENV_DB)
    if not database_hash(agent_url):
        raise SystemExit(f"database {ENV_DB} is not built; run without --skip build")
    if "sql" not in skip:
        sargs = ["--rows", "200000", "--iters", "100", "--dbname", "medmcp_bench_quick"] if a.quick else []
        res["sql_md"] = run_script("bench_sql.py", *sargs, timeout=3600)
        res["sql_rows"] = parse_sql(res["sql_md"])
    if "tools" not in skip:
        targs = ["--python-calls", "50", "--spawn-calls", "10"] if a.quick else []
        res["tools_md"] = run_script("bench_tools.py", *targs)
        res["tools"] = parse_tools(res["tools_md"])

    workdir = Path(a.keep_runs) if a.keep_runs else Path(tempfile.mkdtemp(prefix="medmcp-bench-runs-"))
    workdir.mkdir(parents=True, exist_ok=True)
    try:
        if "env" not in skip:
            res["env"] = []
            for c, n in zip(levels, counts):
                res["env"].append(bench_env_level(c, n, 1, agent_url, workdir))
                x = res["env"][-1]
                log(f"  c={c}: {x['rollouts']} rollouts, {x['rollouts_per_min']:.1f}/min, {x['tool_calls_per_s']:.1f} "
                    f"calls/s, overhead {x['overhead_share'] * 100:.2f}%, errors {x['errors']}, perfect {x['perfect']}")
        if "mcp" not in skip:
            qs = []
            for x in res.get("env", []):
                qs += [q for q in sql_from_traces(Path(x["run_dir"])) if q not in qs]
            if not qs:
                from medmcp_calc.scenarios.build import load_tasks

                qs = default_sql_queries(load_tasks("test"))
            res["mcp_sql_queries"] = qs
            log(f"paper-style vs ours over stdio MCP ({len(qs)} SQL queries)")
            res["mcp"] = bench_mcp(agent_url, qs, 40 if a.quick else a.mcp_rounds)
    finally:
        if not a.keep_runs:
            shutil.rmtree(workdir, ignore_errors=True)
    if "rl" not in skip:
        res["rl_md"] = run_script("bench_rl.py", *(["--steps", "2", "--tasks", "4"] if a.quick else []))
    res["total_s"] = time.time() - t_all
    text = write_section(res, not a.no_write)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
