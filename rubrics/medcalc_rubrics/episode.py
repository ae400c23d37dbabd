"""Scoring one agent episode: TF, CS, QP, EA, tool usage.

Ground truth (produced by the scenario generator, stored with each task)::

    {
      "required": [                      # calculator results the answer must contain
        {"calc_id": "cha2ds2_vasc",      # our calculator id (what `match(name)` returns)
         "name": "CHA2DS2-VASc Score",   # display name (fallback name matching)
         "value": 4,                     # number | str | "YYYY-MM-DD"/"MM/DD/YYYY" | [weeks, days] | bool
         "unit": "points",               # unit of value ("" if none)
         "kind": "integer",              # number | integer | category | date | weeks_days | boolean
         "abs_tol": 0.0, "rel_tol": 0.0, # numeric tolerance: |got-value| <= max(abs_tol, rel_tol*|value|)
         "accept": ["..."]}              # optional: other accepted values (category synonyms)
      ],
      "evidence": [                      # database cells the agent had to read
        {"table": "labs", "row_id": 17, "column": "value", "value": 1.4}
      ]
    }

The same calculator may be required several times (e.g. at two time points): each required entry
needs its own answer entry. Scores:

- **TF** (task finished): 1 when a final answer with at least one calculator entry could be read
  (JSON block, ``Name: value`` lines, or the optional judge extractor), else 0 — whatever the stop
  reason (turn limit, error).
- **CS** (calculator selection): required entries matched by an answer entry naming the same
  calculator (``match(name) == calc_id``, else normalised name equality), one answer entry per
  required entry, divided by the number of required entries.
- **QP** (quantitative precision): required entries whose matched answer value agrees within
  tolerance (:func:`medcalc_rubrics.values.values_match`), divided by required. When a calculator is
  required and answered several times, entries are paired to maximise agreement.
- **EA** (evidence accuracy): evidence items whose value appears in the text of the SQL tool
  results (:func:`medcalc_rubrics.evidence.value_in_text`), divided by the number of items.
- With nothing required (no calculators / no evidence), the corresponding score is 1.0.

Answer entries matched to no required entry are reported as ``extra`` (the paper's "extra
invocations"): unknown names and surplus repetitions alike.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .answer import AnswerItem, ParsedAnswer, parse_final_answer
from .evidence import value_in_text
from .values import KINDS, normalize_unit, values_match

Matcher = Callable[[str], "str | None"]
Extractor = Callable[[str], ParsedAnswer]
Converter = Callable[[float, str, str], "float | None"]


@dataclass
class RequiredCalc:
    calc_id: str
    name: str
    value: Any
    unit: str = ""
    kind: str = "number"
    abs_tol: float = 0.0
    rel_tol: float = 0.0
    accept: list[Any] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "RequiredCalc":
        if not isinstance(d, Mapping) or "calc_id" not in d or "value" not in d:
            raise ValueError(f"a required calculator needs at least calc_id and value, got {d!r}")
        kind = d.get("kind") or "number"
        if kind not in KINDS:
            raise ValueError(f"required calculator {d['calc_id']!r}: kind {kind!r} not one of {KINDS}")
        return cls(
            calc_id=str(d["calc_id"]), name=str(d.get("name") or d["calc_id"]), value=d["value"],
            unit=str(d.get("unit") or ""), kind=kind, abs_tol=float(d.get("abs_tol") or 0.0),
            rel_tol=float(d.get("rel_tol") or 0.0), accept=list(d.get("accept") or []),
        )


@dataclass
class EvidenceItem:
    table: str
    row_id: Any
    column: str
    value: Any

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "EvidenceItem":
        if not isinstance(d, Mapping) or "value" not in d:
            raise ValueError(f"an evidence item needs table, row_id, column and value, got {d!r}")
        return cls(str(d.get("table", "")), d.get("row_id"), str(d.get("column", "")), d["value"])


@dataclass
class GroundTruth:
    required: list[RequiredCalc]
    evidence: list[EvidenceItem] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "GroundTruth":
        if not isinstance(d, Mapping) or not isinstance(d.get("required"), list):
            raise ValueError("ground truth must be a dict with a 'required' list (and optionally 'evidence')")
        return cls([RequiredCalc.from_dict(r) for r in d["required"]],
                   [EvidenceItem.from_dict(e) for e in d.get("evidence") or []])


def normalize_name(name: str) -> str:
    s = unicodedata.normalize("NFKD", name or "")
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    s = re.sub(r"\((?:[^()]*)\)", " ", s) if re.sub(r"\((?:[^()]*)\)", "", s).strip() else s
    s = re.sub(r"[^a-z0-9]+", " ", s)
    s = re.sub(r"\b(score|scale|index|calculator|criteria|rule|equation|formula|the)\b", " ", s)
    return " ".join(s.split())


def default_sql_tool(name: str) -> bool:
    """Which tool results count for EA: tools whose name mentions SQL."""
    return "sql" in (name or "").lower()


def _resolve(match: Matcher | None, name: str) -> str | None:
    if match is None:
        return None
    try:
        got = match(name)
    except Exception:  # a matcher must not end scoring on odd model text
        return None
    return got if isinstance(got, str) else None


def _item_matches(item: AnswerItem, req: RequiredCalc, cid: str | None) -> bool:
    if cid is not None:
        return cid == req.calc_id
    n = normalize_name(item.name)
    return bool(n) and n in (normalize_name(req.name), normalize_name(req.calc_id))


def _value_ok(item: AnswerItem, req: RequiredCalc, convert: Converter | None) -> tuple[bool, Any]:
    got: Any = item.value
    if req.kind in ("number", "integer") and convert is not None and item.unit and req.unit:
        if normalize_unit(item.unit) != normalize_unit(req.unit):
            from .values import to_number

            num = to_number(got)
            if num is not None:
                try:
                    conv = convert(num, item.unit, req.unit)
                except Exception:
                    conv = None
                if conv is not None:
                    got = conv
    try:
        ok = values_match(req.value, got, req.kind, abs_tol=req.abs_tol, rel_tol=req.rel_tol, accept=req.accept)
    except (ValueError, TypeError, OverflowError):
        ok = False
    return ok, got


def _text(result: Any) -> str:
    if isinstance(result, str):
        return result
    if result is None:
        return ""
    if isinstance(result, list):  # MCP content parts
        return "\n".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in result)
    return str(result)


def tool_usage(tool_calls: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Calls per tool name."""
    return dict(Counter(str(c.get("name") or "") for c in tool_calls if isinstance(c, Mapping)))


def score_episode(
    ground_truth: Mapping[str, Any] | GroundTruth,
    final_text: str | None,
    tool_calls: Sequence[Mapping[str, Any]],
    *,
    match: Matcher | None,
    turn_limit_hit: bool = False,
    error: str | None = None,
    turns: int | None = None,
    evidence_tool: Callable[[str], bool] = default_sql_tool,
    convert: Converter | None = None,
    extractor: Extractor | None = None,
) -> dict[str, Any]:
    """Score one episode (see module doc).

    ``tool_calls``: ``[{"name", "arguments", "result"}]`` in call order (``result`` = the tool
    message text the model received). ``match``: calculator name -> calc_id or None (e.g.
    ``medmcp_calc.calculators.match_name``). ``convert(value, from_unit, to_unit)``: optional unit
    conversion for numeric answers given in another unit. ``extractor``: optional free-text ->
    :class:`ParsedAnswer` (the LLM judge) used when the deterministic parser finds no JSON block.

    Returns ``{"TF","CS","QP","EA", "details": {...}}`` with per-calculator verdicts, extras,
    evidence verdicts, tool counts and turns.
    """
    gt = ground_truth if isinstance(ground_truth, GroundTruth) else GroundTruth.from_dict(ground_truth)
    parsed = parse_final_answer(final_text, match)
    if extractor is not None and parsed.source != "json" and isinstance(final_text, str) and final_text.strip():
        try:
            judged = extractor(final_text)
        except Exception as e:  # the judge is optional: fall back to the deterministic parse
            parsed.error = (parsed.error + f"; judge extractor failed: {e}").strip("; ")
        else:
            if judged.ok:
                parsed = judged
    items = parsed.items
    ids = [_resolve(match, it.name) for it in items]

    # pairing: for each required entry prefer an unused same-calculator item whose value agrees
    used: set[int] = set()
    verdicts: list[dict[str, Any]] = []
    pending: list[int] = []
    for ri, req in enumerate(gt.required):
        chosen = None
        for ii, it in enumerate(items):
            if ii in used or not _item_matches(it, req, ids[ii]):
                continue
            ok, got = _value_ok(it, req, convert)
            if ok:
                chosen = (ii, True, got)
                break
        if chosen is None:
            pending.append(ri)
            verdicts.append({})
        else:
            used.add(chosen[0])
            verdicts.append({"index": chosen[0], "value_ok": True, "compared": chosen[2]})
    for ri in pending:
        req = gt.required[ri]
        for ii, it in enumerate(items):
            if ii not in used and _item_matches(it, req, ids[ii]):
                used.add(ii)
                _, got = _value_ok(it, req, convert)
                verdicts[ri] = {"index": ii, "value_ok": False, "compared": got}
                break
    per_calc = []
    for req, v in zip(gt.required, verdicts):
        it = items[v["index"]] if "index" in v else None
        per_calc.append({
            "calc_id": req.calc_id, "name": req.name, "expected": req.value, "unit": req.unit, "kind": req.kind,
            "selected": it is not None, "value_ok": bool(v.get("value_ok")),
            "answered": it.as_dict() if it else None,
            "unit_mismatch": bool(it and it.unit and req.unit and normalize_unit(it.unit) != normalize_unit(req.unit)),
        })
    extras = [{**items[i].as_dict(), "calc_id": ids[i]} for i in range(len(items)) if i not in used]

    # evidence
    ev_text = "\n".join(_text(c.get("result")) for c in tool_calls
                        if isinstance(c, Mapping) and evidence_tool(str(c.get("name") or "")))
    ev = [{"table": e.table, "row_id": e.row_id, "column": e.column, "value": e.value,
           "seen": value_in_text(e.value, ev_text)} for e in gt.evidence]

    n_req = len(gt.required)
    tf = 1.0 if parsed.ok else 0.0
    cs = sum(p["selected"] for p in per_calc) / n_req if n_req else 1.0
    qp = sum(p["value_ok"] for p in per_calc) / n_req if n_req else 1.0
    ea = sum(e["seen"] for e in ev) / len(ev) if ev else 1.0
    return {
        "TF": tf, "CS": cs, "QP": qp, "EA": ea,
        "details": {
            "answer": parsed.as_dict(),
            "calculators": per_calc,
            "extra": extras,
            "evidence": ev,
            "tool_counts": tool_usage(tool_calls),
            "num_tool_calls": len(tool_calls),
            "turns": turns,
            "turn_limit_hit": bool(turn_limit_hit),
            "error": error,
        },
    }


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def tool_calls_from_messages(messages: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``[{"name", "arguments", "result"}]`` from OpenAI-style chat messages (dicts, e.g. the
    ``nodes[*].message`` of a verifiers trace): each assistant tool call paired with the tool message
    answering its id (``result`` None when none came back). Tool-call entries may be nested
    (``{"function": {"name", "arguments"}}``) or flat (``{"name", "arguments"}``)."""
    results: dict[str, str] = {}
    for m in messages:
        if isinstance(m, Mapping) and m.get("role") == "tool" and m.get("tool_call_id") is not None:
            results[str(m["tool_call_id"])] = _content_text(m.get("content"))
    out = []
    for m in messages:
        if not isinstance(m, Mapping) or m.get("role") != "assistant":
            continue
        for call in m.get("tool_calls") or []:
            if not isinstance(call, Mapping):
                continue
            fn = call.get("function") if isinstance(call.get("function"), Mapping) else call
            out.append({"name": str(fn.get("name") or ""), "arguments": fn.get("arguments"),
                        "result": results.get(str(call.get("id")))})
    return out


def final_text_from_messages(messages: Sequence[Mapping[str, Any]]) -> str | None:
    """Text of the last assistant message that has any (None when there is none)."""
    for m in reversed(list(messages)):
        if isinstance(m, Mapping) and m.get("role") == "assistant":
            text = _content_text(m.get("content"))
            if text.strip():
                return text
    return None


def assistant_turns(messages: Sequence[Mapping[str, Any]]) -> int:
    return sum(1 for m in messages if isinstance(m, Mapping) and m.get("role") == "assistant")
