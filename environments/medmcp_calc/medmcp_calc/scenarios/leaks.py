"""Leak checks: a question must not name a calculator or state a patient value, and the database
must not contain a task's answers.

- :func:`calculator_terms` - every calculator name and alias in the library, as matchers:
  multi-word or long names match case-insensitively on word boundaries (punctuation ignored);
  short all-caps acronyms (``BMI``, ``MAP``, ``SI``) match case-sensitively as whole words, so
  "map out the plan" is fine but "the MAP" is not.
- :func:`question_leaks(question, task=None)` - the terms found, plus any ground-truth value
  (calculator outputs and EHR-sourced inputs) written in the question.
- :func:`distinctive_outputs(task)` - output values specific enough that finding one in the
  patient's rows would mean the answer was written to the database.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

from ..calculators import all_calculators


def _norm(s: str) -> str:
    return " " + re.sub(r"[\W_]+", " ", s.lower()).strip() + " "


@lru_cache(maxsize=1)
def calculator_terms() -> tuple[tuple[str, str, bool], ...]:
    """(term, calculator id, case_sensitive) for every name and alias."""
    out = {}
    for c in all_calculators():
        for t in (c.name, *c.aliases, *getattr(c, "official_names", ())):
            t = t.strip()
            if not t:
                continue
            letters = re.sub(r"[^A-Za-z]", "", t)
            acronym = len(t) <= 5 or (letters.isupper() and len(t) <= 12 and " " not in t)
            key = (t if acronym else _norm(t).strip())
            if len(key) < 2:
                continue
            out.setdefault((key, acronym), c.id)
    return tuple((k, cid, cs) for (k, cs), cid in sorted(out.items()))


def term_hits(text: str) -> list[tuple[str, str]]:
    hits = []
    low = _norm(text)
    for term, cid, cs in calculator_terms():
        if cs:
            if re.search(r"(?<![A-Za-z0-9])" + re.escape(term) + r"(?![A-Za-z0-9])", text):
                hits.append((term, cid))
        elif f" {term} " in low:
            hits.append((term, cid))
    return hits


def _value_texts(v: Any) -> list[str]:
    if isinstance(v, bool) or v is None:
        return []
    if isinstance(v, (int, float)):
        x = float(v)
        forms = {repr(x), f"{x:g}"}
        if x.is_integer():
            forms.add(str(int(x)))
        return [f for f in forms if len(f.replace(".", "").replace("-", "")) >= 2]
    if isinstance(v, str) and len(v) >= 3 and any(ch.isdigit() for ch in v):
        return [v]
    if isinstance(v, list):
        return [t for x in v for t in _value_texts(x)]
    return []


def gt_values(task: Mapping[str, Any]) -> set[str]:
    gt = task["ground_truth"]
    vals: set[str] = set()
    for c in gt["calculators"]:
        vals.update(_value_texts(c["value"]))
        for name, v in c["inputs"].items():
            if c["sources"].get(name, {}).get("from") == "ehr":
                vals.update(_value_texts(v))
    for e in gt["evidence"]:
        if e["fact"] not in ("sex",):
            vals.update(_value_texts(_num(e["value"])))
    return vals


def _num(s: Any) -> Any:
    try:
        return float(s)
    except (TypeError, ValueError):
        return s


def question_leaks(question: str, task: Mapping[str, Any] | None = None) -> list[str]:
    problems = [f"names calculator {cid!r} ({term!r})" for term, cid in term_hits(question)]
    if task is not None:
        toks = set(re.findall(r"-?\d+(?:\.\d+)?(?:-\d+-\d+)?", question))
        for v in sorted(gt_values(task)):
            if v in toks:
                problems.append(f"states ground-truth value {v!r}")
    return problems


def distinctive_outputs(task: Mapping[str, Any]) -> list[str]:
    """Output values written as the answer would be: non-integer numbers with 3+ significant digits,
    dates, and (weeks, days) pairs."""
    out = []
    for c in task["ground_truth"]["calculators"]:
        v = c["value"]
        if isinstance(v, float) and not v.is_integer() and len(f"{v:g}".replace(".", "").lstrip("0-")) >= 3:
            out.append(f"{v:g}")
        elif isinstance(v, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            out.append(v)
    return out
