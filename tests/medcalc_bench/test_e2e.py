"""`vf-eval medcalc-bench --no-push` end to end (real subprocess, real HTTP, real tool servers)
against a scripted OpenAI-compatible endpoint that answers from the ground truth or wrongly."""
from __future__ import annotations

import csv
import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from medcalc_rubrics.medcalc_bench import format_ground_truth, parse_date, parse_weeks_days, round_half_away, rule_for
from tests._support.scripted_openai import Reply, ScriptedServer

VF_EVAL = str(Path(sys.executable).with_name("vf-eval"))
PICK = (13, 69, 4, 2)  # a date, a (weeks, days), an integer and a decimal calculator


@pytest.fixture(scope="module")
def small_csv(shared_dir, tmp_path_factory):
    src = shared_dir / "medcalc_bench" / "v1_test_dev.csv"
    with src.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        rows = list(reader)
        fields = reader.fieldnames
    chosen = [next(r for r in rows if int(r["Calculator ID"]) == cid) for cid in PICK]
    out = tmp_path_factory.mktemp("mcb") / "small.csv"
    with out.open("w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(chosen)
    return out, chosen


def wrong(row) -> str:
    cid, gt = int(row["Calculator ID"]), row["Ground Truth Answer"]
    rule = rule_for(cid)
    if rule == "date":
        return (parse_date(gt) + dt.timedelta(days=3)).strftime("%m/%d/%Y")
    if rule == "weeks_days":
        w, d = parse_weeks_days(gt)
        return f"({w + 1} weeks, {d} days)"
    if rule == "integer":
        return str(round_half_away(float(gt)) + 2)
    return str(float(row["Upper Limit"]) * 1.5 + 1)


def make_policy(rows, mode: str, use_tools: bool, always_tool: bool = False):
    def policy(messages, tools):
        system = next((m["content"] for m in messages if m["role"] == "system"), "")
        user = next(m["content"] for m in messages if m["role"] == "user")
        row = next(r for r in rows if r["Patient Note"].strip()[:200] in user)
        tool_results = [m for m in messages if m["role"] == "tool"]
        if tools and (always_tool or (use_tools and not tool_results)):
            names = [t["function"]["name"] for t in tools]
            if "run_python" in names:
                return Reply("Computing.", [{"name": "run_python", "arguments": {"code": "print(6 * 7)"}}])
            return Reply("Computing.", [{"name": "calculator", "arguments": {"expression": "6*7"}}])
        value = format_ground_truth(int(row["Calculator ID"]), row["Ground Truth Answer"]) if mode == "truth" else wrong(row)
        final = f"\\boxed{{{value}}}" if "\\boxed{" in system else f"<answer>{value}</answer>"
        return Reply(f"Step by step, the result follows.\n{final}")

    return policy


def run_eval(tmp_path, url, data, *extra) -> list[dict]:
    out = tmp_path / "out"
    cmd = [VF_EVAL, "medcalc-bench", "--no-push", "--no-rich", "-m", "scripted", "--client.base-url", url,
           "-o", str(out), "-c", "4", "--env.taskset.data-path", str(data), *extra]
    env = {k: v for k, v in os.environ.items() if k not in ("HF_HUB_OFFLINE",)}
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr[-4000:]
    files = list(out.glob("*/traces.jsonl"))
    assert len(files) == 1, proc.stderr[-2000:]
    return [json.loads(line)["traces"][0] for line in files[0].read_text().splitlines() if line.strip()]


@pytest.fixture
def server():
    srv = ScriptedServer(lambda m, t: Reply("unset")).start()
    yield srv
    srv.stop()


def rewards(traces):
    return {t["task"]["data"]["calculator_id"]: t["rewards"]["correct"]["score"] for t in traces}


def test_truth_without_tools_scores_one(tmp_path, server, small_csv):
    data, rows = small_csv
    server.policy = make_policy(rows, "truth", use_tools=False)
    traces = run_eval(tmp_path, server.base_url, data)
    assert rewards(traces) == {cid: 1.0 for cid in PICK}
    for t in traces:
        assert t["errors"] == [] and t["tools"] == [] and t["stop_condition"] == "agent_completed"
        m = t["metrics"]
        assert m["answered"] == 1.0 and m["tool_calls"] == 0.0
        assert m[f"acc_{t['task']['data']['category']}"] == 1.0
    cats = {t["task"]["data"]["category"] for t in traces}
    assert cats == {"date", "risk", "lab"}


def test_wrong_with_tools_boxed_scores_zero(tmp_path, server, small_csv):
    data, rows = small_csv
    server.policy = make_policy(rows, "wrong", use_tools=True)
    traces = run_eval(tmp_path, server.base_url, data, "--env.taskset.add-python-tool", "true",
                      "--env.taskset.add-calculator-tool", "true", "--env.taskset.answer-format", "boxed")
    assert rewards(traces) == {cid: 0.0 for cid in PICK}
    for t in traces:
        assert sorted(x["name"] for x in t["tools"]) == ["calculator", "convert_units", "run_python"]
        tool_msgs = [n["message"] for n in t["nodes"] if n["message"]["role"] == "tool"]
        assert [m["content"].strip() for m in tool_msgs] == ["42"]  # the sandbox really ran the code
        assert t["metrics"]["tool_calls"] == 1.0 and t["metrics"]["answered"] == 1.0


def test_truth_with_calculator_tool_scores_one(tmp_path, server, small_csv):
    data, rows = small_csv
    server.policy = make_policy(rows, "truth", use_tools=True)
    traces = run_eval(tmp_path, server.base_url, data, "--env.taskset.add-calculator-tool", "true")
    assert rewards(traces) == {cid: 1.0 for cid in PICK}
    for t in traces:
        assert sorted(x["name"] for x in t["tools"]) == ["calculator", "convert_units"]
        tool_msgs = [n["message"]["content"] for n in t["nodes"] if n["message"]["role"] == "tool"]
        assert tool_msgs == ["42"]


def test_turn_limit_stops_a_looping_model(tmp_path, server, small_csv):
    data, rows = small_csv
    server.policy = make_policy(rows, "truth", use_tools=True, always_tool=True)
    traces = run_eval(tmp_path, server.base_url, data, "--env.taskset.add-python-tool", "true",
                      "--env.taskset.max-turns", "3", "-n", "1")
    (t,) = traces
    assert t["stop_condition"] == "turn_limit"
    assert sum(1 for n in t["nodes"] if n.get("sampled")) == 3
    assert t["rewards"]["correct"]["score"] == 0.0 and t["metrics"]["answered"] == 0.0
