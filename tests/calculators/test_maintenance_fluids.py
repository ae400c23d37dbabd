import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer

ID = "maintenance_fluids"


@pytest.mark.parametrize("w,rate", [
    (8, 32.0),     # 4 x 8
    (10, 40.0),    # 4 x 10 (first boundary)
    (15, 50.0),    # 40 + 2 x 5
    (20, 60.0),    # 40 + 2 x 10 (second boundary)
    (70, 110.0),   # 60 + 50
    (2.3, 9.2),    # neonate-sized: 4 x 2.3
])
def test_4_2_1_rule(w, rate):
    assert compute(ID, {"weight_kg": w}).value == rate


def test_pounds_via_benchmark_and_official():
    # 30 lb = 13.608 kg -> 40 + 2 x 3.608 = 47.2
    assert compute_medcalc_bench(22, {"weight": [30.0, "lbs"]}) == 47.2
    # 27.6 lb = 12.519 kg -> 40 + 5.04 = 45.0
    assert compute_official_answer({"name": "Maintenance Fluids Calculations",
                                    "inputs": [{"field": "Weight", "value": "27.6 lbs"}]}) == 45.0


def test_errors():
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute(ID, {"weight_kg": 0})
    with pytest.raises(CalculatorInputError, match="weight_kg"):
        compute(ID, {})
