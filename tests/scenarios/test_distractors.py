"""The distractor population: full size, deterministic, distinct patients."""
from __future__ import annotations

from medmcp_calc.scenarios import catalog as C
from medmcp_calc.scenarios.build import build_ehr
from medmcp_calc.scenarios.distractors import distractor_tables


def test_full_population_size():
    tabs = distractor_tables()  # the default: 10,000 patients
    n_pat = sum(1 for _ in tabs["patient_information"])
    n_lab = 0
    for r in tabs["laboratory_result"]:
        n_lab += 1
    assert n_pat >= 10_000
    assert n_lab >= 2_000_000


def test_deterministic_and_shaped():
    a = {t: list(g) for t, g in distractor_tables(50, seed=3).items()}
    b = {t: list(g) for t, g in distractor_tables(50, seed=3).items()}
    c = {t: list(g) for t, g in distractor_tables(50, seed=4).items()}
    assert a == b and a["laboratory_result"] != c["laboratory_result"]
    for t, rows in a.items():
        assert all(len(r) == len(C.COLUMNS[t]) for r in rows), t
    lab = C.col_index("laboratory_result")
    ids = [r[lab["report_item_id"]] for r in a["laboratory_result"]]
    assert len(ids) == len(set(ids))
    assert {r[lab["unit"]] for r in a["laboratory_result"]} >= {"mg/dL", "µmol/L"}


def test_build_ehr_streams_are_reiterable_and_keys_unique():
    tabs = build_ehr(distractors=30, train=5)
    first = list(tabs["patient_information"])
    assert first == list(tabs["patient_information"])
    pids = [r[1] for r in first]
    assert len(pids) == len(set(pids))
    lab = C.col_index("laboratory_result")
    ids = [r[lab["report_item_id"]] for r in tabs["laboratory_result"]]
    assert len(ids) == len(set(ids))
