"""Scenario definitions: enough of them, weighted across the four domains, each a 3-10 step workflow
with a real branch, several clean questions; the patients behind them are coherent."""
from __future__ import annotations

import collections

import pytest

from medmcp_calc.calculators import DOMAINS
from medmcp_calc.calculators.base import CRITICAL, INTERNAL, NEURO, SPECIAL
from medmcp_calc.scenarios import catalog as C
from medmcp_calc.scenarios.engine import Obs, RecordView, compute_ground_truth
from medmcp_calc.scenarios.generate import generate
from medmcp_calc.scenarios.leaks import question_leaks, term_hits
from medmcp_calc.scenarios.registry import all_scenarios, loadable, skipped
from medmcp_calc.scenarios.spec import D, K


def test_at_least_40_scenarios_are_loadable():
    n = len(loadable())
    assert n >= 40, f"only {n} scenarios loadable; skipped: {skipped()}"


def test_domain_weights_follow_the_release():
    counts = collections.Counter(s.domain for s in loadable())
    n = sum(counts.values())
    share = {d: counts[d] / n for d in DOMAINS}
    assert 0.38 <= share[INTERNAL] <= 0.6, share
    assert 0.12 <= share[CRITICAL] <= 0.3, share
    assert 0.1 <= share[SPECIAL] <= 0.25, share
    assert 0.06 <= share[NEURO] <= 0.2, share


@pytest.mark.parametrize("scenario", loadable(), ids=lambda s: s.id)
def test_scenario_is_a_branching_workflow(scenario):
    assert 3 <= len(scenario.steps) <= 12
    assert scenario.branches, "a scenario needs at least one branch"
    assert len(scenario.questions) >= 3
    assert scenario.timepoint in ("latest", "admission")
    # every variant is reachable and the branch labels differ across variants
    labels = collections.defaultdict(set)
    ran = []
    for seed in range(len(scenario.variants)):
        g = generate(scenario, seed, "dev")
        n = len(g.task["ground_truth"]["calculators"])
        assert 3 <= n <= 10, f"{scenario.id} seed {seed}: {n} calculators ran"
        for k, v in g.task["ground_truth"]["branches"].items():
            labels[k].add(v)
        ran.append(tuple(c["id"] for c in g.task["ground_truth"]["calculators"]))
        # outputs feed later steps or a branch reads an intermediate result
        srcs = [s for c in g.task["ground_truth"]["calculators"] for s in c["sources"].values()]
        assert srcs and all(s["from"] in ("ehr", "step", "derived", "constant") for s in srcs)
    assert any(len(v) > 1 for v in labels.values()), f"{scenario.id}: no branch ever changes ({dict(labels)})"
    # the branch changes which calculators run, or (e.g. the QT formula) an input chosen from an intermediate
    chooses_input = any(isinstance(st.inputs.get(k), D) for st in scenario.steps for k in st.inputs) or any(
        isinstance(r, K) for st in scenario.steps for r in st.inputs.values())
    assert len(set(ran)) > 1 or chooses_input, f"{scenario.id}: every variant runs the same calculators"


@pytest.mark.parametrize("scenario", all_scenarios(), ids=lambda s: s.id)
def test_questions_name_no_calculator(scenario):
    for q in scenario.questions:
        assert question_leaks(q) == [], (scenario.id, q)


def test_leak_checker_catches_names_and_values():
    assert term_hits("What is the BMI here?")
    assert term_hits("Give me the Cockcroft-Gault clearance")
    assert term_hits("the mean arterial pressure please")
    assert not term_hits("Let us map out the plan and check body size")
    task = generate(loadable()[0], 0, "dev").task
    v = task["ground_truth"]["calculators"][0]["value"]
    if isinstance(v, (int, float)) and len(str(v)) >= 2:
        assert question_leaks(f"the result should be {v}", task)
    ev = next(e for e in task["ground_truth"]["evidence"] if e["fact"] == "age")
    assert question_leaks(f"a patient aged {ev['value']}", task)


def test_ground_truth_is_recomputed_from_the_record_alone():
    """Changing one stored value changes the answer: ground truth flows from the EHR rows."""
    s = next(s for s in loadable() if s.id == "gfr_assessment_body_size")
    g = generate(s, 0, "dev")
    view = g.written.view
    base = [c.value for c in compute_ground_truth(s, view).steps]
    obs = dict(view.obs)
    cr = obs["creatinine"]
    bumped = [Obs(o.key, o.kind, o.table, o.id_column, o.row_id, o.column, f"{float(o.text) * 2:.2f}", o.unit, o.time)
              for o in cr]
    obs["creatinine"] = bumped
    changed = [c.value for c in compute_ground_truth(s, RecordView(obs, view.timepoint)).steps]
    assert changed != base


def test_patients_are_written_as_a_hospital_would():
    s = next(s for s in loadable() if s.id == "onc_carboplatin_renal_dosing")
    si_seen = False
    for seed in range(12):
        g = generate(s, seed, "dev")
        rows = g.written.rows
        assert {t: len(r) > 0 for t, r in rows.items() if t in ("patient_information", "visit_inpatient",
                "laboratory_result", "vital_signs", "admission_record", "diagnostic_record", "order_inpatient")} == \
            {t: True for t in ("patient_information", "visit_inpatient", "laboratory_result", "vital_signs",
                               "admission_record", "diagnostic_record", "order_inpatient")}
        for t, rs in rows.items():
            assert all(len(r) == len(C.COLUMNS[t]) for r in rs)
        lab = C.col_index("laboratory_result")
        creat = [r for r in rows["laboratory_result"] if r[lab["test_item_name"]] == "Creatinine"]
        assert len(creat) >= 2, "repeated measurements over time"
        si_seen |= any(r[lab["unit"]] == "µmol/L" for r in creat)
        vs = C.col_index("vital_signs")
        assert all(isinstance(r[vs["heart_rate"]], str) for r in rows["vital_signs"]), "vitals stored as text"
        ar = C.col_index("admission_record")
        hx = rows["admission_record"][0][ar["past_medical_history"]]
        assert isinstance(hx, str) and len(hx) > 20
        # every evidence item points at a real row/column holding that value
        for e in g.task["ground_truth"]["evidence"]:
            idx = C.col_index(e["table"])
            row = next(r for r in rows[e["table"]] if r[idx[e["id_column"]]] == e["row_id"])
            cell = row[idx[e["column"]]]
            assert e["value"] in str(cell) or str(cell).startswith(e["value"]) or float(cell) == float(e["value"])
    assert si_seen, "some creatinine results are reported in SI units"


def test_schema_columns_match_the_database_module():
    from medmcp_calc.db import schema

    assert tuple(schema.TABLE_NAMES) == C.TABLE_NAMES
    for t in C.TABLE_NAMES:
        assert tuple(c.name for c in schema.TABLES[t]) == C.COLUMNS[t], t


@pytest.mark.parametrize("scenario", loadable(), ids=lambda s: s.id)
def test_questions_say_which_time_matters(scenario):
    import re

    pat = (re.compile(r"latest|most recent|current", re.I) if scenario.timepoint == "latest"
           else re.compile(r"admission|arrival|presentation|first", re.I))
    for q in scenario.questions:
        assert pat.search(q), (scenario.id, scenario.timepoint, q)
