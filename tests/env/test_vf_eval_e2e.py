"""`vf-eval medmcp-calc --no-push` end to end (real vf-eval subprocess, real tool server, real
PostgreSQL), against the oracle endpoint and against deliberately bad scripted models."""
from __future__ import annotations

import json

import pytest

from medmcp_calc.evaluation import run_vf_eval
from medmcp_calc.oracle import OracleEndpoint, find_patient_id
from medmcp_calc.openai_server import PolicyServer, TextAction, ToolCallAction
from medmcp_calc.traces import read_run

N = 4  # tasks per run: enough to cover several scenarios, quick on 2 cores


def _episodes(run_dir):
    eps, problems = read_run(run_dir)
    assert not problems, problems
    return {e.task_id: e for e in eps}


def test_oracle_scores_one_on_everything(scenario_db, tmp_path):
    with OracleEndpoint() as oracle:
        rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=oracle.base_url, api_key_var=None, num_tasks=N,
                                  concurrency=N, output_dir=tmp_path, database_url=scenario_db.agent_url, quiet=True)
    assert rc == 0
    eps = _episodes(run_dir)
    assert len(eps) == N
    for e in eps.values():
        assert {k: e.metrics[k] for k in ("TF", "CS", "EA", "QP")} == {"TF": 1.0, "CS": 1.0, "EA": 1.0, "QP": 1.0}, e.task_id
        assert e.metrics["calls_sql"] >= 2 and e.reward == pytest.approx(1.0)


def _answer(entries):
    return "Done.\n```json\n" + json.dumps({"calculators": entries, "summary": "scripted"}) + "\n```"


class BadModel:
    """Behaviour per task (by patient id), chosen to produce known partial scores."""

    def __init__(self, tasks):
        self.by_pid = {t["patient_id"]: t for t in tasks}
        self.behaviour = {}

    def __call__(self, messages, tools):
        task = self.by_pid[find_patient_id(messages)]
        req = task["rubric_gt"]["required"]
        kind = self.behaviour[task["task_id"]]
        n_tool = sum(1 for m in messages if m.get("role") == "tool")
        if kind == "wrong_calculators":  # no SQL, invented calculators
            return TextAction(_answer([{"name": "Totally Made Up Index", "value": 3, "unit": ""}]))
        if kind == "right_names_wrong_values":
            return TextAction(_answer([{"name": r["name"], "value": "Nonsense category" if r["kind"] == "category"
                                        else 987654, "unit": ""} for r in req]))
        if kind == "first_only":  # first required calculator right, nothing else
            r = req[0]
            return TextAction(_answer([{"name": r["name"], "value": r["value"], "unit": r["unit"]}]))
        if kind == "malformed_then_no_answer":
            if n_tool == 0:  # wrong argument name
                return ToolCallAction("run_read_only_sql", {"sql": "SELECT 1"})
            if n_tool == 1:  # a tool that does not exist
                return ToolCallAction("drop_everything", {"x": 1})
            if n_tool == 2:  # a query the guard rejects
                return ToolCallAction("run_read_only_sql", {"query": "DELETE FROM laboratory_result"})
            return TextAction("I am not sure; I could not finish.")
        raise AssertionError(kind)


def test_bad_scripted_model_gets_exact_partial_scores(scenario_db, test_tasks, tmp_path):
    model = BadModel(test_tasks)
    kinds = ["wrong_calculators", "right_names_wrong_values", "first_only", "malformed_then_no_answer"]
    chosen = test_tasks[:len(kinds)]
    for t, k in zip(chosen, kinds):
        model.behaviour[t["task_id"]] = k
    with PolicyServer(model) as srv:
        rc, run_dir = run_vf_eval(model="bad-model", base_url=srv.base_url, api_key_var=None, num_tasks=len(kinds),
                                  concurrency=len(kinds), output_dir=tmp_path, database_url=scenario_db.agent_url,
                                  quiet=True)
    assert rc == 0
    eps = _episodes(run_dir)
    got = {model.behaviour[tid]: {k: e.metrics[k] for k in ("TF", "CS", "EA", "QP")} for tid, e in eps.items()}
    n_first = len(chosen[2]["rubric_gt"]["required"])
    assert got["wrong_calculators"] == {"TF": 1.0, "CS": 0.0, "EA": 0.0, "QP": 0.0}
    assert got["right_names_wrong_values"] == {"TF": 1.0, "CS": 1.0, "EA": 0.0, "QP": 0.0}
    assert got["first_only"] == {"TF": 1.0, "CS": 1 / n_first, "EA": 0.0, "QP": 1 / n_first}
    assert got["malformed_then_no_answer"] == {"TF": 0.0, "CS": 0.0, "EA": 0.0, "QP": 0.0}
    # the malformed calls came back as tool errors and the rollout went on to its last turn
    bad = next(e for tid, e in eps.items() if model.behaviour[tid] == "malformed_then_no_answer")
    tool_msgs = [m for m in bad.messages if m.get("role") == "tool"]
    assert len(tool_msgs) == 3
    texts = [str(m.get("content")) for m in tool_msgs]
    assert texts[0].startswith("Error executing tool run_read_only_sql") and "query" in texts[0]  # missing argument
    assert "unknown tool 'drop_everything'" in texts[1]
    assert texts[2].startswith("Error: DELETE is not allowed")  # the SQL guard
    assert bad.messages[-1]["role"] == "assistant" and "could not finish" in bad.messages[-1]["content"]


@pytest.mark.external_pg
def test_oracle_on_the_external_postgresql(tmp_path):
    """The same end-to-end run against the machine's PostgreSQL (CI: PostgreSQL 15), built with COPY there."""
    import os

    url = os.environ.get("MEDMCP_TEST_EXTERNAL_PG")
    if not url:
        pytest.skip("external PostgreSQL not configured (set MEDMCP_TEST_EXTERNAL_PG to an admin URL)")
    from medmcp_calc.db.builder import build_database
    from medmcp_calc.scenarios.build import build_ehr

    info = build_database(url, build_ehr(distractors=50), dbname="medmcp_envtest_ext")
    with OracleEndpoint() as oracle:
        rc, run_dir = run_vf_eval(model="medmcp-oracle", base_url=oracle.base_url, api_key_var=None, num_tasks=2,
                                  concurrency=2, output_dir=tmp_path, database_url=info.agent_url, quiet=True)
    assert rc == 0
    eps = _episodes(run_dir)
    assert len(eps) == 2
    for e in eps.values():
        assert {k: e.metrics[k] for k in ("TF", "CS", "EA", "QP")} == {"TF": 1.0, "CS": 1.0, "EA": 1.0, "QP": 1.0}
