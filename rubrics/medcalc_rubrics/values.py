"""Reading and comparing calculator values: numbers, categories, dates, (weeks, days), booleans.

All functions are total on arbitrary input: they return None / False for anything they cannot
read and never evaluate text.
"""
from __future__ import annotations

import datetime as _dt
import math
import re
import unicodedata
from typing import Any, Callable

from .medcalc_bench import parse_weeks_days, round_half_away

KINDS = ("number", "integer", "category", "date", "weeks_days", "boolean")

_NUM = re.compile(r"(?<![\w.])[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|(?<![\w.])[-+−]?\.\d+")
_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\(")
_EXPR = re.compile(r"\d\s*(?:\*\*|[-+*/^×÷])\s*[-+]?\.?\d")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10,
          "xi": 11, "xii": 12}
_WORD_NUM = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
             "eight": 8, "nine": 9, "ten": 10}
_TRUE = {"true", "yes", "y", "positive", "present", "1", "met", "eligible"}
_FALSE = {"false", "no", "n", "negative", "absent", "0", "not met", "not eligible"}
MAX_VALUE_CHARS = 2000


def to_number(value: Any) -> float | None:
    """A finite float from a JSON number or the first number of a short string (units and words
    around it ignored; ``1,234.5`` ok); None for booleans, code-like text or arithmetic."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        v = float(value)
        return v if math.isfinite(v) else None
    if not isinstance(value, str) or len(value) > MAX_VALUE_CHARS:
        return None
    s = value.replace("−", "-")
    if _CALL.search(s) or _EXPR.search(s):
        return None
    m = _NUM.search(s)
    if not m:
        return None
    try:
        v = float(m.group(0).replace(",", ""))
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def normalize_unit(unit: Any) -> str:
    """Spelling-insensitive unit key: ``mL/min/1.73 m²`` == ``ml/min/1.73m2``; ``µmol/L`` == ``umol/l``."""
    if not isinstance(unit, str):
        return ""
    u = unicodedata.normalize("NFKC", unit).lower()
    u = u.replace("µ", "u").replace("μ", "u").replace("²", "2").replace("^", "").replace("**", "")
    u = re.sub(r"\s+", "", u)
    u = u.replace("per", "/") if re.fullmatch(r"[a-z0-9./]*per[a-z0-9./]*", u) else u
    return u.strip(".")


def normalize_category(value: Any) -> str:
    """Comparison key for categorical answers: case, accents, punctuation and spacing ignored;
    roman numerals and number words become digits (``Stage III`` == ``stage 3`` == ``stage three``);
    ``class``/``grade``/``stage`` prefixes kept (they carry meaning across calculators)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return str(value)
    if not isinstance(value, str):
        return ""
    s = unicodedata.normalize("NFKD", value[:MAX_VALUE_CHARS])
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = s.replace("≥", ">=").replace("≤", "<=")
    s = re.sub(r"(?<=[a-z0-9])-|-(?!\d)", " ", s)  # hyphens separate words; a leading minus stays
    s = re.sub(r"[^a-z0-9<>=.+\-]+", " ", s)
    words = []
    for w in s.split():
        w = w.strip(".")
        if w in _ROMAN:
            w = str(_ROMAN[w])
        elif w in _WORD_NUM:
            w = str(_WORD_NUM[w])
        if w:
            words.append(w)
    return " ".join(words)


def to_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    key = normalize_category(value)
    if key in _TRUE:
        return True
    if key in _FALSE:
        return False
    return None


_DATE_PATTERNS = (
    (re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$"), ("y", "m", "d")),
    (re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$"), ("m", "d", "y")),
)


def to_date(value: Any) -> _dt.date | None:
    """``YYYY-MM-DD`` (a time part is ignored) or ``MM/DD/YYYY``; also ``date``/``datetime`` objects."""
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    if not isinstance(value, str) or len(value) > 64:
        return None
    s = value.strip()
    for pattern, order in _DATE_PATTERNS:
        m = pattern.match(s)
        if m:
            parts = dict(zip(order, (int(g) for g in m.groups())))
            try:
                return _dt.date(parts["y"], parts["m"], parts["d"])
            except ValueError:
                return None
    return None


def values_match(
    expected: Any,
    got: Any,
    kind: str = "number",
    *,
    abs_tol: float | None = None,
    rel_tol: float | None = None,
    accept: list[Any] | None = None,
) -> bool:
    """Whether an answered value equals the expected one under ``kind``'s rule.

    - ``number``: ``|got - expected| <= max(abs_tol, rel_tol * |expected|)`` (both default 0 →
      exact equality after float parsing, so 1.40 == 1.4);
    - ``integer``: equal after rounding half away from zero, unless a tolerance is given
      (then as ``number``);
    - ``category``: :func:`normalize_category` keys equal, against ``expected`` or any of ``accept``;
      a numeric expected category (e.g. a score class ``2``) also matches a numeric answer;
    - ``date``: same calendar date; ``weeks_days``: same (weeks, days) pair; ``boolean``: same truth value.
    """
    if kind == "category":
        targets = [expected, *(accept or [])]
        key = normalize_category(got)
        if key and any(key == normalize_category(t) for t in targets):
            return True
        # a purely numeric expected category (score class "2") answered as "2 points"
        g = to_number(got)
        if g is None:
            return False
        for t in targets:
            pure = isinstance(t, (int, float)) and not isinstance(t, bool)
            pure = pure or (isinstance(t, str) and re.fullmatch(r"\s*[-+]?\d+(?:\.\d+)?\s*", t) is not None)
            if pure and to_number(t) == g:
                return True
        return False
    if kind == "date":
        e, g = to_date(expected), to_date(got)
        return e is not None and e == g
    if kind == "weeks_days":
        e, g = parse_weeks_days(expected), parse_weeks_days(got)
        return e is not None and e == g
    if kind == "boolean":
        e, g = to_bool(expected), to_bool(got)
        return e is not None and e == g
    if kind not in ("number", "integer"):
        raise ValueError(f"unknown value kind {kind!r}; use one of {KINDS}")
    e, g = to_number(expected), to_number(got)
    if e is None or g is None:
        if accept:
            return any(values_match(a, got, kind, abs_tol=abs_tol, rel_tol=rel_tol) for a in accept)
        return False
    if kind == "integer" and not abs_tol and not rel_tol:
        return round_half_away(e) == round_half_away(g)
    tol = max(float(abs_tol or 0.0), float(rel_tol or 0.0) * abs(e))
    return abs(g - e) <= tol + 1e-12 * max(1.0, abs(e))


Converter = Callable[[float, str, str], "float | None"]
