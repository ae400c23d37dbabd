"""Helpers to read the official MedMCP-Calc ``calculator_answers[i]["inputs"]`` lists.

Each entry is ``{"field": <label>, "value": <number or text such as "1.7 mg/dL" or
"Yes (2.8 g/dL)">, "score"?: <points>}``. Adapters pick fields by keywords and parse
numbers with their unit, converting to the unit our calculator expects.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from .base import CalculatorInputError
from .units import UnitError, convert

_NUM = re.compile(r"[-+]?\d+(?:\.\d+)?")
_NUM_UNIT = re.compile(r"([-+]?\d+(?:\.\d+)?)\s*([A-Za-zµμ%°/^0-9.·×*]+(?:/[A-Za-z0-9.^²]+)*)?")


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", str(s).lower()).strip()


def find_field(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> dict | None:
    """The first input whose normalised field contains every word of one keyword phrase."""
    kws = [_norm(k) for k in keywords]
    exc = [_norm(k) for k in exclude]
    for entry in inputs:
        if not isinstance(entry, dict):
            continue
        f = _norm(entry.get("field", ""))
        padded = f" {f} "
        if any(e and f" {e} " in padded for e in exc):
            continue
        for k in kws:
            if k and (f" {k} " in padded or f == k):
                return entry
    return None


def require_field(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> dict:
    kws = list(keywords)
    e = find_field(inputs, kws, exclude)
    if e is None:
        raise CalculatorInputError(f"official inputs have no field matching {kws!r}")
    return e


def parse_number_unit(value: Any) -> tuple[float, str | None]:
    """``"142.9 lb (Adjusted body weight)"`` -> (142.9, "lb"); ``76`` -> (76.0, None)."""
    if isinstance(value, bool):
        raise CalculatorInputError(f"expected a number, got {value!r}")
    if isinstance(value, (int, float)):
        return float(value), None
    s = str(value).replace(",", "").replace("−", "-")
    m = _NUM_UNIT.search(s)
    if not m:
        raise CalculatorInputError(f"no number in {value!r}")
    num = float(m.group(1))
    unit = m.group(2)
    if unit:
        unit = unit.strip().rstrip(".")
        # "mm Hg" -> "mmHg"
        rest = s[m.end():m.end() + 3]
        if unit.lower() == "mm" and rest.strip().lower().startswith("hg"):
            unit = "mmHg"
    return num, unit or None


def official_value(inputs: list, keywords: Iterable[str], unit: str | None = None,
                   analyte: str | None = None, exclude: Iterable[str] = ()) -> float:
    """Number from the first matching field, converted to ``unit`` when the text names another unit."""
    entry = require_field(inputs, keywords, exclude)
    num, u = parse_number_unit(entry.get("value"))
    if unit and u and u.lower() not in {"years", "year", "y"}:
        try:
            return convert(num, u, unit, analyte=analyte)
        except UnitError:
            return num  # the text's trailing word was not a unit
    return num


def official_bool(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> bool:
    """Yes/No fields; a field with a non-zero ``score`` counts as present."""
    entry = require_field(inputs, keywords, exclude)
    v = entry.get("value")
    if isinstance(v, bool):
        return v
    s = _norm(v)
    if s.startswith("yes") or s in {"present", "true", "positive"}:
        return True
    if s.startswith("no") or s in {"absent", "false", "negative", "none"}:
        return False
    if "score" in entry:
        try:
            return float(entry["score"]) != 0
        except (TypeError, ValueError):
            pass
    raise CalculatorInputError(f"cannot read yes/no from field {entry.get('field')!r}: {v!r}")


def official_score(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> float:
    """The ``score`` an official entry assigned to a field (points-based calculators)."""
    entry = require_field(inputs, keywords, exclude)
    if "score" not in entry:
        raise CalculatorInputError(f"field {entry.get('field')!r} carries no score")
    return float(entry["score"])


def official_text(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> str:
    return str(require_field(inputs, keywords, exclude).get("value", ""))


def official_sex(inputs: list) -> str:
    v = _norm(official_text(inputs, ("sex", "gender")))
    if v.startswith("f") or "female" in v or "woman" in v:
        return "female"
    if v.startswith("m") or "male" in v or "man" in v:
        return "male"
    raise CalculatorInputError(f"cannot read sex from {v!r}")


# --- optional fields: None when the release's answer does not list the field ----------------------
def official_value_or_none(inputs: list, keywords: Iterable[str], unit: str | None = None,
                           analyte: str | None = None, exclude: Iterable[str] = ()) -> float | None:
    """Like :func:`official_value`, but None when no field matches."""
    if find_field(inputs, keywords, exclude) is None:
        return None
    return official_value(inputs, keywords, unit, analyte=analyte, exclude=exclude)


def official_bool_or_none(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> bool | None:
    """Like :func:`official_bool`, but None when no field matches."""
    if find_field(inputs, keywords, exclude) is None:
        return None
    return official_bool(inputs, keywords, exclude)


def official_score_or_none(inputs: list, keywords: Iterable[str], exclude: Iterable[str] = ()) -> float | None:
    """The ``score`` attached to the first matching field, or None when there is no such field or score."""
    entry = find_field(inputs, keywords, exclude)
    if entry is None or "score" not in entry:
        return None
    try:
        return float(entry["score"])
    except (TypeError, ValueError):
        return None
