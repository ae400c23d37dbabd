import datetime as dt

import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_medcalc_bench

ID = "estimated_due_date"


def test_standard_cycle():
    # 2023-01-01 + 280 d: 30 (rest of Jan) + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 30 = 272 -> Sep 30, + 8 -> Oct 8.
    # Calendar form: + 9 months = 2023-10-01, + 7 days = 2023-10-08.
    assert compute(ID, {"lmp": "2023-01-01"}).value == dt.date(2023, 10, 8)
    assert compute(ID, {"lmp": "2023-01-01", "method": "calendar"}).value == dt.date(2023, 10, 8)


def test_cycle_adjustment_sign():
    # cycle 35 -> ovulation 7 days later -> +7 days: 10/15/2023; cycle 22 -> -6 days
    assert compute(ID, {"lmp": "2023-01-01", "cycle_length_days": 35}).value == dt.date(2023, 10, 15)
    # 2013-12-11 + 280 = 2014-09-17; - 6 = 09/11/2014. Calendar: 2014-09-11 + 7 = 09-18, - 6 = 09/12/2014
    assert compute(ID, {"lmp": "12/11/2013", "cycle_length_days": 22}).value == dt.date(2014, 9, 11)
    assert compute(ID, {"lmp": "12/11/2013", "cycle_length_days": 22, "method": "calendar"}).value == dt.date(2014, 9, 12)
    # the MedCalc-Bench adapter uses the calendar form
    assert compute_medcalc_bench(13, {"cycle length": 22, "Last menstrual date": "12/11/2013"}) == "09/12/2014"


def test_month_end_calendar():
    # calendar: 2023-05-31 + 9 months -> 2024-02-29 (clamped, leap year) + 7 = 2024-03-07
    assert compute(ID, {"lmp": "2023-05-31", "method": "calendar"}).value == dt.date(2024, 3, 7)


def test_result_serialises_as_mm_dd_yyyy():
    assert compute(ID, {"lmp": "2023-01-01"}).as_dict()["value"] == "10/08/2023"


def test_errors():
    with pytest.raises(CalculatorInputError, match="cycle_length_days"):
        compute(ID, {"lmp": "2023-01-01", "cycle_length_days": 19})
    with pytest.raises(CalculatorInputError, match="lmp"):
        compute(ID, {"lmp": "yesterday"})
    with pytest.raises(CalculatorInputError, match="Last menstrual date"):
        compute_medcalc_bench(13, {"cycle length": 28})


def test_implausible_year_is_an_input_error():
    with pytest.raises(CalculatorInputError, match="lmp"):
        compute(ID, {"lmp": "9999-12-01", "method": "calendar"})
