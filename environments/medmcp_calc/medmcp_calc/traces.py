"""Reading vf-eval run directories (``<run>/traces.jsonl``) into episodes.

A corrupt line never hides the others: it is reported by line number and skipped.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator


class RunDirError(FileNotFoundError):
    pass


@dataclass
class Episode:
    run: str
    line: int
    task_id: str
    split: str
    domain: str
    scenario: str
    model: str
    metrics: dict[str, float]
    reward: float | None
    ok: bool
    stop_condition: str | None
    error: str | None
    ground_truth: dict[str, Any]
    messages: list[dict[str, Any]] = field(default_factory=list)
    sampling: dict[str, Any] = field(default_factory=dict)

    @property
    def errored(self) -> bool:
        """The rollout failed (an error was recorded, or it has no scores)."""
        return bool(self.error) or not self.ok or not any(k in self.metrics for k in ("TF", "CS", "QP"))

    def score(self, metric: str) -> float | None:
        """A metric for reports: an errored rollout counts 0 (it did not do the task), never dropped;
        None only where the metric does not apply (EA on official tasks)."""
        if metric in self.metrics:
            return self.metrics[metric]
        if metric == "EA" and self.ground_truth.get("ea_applicable") is False:
            return None
        return 0.0 if self.errored else None


def trace_file(run_dir: Path) -> Path:
    run_dir = Path(run_dir)
    if run_dir.is_file() and run_dir.name.endswith(".jsonl"):
        return run_dir
    if not run_dir.exists():
        raise RunDirError(f"run directory not found: {run_dir}")
    f = run_dir / "traces.jsonl"
    if not f.is_file():
        raise RunDirError(f"{run_dir} is not a run directory: it has no traces.jsonl")
    return f


def messages_of(trace: dict[str, Any]) -> list[dict[str, Any]]:
    """The final branch's messages: walk parents from the last node."""
    nodes = trace.get("nodes") or []
    if not nodes:
        return []
    path = []
    i: int | None = len(nodes) - 1
    seen = set()
    while i is not None and 0 <= i < len(nodes) and i not in seen:
        seen.add(i)
        node = nodes[i]
        path.append(node.get("message") or {})
        i = node.get("parent")
    return list(reversed(path))


def _reward_total(rewards: dict[str, Any]) -> float | None:
    if not rewards:
        return None
    tot = wsum = 0.0
    for r in rewards.values():
        if isinstance(r, dict):
            w = float(r.get("weight", 1.0))
            tot += w * float(r.get("score", 0.0))
            wsum += w
    return tot / wsum if wsum else None


def iter_episodes(run_dir: Path, problems: list[str] | None = None) -> Iterator[Episode]:
    f = trace_file(run_dir)
    label = str(run_dir)
    with f.open(encoding="utf-8", errors="replace") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
                traces = rec["traces"]
                if not isinstance(traces, list):
                    raise TypeError("'traces' is not a list")
            except (json.JSONDecodeError, KeyError, TypeError) as e:
                if problems is not None:
                    problems.append(f"{f}: line {lineno}: corrupt trace record ({type(e).__name__}: {e}); skipped")
                continue
            for t in traces:
                try:
                    data = (t.get("task") or {}).get("data") or {}
                    agent = (t.get("agent") or {}).get("config") or {}
                    errs = t.get("errors") or []
                    yield Episode(
                        run=label, line=lineno, task_id=str(data.get("task_id") or data.get("id") or ""),
                        split=str(data.get("split", "")), domain=str(data.get("domain", "")),
                        scenario=str(data.get("scenario", "")), model=str(agent.get("model") or ""),
                        metrics={k: float(v) for k, v in (t.get("metrics") or {}).items() if isinstance(v, (int, float))},
                        reward=_reward_total(t.get("rewards") or {}), ok=bool(t.get("ok", True)),
                        stop_condition=t.get("stop_condition"),
                        error=(errs[-1].get("message") if errs and isinstance(errs[-1], dict) else None),
                        ground_truth=data.get("ground_truth") or {}, messages=messages_of(t),
                        sampling=dict(agent.get("sampling") or {}),
                    )
                except (AttributeError, TypeError, ValueError) as e:
                    if problems is not None:
                        problems.append(f"{f}: line {lineno}: unreadable trace ({type(e).__name__}: {e}); skipped")


def read_run(run_dir: Path) -> tuple[list[Episode], list[str]]:
    problems: list[str] = []
    eps = list(iter_episodes(Path(run_dir), problems))
    return eps, problems
