"""Hypothesis fuzzing: graders and parsers never crash and never execute their input."""
from __future__ import annotations

import contextlib
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medcalc_rubrics import parse_final_answer, score_episode, value_in_text, values_match
from medcalc_rubrics.medcalc_bench import extract_answer, grade, grade_response

PIECES = st.sampled_from([
    "<answer>", "</answer>", "\\boxed{", "{", "}", "<think>", "</think>", "```json\n", "```", '{"calculators": [',
    '{"name": "BMI", "value": ', "]}", "str(", "eval(", "__import__('os')", "2+3", "1,234.5", "out of", "%",
    "09/23/2014", "(4 weeks, 2 days)", "-", ".", " ", "\n", "BMI: ", "1e308", "NaN", "inf", "−", "²", "\\text{",
])
TEXT = st.one_of(st.text(max_size=300), st.lists(PIECES | st.text(max_size=8), max_size=40).map("".join))
IDS = st.sampled_from([2, 4, 13, 68, 69, 15, 45, 51, 60])


# An audit hook sees every compile()/exec()/eval() of source; it only records while armed,
# i.e. while a grader runs (hooks cannot be removed, so it stays inert otherwise).
_ARMED = [False]
_SEEN: list[str] = []


def _hook(event, args):
    if _ARMED[0] and event in ("compile", "exec"):
        _SEEN.append(event)


sys.addaudithook(_hook)


@contextlib.contextmanager
def armed():
    _SEEN.clear()
    _ARMED[0] = True
    try:
        yield
    finally:
        _ARMED[0] = False
    assert not _SEEN, f"a grader compiled or executed code: {_SEEN}"


def test_audit_hook_catches_eval():
    import pytest

    with pytest.raises(AssertionError, match="compiled or executed"):
        with armed():
            eval("1+1")  # the detector itself must be able to fail


GT_FOR = {13: "09/23/2014", 68: "09/23/2014", 69: "('4 weeks', '2 days')"}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(IDS, TEXT, st.sampled_from(["xml", "boxed", "auto"]))
def test_medcalc_bench_grader_total(cid, text, fmt):
    with armed():
        _grader_total(cid, text, fmt)


def _grader_total(cid, text, fmt):
    g = grade_response(cid, text, GT_FOR.get(cid, "4"), "3.5", "4.5", answer_format=fmt)
    assert isinstance(g.correct, bool)
    ans = extract_answer(text, fmt)
    assert ans is None or isinstance(ans, str)
    assert isinstance(grade(cid, text, GT_FOR.get(cid, "4"), "3.5", "4.5").correct, bool)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, st.lists(st.fixed_dictionaries({"name": st.sampled_from(["run_read_only_sql", "run_python", ""]),
                                             "arguments": st.just({}), "result": TEXT | st.none()}), max_size=3))
def test_episode_scorer_total(text, calls):
    gt = {"required": [{"calc_id": "bmi", "name": "BMI", "value": 24.2, "kind": "number", "abs_tol": 0.1},
                       {"calc_id": "stage", "name": "Stage", "value": "Stage 3", "kind": "category"},
                       {"calc_id": "ga", "name": "GA", "value": [4, 2], "kind": "weeks_days"},
                       {"calc_id": "d", "name": "Date", "value": "2014-09-23", "kind": "date"}],
          "evidence": [{"table": "t", "row_id": 1, "column": "c", "value": 1.4},
                       {"table": "t", "row_id": 2, "column": "c", "value": "2023-01-05 08:30:00"},
                       {"table": "t", "row_id": 3, "column": "c", "value": True},
                       {"table": "t", "row_id": 4, "column": "c", "value": "atrial fibrillation"}]}
    with armed():
        r = score_episode(gt, text, calls, match=lambda n: n.strip().lower() or None)
        p = parse_final_answer(text)
    for k in ("TF", "CS", "QP", "EA"):
        assert 0.0 <= r[k] <= 1.0
    assert p.source in ("json", "lines", "none")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=40), st.integers(), st.floats(allow_nan=True), st.booleans(), st.none(),
                 st.lists(st.integers(), max_size=3)),
       st.sampled_from(["number", "integer", "category", "date", "weeks_days", "boolean"]), TEXT)
def test_value_matching_total(value, kind, text):
    with armed():
        assert isinstance(values_match(value, text, kind, abs_tol=0.1, rel_tol=0.01), bool)
        assert isinstance(value_in_text(value, text), bool)


ADVERSARIAL = [
    "\\boxed{" * 50000, "<answer>" * 40000 + "1" * 1000, "1+" * 100000, '{"a": [' * 20000 + '"calculators"',
    "```json\n" * 20000, "BMI: 1 " * 30000, "{" * 100000 + '"calculators"', "a" * 200000 + ":" + "1" * 300,
]


def test_adversarial_inputs_are_handled():
    # pathological nesting / repetition that a naive backtracking or quadratic scan would choke on
    # (linear-time behaviour is benchmarked in bench/, not timed here)
    gt = {"required": [{"calc_id": "x", "name": "x", "value": 1}], "evidence": [{"value": 1.5}]}
    for text in ADVERSARIAL:
        with armed():
            assert not grade_response(2, text, "1", "0", "2", answer_format="auto").correct
            r = score_episode(gt, text, [{"name": "sql", "arguments": {}, "result": text}], match=None)
        assert 0.0 <= r["QP"] <= 1.0
