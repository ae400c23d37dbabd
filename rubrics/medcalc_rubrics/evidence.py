"""Did a value appear in tool output? Deterministic matching for evidence accuracy (EA).

An evidence item is ``{"table", "row_id", "column", "value"}``: a database cell the agent had
to look at. It counts as seen when its *value* appears in the text of the SQL tool results the
agent received (the text as the model saw it, so truncated parts do not count):

- numbers are compared numerically against every number token of the text (``1.40`` == ``1.4``
  == ``1.400``; ``140`` != ``1.40``); digits inside dates/timestamps are not number tokens;
- timestamps (``2023-01-05 08:30:00``, ``2023-01-05T08:30``, with or without seconds/fraction/zone)
  compare by date, hour, minute (and second when both give one); a date-only value matches any
  timestamp on that date;
- booleans match the words true/false (or ``t``/``f`` as a whole cell, Postgres' text form);
- other strings match case-insensitively as a whole word sequence, whitespace-normalised.
"""
from __future__ import annotations

import datetime as _dt
import math
import re
from typing import Any

_TS = re.compile(
    r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?(?!\d)"
)
_NUM = re.compile(r"(?<![\w.])-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?(?![\w])")


def _parse_ts(value: Any) -> tuple[_dt.date, tuple[int, ...]] | None:
    if isinstance(value, _dt.datetime):
        return value.date(), (value.hour, value.minute, value.second)
    if isinstance(value, _dt.date):
        return value, ()
    if not isinstance(value, str):
        return None
    m = _TS.fullmatch(value.strip())
    if not m:
        return None
    return _ts_from_match(m)


def _ts_from_match(m: re.Match) -> tuple[_dt.date, tuple[int, ...]] | None:
    y, mo, d, hh, mi, ss = m.groups()
    try:
        date = _dt.date(int(y), int(mo), int(d))
    except ValueError:
        return None
    if hh is None:
        return date, ()
    t = (int(hh), int(mi)) + ((int(ss),) if ss is not None else ())
    return date, t


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        v = float(value)
        return v if math.isfinite(v) else None
    if isinstance(value, str) and re.fullmatch(r"\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*", value):
        v = float(value)
        return v if math.isfinite(v) else None
    # Decimal and other numeric types
    try:
        if hasattr(value, "__float__") and not isinstance(value, str):
            v = float(value)
            return v if math.isfinite(v) else None
    except (TypeError, ValueError, OverflowError):
        return None
    return None


def numbers_in(text: str) -> list[float]:
    """Number tokens of ``text`` with date/timestamp substrings blanked out first."""
    blanked = _TS.sub(" ", text)
    out = []
    for m in _NUM.finditer(blanked):
        try:
            v = float(m.group(0))
        except ValueError:
            continue
        if math.isfinite(v):
            out.append(v)
    return out


def value_in_text(value: Any, text: str) -> bool:
    """Whether ``value`` appears in ``text`` under the rules of the module doc."""
    if not isinstance(text, str) or not text or value is None:
        return False
    if isinstance(value, bool):
        words = ("true", "t") if value else ("false", "f")
        return any(re.search(rf"(?<![\w.]){w}(?![\w.])", text, re.IGNORECASE) for w in words)
    ts = _parse_ts(value)
    if ts is not None:
        date, t = ts
        for m in _TS.finditer(text):
            got = _ts_from_match(m)
            if got is None or got[0] != date:
                continue
            gt = got[1]
            if not t:
                return True
            if gt and gt[:2] == t[:2] and (len(t) < 3 or len(gt) < 3 or gt[2] == t[2]):
                return True
        return False
    num = _as_number(value)
    if num is not None:
        tol = 1e-9 * max(1.0, abs(num))
        return any(abs(n - num) <= tol for n in numbers_in(text))
    s = " ".join(str(value).split()).lower()
    if not s:
        return False
    hay = " ".join(text.split()).lower()
    return re.search(rf"(?<![\w]){re.escape(s)}(?![\w])", hay) is not None
