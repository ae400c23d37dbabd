"""Official-release mode: a user's copy of the official MedMCP-Calc release.

- :func:`load_official_release` loads the release's table CSVs (``<table>.csv`` or ``.csv.gz``,
  found in the given folder, its ``benchmark/database/data/`` or ``task_patients/``) into PostgreSQL
  with COPY (through :func:`medmcp_calc.db.builder.build_database`); tables the copy lacks are
  created empty and reported.
- :func:`load_official_tasks` reads ``tasks.jsonl`` into this package's task rows: the official
  prompt, the domain, and a ground truth for the rubrics (required calculators with the official
  ``final_answer``; names resolved by the matcher; tolerance = our calculator's where we have it,
  else 5 % relative for numbers). The release records no evidence rows, so EA is not scored there.

Malformed input names the file and line.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path
from typing import Any, Iterator

from .prompts import OFFICIAL_PREFIX

DOMAIN_MAP = {
    "emergency, critical care & perioperative": "Critical Care & Perioperative Medicine",
    "medicine & organ systems": "Internal Medicine & Organ Systems",
    "neurology & mental health": "Neurology & Psychiatry",
    "special populations & general tools": "Special Populations & Universal Tools",
}
DEFAULT_REL_TOL = 0.05


class OfficialDataError(ValueError):
    pass


def _find_table_file(root: Path, table: str) -> Path | None:
    for base in (root, root / "benchmark" / "database" / "data", root / "database" / "data", root / "task_patients",
                 root / "data"):
        for name in (f"{table}.csv", f"{table}.csv.gz"):
            if (base / name).is_file():
                return base / name
    return None


def _csv_rows(path: Path, table: str) -> Iterator[tuple]:
    from .db import schema

    expected = tuple(schema.columns(table))
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", newline="", encoding="utf-8") as fh:  # type: ignore[operator]
        reader = csv.reader(fh)
        header = tuple(next(reader, ()))
        if header != expected:
            missing = [c for c in expected if c not in header]
            extra = [c for c in header if c not in expected]
            raise OfficialDataError(
                f"{path}: line 1: header does not match table {table}'s official columns "
                f"(missing: {missing or 'none'}; unexpected: {extra or 'none'})"
            )
        for lineno, rec in enumerate(reader, start=2):
            if len(rec) != len(expected):
                raise OfficialDataError(f"{path}: line {lineno}: {len(rec)} fields, expected {len(expected)}")
            yield tuple(None if v == "" else v for v in rec)


def find_release_tables(release_dir: Path) -> dict[str, Path]:
    from .db import schema

    return {t: p for t in schema.TABLE_NAMES if (p := _find_table_file(release_dir, t)) is not None}


def load_official_release(release_dir: Path, admin_url: str, *, dbname: str = "medmcp_calc_official",
                          force: bool = False) -> dict[str, Any]:
    from .db import schema
    from .db.builder import build_database

    release_dir = Path(release_dir)
    if not release_dir.is_dir():
        raise FileNotFoundError(f"official release folder not found: {release_dir}")
    files = find_release_tables(release_dir)
    if not files:
        raise OfficialDataError(
            f"no table CSVs found under {release_dir} (looked for <table>.csv[.gz] of: {', '.join(schema.TABLE_NAMES)})"
        )

    class _Rows:  # re-iterable, so the builder can hash before loading
        def __init__(self, path: Path, table: str):
            self.path, self.table = path, table

        def __iter__(self):
            return _csv_rows(self.path, self.table)

    tables = {t: _Rows(p, t) for t, p in files.items()}
    info = build_database(admin_url, tables, dbname=dbname, force=force)
    return {
        "dbname": info.dbname, "content_hash": info.content_hash, "row_counts": info.row_counts,
        "loaded_from": {t: str(p) for t, p in files.items()},
        "missing_tables": [t for t in schema.TABLE_NAMES if t not in files],
        "agent_url_env": "MEDMCP_DATABASE_URL",
        "seconds": round(info.seconds, 2),
    }


def _domain(category: str) -> str:
    parts = [p.strip() for p in str(category).split("/")]
    key = parts[1].lower() if len(parts) > 1 else ""
    return DOMAIN_MAP.get(key, parts[1] if len(parts) > 1 else "")


def _required_entry(ans: dict) -> dict[str, Any]:
    from .calculators import get, match_name

    name = str(ans.get("name", ""))
    value = ans.get("final_answer")
    cid = match_name(name)
    entry: dict[str, Any] = {"calc_id": cid or name, "name": name, "value": value, "unit": ""}
    if isinstance(value, bool):
        entry["kind"] = "boolean"
    elif isinstance(value, (int, float)):
        entry["kind"] = "number"
        if cid:
            out = get(cid).output
            entry["abs_tol"], entry["rel_tol"] = out.abs_tol, out.rel_tol
            if out.abs_tol == 0 and out.rel_tol == 0:
                entry["rel_tol"] = DEFAULT_REL_TOL
        else:
            entry["rel_tol"] = DEFAULT_REL_TOL
    else:
        entry["kind"] = "category"
        entry["value"] = "" if value is None else str(value)
    return entry


def official_task_row(obj: dict) -> dict[str, Any]:
    for key in ("task_id", "patient_id", "fuzzy_question", "calculator_answers"):
        if key not in obj:
            raise OfficialDataError(f"missing key {key!r}")
    if not isinstance(obj["calculator_answers"], list):
        raise OfficialDataError("'calculator_answers' must be a list")
    category = str(obj.get("task_category", ""))
    parts = [p.strip() for p in category.split("/")]
    return {
        "task_id": str(obj["task_id"]),
        "split": "official",
        "domain": _domain(category),
        "specialty": parts[2] if len(parts) > 2 else "",
        "scenario": str(obj.get("task_scenario", "")),
        "patient_id": str(obj["patient_id"]),
        "question": str(obj["fuzzy_question"]),
        "prompt": OFFICIAL_PREFIX.format(patient_id=obj["patient_id"]) + str(obj["fuzzy_question"]),
        "ground_truth": {
            "required": [_required_entry(a) for a in obj["calculator_answers"] if isinstance(a, dict)],
            "evidence": [],
            "ea_applicable": False,
        },
    }


def load_official_tasks(path: str | Path) -> list[dict[str, Any]]:
    """Tasks of the official ``tasks.jsonl``; a malformed line raises naming file and line."""
    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"official tasks file not found: {p}")
    rows = []
    with io.open(p, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as e:
                raise OfficialDataError(f"{p}: line {lineno}: not valid JSON ({e.msg} at column {e.colno})") from None
            if not isinstance(obj, dict):
                raise OfficialDataError(f"{p}: line {lineno}: expected a JSON object")
            try:
                rows.append(official_task_row(obj))
            except OfficialDataError as e:
                raise OfficialDataError(f"{p}: line {lineno}: {e}") from None
    return rows
