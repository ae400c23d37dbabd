"""Fault tests (real processes throughout): PostgreSQL stopped mid-run and restarted, a sandbox
worker killed mid-call, disk full / permission errors on the output directory."""
from __future__ import annotations

import asyncio
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import psutil
import pytest

from medmcp_calc.db import embedded
from medmcp_calc.env import infrastructure_errors
from medmcp_calc.evaluation import run_vf_eval
from medmcp_calc.oracle import OraclePolicy, find_patient_id
from medmcp_calc.openai_server import PolicyServer, ToolCallAction
from medmcp_calc.scenarios.build import load_tasks
from medmcp_calc.traces import messages_of

from medmcp_load_support import SCORES, raw_traces, scores, task_id

pytestmark = pytest.mark.load

EXE = str(Path(sys.executable).with_name("medmcp-calc"))
PERFECT = dict.fromkeys(SCORES, 1.0)


def cli(*args, env=None, **kw) -> subprocess.CompletedProcess:
    e = {**os.environ, "OPENAI_API_KEY": "local"} if env is None else env
    return subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, timeout=600, env=e, **kw)


# ------------------------------------------------------------ PostgreSQL down mid-run
@pytest.fixture(scope="module")
def private_pg():
    """A private embedded server (own data dir and socket, so the shared one is never touched)
    with the scenario EHR. Not pytest's tmp_path: the unprivileged server account must reach it."""
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.scenarios.build import build_ehr

    d = Path(tempfile.mkdtemp(prefix="mmc-faultpg-"))
    pgdata = d / "data"
    try:
        url = embedded.ensure_server(pgdata)
        info = build_database(url, build_ehr(distractors=20), dbname="medmcp_faulttest")
        yield pgdata, info
    finally:
        try:
            embedded.stop_server(pgdata)
        finally:
            shutil.rmtree(d, ignore_errors=True)


class OutageOracle:
    """The real oracle policy. When the victim task's next action is a database query (after its
    first tool result), the database is stopped before that action is returned; it is started again
    when the victim next asks (its query has failed by then). Counts requests per patient."""

    DB_TOOLS = ("run_read_only_sql", "describe_tables", "list_tables")

    def __init__(self, pgdata: Path, victim_pid: str):
        self.oracle = OraclePolicy()
        self.pgdata, self.victim = pgdata, victim_pid
        self.calls: Counter = Counter()
        self.state = "up"
        self.lock = threading.Lock()

    def __call__(self, messages, tools):
        pid = find_patient_id(messages)
        with self.lock:
            self.calls[pid] += 1
            if pid == self.victim and self.state == "down":
                embedded.ensure_server(self.pgdata)
                self.state = "restarted"
        action = self.oracle(messages, tools)
        with self.lock:
            if (pid == self.victim and self.state == "up" and self.calls[pid] >= 2
                    and isinstance(action, ToolCallAction) and action.name in self.DB_TOOLS):
                assert embedded.stop_server(self.pgdata)
                self.state = "down"
        return action


def test_postgres_stopped_mid_run_then_resume_finishes(private_pg, tmp_path, monkeypatch):
    pgdata, info = private_pg
    monkeypatch.setenv("MEDMCP_PGDATA", str(pgdata))  # anything that defaults to "the embedded server" gets ours
    tasks = load_tasks("test", n=6)
    policy = OutageOracle(pgdata, tasks[0]["patient_id"])
    with PolicyServer(policy, model_name="medmcp-oracle") as srv:
        rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=srv.base_url, api_key_var=None, num_tasks=6,
                                  concurrency=3, output_dir=tmp_path, database_url=info.agent_url, quiet=True)
        assert rc == 0                                                   # the run completes
        assert policy.state == "restarted"
        before = {task_id(t): (line, t) for line, t in raw_traces(run_dir)}
        assert len(before) == 6 and all(t.get("ok") for _, t in before.values())

        hit = {tid for tid, (_, t) in before.items() if infrastructure_errors(messages_of(t))}
        assert tasks[0]["task_id"] in hit                                # the victim's query met the outage
        victim_msgs = messages_of(before[tasks[0]["task_id"]][1])
        err = infrastructure_errors(victim_msgs)[0]
        assert "database is unavailable" in err or "lost the connection to the database" in err, err
        assert "retry" in err.lower()
        untouched = {tid for tid in before if tid not in hit}
        assert untouched, "some rollouts must have finished without meeting the outage"
        for tid in untouched:
            assert scores(before[tid][1]) == PERFECT, (tid, scores(before[tid][1]))
        calls_before = dict(policy.calls)

        r = cli("eval", "-m", "medmcp-oracle", "-b", srv.base_url, "--resume", run_dir)
        assert r.returncode == 0, r.stderr[-3000:]

    after = {task_id(t): (line, t) for line, t in raw_traces(run_dir)}
    assert set(after) == set(before)
    for tid, (line, t) in after.items():
        assert scores(t) == PERFECT, (tid, scores(t))
        assert not infrastructure_errors(messages_of(t)), tid
        if tid in untouched:
            assert line == before[tid][0], f"{tid}: a finished rollout was changed by --resume"
    pid_of = {t["task_id"]: t["patient_id"] for t in tasks}
    for tid in untouched:                                                # finished tasks were not run again
        assert policy.calls[pid_of[tid]] == calls_before[pid_of[tid]], tid
    for tid in hit:
        assert policy.calls[pid_of[tid]] > calls_before[pid_of[tid]], tid


# ------------------------------------------------------------ sandbox worker killed mid-call
def test_python_worker_killed_mid_call_fails_only_that_call():
    """Over the real stdio MCP server: a worker SIGKILLed while running a call -> that call gets an
    error promptly; calls running beside it and after it are answered correctly."""
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "medmcp_calc.servers.python_executor",
                                                                 "--workers", "3", "--timeout", "30"],
                                   env=dict(os.environ))
    long_code = "n = 0\nfor i in range(10 ** 10):\n    n += i\nprint(n)"   # runs far longer than the test

    def workers_of_server() -> list[psutil.Process]:
        me = psutil.Process()
        servers = [p for p in me.children(recursive=True)
                   if "medmcp_calc.servers.python_executor" in " ".join(p.cmdline())]
        assert len(servers) == 1, servers
        return [p for p in servers[0].children(recursive=True) if "_worker.py" in " ".join(p.cmdline())]

    async def run():
        async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
            await s.initialize()

            async def call(code):
                res = await s.call_tool("run_python", {"code": code})
                return "".join(getattr(c, "text", "") for c in res.content)

            assert await call("print(6 * 7)") == "42\n"
            victim = asyncio.create_task(call(long_code))
            # the long call is running: its worker is runnable while idle workers sleep in a read
            deadline = time.monotonic() + 20
            while True:
                await asyncio.sleep(0.2)
                busy = [p for p in workers_of_server() if p.status() == psutil.STATUS_RUNNING]
                if len(busy) == 1 and busy[0].cpu_times().user > 0.05:
                    break
                assert time.monotonic() < deadline, [(p.pid, p.status()) for p in workers_of_server()]
            beside = [asyncio.create_task(call(f"print({i} * 3)")) for i in range(6)]
            t0 = time.monotonic()
            os.kill(busy[0].pid, signal.SIGKILL)
            out = await asyncio.wait_for(victim, 20)
            elapsed = time.monotonic() - t0
            assert out.startswith("Error: the code was stopped"), out
            assert elapsed < 10, elapsed                                 # noticed at once, not at the 30 s limit
            assert [await t for t in beside] == [f"{i * 3}\n" for i in range(6)]
            assert [await call(f"print({i} + 1)") for i in range(6)] == [f"{i + 1}\n" for i in range(6)]
            assert busy[0].pid not in {p.pid for p in workers_of_server()}
    asyncio.run(asyncio.wait_for(run(), 120))


# ------------------------------------------------------------ disk full / permissions
def test_disk_full_during_eval_keeps_finished_traces_and_resume_finishes(load_db, tmp_path):
    """The eval's process tree may write at most 150 kB per file (RLIMIT_FSIZE: what a full disk
    looks like to the writer, EFBIG instead of ENOSPC): traces.jsonl fills up after 1-2 rollouts."""
    limit = 150_000

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    out = tmp_path / "runs"
    with PolicyServer(OraclePolicy(), model_name="medmcp-oracle") as srv:
        r = cli("eval", "-m", "medmcp-oracle", "-b", srv.base_url, "-n", 4, "-c", 2, "-o", out,
                "--database-url", load_db.agent_url, preexec_fn=small_files)
        assert r.returncode != 0
        run_dir = next(out.iterdir())
        err = r.stderr
        assert "error: vf-eval could not write its results" in err, err[-3000:]
        assert "File too large" in err and f"--resume {run_dir}" in err, err[-3000:]
        finished = {task_id(t): (line, t) for line, t in raw_traces_lenient(run_dir)}
        torn = [x for x in (run_dir / "traces.jsonl").read_text().splitlines() if x.strip() and not _parses(x)]
        assert 1 <= len(finished) < 4 and len(torn) <= 1
        m = re.search(r"(\d+) finished rollout\(s\) are saved", err)
        assert m and int(m.group(1)) == len(finished), err[-2000:]
        assert all(scores(t) == PERFECT for _, t in finished.values())

        # the report reads the finished rollouts and names the torn record
        rep = cli("report", run_dir, "-o", tmp_path / "rep", "--no-charts")
        assert rep.returncode == 0, rep.stderr[-2000:]
        assert f"{len(finished)} over {len(finished)} tasks" in rep.stdout, rep.stdout[-1500:]
        assert ("corrupt trace record" in rep.stdout) == bool(torn)

        # space is back: --resume finishes the run; finished rollouts are kept byte for byte
        r2 = cli("eval", "-m", "medmcp-oracle", "-b", srv.base_url, "--resume", run_dir)
        assert r2.returncode == 0, r2.stderr[-3000:]
    after = {task_id(t): (line, t) for line, t in raw_traces(run_dir)}
    assert len(after) == 4 and all(scores(t) == PERFECT for _, t in after.values())
    for tid, (line, _) in finished.items():
        assert after[tid][0] == line


def _parses(line: str) -> bool:
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


def raw_traces_lenient(run_dir: Path):
    out = []
    for line in (run_dir / "traces.jsonl").read_text().splitlines():
        if line.strip() and _parses(line):
            out += [(line, t) for t in json.loads(line)["traces"]]
    return out


@pytest.fixture(scope="module")
def finished_run(load_db):
    """One finished oracle rollout in a directory the unprivileged account (nobody) can read."""
    base = Path(tempfile.mkdtemp(prefix="mmc-ro-"))
    try:
        with PolicyServer(OraclePolicy(), model_name="medmcp-oracle") as srv:
            rc, rd = run_vf_eval(model="medmcp-oracle", base_url=srv.base_url, api_key_var=None, num_tasks=1,
                                 concurrency=1, output_dir=base, run_dir_name="run", database_url=load_db.agent_url,
                                 quiet=True)
        assert rc == 0
        for p in [base, *base.rglob("*")]:
            p.chmod(0o755 if p.is_dir() else 0o644)
        yield base, rd
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_eval_and_report_into_unwritable_dir_are_clear_errors(load_db, finished_run):
    base, rd = finished_run
    traces_before = (rd / "traces.jsonl").read_bytes()
    ro = base / "readonly"
    ro.mkdir()
    ro.chmod(0o555)
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(base), "MPLCONFIGDIR": str(base / "mpl"),
           "OPENAI_API_KEY": "local"}
    # root ignores mode bits: run the CLI as an unprivileged account then
    kw = {"user": 65534, "group": 65534, "extra_groups": []} if os.geteuid() == 0 else {}

    r = cli("report", rd, "-o", ro / "report", env=env, **kw)
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: PermissionError: [Errno 13] Permission denied")
    assert str(ro / "report") in r.stderr and "permissions" in r.stderr, r.stderr

    r = cli("eval", "-m", "medmcp-oracle", "-b", "http://127.0.0.1:9/v1", "-n", 1, "-o", ro,
            "--database-url", load_db.agent_url, env=env, **kw)
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr
    assert f"cannot write to the output directory {ro}: Permission denied" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1, r.stderr
    assert (rd / "traces.jsonl").read_bytes() == traces_before           # nothing finished was touched
    assert not list(ro.iterdir())


def test_report_on_full_disk_is_a_clear_error(finished_run, tmp_path):
    """Writing the report hits the file-size limit: a one-line error, and the traces are unchanged."""
    _, rd = finished_run
    before = (rd / "traces.jsonl").read_bytes()

    def tiny_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    r = cli("report", rd, "-o", tmp_path / "rep", "--no-charts", preexec_fn=tiny_files)
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr
    assert r.stderr.count("\n") == 1 and "[Errno 27] File too large" in r.stderr, r.stderr
    assert f"while writing {tmp_path / 'rep'}" in r.stderr and "free space" in r.stderr, r.stderr
    assert (rd / "traces.jsonl").read_bytes() == before
