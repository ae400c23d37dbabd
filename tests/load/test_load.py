"""Load: 64 concurrent rollouts of `vf-eval medmcp-calc` against the oracle endpoint (real vf-eval
subprocess, one real shared tool server, real PostgreSQL): no errors, every score exact."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from medmcp_calc.env import infrastructure_errors
from medmcp_calc.evaluation import run_vf_eval
from medmcp_calc.oracle import OracleEndpoint
from medmcp_calc.traces import messages_of
from medmcp_calc.vf_tools.agent_tools import GROUP_OF

from medmcp_load_support import SCORES, raw_traces, scores

pytestmark = pytest.mark.load

N_TASKS, ROLLOUTS, CONCURRENCY = 16, 4, 64


def _max_overlap(traces: list[dict]) -> int:
    events = []
    for t in traces:
        tm = t["timing"]
        events += [(tm["start"], 1), (tm["scoring"]["end"] or tm["agent"]["end"], -1)]
    live = best = 0
    for _, d in sorted(events, key=lambda e: (e[0], e[1])):
        live += d
        best = max(best, live)
    return best


def test_64_concurrent_rollouts_are_clean(load_db, tmp_path, monkeypatch):
    timings = tmp_path / "tool-timings.jsonl"
    monkeypatch.setenv("MEDMCP_TOOL_TIMINGS", str(timings))  # the tool server's per-call timing (bench/run_all.py)
    with OracleEndpoint() as oracle:
        rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=oracle.base_url, api_key_var=None,
                                  num_tasks=N_TASKS, rollouts=ROLLOUTS, concurrency=CONCURRENCY, output_dir=tmp_path,
                                  database_url=load_db.agent_url, quiet=True)
    assert rc == 0
    traces = [t for _, t in raw_traces(run_dir)]
    assert len(traces) == N_TASKS * ROLLOUTS
    per_task = Counter(t["task"]["data"]["task_id"] for t in traces)
    assert len(per_task) == N_TASKS and set(per_task.values()) == {ROLLOUTS}

    failed = [(t["task"]["data"]["task_id"], t.get("stop_condition"), (t.get("errors") or [{}])[-1].get("message"))
              for t in traces if not t.get("ok") or t.get("errors") or t.get("stop_condition") != "agent_completed"]
    assert not failed, failed
    wrong = [(t["task"]["data"]["task_id"], scores(t)) for t in traces if scores(t) != dict.fromkeys(SCORES, 1.0)]
    assert not wrong, wrong
    infra = [(t["task"]["data"]["task_id"], infrastructure_errors(messages_of(t))) for t in traces
             if infrastructure_errors(messages_of(t))]
    assert not infra, infra
    # every tool result is a real answer: no tool errors of any kind under load
    tool_errors = [m["content"][:200] for t in traces for m in messages_of(t)
                   if m.get("role") == "tool" and str(m.get("content", "")).startswith("Error")]
    assert not tool_errors, tool_errors[:5]
    # the tool server recorded every tool call once (what bench/run_all.py's overhead figure rests on)
    recorded = [json.loads(x) for x in timings.read_text().splitlines()]
    assert len(recorded) == sum(t["metrics"]["calls_total"] for t in traces)
    assert {r["tool"] for r in recorded} <= set(GROUP_OF) and all(0 <= r["seconds"] < 30 for r in recorded)
    # and the rollouts really ran side by side
    assert _max_overlap(traces) >= 48, _max_overlap(traces)
