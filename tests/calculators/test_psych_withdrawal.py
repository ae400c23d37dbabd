import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, get

PHQ = [n.name for n in get("phq9").inputs]
GAD = [n.name for n in get("gad7").inputs]


def test_phq9_bands():
    assert len(PHQ) == 9
    assert compute("phq9", {k: 0 for k in PHQ}).value == 0
    assert compute("phq9", {k: 3 for k in PHQ}).value == 27
    # 3+3+3+3+1+2+2+1+1 = 19 -> moderately severe, item 9 positive
    vals = dict(zip(PHQ, (3, 3, 3, 3, 1, 2, 2, 1, 1)))
    r = compute("phq9", vals)
    assert r.value == 19 and "moderately severe" in r.interpretation and "suicide" in r.interpretation


@pytest.mark.parametrize("total,band", [(4, "minimal"), (5, "mild"), (9, "mild"), (10, "moderate depression"),
                                        (14, "moderate depression"), (15, "moderately severe"), (20, "severe depression")])
def test_phq9_cutoffs(total, band):
    vals = {k: 0 for k in PHQ}
    left = total
    for k in PHQ[:8]:  # keep item 9 at 0
        vals[k] = min(3, left)
        left -= vals[k]
    r = compute("phq9", vals)
    assert r.value == total and band in r.interpretation and "suicide" not in r.interpretation


def test_gad7():
    assert len(GAD) == 7
    vals = dict(zip(GAD, (3, 3, 3, 3, 2, 2, 1)))  # 17
    r = compute("gad7", vals)
    assert r.value == 17 and "severe" in r.interpretation
    assert "mild" in compute("gad7", dict(zip(GAD, (1, 1, 1, 1, 1, 0, 0)))).interpretation  # 5
    assert "moderate" in compute("gad7", dict(zip(GAD, (2, 2, 2, 2, 2, 0, 0)))).interpretation  # 10
    assert "minimal" in compute("gad7", dict(zip(GAD, (1, 1, 1, 1, 0, 0, 0)))).interpretation  # 4


def test_item_range_errors():
    with pytest.raises(CalculatorInputError, match="interest"):
        compute("phq9", {k: 0 for k in PHQ} | {"interest": 4})
    with pytest.raises(CalculatorInputError, match="afraid"):
        compute("gad7", {k: 0 for k in GAD if k != "afraid"})


CIWA = [n.name for n in get("ciwa_ar").inputs]


def test_ciwa():
    # 4+4+4+4+4+1+1+1+3+0 = 26 -> severe
    vals = dict(zip(CIWA, (4, 4, 4, 4, 4, 1, 1, 1, 3, 0)))
    r = compute("ciwa_ar", vals)
    assert r.value == 26 and "severe" in r.interpretation
    assert compute("ciwa_ar", {k: 7 for k in CIWA[:9]} | {"orientation": 4}).value == 67
    assert "minimal" in compute("ciwa_ar", dict(zip(CIWA, (2, 2, 2, 2, 1, 0, 0, 0, 0, 0)))).interpretation  # 9
    assert "moderate" in compute("ciwa_ar", dict(zip(CIWA, (2, 2, 2, 2, 2, 0, 0, 0, 0, 0)))).interpretation  # 10
    with pytest.raises(CalculatorInputError, match="orientation"):
        compute("ciwa_ar", {k: 0 for k in CIWA} | {"orientation": 5})


COWS = [n.name for n in get("cows").inputs]


def test_cows():
    # pulse 2 + sweat 3 + restless 3 + pupils 2 + aches 4 + nose 2 + GI 3 + tremor 2 + yawn 2 + anxiety 2 + goose 3 = 28
    r = compute("cows", dict(zip(COWS, (2, 3, 3, 2, 4, 2, 3, 2, 2, 2, 3))))
    assert r.value == 28 and "moderately severe" in r.interpretation
    top = dict(zip(COWS, (4, 4, 5, 5, 4, 4, 5, 4, 4, 4, 5)))
    assert compute("cows", top).value == 48 and "severe" in compute("cows", top).interpretation
    assert "mild" in compute("cows", dict(zip(COWS, (1, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0)))).interpretation  # 5
    assert "moderate withdrawal" in compute("cows", dict(zip(COWS, (2, 2, 3, 2, 1, 1, 1, 1, 0, 0, 0)))).interpretation  # 13
    with pytest.raises(CalculatorInputError, match="restlessness"):
        compute("cows", {k: 0 for k in COWS} | {"restlessness": 2})  # allowed 0, 1, 3, 5


def test_official_questionnaires():
    a = {"name": "GAD-7 (General Anxiety Disorder-7)", "inputs": [
        {"field": f"q{n}", "value": "x", "score": s} for n, s in enumerate((3, 3, 3, 3, 2, 2, 1))]}
    assert compute_official_answer(a) == 17
    short = {"name": "GAD-7 (General Anxiety Disorder-7)", "inputs": [{"field": "q", "value": "x", "score": 1}]}
    assert compute_official_answer(short) is None
