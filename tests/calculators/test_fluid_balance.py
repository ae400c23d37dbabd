import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, match_name


def test_fluid_balance_worked_example():
    # intake 1500 IV + 600 oral + 250 blood = 2350; output 1200 urine + 300 drain + 500 insensible = 2000 -> +350
    r = compute("body_fluid_balance", {"iv_fluids_ml": 1500, "oral_ml": 600, "blood_products_ml": 250, "urine_ml": 1200,
                                       "drains_ml": 300, "insensible_ml": 500})
    assert r.value == 350 and r.details == {"total_intake_ml": 2350, "total_output_ml": 2000}
    assert "positive" in r.interpretation


def test_fluid_balance_negative_and_empty():
    assert compute("body_fluid_balance", {"urine_ml": 800}).value == -800
    r = compute("body_fluid_balance", {})
    assert r.value == 0 and r.interpretation == "even balance"


def test_fluid_balance_errors():
    with pytest.raises(CalculatorInputError, match="urine_ml"):
        compute("body_fluid_balance", {"urine_ml": -5})
    with pytest.raises(CalculatorInputError, match="unknown input"):
        compute("body_fluid_balance", {"urine": 5})
    assert match_name("Body Fluid Balance Calculator by Inputs and Outputs") == "body_fluid_balance"
