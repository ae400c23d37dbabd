import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "fib4"


def test_worked_example_and_bands():
    # 50 x 40 / (200 x sqrt(25) = 1000) = 2.00 -> indeterminate
    r = compute(ID, {"age": 50, "ast": 40, "alt": 25, "platelets": 200})
    assert r.value == 2.0 and "indeterminate" in r.interpretation
    # 40 x 20 / (250 x 5) = 0.64 -> unlikely
    assert "unlikely" in compute(ID, {"age": 40, "ast": 20, "alt": 25, "platelets": 250}).interpretation
    # 70 x 100 / (100 x 5) = 14 -> advanced fibrosis likely
    assert "likely" in compute(ID, {"age": 70, "ast": 100, "alt": 25, "platelets": 100}).interpretation


def test_age_65_lower_cutoff():
    # 66 x 22 / (250 x sqrt(16) = 1000) = 1.452: above 1.3 but below the >= 65 cut-off 2.0 -> unlikely
    assert "unlikely" in compute(ID, {"age": 66, "ast": 22, "alt": 16, "platelets": 250}).interpretation


def test_medcalc_bench_platelet_units():
    # [250000, 'µL'] = 250 x 10^9/L; [2.5e11, 'L'] = 250 x 10^9/L -> both 50 x 40 / (250 x 5) = 1.6
    base = {"age": [50, "years"], "Aspartate aminotransferase": [40.0, "U/L"], "Alanine aminotransferase": [25.0, "U/L"]}
    assert compute_medcalc_bench(19, {**base, "Platelet count": [250000.0, "µL"]}) == 1.6
    assert compute_medcalc_bench(19, {**base, "Platelet count": [2.5e11, "L"]}) == 1.6


def test_errors():
    with pytest.raises(CalculatorInputError, match="'alt'"):
        compute(ID, {"age": 50, "ast": 40, "alt": 0, "platelets": 200})
    with pytest.raises(CalculatorInputError, match="platelets"):
        compute(ID, {"age": 50, "ast": 40, "alt": 25})
