"""Episode scoring from plain message dicts (no verifiers import).

The verifiers Task, the report/validate commands (which recompute every metric from saved
traces) and the RL rollout all score through :func:`score_messages`, so a metric means the same
thing everywhere.
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Mapping

TOOL_GROUPS = {
    "sql": ("list_tables", "describe_tables", "run_read_only_sql", "run_sql"),
    "search": ("search", "fetch"),
    "python": ("run_python",),
    "calculator": ("calculator", "convert_units"),
}
SQL_TOOL_NAMES = frozenset(TOOL_GROUPS["sql"])
METRIC_KEYS = ("TF", "CS", "EA", "QP")
DEFAULT_WEIGHTS = {"QP": 0.4, "EA": 0.3, "CS": 0.2, "TF": 0.1}


def short_name(name: str) -> str:
    """Tool name without a server prefix (``postgres_executor_run_read_only_sql`` -> ``run_read_only_sql``)."""
    known = sorted((n for names in TOOL_GROUPS.values() for n in names), key=len, reverse=True)
    for k in known:
        if name == k or name.endswith("_" + k) or name.endswith("." + k):
            return k
    return name


def is_sql_tool(name: str) -> bool:
    return short_name(name) in SQL_TOOL_NAMES


def _content_text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, Mapping))
    return "" if content is None else str(content)


def tool_calls_from_messages(messages: Iterable[Mapping[str, Any]]) -> tuple[list[dict], str, int]:
    """(tool calls ``[{id, name, arguments, result}]``, final assistant text, assistant turns)."""
    calls: list[dict] = []
    by_id: dict[str, dict] = {}
    final_text = ""
    turns = 0
    for d in messages:
        role = d.get("role")
        if role == "assistant":
            turns += 1
            text = _content_text(d.get("content"))
            if text:
                final_text = text
            for tc in d.get("tool_calls") or []:
                fn = tc.get("function") or tc
                args = fn.get("arguments")
                try:
                    parsed = json.loads(args) if isinstance(args, str) else (args or {})
                except json.JSONDecodeError:
                    parsed = {"_raw": args}
                entry = {"id": tc.get("id"), "name": str(fn.get("name") or ""), "arguments": parsed, "result": None}
                calls.append(entry)
                if tc.get("id"):
                    by_id[str(tc["id"])] = entry
        elif role == "tool":
            entry = by_id.get(str(d.get("tool_call_id") or ""))
            if entry is None:
                entry = {"id": d.get("tool_call_id"), "name": str(d.get("name") or ""), "arguments": {}, "result": None}
                calls.append(entry)
            entry["result"] = _content_text(d.get("content"))
    return calls, final_text, turns


def score_messages(ground_truth: Mapping[str, Any], messages: Iterable[Mapping[str, Any]], *,
                   stop_condition: str | None = None, error: str | None = None, extractor=None) -> dict[str, Any]:
    """Score one episode: ``{"TF","CS","EA","QP","details"}`` (see :func:`medcalc_rubrics.score_episode`)."""
    from medcalc_rubrics import score_episode

    from .calculators import match_name

    calls, final_text, turns = tool_calls_from_messages(messages)
    return score_episode(
        ground_truth, final_text, calls, match=match_name, turns=turns,
        turn_limit_hit="turn" in str(stop_condition or ""), error=error,
        evidence_tool=is_sql_tool, extractor=extractor,
    )


def flat_metrics(scores: Mapping[str, Any], ea_applicable: bool = True) -> dict[str, float]:
    """The metric dict recorded per rollout: TF/CS/EA/QP, tool calls per tool group, turns, extras."""
    det = scores["details"]
    out = {k: float(scores[k]) for k in METRIC_KEYS}
    if not ea_applicable:
        out.pop("EA")
    counts = det.get("tool_counts") or {}
    for group, names in TOOL_GROUPS.items():
        out[f"calls_{group}"] = float(sum(v for n, v in counts.items() if short_name(n) in names))
    out["calls_total"] = float(det.get("num_tool_calls") or 0)
    out["turns"] = float(det.get("turns") or 0)
    out["extra_calculators"] = float(len(det.get("extra") or []))
    return out


def weighted_reward(scores: Mapping[str, Any], weights: Mapping[str, float] = DEFAULT_WEIGHTS) -> float:
    usable = {k: w for k, w in weights.items() if k in scores}
    total = sum(usable.values())
    return sum(w * float(scores[k]) for k, w in usable.items()) / total if total > 0 else 0.0
