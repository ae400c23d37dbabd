import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer


def test_rass():
    assert compute("rass", {"level": -2}).value == -2
    assert "light-sedation target" in compute("rass", {"level": -2}).interpretation
    assert "deeper" in compute("rass", {"level": -3}).interpretation
    assert "agitated" in compute("rass", {"level": 2}).interpretation
    with pytest.raises(CalculatorInputError, match="level"):
        compute("rass", {"level": 5})
    ans = {"name": "Richmond Agitation-Sedation Scale (RASS)", "inputs": [{"field": "Patient description", "value": "Restless (+1)"}]}
    assert compute_official_answer(ans) == 1


@pytest.mark.parametrize("rass,f1,f2,f4,expected", [
    (-2, True, False, None, "CAM-ICU negative"),     # no inattention
    (-2, False, True, None, "CAM-ICU negative"),     # no acute change/fluctuation
    (-2, True, True, None, "CAM-ICU positive"),      # 1 + 2 + altered LOC (RASS != 0)
    (0, True, True, True, "CAM-ICU positive"),       # 1 + 2 + disorganized thinking
    (0, True, True, False, "CAM-ICU negative"),      # RASS 0 and organized thinking
    (-4, True, True, True, "Unable to assess (RASS -4 or -5)"),
    (-3, True, True, None, "CAM-ICU positive"),      # -3 still assessable
])
def test_cam_icu(rass, f1, f2, f4, expected):
    r = compute("cam_icu", {"rass": rass, "acute_change_or_fluctuation": f1, "inattention": f2, "disorganized_thinking": f4})
    assert r.value == expected


def test_cam_icu_needs_feature4_when_rass_zero():
    with pytest.raises(CalculatorInputError, match="disorganized_thinking"):
        compute("cam_icu", {"rass": 0, "acute_change_or_fluctuation": True, "inattention": True})


def test_cpot():
    # grimacing 2 + restlessness 2 + tense 1 + coughing but tolerating 1 = 6
    r = compute("cpot", {"facial_expression": 2, "body_movements": 2, "muscle_tension": 1, "ventilator_or_vocalization": 1})
    assert r.value == 6 and "unacceptable" in r.interpretation
    assert "minimal" in compute("cpot", {"facial_expression": 1, "body_movements": 1, "muscle_tension": 0,
                                         "ventilator_or_vocalization": 0}).interpretation  # 2 = boundary
    assert "unacceptable" in compute("cpot", {"facial_expression": 1, "body_movements": 1, "muscle_tension": 1,
                                              "ventilator_or_vocalization": 0}).interpretation  # 3
    with pytest.raises(CalculatorInputError, match="muscle_tension"):
        compute("cpot", {"facial_expression": 1, "body_movements": 1, "muscle_tension": 3, "ventilator_or_vocalization": 0})
