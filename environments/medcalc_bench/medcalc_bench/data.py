"""Loading MedCalc-Bench rows: published datasets (online) or a local file (offline).

Every source is normalised to the standard columns (:data:`COLUMNS`); the row id column may be
called ``Row Number`` or ``Unique ID``. Local files: ``.csv``, ``.jsonl``/``.json``, ``.parquet``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

COLUMNS = (
    "Row Number", "Calculator ID", "Calculator Name", "Category", "Output Type", "Note ID", "Note Type",
    "Patient Note", "Question", "Relevant Entities", "Ground Truth Answer", "Lower Limit", "Upper Limit",
    "Ground Truth Explanation",
)
REQUIRED = ("Calculator ID", "Calculator Name", "Patient Note", "Question", "Ground Truth Answer",
            "Lower Limit", "Upper Limit")
CORRECTED_COLUMNS = ("Ground Truth Answer", "Lower Limit", "Upper Limit")

# Published datasets per version (Hugging Face ids). "1.0-corrected" is v1.0 with audited labels
# applied from `corrected_labels_path` (no hub copy is assumed).
DATASET_IDS = {
    "verified": "nsk7153/MedCalc-Bench-Verified",
    "1.2": "ncbi/MedCalc-Bench-v1.2",
    "1.0": "ncbi/MedCalc-Bench-v1.0",
    "1.0-corrected": "ncbi/MedCalc-Bench-v1.0",
}
VERSIONS = tuple(DATASET_IDS)


class DataUnavailable(RuntimeError):
    pass


@dataclass
class Row:
    row_id: str
    calculator_id: int
    calculator_name: str
    category: str
    output_type: str
    note_id: str
    note_type: str
    patient_note: str
    question: str
    ground_truth: str
    lower: str
    upper: str
    explanation: str


def _s(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        if v != v:  # NaN from pandas
            return ""
        return repr(v) if not v.is_integer() else str(int(v))
    return str(v).strip()


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """Rows of a local CSV / JSONL / JSON / parquet file as dicts of strings."""
    p = Path(path).expanduser()
    if not p.is_file():
        raise DataUnavailable(f"data file not found: {p}")
    suffix = p.suffix.lower()
    if suffix == ".csv":
        import csv

        with p.open(newline="", encoding="utf-8") as f:
            return [dict(r) for r in csv.DictReader(f)]
    if suffix in (".jsonl", ".json"):
        text = p.read_text(encoding="utf-8")
        if suffix == ".json" and text.lstrip().startswith("["):
            return list(json.loads(text))
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    if suffix == ".parquet":
        import pandas as pd

        return pd.read_parquet(p).to_dict(orient="records")
    raise DataUnavailable(f"unsupported data file type {suffix!r} ({p}); use .csv, .jsonl, .json or .parquet")


def to_rows(records: list[dict[str, Any]], source: str) -> list[Row]:
    if not records:
        raise DataUnavailable(f"{source} holds no rows")
    cols = set(records[0])
    missing = [c for c in REQUIRED if c not in cols]
    if missing:
        raise DataUnavailable(
            f"{source} lacks the MedCalc-Bench column(s) {missing}; expected the standard columns {list(COLUMNS)}"
        )
    id_col = "Row Number" if "Row Number" in cols else "Unique ID" if "Unique ID" in cols else None
    rows = []
    for i, r in enumerate(records):
        try:
            cid = int(float(_s(r["Calculator ID"])))
        except ValueError:
            raise DataUnavailable(f"{source} row {i + 1}: Calculator ID {r['Calculator ID']!r} is not an integer") from None
        rows.append(Row(
            row_id=_s(r[id_col]) if id_col else str(i + 1), calculator_id=cid,
            calculator_name=_s(r["Calculator Name"]), category=_s(r.get("Category")),
            output_type=_s(r.get("Output Type")), note_id=_s(r.get("Note ID")), note_type=_s(r.get("Note Type")),
            patient_note=_s(r["Patient Note"]), question=_s(r["Question"]),
            ground_truth=_s(r["Ground Truth Answer"]), lower=_s(r["Lower Limit"]), upper=_s(r["Upper Limit"]),
            explanation=_s(r.get("Ground Truth Explanation")),
        ))
    return rows


def load_hub(dataset_id: str, split: str) -> list[dict[str, Any]]:
    try:
        import datasets

        ds = datasets.load_dataset(dataset_id, split=split)
    except Exception as e:  # offline, unknown id, no such split
        raise DataUnavailable(f"could not load {dataset_id!r} (split {split!r}) from the Hugging Face hub: "
                              f"{type(e).__name__}: {str(e)[:300]}") from e
    return [dict(r) for r in ds]


def load_rows(version: str, split: str, data_path: str | None, dataset_id: str | None = None) -> list[Row]:
    """Rows from ``data_path`` when given, else from the hub; a clear error naming both otherwise."""
    if version not in DATASET_IDS:
        raise ValueError(f"version must be one of {list(VERSIONS)}, got {version!r}")
    if data_path:
        return to_rows(read_records(data_path), str(data_path))
    hub_id = dataset_id or DATASET_IDS[version]
    try:
        return to_rows(load_hub(hub_id, split), f"{hub_id}[{split}]")
    except DataUnavailable as e:
        raise DataUnavailable(
            f"MedCalc-Bench data unavailable. Either (1) be online so datasets.load_dataset({hub_id!r}, "
            f"split={split!r}) works, or (2) pass a local file with the standard 14 columns: "
            f"--env.taskset.data-path /path/to/test_data.csv (CSV, JSONL or parquet). Cause: {e}"
        ) from e


def apply_corrections(rows: list[Row], corrected_path: str | None) -> tuple[list[Row], dict[str, int]]:
    """v1.0 rows with audited labels (matched by row id). Rows the audit left out, and rows it marks
    unanswerable (ground truth N/A), are dropped."""
    if not corrected_path:
        raise DataUnavailable(
            "version '1.0-corrected' needs the corrected labels: pass --env.taskset.corrected-labels-path "
            "/path/to/corrected.csv (columns: Unique ID or Row Number, Ground Truth Answer, Lower Limit, Upper Limit)"
        )
    recs = read_records(corrected_path)
    if not recs:
        raise DataUnavailable(f"{corrected_path} holds no rows")
    id_col = "Unique ID" if "Unique ID" in recs[0] else "Row Number" if "Row Number" in recs[0] else None
    if id_col is None or any(c not in recs[0] for c in CORRECTED_COLUMNS):
        raise DataUnavailable(f"{corrected_path}: expected columns Unique ID/Row Number and {list(CORRECTED_COLUMNS)}")
    fixes = {_s(r[id_col]): r for r in recs}
    out, changed, unanswerable = [], 0, 0
    for row in rows:
        fix = fixes.get(row.row_id)
        if fix is None:
            continue
        if _s(fix["Ground Truth Answer"]).upper() in ("", "N/A", "NA", "NAN", "NONE"):
            unanswerable += 1  # the audit found no valid answer for this row
            continue
        new = Row(**{**row.__dict__, "ground_truth": _s(fix["Ground Truth Answer"]),
                     "lower": _s(fix["Lower Limit"]), "upper": _s(fix["Upper Limit"])})
        changed += new.ground_truth != row.ground_truth
        out.append(new)
    return out, {"kept": len(out), "dropped": len(rows) - len(out), "unanswerable": unanswerable,
                 "relabelled": changed}


def one_shot_examples(rows: list[Row]) -> dict[int, Row]:
    """The first row per calculator id."""
    out: dict[int, Row] = {}
    for r in rows:
        out.setdefault(r.calculator_id, r)
    return out
