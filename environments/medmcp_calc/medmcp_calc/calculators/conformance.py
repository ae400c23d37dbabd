"""Conformance of the calculator library against MedCalc-Bench labels.

    python -m medmcp_calc.calculators.conformance medcalc-bench --out docs/conformance/medcalc_bench.md

Every row of ``v1_test_dev.csv`` (MedCalc-Bench v1.0 test rows) is recomputed from its
``Relevant Entities`` with :func:`medmcp_calc.calculators.compute_medcalc_bench` and compared

- with the row's own label (``Lower Limit``/``Upper Limit``; dates exact, (weeks, days) exact,
  integer-scored calculators by equality), and
- with the physician-corrected label of the same ``Unique ID`` in ``v1_corrected_dev.csv``
  (``N/A`` there means the correctors dropped the row: no corrected label).

The headline number is our agreement on rows where the original and corrected labels agree with
each other; on rows where they disagree we report which of the two we match. Every row where we
disagree with a label is listed with its cause: a label error, a convention, or (fixed) our bug.

The third-party CSVs are read from ``$MEDCALC_SHARED_DIR/data/medcalc_bench`` (default: the
``shared/`` folder next to the repository); they are never copied into the repository.
"""
from __future__ import annotations

import argparse
import ast
import csv
import datetime as _dt
import math
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

DATE_IDS = frozenset({13, 68})
WEEKS_DAYS_IDS = frozenset({69})
INTEGER_IDS = frozenset({4, 15, 16, 17, 18, 20, 21, 25, 27, 28, 29, 32, 33, 36, 43, 45, 48, 51})

REPO = Path(__file__).resolve().parents[4]
NOTES_2_29 = REPO / "docs" / "conformance" / "medcalc_bench_notes_2-29.md"


def shared_data_dir() -> Path:
    """``<shared>/data``: $MEDCALC_SHARED_DIR, else ``../shared`` next to the repository."""
    env = os.environ.get("MEDCALC_SHARED_DIR")
    base = Path(env) if env else REPO.parent / "shared"
    return base / "data"


# ---------------------------------------------------------------- labels ---------------------------------------
@dataclass(frozen=True)
class Label:
    """One label of a row: the answer and its accepted band (already parsed)."""

    answer: Any  # float | str (MM/DD/YYYY) | int (days, for ID 69)
    lower: Any
    upper: Any


def _num(s: str) -> float | None:
    try:
        x = float(str(s).strip())
    except ValueError:
        return None
    return x if math.isfinite(x) else None


def _days_of(s: str) -> int | None:
    """Gestational age label -> total days: "('3 weeks', '4 days')" or a plain day count "25"."""
    s = str(s).strip()
    if not s or s.upper() == "N/A":
        return None
    if s.startswith("("):
        try:
            w, d = ast.literal_eval(s)
            return int(str(w).split()[0]) * 7 + int(str(d).split()[0])
        except (ValueError, SyntaxError, TypeError, IndexError):
            return None
    x = _num(s)
    return None if x is None else int(round(x))


def _date_of(s: str) -> str | None:
    s = str(s).strip()
    for fmt in ("%m/%d/%Y", "%Y-%m-%d", "%m-%d-%Y"):
        try:
            return _dt.datetime.strptime(s, fmt).strftime("%m/%d/%Y")
        except ValueError:
            pass
    return None


def parse_label(calc_id: int, answer: str, lower: str, upper: str) -> Label | None:
    """A row's label, or None when absent (``N/A``) or unreadable."""
    if str(answer).strip().upper() in ("", "N/A", "NA", "NONE"):
        return None
    if calc_id in DATE_IDS:
        d = _date_of(answer)
        return None if d is None else Label(d, d, d)
    if calc_id in WEEKS_DAYS_IDS:
        d = _days_of(answer)
        return None if d is None else Label(d, d, d)
    a, lo, hi = _num(answer), _num(lower), _num(upper)
    if a is None:
        return None
    if calc_id in INTEGER_IDS:
        return Label(a, a, a)
    if lo is None or hi is None:
        lo = hi = a
    return Label(a, min(lo, hi), max(lo, hi))


def ours_as_label_value(calc_id: int, value: Any) -> Any:
    """Our answer in the label's comparison space (days for ID 69)."""
    if calc_id in WEEKS_DAYS_IDS:
        if isinstance(value, (tuple, list)) and len(value) == 2:
            return int(value[0]) * 7 + int(value[1])
        return None
    if calc_id in DATE_IDS:
        return _date_of(value) if isinstance(value, str) else None
    return value


def agrees(calc_id: int, value: Any, label: Label | None) -> bool | None:
    """Whether ``value`` (already in label space) agrees with ``label``; None without a label."""
    if label is None:
        return None
    if value is None:
        return False
    if calc_id in DATE_IDS or calc_id in WEEKS_DAYS_IDS:
        return value == label.answer
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if calc_id in INTEGER_IDS:
        return float(value) == float(label.answer)
    eps = 1e-9 * max(1.0, abs(label.lower), abs(label.upper))
    return label.lower - eps <= float(value) <= label.upper + eps


def labels_agree(calc_id: int, a: Label | None, b: Label | None) -> bool | None:
    """Original and corrected labels agree when each answer lies in the other's band."""
    if a is None or b is None:
        return None
    return bool(agrees(calc_id, a.answer, b)) and bool(agrees(calc_id, b.answer, a))


# ---------------------------------------------------------------- rows -----------------------------------------
@dataclass
class RowResult:
    uid: str
    calc_id: int
    calc_name: str
    entities: dict
    original: Label | None
    corrected: Label | None
    has_corrected_row: bool
    ours: Any = None  # our answer as returned by compute_medcalc_bench
    error: str | None = None  # set when we could not compute (not implemented, bad input)
    implemented: bool = True
    match_original: bool | None = None
    match_corrected: bool | None = None
    labels_agree: bool | None = None
    note: tuple[str, str] | None = None  # (cause, explanation) from the notes table

    @property
    def ours_display(self) -> str:
        if self.error is not None:
            return f"error: {self.error}"
        v = self.ours
        if isinstance(v, float):
            return f"{v:g}"
        return str(v)


def load_rows(data_dir: Path | None = None) -> list[dict]:
    """Rows of v1_test_dev.csv joined with v1_corrected_dev.csv (keys ``corrected_*``; absent -> None)."""
    d = (data_dir or shared_data_dir()) / "medcalc_bench"
    orig_path, corr_path = d / "v1_test_dev.csv", d / "v1_corrected_dev.csv"
    if not orig_path.is_file():
        raise FileNotFoundError(f"MedCalc-Bench rows not found at {orig_path} (set MEDCALC_SHARED_DIR)")
    csv.field_size_limit(1 << 24)
    corrected: dict[str, dict] = {}
    if corr_path.is_file():
        with corr_path.open(newline="", encoding="utf-8") as f:
            corrected = {r["Unique ID"]: r for r in csv.DictReader(f)}
    out = []
    with orig_path.open(newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            c = corrected.get(r["Unique ID"])
            r = dict(r)
            r["corrected"] = c
            out.append(r)
    return out


def evaluate_rows(rows: Iterable[dict]) -> list[RowResult]:
    from . import CalculatorError, UnknownCalculatorError, compute_medcalc_bench

    try:
        from .conformance_notes import ROW_NOTES
    except ImportError:  # pragma: no cover - the notes table is part of the package
        ROW_NOTES = {}
    results = []
    for r in rows:
        cid = int(r["Calculator ID"])
        ents = ast.literal_eval(r["Relevant Entities"])
        orig = parse_label(cid, r["Ground Truth Answer"], r["Lower Limit"], r["Upper Limit"])
        c = r.get("corrected")
        corr = parse_label(cid, c["Ground Truth Answer"], c["Lower Limit"], c["Upper Limit"]) if c else None
        rr = RowResult(str(r["Unique ID"]), cid, r["Calculator Name"], ents, orig, corr, c is not None)
        try:
            rr.ours = compute_medcalc_bench(cid, ents)
        except UnknownCalculatorError as e:
            rr.implemented, rr.error = False, str(e)
        except (CalculatorError, ValueError, KeyError, TypeError, ZeroDivisionError) as e:
            rr.error = f"{type(e).__name__}: {e}"
        ours = None if rr.error else ours_as_label_value(cid, rr.ours)
        if rr.implemented:
            rr.match_original = agrees(cid, ours, orig)
            rr.match_corrected = agrees(cid, ours, corr)
        rr.labels_agree = labels_agree(cid, orig, corr)
        rr.note = ROW_NOTES.get(rr.uid)
        results.append(rr)
    return results


def evaluate(data_dir: Path | None = None) -> list[RowResult]:
    return evaluate_rows(load_rows(data_dir))


def verified_one_shot(data_dir: Path | None = None) -> list[tuple[int, Any, str, bool]]:
    """(calculator id, ours, label, agrees) for the 55 MedCalc-Bench-Verified one-shot rows ([] when absent)."""
    from . import CalculatorError, compute_medcalc_bench

    path = (data_dir or shared_data_dir()) / "medcalc_bench" / "verified_one_shot.csv"
    if not path.is_file():
        return []
    out = []
    with path.open(newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            cid = int(r["Calculator ID"])
            label = parse_label(cid, r["Ground Truth Answer"], r["Lower Limit"], r["Upper Limit"])
            try:
                ours = compute_medcalc_bench(cid, ast.literal_eval(r["Relevant Entities"]))
            except (CalculatorError, ValueError, KeyError, TypeError) as e:
                ours = f"error: {e}"
            ok = bool(agrees(cid, ours_as_label_value(cid, ours), label))
            out.append((cid, ours, r["Ground Truth Answer"], ok))
    return out


# ---------------------------------------------------------------- summary --------------------------------------
@dataclass
class CalcSummary:
    calc_id: int
    name: str
    rows: int = 0
    implemented: bool = True
    match_original: int = 0
    with_corrected: int = 0
    match_corrected: int = 0
    both_agree: int = 0
    match_on_agree: int = 0
    disagree: int = 0
    disagree_ours_orig: int = 0
    disagree_ours_corr: int = 0
    disagree_neither: int = 0
    errors: int = 0
    calculator: str = ""
    names: list[str] = field(default_factory=list)


def summarise(results: list[RowResult]) -> dict[int, CalcSummary]:
    out: dict[int, CalcSummary] = {}
    for r in results:
        s = out.setdefault(r.calc_id, CalcSummary(r.calc_id, r.calc_name))
        s.rows += 1
        if not r.implemented:
            s.implemented = False
            continue
        s.errors += r.error is not None
        s.match_original += bool(r.match_original)
        if r.corrected is not None:
            s.with_corrected += 1
            s.match_corrected += bool(r.match_corrected)
        if r.labels_agree:
            s.both_agree += 1
            s.match_on_agree += bool(r.match_original)
        elif r.labels_agree is False:
            s.disagree += 1
            if r.match_original:
                s.disagree_ours_orig += 1
            elif r.match_corrected:
                s.disagree_ours_corr += 1
            else:
                s.disagree_neither += 1
    return out


def agreement_on_agreeing_rows(results: list[RowResult]) -> tuple[int, int]:
    """(matched, total) over implemented rows whose original and corrected labels agree."""
    rows = [r for r in results if r.implemented and r.labels_agree]
    return sum(bool(r.match_original) for r in rows), len(rows)


def disagreements(results: list[RowResult]) -> list[RowResult]:
    """Implemented rows where we miss the original label or the corrected label."""
    return [r for r in results if r.implemented and (r.match_original is False or r.match_corrected is False)]


def _cause(r: RowResult) -> tuple[str, str]:
    if r.note:
        return r.note
    try:
        from .conformance_notes import CALC_NOTES
    except ImportError:  # pragma: no cover
        CALC_NOTES = {}
    if r.labels_agree is False and r.match_original and not r.match_corrected:
        return ("label disagreement",
                "the corrected label differs from the original; from the row's Relevant Entities we reproduce the "
                "original (the correctors re-read inputs from the note or chose another convention)"
                + (f" — {CALC_NOTES[r.calc_id][1]}" if r.calc_id in CALC_NOTES else ""))
    if r.labels_agree is False and r.match_corrected and not r.match_original:
        return ("label error (original)",
                "the corrected label agrees with us; the original label's arithmetic or reading is wrong"
                + (f" — {CALC_NOTES[r.calc_id][1]}" if r.calc_id in CALC_NOTES else ""))
    if r.calc_id in CALC_NOTES:
        return CALC_NOTES[r.calc_id]
    if 2 <= r.calc_id <= 29 and NOTES_2_29.is_file():
        return ("see notes 2-29", "explained per row in the notes on calculators 2-29 below")
    if r.error:
        return ("our bug?", "we could not compute this row: " + r.error)
    return ("unexplained", "no cause recorded yet")


def _fmt_label(calc_id: int, lab: Label | None) -> str:
    if lab is None:
        return "—"
    if calc_id in WEEKS_DAYS_IDS:
        return f"{lab.answer // 7}w{lab.answer % 7}d"
    if calc_id in DATE_IDS or calc_id in INTEGER_IDS:
        a = lab.answer
        return f"{int(a)}" if isinstance(a, float) and a.is_integer() else str(a)
    return f"{lab.answer:g} [{lab.lower:.4g}, {lab.upper:.4g}]"


def _pct(a: int, b: int) -> str:
    return "—" if b == 0 else f"{a}/{b} ({100.0 * a / b:.1f}%)"


def render_report(results: list[RowResult], notes_2_29: str | None = None,
                  verified: list[tuple[int, Any, str, bool]] | None = None) -> str:
    summ = summarise(results)
    m, n = agreement_on_agreeing_rows(results)
    impl = [r for r in results if r.implemented]
    lines = [
        "# Conformance vs MedCalc-Bench (v1.0 test rows, original and corrected labels)",
        "",
        "Generated by `python -m medmcp_calc.calculators.conformance medcalc-bench --out docs/conformance/medcalc_bench.md`;",
        "checked by `tests/calculators/test_medcalc_bench_conformance.py`. Each row of the 698-row dev split of the",
        "MedCalc-Bench v1.0 test set is recomputed from its `Relevant Entities` by our calculators and compared with",
        "the original label's band `[Lower Limit, Upper Limit]` (dates exact; gestational age as (weeks, days);",
        "integer-scored calculators by equality) and with the physician-corrected label of the same `Unique ID`",
        "(Ye et al. 2025). `N/A` corrected labels (rows the correctors dropped) count as no corrected label.",
        "",
        "## Summary",
        "",
        f"- Rows: {len(results)}; rows of implemented calculators: {len(impl)}; calculators: {len(summ)} "
        f"({sum(s.implemented for s in summ.values())} implemented).",
        f"- **Agreement on rows where the original and corrected labels agree: {_pct(m, n)}** (goal ≥ 99%).",
        f"- Agreement with the original label, all implemented rows: "
        f"{_pct(sum(bool(r.match_original) for r in impl), sum(r.original is not None for r in impl))}.",
        f"- Agreement with the corrected label, rows that have one: "
        f"{_pct(sum(bool(r.match_corrected) for r in impl), sum(r.corrected is not None for r in impl))}.",
    ]
    dis = [r for r in impl if r.labels_agree is False]
    if dis:
        lines.append(
            f"- Rows where the two labels disagree: {len(dis)}; we match the original on "
            f"{sum(bool(r.match_original) for r in dis)}, the corrected on {sum(bool(r.match_corrected) for r in dis)}, "
            f"neither on {sum(not r.match_original and not r.match_corrected for r in dis)}."
        )
    missing = [s for s in summ.values() if not s.implemented]
    if missing:
        lines.append("- Not implemented yet (rows skipped): " + ", ".join(f"{s.calc_id} {s.name}" for s in missing) + ".")
    lines += [
        "",
        "## Per calculator",
        "",
        "Columns: rows; agreement with the original label; with the corrected label (rows that have one);",
        "agreement on rows where both labels agree; on rows where the labels disagree, how many we match",
        "original / corrected / neither.",
        "",
        "| ID | Calculator | Rows | vs original | vs corrected | both labels agree | labels disagree: orig / corr / neither |",
        "|---:|---|---:|---|---|---|---|",
    ]
    for cid in sorted(summ):
        s = summ[cid]
        if not s.implemented:
            lines.append(f"| {cid} | {s.name} | {s.rows} | not implemented | | | |")
            continue
        lines.append(
            f"| {cid} | {s.name} | {s.rows} | {_pct(s.match_original, s.rows)} | {_pct(s.match_corrected, s.with_corrected)} "
            f"| {_pct(s.match_on_agree, s.both_agree)} | {s.disagree_ours_orig} / {s.disagree_ours_corr} / {s.disagree_neither} |"
        )
    lines += [
        "",
        "## Every disagreement, with its cause",
        "",
        "A row is listed when our answer misses the original label or the corrected label. Causes: **label error**",
        "(the label's arithmetic or reading of the inputs is wrong by the published definition), **convention**",
        "(the label follows a different but stated or defensible convention), **our bug** (fixed; none may remain).",
        "",
        "| Unique ID | Calc | Ours | Original | Corrected | Labels agree | Cause | Explanation |",
        "|---:|---:|---|---|---|---|---|---|",
    ]
    for r in sorted(disagreements(results), key=lambda r: (r.calc_id, int(r.uid) if r.uid.isdigit() else 0)):
        cause, why = _cause(r)
        o = ("✓ " if r.match_original else "✗ ") + _fmt_label(r.calc_id, r.original)
        c = "—" if r.corrected is None else ("✓ " if r.match_corrected else "✗ ") + _fmt_label(r.calc_id, r.corrected)
        ag = {True: "yes", False: "no", None: "—"}[r.labels_agree]
        ours = r.ours_display.replace("|", "\\|")
        lines.append(f"| {r.uid} | {r.calc_id} | {ours} | {o} | {c} | {ag} | {cause} | {why.replace('|', '/')} |")
    try:
        from .conformance_notes import CALC_NOTES
    except ImportError:  # pragma: no cover
        CALC_NOTES = {}
    if CALC_NOTES:
        lines += ["", "## Conventions by calculator", ""]
        for cid in sorted(CALC_NOTES):
            cause, why = CALC_NOTES[cid]
            lines.append(f"- **{cid}** ({cause}): {why}")
    if verified:
        lines += ["", "## MedCalc-Bench-Verified one-shot examples", "",
                  f"The 55 one-shot rows of MedCalc-Bench-Verified (one per calculator, some with other key spellings): "
                  f"{sum(v[3] for v in verified)}/{len(verified)} agree."]
        for cid, ours, label, ok in verified:
            if not ok:
                lines.append(f"- ID {cid}: ours {ours!r}, label {label!r}"
                             + (" — convention: the Verified label adds 280 days; the ID-13 adapter uses Naegele's "
                                "calendar form as the corrected v1 labels do (see notes 2–29)" if cid == 13 else ""))
    try:
        from .conformance_notes import FIXED_BUGS
    except ImportError:  # pragma: no cover
        FIXED_BUGS = ()
    if FIXED_BUGS:
        lines += ["", "## Our bugs found by this check (all fixed)", ""]
        lines += [f"- {b}" for b in FIXED_BUGS]
    if notes_2_29:
        body = notes_2_29.strip()
        if body.startswith("# "):  # demote the notes' own title under our heading
            body = "#" + body
        lines += ["", "## Notes on calculators 2–29", "", body]
    lines += [
        "",
        "## Data",
        "",
        "MedCalc-Bench (Khandekar et al., NeurIPS 2024 Datasets & Benchmarks, CC-BY-SA 4.0) and the corrected labels",
        "(Ye et al., arXiv 2512.19691) are third-party data read from `../shared/data/medcalc_bench/`; they are not",
        "part of this repository.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m medmcp_calc.calculators.conformance",
                                description="Conformance reports of the calculator library.")
    sub = p.add_subparsers(dest="cmd", required=True)
    mb = sub.add_parser("medcalc-bench", help="recompute MedCalc-Bench dev rows and write the Markdown report")
    mb.add_argument("--out", help="write the report here (default: print it)")
    mb.add_argument("--shared", help="folder holding data/medcalc_bench (default: $MEDCALC_SHARED_DIR or ../shared)")
    mb.add_argument("--notes", default=str(NOTES_2_29), help="notes on IDs 2-29 to merge into the report")
    a = p.parse_args(argv)
    data_dir = Path(a.shared) / "data" if a.shared else None
    try:
        results = evaluate(data_dir)
    except FileNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    notes = Path(a.notes).read_text(encoding="utf-8") if a.notes and Path(a.notes).is_file() else None
    report = render_report(results, notes, verified_one_shot(data_dir))
    if a.out:
        Path(a.out).parent.mkdir(parents=True, exist_ok=True)
        Path(a.out).write_text(report, encoding="utf-8")
        m, n = agreement_on_agreeing_rows(results)
        print(f"wrote {a.out}: agreement on label-agreeing rows {_pct(m, n)}")
    else:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
