import datetime as dt

import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench, compute_official_answer, match_name


def test_conception_28_day_cycle():
    # LMP 01/01/2024 + (28 - 14) = 01/15/2024
    r = compute("estimated_conception_date", {"lmp_date": "01/01/2024"})
    assert r.value == dt.date(2024, 1, 15)


def test_conception_cycle_adjusted_and_month_boundary():
    # 24-day cycle: LMP 11/11/2013 + 10 days = 11/21/2013
    assert compute_medcalc_bench(68, {"cycle length": 24, "Last menstrual date": "11/11/2013"}) == "11/21/2013"
    # 35-day cycle across a leap day: 02/20/2024 + 21 = 03/12/2024
    assert compute("estimated_conception_date", {"lmp_date": "2024-02-20", "cycle_length": 35}).value == dt.date(2024, 3, 12)


def test_conception_errors():
    with pytest.raises(CalculatorInputError, match="cycle_length"):
        compute("estimated_conception_date", {"lmp_date": "2024-01-01", "cycle_length": 60})
    with pytest.raises(CalculatorInputError, match="lmp_date"):
        compute("estimated_conception_date", {"lmp_date": "yesterday"})


def test_gestational_age_from_lmp():
    # 03/23/2020 -> 03/29/2020 = 6 days = (0, 6)
    assert compute_medcalc_bench(69, {"Current Date": "03/29/2020", "Last menstrual date": "03/23/2020"}) == (0, 6)
    # 2024-01-01 -> 2024-07-01 = 182 days (leap year: 31+29+31+30+31+30) = 26 weeks 0 days
    r = compute("gestational_age", {"current_date": "2024-07-01", "lmp_date": "2024-01-01"})
    assert r.value == (26, 0) and "second trimester" in r.interpretation


def test_gestational_age_from_due_date():
    # due 2025-12-26, today 2025-12-15: 280 - 11 = 269 days = 38 weeks 3 days (term)
    r = compute("gestational_age", {"current_date": "2025-12-15", "due_date": "2025-12-26"})
    assert r.value == (38, 3) and "term" in r.interpretation


def test_gestational_age_errors():
    with pytest.raises(CalculatorInputError, match="current_date"):
        compute("gestational_age", {"current_date": "2024-01-01", "lmp_date": "2024-02-01"})
    with pytest.raises(CalculatorInputError, match="lmp_date"):
        compute("gestational_age", {"current_date": "2024-01-01"})
    with pytest.raises(CalculatorInputError, match="45 weeks"):
        compute("gestational_age", {"current_date": "2025-01-01", "lmp_date": "2024-01-01"})


def test_official():
    ans = {"name": "Gestational Age", "inputs": [{"field": "Current Date?", "value": "2025-12-15"},
                                                 {"field": "Due Date?", "value": "2025-12-26"}]}
    assert compute_official_answer(ans) == "38 Weeks 3 Days"
    assert match_name("Estimated Gestational Age") == "gestational_age"
    assert match_name("Estimated Date of Conception") == "estimated_conception_date"
