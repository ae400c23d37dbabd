"""MedCalc-Bench grading: answer extraction and the per-calculator correctness rules.

Nothing here evaluates model text. Answers are read with regular expressions of linear
complexity; anything that looks like code or arithmetic is graded wrong, not executed.

Rules (by MedCalc-Bench ``Calculator ID``):

- **13, 68** (dates): the answer must contain one date, ``MM/DD/YYYY`` (1- or 2-digit month and
  day accepted; ISO ``YYYY-MM-DD`` also accepted) equal to the ground-truth date.
- **69** (gestational age): the answer must contain a (weeks, days) pair — ``(4, 2)``,
  ``('4 weeks', '2 days')``, ``4 weeks and 2 days``, ``4 weeks`` (0 days) — equal to the ground
  truth's pair (no carrying: 0 weeks 9 days is not 1 week 2 days). Audited labels (v1.0-corrected)
  give this as total days with limits; then the answer's pair (7*weeks + days), or a plain number
  of days, must lie in ``[Lower Limit, Upper Limit]``.
- **Integer IDs** (:data:`INTEGER_IDS`): the first number of the answer, rounded half away
  from zero (2.5 -> 3, -2.5 -> -3), must equal the ground truth (also rounded that way).
- **Every other ID**: the first number of the answer must lie in ``[Lower Limit, Upper Limit]``
  (inclusive).

Number reading: thousands separators (``1,234.5``) are removed; ``N out of M`` reads as N;
``45%`` reads as 45; surrounding words and units are ignored (``approximately 25.2 mL/min``).
Graded wrong without reading a number: function-call syntax (``str(5)``, ``round(2.5)``), an
arithmetic expression between numbers (``2+3``, ``10 / 2``, ``3*4``), or no number at all.
"""
from __future__ import annotations

import datetime as _dt
import math
import re
from dataclasses import dataclass
from typing import Any

DATE_IDS = frozenset({13, 68})
WEEKS_DAYS_IDS = frozenset({69})
INTEGER_IDS = frozenset({4, 15, 16, 17, 18, 20, 21, 25, 27, 28, 29, 32, 33, 36, 43, 45, 48, 51})

CATEGORIES = ("lab", "physical", "dosage", "date", "risk", "severity", "diagnosis")
OUTPUT_TYPES = ("decimal", "integer", "date")

MAX_ANSWER_CHARS = 2000  # an extracted answer longer than this is not an answer

_BOXED = re.compile(r"\\(?:boxed|fbox)\s*\{")
_CALL = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*\(")
_EXPR = re.compile(r"\d\s*(?:\*\*|[-+*/^×÷])\s*[-+]?\.?\d")
_OUT_OF = re.compile(r"(-?\d+(?:\.\d+)?)\s*out\s+of\s*(\d+(?:\.\d+)?)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|(?<![\w.])[-+−]?\.\d+")
_MDY = re.compile(r"(?<!\d)(\d{1,2})\s*/\s*(\d{1,2})\s*/\s*(\d{4})(?!\d)")
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_WEEKS = re.compile(r"(\d+)\s*(?:weeks?|wks?|w)\b", re.IGNORECASE)
_DAYS = re.compile(r"(\d+)\s*(?:days?|d)\b", re.IGNORECASE)
_PAIR = re.compile(r"^\s*[\(\[]?\s*['\"]?\s*(\d+)\s*['\"]?\s*,\s*['\"]?\s*(\d+)\s*['\"]?\s*[\)\]]?\s*$")


def round_half_away(x: float) -> int:
    """Round to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


# ----------------------------------------------------------------------------- extraction


def _last_boxed(text: str) -> str | None:
    """Content of the last closed ``\\boxed{...}``, braces balanced (``\\boxed{\\frac{1}{2}}`` works).
    One linear pass with a brace stack (escaped ``\\{``/``\\}`` are not braces)."""
    starts = {m.end() for m in _BOXED.finditer(text)}
    if not starts:
        return None
    stack: list[int] = []
    best: tuple[int, int] | None = None
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\" and i + 1 < n and text[i + 1] in "{}":
            i += 2
            continue
        if c == "{":
            stack.append(i + 1)
        elif c == "}" and stack:
            st = stack.pop()
            if st in starts and (best is None or st > best[0]):
                best = (st, i)
        i += 1
    return text[best[0]:best[1]] if best else None


def extract_answer(text: str | None, answer_format: str = "xml") -> str | None:
    """The answer the response commits to, or None.

    ``xml``: the last ``<answer>...</answer>``; ``boxed``: the last ``\\boxed{...}``; ``auto``: either
    (``<answer>`` first). Reasoning in ``<think>...</think>`` is ignored in every mode.
    """
    if not isinstance(text, str) or not text:
        return None
    low = text.lower()
    if "</think>" in low:  # only what follows the reasoning counts
        text = text[low.rfind("</think>") + len("</think>"):]
    elif "<think>" in low:  # reasoning never finished: no committed answer
        return None
    found: str | None = None
    if answer_format in ("xml", "auto"):
        low = text.lower()
        end = low.rfind("</answer>")
        begin = low.rfind("<answer>", 0, end) if end >= 0 else -1
        if begin >= 0:  # the last closed tag pair (rfind: linear even on adversarial text)
            found = text[begin + len("<answer>"):end]
    if found is None and answer_format in ("boxed", "auto"):
        found = _last_boxed(text)
    if found is None and answer_format not in ("xml", "boxed", "auto"):
        raise ValueError(f"answer_format must be 'xml', 'boxed' or 'auto', got {answer_format!r}")
    if found is None:
        return None
    found = found.strip()
    # a boxed answer wrapped in <answer>, or \text{} decoration: unwrap one level
    inner = _last_boxed(found)
    if inner is not None and found.startswith("\\"):
        found = inner.strip()
    found = re.sub(r"\\text\s*\{([^{}]*)\}", r" \1 ", found)
    found = found.replace("\\%", "%").replace("\\,", "").replace("$", "").strip()
    return found[:MAX_ANSWER_CHARS + 1] if found else None


# ----------------------------------------------------------------------------- reading values


def looks_like_code(answer: str) -> bool:
    """Function-call syntax or arithmetic between numbers: graded wrong, never run."""
    return bool(_CALL.search(answer) or _EXPR.search(answer.replace("−", "-")))


def parse_number(answer: str | None) -> float | None:
    """The first number of an answer (see module doc), or None when there is none or it is code."""
    if not isinstance(answer, str) or not answer.strip() or len(answer) > MAX_ANSWER_CHARS:
        return None
    m = _OUT_OF.search(answer)
    if m and not _CALL.search(answer):
        return _to_float(m.group(1))
    if looks_like_code(answer):
        return None
    m = _NUMBER.search(answer)
    return _to_float(m.group(0)) if m else None


def _to_float(s: str) -> float | None:
    try:
        v = float(s.replace(",", "").replace("−", "-"))
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def parse_date(answer: str | None) -> _dt.date | None:
    """The single date in an answer (MM/DD/YYYY or YYYY-MM-DD), or None (none, several, invalid)."""
    if not isinstance(answer, str) or len(answer) > MAX_ANSWER_CHARS:
        return None
    found: list[_dt.date] = []
    for m in _MDY.finditer(answer):
        month, day, year = (int(g) for g in m.groups())
        found.append(_safe_date(year, month, day))
    for m in _ISO.finditer(answer):
        year, month, day = (int(g) for g in m.groups())
        found.append(_safe_date(year, month, day))
    dates = {d for d in found}
    if len(dates) != 1 or None in dates:
        return None
    return dates.pop()


def _safe_date(year: int, month: int, day: int) -> _dt.date | None:
    try:
        return _dt.date(year, month, day)
    except ValueError:
        return None


def parse_weeks_days(answer: Any) -> tuple[int, int] | None:
    """A (weeks, days) pair from ``(4, 2)``, ``('4 weeks', '2 days')``, ``4 weeks, 2 days``,
    ``4 weeks`` (days 0), ``[4, 2]`` or ``{"weeks": 4, "days": 2}``; None otherwise."""
    if isinstance(answer, dict):
        w, d = answer.get("weeks"), answer.get("days", 0)
        if isinstance(w, int) and isinstance(d, int) and not isinstance(w, bool) and not isinstance(d, bool):
            return (w, d)
        return None
    if isinstance(answer, (list, tuple)):
        if len(answer) == 2:
            return parse_weeks_days(f"{answer[0]}, {answer[1]}")
        return None
    if not isinstance(answer, str) or len(answer) > MAX_ANSWER_CHARS:
        return None
    if _CALL.search(answer):
        return None
    weeks = _WEEKS.findall(answer)
    days = _DAYS.findall(answer)
    if weeks or days:
        if len(weeks) > 1 or len(days) > 1:
            return None
        return (int(weeks[0]) if weeks else 0, int(days[0]) if days else 0)
    m = _PAIR.match(answer)
    if m:
        return (int(m.group(1)), int(m.group(2)))
    return None


# ----------------------------------------------------------------------------- grading


@dataclass(frozen=True)
class Grade:
    correct: bool
    rule: str  # "date", "weeks_days", "integer", "range"
    parsed: Any  # what was read from the answer (None if nothing usable)
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        parsed = self.parsed.isoformat() if isinstance(self.parsed, _dt.date) else self.parsed
        return {"correct": self.correct, "rule": self.rule, "parsed": parsed, "reason": self.reason}


def rule_for(calculator_id: int) -> str:
    cid = int(calculator_id)
    if cid in DATE_IDS:
        return "date"
    if cid in WEEKS_DAYS_IDS:
        return "weeks_days"
    if cid in INTEGER_IDS:
        return "integer"
    return "range"


def _limit(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, float)):
        return float(x) if math.isfinite(float(x)) else None
    if isinstance(x, str):
        return _to_float(x.strip()) if re.fullmatch(r"\s*[-+]?\d[\d,]*(?:\.\d+)?(?:[eE][-+]?\d+)?\s*", x) else None
    return None


def grade(
    calculator_id: int,
    answer: str | None,
    ground_truth: Any,
    lower: Any = None,
    upper: Any = None,
) -> Grade:
    """Grade one extracted answer (see module doc). ``answer`` is the text inside the answer
    tags (use :func:`extract_answer`); ``None`` grades wrong. Never raises on model text;
    raises ``ValueError`` only when the *ground truth* row itself is unusable."""
    rule = rule_for(calculator_id)
    if answer is None or not isinstance(answer, str) or not answer.strip():
        return Grade(False, rule, None, "no answer")
    if len(answer) > MAX_ANSWER_CHARS:
        return Grade(False, rule, None, "answer too long")
    if rule == "date":
        expected = parse_date(str(ground_truth))
        if expected is None:
            raise ValueError(f"ground truth {ground_truth!r} of calculator {calculator_id} is not a MM/DD/YYYY date")
        got = None if _CALL.search(answer) else parse_date(answer)
        if got is None:
            return Grade(False, rule, None, "no single valid date in the answer")
        return Grade(got == expected, rule, got, "" if got == expected else f"expected {expected.isoformat()}")
    if rule == "weeks_days":
        expected_wd = parse_weeks_days(str(ground_truth))
        got_wd = parse_weeks_days(answer)
        if expected_wd is None:
            # audited labels give gestational age as total days with [Lower, Upper] limits
            days, lo, hi = _limit(ground_truth), _limit(lower), _limit(upper)
            if days is None:
                raise ValueError(f"ground truth {ground_truth!r} of calculator {calculator_id} is neither a "
                                 "(weeks, days) pair nor a number of days")
            lo, hi = (days if lo is None else lo), (days if hi is None else hi)
            if got_wd is not None:
                total: float | None = 7 * got_wd[0] + got_wd[1]
            else:
                total = None if looks_like_code(answer) else parse_number(answer)
            if total is None:
                return Grade(False, rule, None, "no (weeks, days) pair or number of days in the answer")
            ok = lo <= total <= hi
            return Grade(ok, rule, total, "" if ok else f"{total:g} days outside [{lo}, {hi}]")
        if got_wd is None:
            return Grade(False, rule, None, "no (weeks, days) pair in the answer")
        return Grade(got_wd == expected_wd, rule, list(got_wd), "" if got_wd == expected_wd else f"expected {expected_wd}")
    value = parse_number(answer)
    if value is None:
        why = "expression or code in the answer (not executed)" if looks_like_code(answer) else "no number in the answer"
        return Grade(False, rule, None, why)
    if rule == "integer":
        gt = _limit(ground_truth)
        if gt is None:
            raise ValueError(f"ground truth {ground_truth!r} of calculator {calculator_id} is not a number")
        ok = round_half_away(value) == round_half_away(gt)
        return Grade(ok, rule, value, "" if ok else f"expected {round_half_away(gt)}")
    lo, hi = _limit(lower), _limit(upper)
    if lo is None or hi is None:
        gt = _limit(ground_truth)
        if gt is None:
            raise ValueError(f"row of calculator {calculator_id} has no numeric limits or ground truth")
        lo = gt if lo is None else lo
        hi = gt if hi is None else hi
    ok = lo <= value <= hi
    return Grade(ok, rule, value, "" if ok else f"outside [{lo}, {hi}]")


def grade_response(
    calculator_id: int,
    response: str | None,
    ground_truth: Any,
    lower: Any = None,
    upper: Any = None,
    answer_format: str = "xml",
) -> Grade:
    """Extract the answer from a whole model response and grade it."""
    return grade(calculator_id, extract_answer(response, answer_format), ground_truth, lower, upper)


def normalize_category(category: str | None) -> str:
    """Map dataset category spellings onto :data:`CATEGORIES` (``lab test`` -> ``lab``)."""
    c = (category or "").strip().lower()
    if c.startswith("lab"):
        return "lab"
    if c.startswith("physical"):
        return "physical"
    return c or "unknown"


def format_ground_truth(calculator_id: int, ground_truth: Any) -> str:
    """The ground truth written the way the prompts ask answers to be written."""
    rule = rule_for(calculator_id)
    if rule == "weeks_days":
        wd = parse_weeks_days(str(ground_truth))
        if wd is None:
            days = _limit(ground_truth)
            if days is None:
                raise ValueError(f"bad (weeks, days) ground truth {ground_truth!r}")
            n = round_half_away(days)
            wd = (n // 7, n % 7)
        return f"({wd[0]} weeks, {wd[1]} days)"
    if rule == "date":
        d = parse_date(str(ground_truth))
        if d is None:
            raise ValueError(f"bad date ground truth {ground_truth!r}")
        return d.strftime("%m/%d/%Y")
    return str(ground_truth).strip()
