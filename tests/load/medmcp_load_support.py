"""Helpers for the load and fault tests (a module with a unique name, imported by the tests)."""
from __future__ import annotations

import json
from pathlib import Path

SCORES = ("TF", "CS", "EA", "QP")


def raw_traces(run_dir: Path) -> list[tuple[str, dict]]:
    """(raw line, trace) for every trace in ``run_dir/traces.jsonl``."""
    out = []
    for line in (Path(run_dir) / "traces.jsonl").read_text().splitlines():
        if line.strip():
            rec = json.loads(line)
            for t in rec["traces"]:
                out.append((line, t))
    return out


def scores(trace: dict) -> dict:
    return {k: (trace.get("metrics") or {}).get(k) for k in SCORES}


def task_id(trace: dict) -> str:
    return trace["task"]["data"]["task_id"]
