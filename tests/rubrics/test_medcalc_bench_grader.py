"""MedCalc-Bench grading rules and answer extraction (hand-written cases)."""
from __future__ import annotations

import pytest

from medcalc_rubrics.medcalc_bench import (
    INTEGER_IDS,
    extract_answer,
    grade,
    grade_response,
    parse_number,
    round_half_away,
    rule_for,
)


def test_rule_table():
    assert rule_for(13) == rule_for(68) == "date"
    assert rule_for(69) == "weeks_days"
    assert INTEGER_IDS == {4, 15, 16, 17, 18, 20, 21, 25, 27, 28, 29, 32, 33, 36, 43, 45, 48, 51}
    assert all(rule_for(i) == "integer" for i in INTEGER_IDS)
    assert rule_for(2) == rule_for(69 + 1) == "range"


@pytest.mark.parametrize("x,want", [(2.5, 3), (-2.5, -3), (2.4999, 2), (0.5, 1), (-0.5, -1), (3.0, 3)])
def test_round_half_away(x, want):
    assert round_half_away(x) == want


@pytest.mark.parametrize("text,fmt,want", [
    ("reasoning <answer>12.5</answer>", "xml", "12.5"),
    ("<ANSWER> 7 </ANSWER>", "xml", "7"),
    ("<answer>1</answer> then <answer>2</answer>", "xml", "2"),
    ("so \\boxed{42}", "boxed", "42"),
    ("\\boxed{\\frac{1}{2}} and finally \\boxed{ 3.5 }", "boxed", "3.5"),
    ("\\boxed{\\text{(4 weeks, 2 days)}}", "boxed", "(4 weeks, 2 days)"),
    ("\\boxed{{5}}", "boxed", "{5}"),
    ("<think><answer>1</answer></think><answer>9</answer>", "xml", "9"),
    ("<think>still thinking <answer>1</answer>", "xml", None),
    ("no tags 12", "xml", None),
    ("\\boxed{12", "boxed", None),
    ("<answer>\\boxed{8}</answer>", "xml", "8"),
    ("<answer>5</answer> \\boxed{6}", "auto", "5"),
    ("\\boxed{6}", "auto", "6"),
    (None, "xml", None),
])
def test_extract_answer(text, fmt, want):
    assert extract_answer(text, fmt) == want


@pytest.mark.parametrize("text,want", [
    ("12.5", 12.5), ("approximately 25.2 mL/min", 25.2), ("1,234.5", 1234.5), ("3 out of 5", 3.0),
    ("45%", 45.0), ("-1", -1.0), ("−2", -2.0), (".5", 0.5), ("eGFR = 60 mL/min/1.73 m²", 60.0),
    ("str(5)", None), ("round(2.5)", None), ("2+3", None), ("10 / 2", None), ("3*4", None), ("2**3", None),
    ("__import__('os').system('x')", None), ("", None), ("none", None),
])
def test_parse_number(text, want):
    assert parse_number(text) == want


def test_range_rule_inclusive():
    assert grade(2, "23.9761", "25.238", "23.9761", "26.4999").correct
    assert grade(2, "26.4999", "25.238", "23.9761", "26.4999").correct
    assert not grade(2, "26.5", "25.238", "23.9761", "26.4999").correct
    assert not grade(2, "23.97", "25.238", "23.9761", "26.4999").correct


def test_integer_rule():
    assert grade(4, "4", "4", "4", "4").correct
    assert grade(4, "3.5", "4", "4", "4").correct  # rounds half away from zero
    assert not grade(4, "3.4", "4", "4", "4").correct
    assert grade(45, "-1", "-1", "-1", "-1").correct
    assert grade(45, "-1.5", "-2", "-2", "-2").correct
    assert grade(4, "4 points", "4", "4", "4").correct
    assert grade(4, "2 out of 4", "2", "2", "2").correct


def test_date_rule():
    assert grade(13, "09/23/2014", "09/23/2014").correct
    assert grade(13, "9/23/2014", "09/23/2014").correct
    assert grade(68, "2014-09-23", "09/23/2014").correct
    assert not grade(13, "09/24/2014", "09/23/2014").correct
    assert not grade(13, "23/09/2014", "09/23/2014").correct  # day-first is not the requested format
    assert not grade(13, "09/23/2014 or 09/24/2014", "09/23/2014").correct
    assert not grade(13, "str('09/23/2014')", "09/23/2014").correct


@pytest.mark.parametrize("answer,ok", [
    ("(4 weeks, 2 days)", True), ("('4 weeks', '2 days')", True), ("(4, 2)", True), ("4 weeks and 2 days", True),
    ("[4, 2]", True), ("(4 weeks, 3 days)", False), ("(2, 4)", False), ("30 days", False), ("4 weeks", False),
    ("tuple((4, 2))", False),
])
def test_weeks_days_rule(answer, ok):
    assert grade(69, answer, "('4 weeks', '2 days')").correct is ok


def test_expressions_are_wrong_not_executed(tmp_path):
    marker = tmp_path / "pwned"
    payload = f"__import__('pathlib').Path({str(marker)!r}).write_text('x')"
    for fid in (2, 4, 13, 69):
        g = grade(fid, payload, "1" if fid not in (13, 69) else ("01/01/2020" if fid == 13 else "(1, 1)"), "0", "2")
        assert not g.correct
    assert not marker.exists()
    g = grade(2, "str(25.2)", "25.2", "24", "26")
    assert not g.correct and "not executed" in g.reason


def test_missing_answer_and_grade_response():
    assert grade(2, None, "1", "0", "2").reason == "no answer"
    assert grade_response(2, "I think it's <answer>1.5</answer>", "1", "0", "2").correct
    assert grade_response(2, "I think it's \\boxed{1.5}", "1", "0", "2", answer_format="boxed").correct
    assert not grade_response(2, "I think it's \\boxed{1.5}", "1", "0", "2", answer_format="xml").correct


def test_bad_ground_truth_raises_clearly():
    with pytest.raises(ValueError, match="date"):
        grade(13, "01/01/2020", "soon")
    with pytest.raises(ValueError, match="weeks"):
        grade(69, "(1, 1)", "later")


def test_weeks_days_with_audited_total_days_label():
    # v1.0-corrected gives gestational age as days with limits: 25 days in [23.75, 26.25]
    assert grade(69, "(3 weeks, 4 days)", "25", "23.75", "26.25").correct
    assert grade(69, "25", "25", "23.75", "26.25").correct
    assert not grade(69, "(3 weeks, 6 days)", "25", "23.75", "26.25").correct
    assert not grade(69, "3*7+4", "25", "23.75", "26.25").correct
