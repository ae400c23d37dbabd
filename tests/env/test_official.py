"""Official-release mode with the dev slice in ../shared (79 tasks, two tables)."""
from __future__ import annotations

import json

import psycopg
import pytest

from medmcp_calc.official import OfficialDataError, load_official_release, load_official_tasks
from medmcp_calc.prompts import OFFICIAL_PREFIX
from medmcp_calc.scoring import score_messages


@pytest.fixture(scope="module")
def official_dir(shared_dir):
    d = shared_dir / "medmcp_calc_official"
    if not (d / "tasks_dev.jsonl").is_file():
        pytest.skip(f"official dev tasks not found under {d}")
    return d


def test_load_official_tables_with_copy(official_dir, embedded_pg_url):
    info = load_official_release(official_dir, embedded_pg_url, dbname="medmcp_official_test", force=True)
    assert info["row_counts"]["patient_information"] == 79
    assert info["row_counts"]["vital_signs"] == 85
    assert set(info["missing_tables"]) == {"visit_inpatient", "examination_report", "laboratory_result",
                                           "diagnostic_record", "anethesia_record", "admission_record",
                                           "order_inpatient"}
    from medmcp_calc.db.urls import with_params

    with psycopg.connect(with_params(embedded_pg_url, dbname="medmcp_official_test")) as conn:
        hr = conn.execute("SELECT heart_rate FROM vital_signs WHERE vs_id = 'P004_5e9098ea_VS_1'").fetchone()[0]
    assert hr == "118"  # vitals stay TEXT, as in the release


def test_official_tasks_use_the_official_prompt_and_domains(official_dir):
    rows = load_official_tasks(official_dir / "tasks_dev.jsonl")
    assert len(rows) == 79
    r = rows[0]
    assert r["prompt"] == OFFICIAL_PREFIX.format(patient_id=r["patient_id"]) + r["question"]
    assert {x["domain"] for x in rows} <= {"Critical Care & Perioperative Medicine", "Internal Medicine & Organ Systems",
                                          "Neurology & Psychiatry", "Special Populations & Universal Tools"}
    assert r["ground_truth"]["ea_applicable"] is False


def test_official_gold_answer_scores_full_marks(official_dir):
    rows = load_official_tasks(official_dir / "tasks_dev.jsonl")
    for r in rows[:20]:
        req = r["ground_truth"]["required"]
        answer = {"calculators": [{"name": q["name"], "value": q["value"], "unit": ""} for q in req], "summary": "gold"}
        msgs = [{"role": "user", "content": r["prompt"]},
                {"role": "assistant", "content": "```json\n" + json.dumps(answer) + "\n```"}]
        s = score_messages(r["ground_truth"], msgs)
        assert (s["TF"], s["CS"], s["QP"]) == (1.0, 1.0, 1.0), r["task_id"]


def test_broken_task_file_names_the_line(tmp_path, official_dir):
    lines = (official_dir / "tasks_dev.jsonl").read_text().splitlines()[:3]
    lines.insert(2, '{"task_id": "x", ')
    p = tmp_path / "tasks.jsonl"
    p.write_text("\n".join(lines) + "\n")
    with pytest.raises(OfficialDataError, match=r"line 3: not valid JSON"):
        load_official_tasks(p)
    p.write_text(json.dumps({"task_id": "x"}) + "\n")
    with pytest.raises(OfficialDataError, match=r"line 1: missing key 'patient_id'"):
        load_official_tasks(p)


def test_release_folder_errors(tmp_path, embedded_pg_url):
    with pytest.raises(FileNotFoundError):
        load_official_release(tmp_path / "nope", embedded_pg_url)
    with pytest.raises(OfficialDataError, match="no table CSVs"):
        load_official_release(tmp_path, embedded_pg_url)
    (tmp_path / "vital_signs.csv").write_text("a,b\n1,2\n")
    with pytest.raises(OfficialDataError, match="line 1: header does not match"):
        load_official_release(tmp_path, embedded_pg_url, dbname="medmcp_official_bad")


def test_official_split_through_vf_eval(official_dir, embedded_pg_url, tmp_path):
    """The official tasks served by the environment (official prompt, SQL tool on the loaded release
    tables) and scored by the rubric: a model that answers the gold values scores CS = QP = TF = 1, and
    EA is not reported (the release has no evidence rows)."""
    from medmcp_calc.db.builder import AGENT_ROLE, agent_password
    from medmcp_calc.db.urls import with_params
    from medmcp_calc.evaluation import run_vf_eval
    from medmcp_calc.openai_server import PolicyServer, TextAction, ToolCallAction
    from medmcp_calc.oracle import find_patient_id
    from medmcp_calc.traces import read_run

    load_official_release(official_dir, embedded_pg_url, dbname="medmcp_official_test")
    agent_url = with_params(embedded_pg_url, dbname="medmcp_official_test", user=AGENT_ROLE, password=agent_password())
    tasks_path = official_dir / "tasks_dev.jsonl"
    by_pid = {r["patient_id"]: r for r in load_official_tasks(tasks_path)}

    def gold(messages, tools):
        row = by_pid[find_patient_id(messages)]
        if not any(m.get("role") == "tool" for m in messages):  # look the patient up first
            return ToolCallAction("run_read_only_sql", {
                "query": f"SELECT gender FROM patient_information WHERE patient_id = '{row['patient_id']}'"})
        req = row["ground_truth"]["required"]
        return TextAction("```json\n" + json.dumps({"calculators": [
            {"name": q["name"], "value": q["value"], "unit": ""} for q in req], "summary": "gold"}) + "\n```")

    with PolicyServer(gold) as srv:
        rc, run_dir = run_vf_eval(model="gold", base_url=srv.base_url, api_key_var=None, split="official",
                                  num_tasks=3, concurrency=3, output_dir=tmp_path, database_url=agent_url,
                                  extra=["--env.taskset.official-tasks-path", str(tasks_path)], quiet=True)
    assert rc == 0
    eps, problems = read_run(run_dir)
    assert not problems and len(eps) == 3
    for e in eps:
        assert (e.metrics["TF"], e.metrics["CS"], e.metrics["QP"]) == (1.0, 1.0, 1.0), e.task_id
        assert "EA" not in e.metrics
        user = next(m for m in e.messages if m.get("role") == "user")
        assert user["content"].startswith("I am assessing the patient with patient_id '")
        tool = next(m for m in e.messages if m.get("role") == "tool")
        assert "gender" in tool["content"]  # the SQL tool answered from the loaded release table
