"""Episode scoring from plain message dicts (no verifiers import).

The verifiers Task, the report/validate commands (which recompute every metric from saved
traces) and the RL rollout all score through :func:`score_messages`, so a metric means the same
thing everywhere.
"""
from __future__ import annotations

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


def rubric_ground_truth(gt: Mapping[str, Any]) -> dict[str, Any]:
    """What the rubric scores from a task's ground truth: ``required`` + ``evidence`` (+ ``branches`` and
    ``ea_applicable`` when present). Scenario tasks and official tasks both carry ``required``."""
    if not isinstance(gt, Mapping) or not isinstance(gt.get("required"), list):
        raise ValueError("task ground truth has no 'required' list: rebuild the task split "
                         "(python -m medmcp_calc.scenarios.build --split test)")
    out = {"required": list(gt["required"]), "evidence": [
        {k: e.get(k) for k in ("table", "row_id", "column", "value")} for e in gt.get("evidence") or []]}
    for k in ("branches", "ea_applicable"):
        if k in gt:
            out[k] = gt[k]
    return out


def score_messages(ground_truth: Mapping[str, Any], messages: Iterable[Mapping[str, Any]], *,
                   stop_condition: str | None = None, error: str | None = None, extractor=None) -> dict[str, Any]:
    """Score one episode: ``{"TF","CS","EA","QP","details"}`` (see :func:`medcalc_rubrics.score_episode`)."""
    from medcalc_rubrics import score_episode
    from medcalc_rubrics.episode import assistant_turns, final_text_from_messages, tool_calls_from_messages

    from .calculators import match_name

    messages = list(messages)
    calls, final_text, turns = tool_calls_from_messages(messages), final_text_from_messages(messages), assistant_turns(messages)
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
