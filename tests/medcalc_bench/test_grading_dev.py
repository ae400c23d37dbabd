"""Every dev row's own ground truth, written as an answer, grades correct; perturbed answers grade wrong."""
from __future__ import annotations

import datetime as dt

import pytest

from medcalc_bench.data import apply_corrections, load_rows
from medcalc_bench.prompts import wrap
from medcalc_rubrics.medcalc_bench import (
    extract_answer,
    format_ground_truth,
    grade,
    grade_response,
    parse_date,
    parse_weeks_days,
    round_half_away,
    rule_for,
)


@pytest.fixture(scope="module")
def dev_rows(shared_dir):
    return load_rows("1.0", "test", str(shared_dir / "medcalc_bench" / "v1_test_dev.csv"))


@pytest.fixture(scope="module")
def corrected_rows(shared_dir, dev_rows):
    rows, stats = apply_corrections(dev_rows, str(shared_dir / "medcalc_bench" / "v1_corrected_dev.csv"))
    return rows


def perturb(row) -> str:
    rule = rule_for(row.calculator_id)
    if rule == "date":
        return (parse_date(row.ground_truth) + dt.timedelta(days=1)).strftime("%m/%d/%Y")
    if rule == "weeks_days":
        pair = parse_weeks_days(row.ground_truth)
        if pair is None:  # audited labels: total days with limits
            n = int(float(row.upper)) + 1 + int(float(row.upper) * 0.05)
            return f"({n // 7} weeks, {n % 7} days)"
        w, d = pair
        return f"({w} weeks, {d + 1} days)"
    if rule == "integer":
        return str(round_half_away(float(row.ground_truth)) + 1)
    lo, hi = float(row.lower), float(row.upper)
    return f"{hi + abs(hi) * 0.05 + 0.01:.4f}"


def test_dev_data_covers_every_rule(dev_rows):
    assert len(dev_rows) == 698
    assert {rule_for(r.calculator_id) for r in dev_rows} == {"date", "weeks_days", "integer", "range"}
    assert len({r.calculator_id for r in dev_rows}) == 55


@pytest.mark.parametrize("fmt", ["xml", "boxed"])
def test_every_ground_truth_grades_correct(dev_rows, corrected_rows, fmt):
    for row in [*dev_rows, *corrected_rows]:
        text = f"Working through the note step by step.\n{wrap(format_ground_truth(row.calculator_id, row.ground_truth), fmt)}"
        g = grade_response(row.calculator_id, text, row.ground_truth, row.lower, row.upper, answer_format=fmt)
        assert g.correct, (row.row_id, row.calculator_id, row.ground_truth, g)


def test_raw_ground_truth_strings_grade_correct(dev_rows):
    # the dataset's own spelling, e.g. "('4 weeks', '2 days')", is accepted too
    for row in dev_rows:
        assert grade(row.calculator_id, row.ground_truth, row.ground_truth, row.lower, row.upper).correct, row.row_id


@pytest.mark.parametrize("fmt", ["xml", "boxed"])
def test_every_perturbed_answer_grades_wrong(dev_rows, corrected_rows, fmt):
    for row in [*dev_rows, *corrected_rows]:
        text = wrap(perturb(row), fmt)
        g = grade_response(row.calculator_id, text, row.ground_truth, row.lower, row.upper, answer_format=fmt)
        assert not g.correct, (row.row_id, row.calculator_id, row.ground_truth, text)


def test_wrong_wrapper_and_expressions_grade_wrong(dev_rows):
    for row in dev_rows[::25]:
        gt = format_ground_truth(row.calculator_id, row.ground_truth)
        # boxed answer when tags were asked for (and vice versa) is no answer
        assert not grade_response(row.calculator_id, wrap(gt, "boxed"), row.ground_truth, row.lower, row.upper, "xml").correct
        assert not grade_response(row.calculator_id, wrap(gt, "xml"), row.ground_truth, row.lower, row.upper, "boxed").correct
        # the value inside an expression is not executed
        assert not grade(row.calculator_id, f"str({gt!r})", row.ground_truth, row.lower, row.upper).correct
        if rule_for(row.calculator_id) in ("integer", "range"):
            assert not grade(row.calculator_id, f"{gt}+0", row.ground_truth, row.lower, row.upper).correct
        assert extract_answer(wrap(gt, "xml")) == gt
