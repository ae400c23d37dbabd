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
