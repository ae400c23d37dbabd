import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "centor_mcisaac"
NONE = {"age": 30, "tonsillar_exudate": False, "tender_anterior_nodes": False, "temperature_c": 37.0,
        "cough_absent": False}


@pytest.mark.parametrize("age,pts", [(2, 0), (3, 1), (14, 1), (15, 0), (44, 0), (45, -1)])
def test_age_points(age, pts):
    assert compute(ID, {**NONE, "age": age}).value == pts


def test_temperature_strictly_above_38():
    assert compute(ID, {**NONE, "temperature_c": 38.0}).value == 0
    assert compute(ID, {**NONE, "temperature_c": 38.1}).value == 1


def test_maximum_and_interpretation():
    r = compute(ID, {"age": 10, "tonsillar_exudate": True, "tender_anterior_nodes": True, "temperature_c": 39,
                     "cough_absent": True})
    assert r.value == 5 and "51-53%" in r.interpretation


def test_medcalc_bench_fahrenheit_and_months():
    # 101.6 F = 38.67 C (+1), age 14 (+1), cough absent (+1) = 3
    e = {"age": [14.0, "years"], "Cough Absent": True, "Temperature": [101.6, "degrees fahreinheit"],
         "Tender/swollen anterior cervical lymph nodes": False, "Exudate or swelling on tonsils": False}
    assert compute_medcalc_bench(20, e) == 3
    # 14 months = 1.17 years: no age point; 38.4 C -> 1
    e = {"age": [14.0, "months"], "Cough Absent": False, "Temperature": [38.4, "degrees celsius"]}
    assert compute_medcalc_bench(20, e) == 1


def test_errors():
    with pytest.raises(CalculatorInputError, match="temperature_c"):
        compute(ID, {**NONE, "temperature_c": 101})
