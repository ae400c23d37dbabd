import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, get


def names(cid):
    return [i.name for i in get(cid).inputs]


@pytest.mark.parametrize("cid,values,total,band", [
    ("painad", (1, 1, 2, 1, 1), 6, "moderate"), ("painad", (0, 0, 0, 0, 0), 0, "no pain"),
    ("painad", (1, 1, 1, 0, 0), 3, "mild"), ("painad", (2, 2, 2, 1, 0), 7, "severe"),
    ("nvps", (1, 1, 1, 1, 1), 5, "moderate"), ("nvps", (1, 1, 0, 0, 0), 2, "no pain"),
    ("nvps", (2, 2, 2, 1, 0), 7, "severe"),
    ("braden_score", (3, 3, 2, 2, 2, 2), 14, "moderate"), ("braden_score", (3, 2, 1, 1, 2, 1), 10, "high risk"),
    ("braden_score", (2, 2, 1, 1, 2, 1), 9, "very high"), ("braden_score", (4, 4, 4, 4, 4, 3), 23, "no risk"),
    ("braden_score", (3, 3, 3, 3, 3, 3), 18, "mild"),
    ("aldrete_score", (2, 2, 2, 2, 1), 9, "ready"), ("aldrete_score", (2, 2, 1, 1, 2), 8, "not yet"),
    ("apgar_score", (1, 2, 2, 2, 2), 9, "reassuring"), ("apgar_score", (1, 1, 1, 1, 2), 6, "moderately"),
    ("apgar_score", (0, 1, 0, 1, 1), 3, "low"),
])
def test_totals_and_bands(cid, values, total, band):
    r = compute(cid, dict(zip(names(cid), values)))
    assert r.value == total and band in r.interpretation


def test_out_of_range_items_are_named():
    with pytest.raises(CalculatorInputError, match="friction_shear"):
        compute("braden_score", dict(zip(names("braden_score"), (1, 1, 1, 1, 1, 4))))  # friction max 3
    with pytest.raises(CalculatorInputError, match="sensory_perception"):
        compute("braden_score", dict(zip(names("braden_score"), (0, 1, 1, 1, 1, 1))))  # min 1
    with pytest.raises(CalculatorInputError, match="pulse"):
        compute("apgar_score", {k: 2 for k in names("apgar_score") if k != "pulse"})


def test_official_reads_item_scores():
    a = {"name": "Braden Score for Pressure Ulcers", "inputs": [
        {"field": "sensory_perception", "value": "Slightly limited (3)", "score": 3},
        {"field": "moisture", "value": "Occasionally moist (3)", "score": 3},
        {"field": "activity", "value": "Chairfast (2)", "score": 2}, {"field": "mobility", "value": "Very limited (2)"},
        {"field": "nutrition", "value": "Probably inadequate (2)", "score": 2},
        {"field": "friction_and_shear", "value": "Potential problem (2)", "score": 2}]}
    assert compute_official_answer(a) == 14  # mobility read from "(2)" in its text
    a = {"name": "Nonverbal Pain Scale (NVPS) for Nonverbal Patients", "inputs": [
        {"field": "face", "value": "(+1)", "score": 1}, {"field": "activity_movement", "value": "", "score": 1},
        {"field": "guarding", "value": "", "score": 1}, {"field": "physiology_vitals", "value": "", "score": 1},
        {"field": "respiratory", "value": "", "score": 1}]}
    assert compute_official_answer(a) == 5
