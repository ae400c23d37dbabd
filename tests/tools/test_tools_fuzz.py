"""Hypothesis fuzzing of every tool's arguments: no exception, always a text result."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from medmcp_calc.reference import fetch, search
from medmcp_calc.tools.calculator import calculator, convert_units

# any code point, lone surrogates included (a model's output decoded leniently may carry them)
WILD_TEXT = st.text(st.characters(exclude_categories=()), max_size=200)
ANY = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                st.text(max_size=200), WILD_TEXT, st.binary(max_size=50), st.lists(st.integers(), max_size=5),
                st.dictionaries(st.text(max_size=5), st.integers(), max_size=3))
UNITS = st.sampled_from(["mg/dL", "umol/L", "mmol/L", "mEq/L", "g/L", "g/dL", "kg", "lb", "cm", "in", "F", "C",
                         "K", "mmHg", "kPa", "10^9/L", "/uL", "", " ", "µmol/L", "furlong", "mg/dl/dl", "%"])
ANALYTES = st.one_of(st.none(), st.sampled_from(["creatinine", "glucose", "bun", "calcium", "sodium", "albumin",
                                                  "insulin", "protein", "unknown", ""]), st.text(max_size=30))

# arithmetic-looking strings: numbers, operators, names, brackets, junk
TOKENS = st.sampled_from(["1", "0", "2.5", "1e308", "-", "+", "*", "/", "//", "%", "**", "^", "(", ")", ",",
                          "sqrt", "log", "exp", "pow", "round", "min", "max", "pi", "e", "9", "99999", ".", "__",
                          "class", "'", "[", "]", "x", " ", "lambda", "if", "=", "1j"])
EXPRESSIONS = st.one_of(st.text(max_size=300), WILD_TEXT, st.lists(TOKENS, max_size=40).map("".join))


def text_result(out) -> bool:
    """A non-empty str that is valid UTF-8 (serialisable by any MCP transport)."""
    assert isinstance(out, str) and out
    out.encode("utf-8")
    return True
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(EXPRESSIONS)
def test_calculator_fuzz(expr):
    out = calculator(expr)
    assert text_result(out)
    assert len(out) < 2000


@FAST
@given(ANY)
def test_calculator_any_type(expr):
    assert text_result(calculator(expr))


@FAST
@given(st.one_of(ANY, st.floats(-1e6, 1e6)), st.one_of(UNITS, ANY), st.one_of(UNITS, ANY), st.one_of(ANALYTES, ANY))
def test_convert_units_fuzz(value, from_unit, to_unit, analyte):
    out = convert_units(value, from_unit, to_unit, analyte)
    assert text_result(out)
    assert len(out) < 3000


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=400), ANY))
def test_search_fuzz(query):
    assert text_result(search(query))


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=300), st.text(max_size=60).map(lambda s: "medcalc://calculators/" + s),
                 st.text(max_size=60).map(lambda s: "https://x.example/" + s), ANY))
def test_fetch_fuzz(url):
    assert text_result(fetch(url))


PY_TOKENS = st.sampled_from(["import math", "import numpy as np", "print(", ")", "x = ", "1", "'a'", "for i in range(3):",
                             "\n", "\n  ", "def f():", "return", "np.array([1, 2])", "math.sqrt(", "[", "]", "{",
                             "}", ":", "lambda", "yield", "try:", "except:", "**", "9", "while False: pass",
                             "getattr(", "__class__", ".", ",", "'%s' % 1", "None"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=300), WILD_TEXT, st.lists(PY_TOKENS, max_size=30).map("".join)))
def test_run_python_fuzz(sandbox, code):
    out = sandbox.run(code, timeout_s=2.0)
    assert text_result(out)
    assert len(out) <= sandbox.output_cap + 300


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ANY)
def test_run_python_any_type(sandbox, code):
    assert text_result(sandbox.run(code))


def test_pool_healthy_after_fuzz(sandbox):
    assert sandbox.run("print(1 + 1)") == "2\n"
