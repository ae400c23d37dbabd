import math

import pytest

from medmcp_calc.calculators import CalculatorInputError, compute


@pytest.mark.parametrize("bili,alt,he,urgent,score,band", [
    (0.7, 22, False, False, 0, "low"),
    (3.0, 100, False, False, 0, "low"),    # thresholds are strict: > 3 mg/dL, > 100 U/L
    (3.1, 22, False, False, 1, "moderate"),
    (3.8, 46, True, False, 2, "moderate"),
    (3.8, 101, True, False, 3, "high"),
    (5.0, 150, True, True, 4, "high"),
])
def test_emory(bili, alt, he, urgent, score, band):
    r = compute("emory_tips", {"bilirubin": bili, "alt": alt, "pre_tips_encephalopathy": he, "urgent": urgent})
    assert r.value == score and r.interpretation.startswith(band)


def test_emory_errors():
    with pytest.raises(CalculatorInputError, match="urgent"):
        compute("emory_tips", {"bilirubin": 1, "alt": 20, "pre_tips_encephalopathy": False})


def clif(**kw):
    base = dict(age=52, wbc=17.2, bilirubin=22.0, creatinine=1.8, he_grade=2, inr=1.9, map=82, pf_ratio=320)
    return compute("clif_c_aclf", {**base, **kw})


def test_clif_c_aclf_worked_example():
    # subscores: liver 3 (>=12), kidney 1 (<2), brain 2 (grade 2), coag 1, circulation 1, resp 1 -> CLIF-OF 9
    # 10 x (0.33 x 9 + 0.04 x 52 + 0.63 x ln 17.2 - 2) = 10 x (2.97 + 2.08 + 1.792 - 2) = 48.4 -> 48
    r = clif()
    assert r.details["clif_of_total"] == 9 and r.value == 48
    expected = 10 * (0.33 * 9 + 0.04 * 52 + 0.63 * math.log(17.2) - 2)
    assert abs(r.value - expected) <= 0.5


@pytest.mark.parametrize("kw,organ,points", [
    ({"bilirubin": 5.99}, "liver", 1), ({"bilirubin": 6.0}, "liver", 2), ({"bilirubin": 12.0}, "liver", 3),
    ({"creatinine": 2.0}, "kidney", 2), ({"creatinine": 3.5}, "kidney", 3), ({"renal_replacement": True}, "kidney", 3),
    ({"he_grade": 0}, "brain", 1), ({"he_grade": 3}, "brain", 3),
    ({"inr": 2.0}, "coagulation", 2), ({"inr": 2.5}, "coagulation", 3),
    ({"map": 69}, "circulation", 2), ({"vasopressors": True}, "circulation", 3),
    ({"pf_ratio": 300}, "respiration", 2), ({"pf_ratio": 200}, "respiration", 3),
])
def test_clif_of_thresholds(kw, organ, points):
    assert clif(**kw).details["clif_of_subscores"][organ] == points


def test_clif_errors():
    with pytest.raises(CalculatorInputError, match="he_grade"):
        clif(he_grade=5)
