"""The frozen test split, the unbounded train split, test_unseen, and the loaders."""
from __future__ import annotations

import hashlib
import json

from medmcp_calc.scenarios import build
from medmcp_calc.scenarios.leaks import question_leaks


def test_test_split_is_frozen_and_hash_checked():
    man = build.manifest()
    text = build.TEST_FILE.read_text()
    assert hashlib.sha256(text.encode()).hexdigest() == man["sha256"]
    assert man["n_tasks"] == text.count("\n") >= 118


def test_test_split_regenerates_byte_identically(capsys):
    ok, digest = build.check_test()
    assert ok, f"test split no longer regenerates identically (got {digest}); a scenario or calculator changed"
    assert build.main(["--check"]) == 0
    assert "OK" in capsys.readouterr().out


def test_test_tasks_are_well_formed_and_leak_free():
    tasks = build.load_tasks("test")
    ids = [t["task_id"] for t in tasks]
    assert len(ids) == len(set(ids))
    assert len({t["patient_id"] for t in tasks}) == len(tasks)
    for t in tasks:
        gt = t["ground_truth"]
        assert 3 <= len(gt["required"]) <= 10
        assert gt["evidence"] and all({"table", "row_id", "column", "value"} <= set(e) for e in gt["evidence"])
        assert t["patient_id"].startswith("P1")
        assert question_leaks(t["question"], t) == [], (t["task_id"], question_leaks(t["question"], t))
        assert t["patient_id"] in t["prompt"]


def test_train_is_seeded_disjoint_and_excludes_unseen_scenarios():
    unseen = build.unseen_scenarios()
    assert len(unseen) >= 4
    a = list(build.train_tasks(120))
    b = list(build.train_tasks(120))
    assert [json.dumps(x, sort_keys=True) for x in a] == [json.dumps(x, sort_keys=True) for x in b]
    assert not {t["scenario_id"] for t in a} & unseen
    test_pids = {t["patient_id"] for t in build.load_tasks("test")}
    assert not {t["patient_id"] for t in a} & test_pids
    assert all(t["patient_id"].startswith("P2") for t in a)
    many = [t["patient_id"] for t in build.train_tasks(600)]
    assert len(set(many)) == len(many)
    other = list(build.train_tasks(20, seed=1))
    assert {t["patient_id"] for t in other}.isdisjoint({t["patient_id"] for t in a[:20]})


def test_test_unseen_split():
    tasks = build.load_tasks("test_unseen")
    unseen = build.unseen_scenarios()
    assert tasks and {t["scenario_id"] for t in tasks} == set(unseen)
    # every domain is represented among the held-out scenarios
    assert {t["domain"] for t in tasks} == {t["domain"] for t in build.load_tasks("test")}


def test_dataset_loader():
    ds = build.as_dataset("test")
    assert len(ds) == len(build.load_tasks("test"))
    row = ds[0]
    assert json.loads(row["ground_truth"])["required"]
    assert set(ds.column_names) >= {"task_id", "prompt", "question", "domain", "ground_truth", "task"}


def test_inputs_sharing_an_evidence_row_agree():
    """Two calculators reading the same EHR cell (in the same unit) were given the same value."""
    from medmcp_calc.calculators import get

    for t in build.load_tasks("test"):
        seen: dict[tuple, object] = {}
        for c in t["ground_truth"]["calculators"]:
            units = {i.name: i.unit for i in get(c["id"]).inputs}
            for name, src in c["sources"].items():
                if src.get("from") != "ehr":
                    continue
                key = (src["evidence"], units.get(name), bool(src.get("mapped")))
                v = c["inputs"][name]
                if key in seen:
                    assert seen[key] == v, (t["task_id"], c["id"], name, seen[key], v)
                seen[key] = v
