"""The agent's final answer: the format we ask for, and a tolerant parser.

The agent ends its last message with one fenced JSON block (see
:data:`ANSWER_FORMAT_INSTRUCTIONS`, which system prompts include verbatim). When no such block
can be read, a fallback extracts ``Name: value [unit]`` lines from free text (bullets and
``**bold**`` names allowed). The parser never evaluates text.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from .values import to_number

ANSWER_FORMAT_INSTRUCTIONS = """\
When you are done, end your final message with exactly one JSON block in this format:

```json
{
  "calculators": [
    {"name": "<calculator name>", "value": <result>, "unit": "<unit or empty string>"}
  ],
  "summary": "<one or two sentences of clinical interpretation>"
}
```

Rules for the block:
- one entry per calculator result; if you applied a calculator more than once (e.g. at two
  time points), add one entry per application, in chronological order;
- "name" is the calculator's standard name (e.g. "CHA2DS2-VASc Score", "MELD Score");
- "value" is a JSON number for numeric results (no units, no arithmetic, no strings like "≈5");
  a string for categorical results (e.g. "Stage 3", "High risk"); "MM/DD/YYYY" for dates;
  [weeks, days] for gestational age; true/false for yes/no criteria;
- "unit" is the unit of "value" (e.g. "mL/min/1.73 m²", "points"), or "" when it has none.
"""

MAX_TEXT_CHARS = 200_000
MAX_JSON_ATTEMPTS = 200
MAX_ITEMS = 200

_FENCE = re.compile(r"```[ \t]*(?:json|JSON|javascript)?[ \t]*\n(.*?)```", re.DOTALL)
_LINE = re.compile(
    r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*(?:\*\*|__)?(?P<name>[A-Za-z][^:=\n]{0,100}?)(?:\*\*|__)?[ \t]*"
    r"(?:[:=]|\bis\b)[ \t]*(?:\*\*|__)?(?P<value>[^\n]{1,300}?)(?:\*\*|__)?[ \t]*$",
    re.MULTILINE,
)
_VALUE_UNIT = re.compile(
    r"^\s*(?P<num>[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)\s*(?P<unit>[^\d\s(][^()\n]{0,40}?)?\s*(?:\(.*\))?\s*[.;]?\s*$"
)
_SKIP_NAMES = {"summary", "interpretation", "answer", "final answer", "note", "notes", "result", "results",
               "patient", "assessment", "plan", "recommendation", "conclusion", "reasoning", "step"}


@dataclass
class AnswerItem:
    name: str
    value: Any
    unit: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "unit": self.unit}


@dataclass
class ParsedAnswer:
    items: list[AnswerItem] = field(default_factory=list)
    summary: str = ""
    source: str = "none"  # "json", "lines", "judge" or "none"
    error: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.items)

    def as_dict(self) -> dict[str, Any]:
        return {"calculators": [i.as_dict() for i in self.items], "summary": self.summary,
                "source": self.source, "error": self.error}


def _items_from_obj(obj: Any) -> tuple[list[AnswerItem], str] | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("calculators"), list):
        return None
    items = []
    for entry in obj["calculators"][:MAX_ITEMS]:
        if not isinstance(entry, dict):
            continue
        name = entry.get("name", entry.get("calculator"))
        if not isinstance(name, str) or not name.strip():
            continue
        value = entry.get("value", entry.get("result"))
        if isinstance(value, (dict, list)) and len(json.dumps(value)) > 500:
            value = None
        unit = entry.get("unit") if isinstance(entry.get("unit"), str) else ""
        items.append(AnswerItem(name.strip()[:200], value, unit.strip()[:60]))
    summary = obj.get("summary") if isinstance(obj.get("summary"), str) else ""
    return items, summary[:5000]


def parse_json_block(text: str) -> ParsedAnswer | None:
    """The last JSON object with a ``calculators`` list: fenced blocks first, then bare objects."""
    for block in reversed(_FENCE.findall(text)):
        try:
            obj = json.loads(block)
        except (ValueError, RecursionError):
            continue
        got = _items_from_obj(obj)
        if got is not None:
            return ParsedAnswer(got[0], got[1], "json")
    decoder = json.JSONDecoder()
    anchor = text.rfind('"calculators"')
    if anchor < 0:
        return None
    starts = [m.start() for m in re.finditer(r"\{", text[:anchor])][-MAX_JSON_ATTEMPTS:]
    for start in reversed(starts):
        try:
            obj, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            continue
        got = _items_from_obj(obj)
        if got is not None:
            return ParsedAnswer(got[0], got[1], "json")
    return None


def _split_value(raw: str) -> tuple[Any, str]:
    raw = raw.strip().strip("`").strip()
    m = _VALUE_UNIT.match(raw)
    if m:
        num = to_number(m.group("num"))
        if num is not None:
            return (int(num) if num.is_integer() and "." not in m.group("num") else num), (m.group("unit") or "").strip().rstrip(".")
    return raw.rstrip("."), ""


def parse_lines(text: str, match: Callable[[str], str | None] | None = None) -> list[AnswerItem]:
    """``Name: value [unit]`` lines. With ``match``, only lines whose name it resolves are kept;
    without, lines with a generic label (summary, note, ...) are dropped."""
    items: list[AnswerItem] = []
    for m in _LINE.finditer(text):
        name = m.group("name").strip().strip("*_ ").strip()
        if not name or name.lower() in _SKIP_NAMES or len(name) < 2:
            continue
        if match is not None:
            try:
                if match(name) is None:
                    continue
            except Exception:  # a matcher's failure on odd text must not end scoring
                continue
        value, unit = _split_value(m.group("value"))
        if value in ("", None):
            continue
        items.append(AnswerItem(name, value, unit))
        if len(items) >= MAX_ITEMS:
            break
    return items


def parse_final_answer(text: str | None, match: Callable[[str], str | None] | None = None) -> ParsedAnswer:
    """Parse the agent's final message: the JSON block, else ``Name: value`` lines."""
    if not isinstance(text, str) or not text.strip():
        return ParsedAnswer(error="no final message")
    text = text[-MAX_TEXT_CHARS:]
    low = text.lower()
    if "</think>" in low:
        text = text[low.rfind("</think>") + len("</think>"):]
    parsed = parse_json_block(text)
    if parsed is not None:
        if not parsed.items:
            parsed.error = "the JSON block lists no calculators"
        return parsed
    items = parse_lines(text, match)
    if items:
        return ParsedAnswer(items, "", "lines")
    return ParsedAnswer(error="no JSON answer block and no 'Name: value' lines found")
