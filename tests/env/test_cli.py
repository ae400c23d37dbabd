"""The `medmcp-calc` command line through its real entry point (subprocesses), good and bad input."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from medmcp_calc.evaluation import run_vf_eval
from medmcp_calc.oracle import OraclePolicy, find_patient_id
from medmcp_calc.openai_server import PolicyServer

EXE = str(Path(sys.executable).with_name("medmcp-calc"))


def cli(*args, check=None, **kw):
    r = subprocess.run([EXE, *map(str, args)], capture_output=True, text=True, timeout=600, **kw)
    if check is not None:
        assert r.returncode == check, (r.returncode, r.stdout[-3000:], r.stderr[-3000:])
    return r


@pytest.fixture(scope="module")
def oracle_run(scenario_db, tmp_path_factory):
    out = tmp_path_factory.mktemp("runs")
    policy = OraclePolicy()
    with PolicyServer(policy) as srv:
        rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=srv.base_url, api_key_var=None, num_tasks=3,
                                  concurrency=3, output_dir=out, database_url=scenario_db.agent_url, quiet=True)
    assert rc == 0
    return run_dir


@pytest.mark.parametrize("sub", [[], ["db"], ["db", "build"], ["tasks"], ["tasks", "show"], ["serve"], ["oracle", "serve"],
                                 ["eval"], ["demo"], ["report"], ["submit"], ["validate"]])
def test_every_command_has_help(sub):
    r = cli(*sub, "--help", check=0)
    assert "usage:" in r.stdout


def test_tasks_show_hides_ground_truth_unless_asked():
    tid = cli("tasks", "list", check=0).stdout.split()[0]
    hidden = cli("tasks", "show", tid, check=0).stdout
    assert "hidden" in hidden and '"evidence"' not in hidden
    shown = json.loads(cli("tasks", "show", tid, "--ground-truth", check=0).stdout)
    assert shown["ground_truth"]["calculators"]
    r = cli("tasks", "show", "no-such-task", check=2)
    assert "no task 'no-such-task'" in r.stderr


def test_tasks_build_check_regenerates_test_split():
    r = cli("tasks", "build", "--split", "test", "--check", check=0)
    assert "OK" in r.stdout


def test_serve_print_config_lists_all_servers():
    cfg = json.loads(cli("serve", "--print-config", check=0).stdout)
    servers = cfg["claude_desktop"]["mcpServers"]
    assert set(servers) == {"postgres_executor", "python_executor", "google_search", "calculator"}
    assert servers["postgres_executor"]["args"][:2] == ["-m", "medmcp_calc.servers.postgres_executor"]


def test_report_unknown_run_dir_is_a_clear_error(tmp_path):
    r = cli("report", tmp_path / "nope", "-o", tmp_path / "rep", check=2)
    assert "run directory not found" in r.stderr


def test_report_names_corrupt_line_and_reports_the_rest(oracle_run, tmp_path):
    bad = tmp_path / "bad"
    bad.mkdir()
    lines = (oracle_run / "traces.jsonl").read_text().splitlines()
    lines.insert(1, '{"this is": not json')
    (bad / "traces.jsonl").write_text("\n".join(lines) + "\n")
    r = cli("report", bad, "-o", tmp_path / "rep", "--no-charts", check=0)
    assert "line 2: corrupt trace record" in r.stdout
    assert "3 over 3 tasks" in r.stdout


def test_report_writes_tables_and_charts(oracle_run, tmp_path):
    cli("report", oracle_run, oracle_run, "-o", tmp_path / "rep", check=0)
    for f in ("report.md", "table2.csv", "table3.csv", "per_task.csv", "domain_bars.png", "radar.png"):
        assert (tmp_path / "rep" / f).stat().st_size > 0, f
    assert (tmp_path / "rep" / "domain_bars.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_submit_validate_and_tampering(oracle_run, tmp_path, scenario_db):
    b = tmp_path / "bundle"
    cli("submit", oracle_run, "-o", b, "--database-url", scenario_db.agent_url, check=0)
    assert "bundle valid" in cli("validate", b, check=0).stdout
    results = json.loads((b / "results.json").read_text())
    assert results["database_content_hash"] == scenario_db.content_hash

    def rewrite(mutate):
        t = tmp_path / f"t{len(list(tmp_path.iterdir()))}"
        shutil.copytree(b, t)
        r = json.loads((t / "results.json").read_text())
        mutate(r)
        (t / "results.json").write_text(json.dumps(r))
        m = json.loads((t / "manifest.json").read_text())  # re-sign so only the field check can catch it
        import hashlib
        m["results.json"] = hashlib.sha256((t / "results.json").read_bytes()).hexdigest()
        (t / "manifest.json").write_text(json.dumps(m))
        return t

    t = rewrite(lambda r: r["per_task"][0].update(QP=0.0))
    assert "per_task[0].QP" in cli("validate", t, check=1).stderr
    t = rewrite(lambda r: r["metrics"]["overall"].update(CS=0.5))
    assert "metrics.overall.CS" in cli("validate", t, check=1).stderr
    t = rewrite(lambda r: r.update(reference_corpus_sha256="0" * 64))
    assert "reference_corpus_sha256" in cli("validate", t, check=1).stderr
    t = rewrite(lambda r: r["task_split"].update(sha256="f" * 64))
    assert "task_split.sha256" in cli("validate", t, check=1).stderr
    # editing the traces breaks the manifest
    t2 = tmp_path / "t_traces"
    shutil.copytree(b, t2)
    with (t2 / "traces.jsonl").open("a") as fh:
        fh.write("\n")
    assert "sha256 of traces.jsonl" in cli("validate", t2, check=1).stderr


def test_interrupted_eval_resumes_without_redoing_finished_tasks(scenario_db, tmp_path):
    oracle = OraclePolicy()
    calls: dict[str, int] = {}
    state = {"fail_pid": None}

    def flaky(messages, tools):
        pid = find_patient_id(messages)
        calls[pid] = calls.get(pid, 0) + 1
        if pid == state["fail_pid"]:
            raise RuntimeError("model endpoint went away")
        return oracle(messages, tools)

    from medmcp_calc.scenarios.build import load_tasks

    tasks = load_tasks("test", n=3)
    state["fail_pid"] = tasks[1]["patient_id"]
    with PolicyServer(flaky) as srv:
        rc, run_dir = run_vf_eval(model="flaky", base_url=srv.base_url, api_key_var=None, num_tasks=3, concurrency=3,
                                  output_dir=tmp_path, database_url=scenario_db.agent_url, quiet=True)
        before = dict(calls)
        from medmcp_calc.traces import read_run

        eps, _ = read_run(run_dir)
        done_before = {e.task_id for e in eps if e.metrics.get("QP") == 1.0}
        assert tasks[1]["task_id"] not in done_before and len(done_before) == 2
        state["fail_pid"] = None
        r = cli("eval", "-m", "flaky", "-b", srv.base_url, "--resume", run_dir, check=0,
                env={**os.environ, "OPENAI_API_KEY": "x"})
    eps, _ = read_run(run_dir)
    best = {}
    for e in eps:
        best[e.task_id] = max(best.get(e.task_id, 0.0), e.metrics.get("QP", 0.0))
    assert best == {t["task_id"]: 1.0 for t in tasks}
    for t in (tasks[0], tasks[2]):  # finished tasks were not asked again
        assert calls[t["patient_id"]] == before[t["patient_id"]]
    assert calls[tasks[1]["patient_id"]] > before[tasks[1]["patient_id"]]


def test_db_build_status_and_bad_url(tmp_path):
    r = cli("db", "build", "--distractors", "20", "--dbname", "medmcp_cli_test", "--force", check=0)
    info = json.loads(r.stdout)
    assert info["dbname"] == "medmcp_cli_test" and info["row_counts"]["laboratory_result"] > 0
    assert "loaded laboratory_result" in r.stderr and "***" in info["agent_url"]  # password redacted
    again = json.loads(cli("db", "build", "--distractors", "20", "--dbname", "medmcp_cli_test", "--quiet", check=0).stdout)
    assert again["content_hash"] == info["content_hash"]  # idempotent
    st = json.loads(cli("db", "status", check=0).stdout)
    assert st["embedded"]
    bad = cli("db", "build", "--database-url", "postgresql://nobody@127.0.0.1:1/none", "--distractors", "5")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "error" in bad.stderr.lower()


@pytest.mark.parametrize("args,msg", [
    (["-b", "notaurl"], "--base-url must be an http(s) URL"),
    (["-b", "http://127.0.0.1:9/v1", "--split", "bogus"], "unknown split 'bogus'"),
    (["-b", "http://127.0.0.1:9/v1", "--tools", "sql,bogus"], "unknown tool group(s) ['bogus']"),
    (["-b", "http://127.0.0.1:9/v1", "--resume", "/nonexistent"], "not a run directory"),
    (["-b", "http://127.0.0.1:9/v1", "--split", "official"], "needs the release's tasks file"),
])
def test_eval_bad_arguments_give_one_clear_line(args, msg, tmp_path):
    r = cli("eval", "-m", "x", *args, "-o", tmp_path, check=2)
    assert msg in r.stderr and "Traceback" not in r.stderr
    assert not any(tmp_path.iterdir())  # nothing was started


def test_errored_rollouts_fail_the_eval_score_zero_and_rerun_resumes(scenario_db, tmp_path):
    from medmcp_calc.oracle import OraclePolicy

    oracle = OraclePolicy()
    state = {"down": True}

    def model(messages, tools):
        if state["down"]:
            raise RuntimeError("model service unavailable")
        return oracle(messages, tools)

    with PolicyServer(model) as srv:
        args = ["eval", "-m", "oracle", "-b", srv.base_url, "-n", "2", "-c", "2", "-o", tmp_path,
                "--database-url", scenario_db.agent_url]
        env = {**os.environ, "OPENAI_API_KEY": "x"}
        r = cli(*args, env=env)
        assert r.returncode == 1, r.stderr[-2000:]
        assert "2 rollouts, 2 errored" in r.stderr and "--resume" in r.stderr
        run_dir = tmp_path / "medmcp-calc--test--oracle--n2"
        rep = cli("report", run_dir, "-o", tmp_path / "rep", "--no-charts", check=0).stdout
        assert "(2 errored, scored 0)" in rep
        state["down"] = False
        r2 = cli(*args, env=env, check=0)  # the same command again resumes the run instead of failing on it
    assert "resuming" in r2.stderr
    from medmcp_calc.traces import read_run

    eps, _ = read_run(run_dir)
    best = {}
    for e in eps:
        best[e.task_id] = max(best.get(e.task_id, 0.0), e.score("QP") or 0.0)
    assert sorted(best.values()) == [1.0, 1.0]


def test_tasks_bad_split_and_size():
    assert "unknown split 'bogus'" in cli("tasks", "list", "--split", "bogus", check=2).stderr
    assert "-n must be at least 1" in cli("tasks", "build", "--split", "train", "-n", "-5", check=2).stderr


def test_serve_runs_a_real_stdio_server_and_oracle_serves_http(scenario_db):
    """`serve <server>` speaks MCP over stdio; `oracle serve` answers chat completions over HTTP."""
    import asyncio
    import socket
    import time

    import httpx
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    async def list_tools():
        params = StdioServerParameters(command=EXE, args=["serve", "calculator"], env=dict(os.environ))
        async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
            await s.initialize()
            tools = {t.name for t in (await s.list_tools()).tools}
            res = await s.call_tool("calculator", {"expression": "2*(3+4)"})
            return tools, res.content[0].text

    tools, text = asyncio.run(list_tools())
    assert {"calculator", "convert_units"} <= tools and "14" in text

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen([EXE, "oracle", "serve", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 60
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/v1/models", timeout=2)
                break
            except httpx.TransportError:
                assert time.time() < deadline and proc.poll() is None, proc.stderr.read().decode()[-2000:]
                time.sleep(0.5)
        assert r.json()["data"][0]["id"] == "medmcp-oracle"
        from medmcp_calc.scenarios.build import load_tasks

        t = load_tasks("test", n=1)[0]
        body = {"model": "medmcp-oracle", "messages": [
            {"role": "user", "content": f"I am assessing the patient with patient_id '{t['patient_id']}'. {t['question']}"}],
            "tools": [{"type": "function", "function": {"name": "describe_tables", "parameters": {"type": "object"}}}]}
        out = httpx.post(f"http://127.0.0.1:{port}/v1/chat/completions", json=body, timeout=30).json()
        assert out["choices"][0]["message"]["tool_calls"][0]["function"]["name"] == "describe_tables"
    finally:
        proc.terminate()
        proc.wait(timeout=20)
