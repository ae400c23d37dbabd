"""The original-vs-corrected label agreement report."""
from __future__ import annotations

from collections import Counter

from medcalc_bench.labels_report import compare, main, report
from medcalc_rubrics.medcalc_bench import format_ground_truth, grade


def test_report_counts_are_consistent(shared_dir, tmp_path):
    d = shared_dir / "medcalc_bench"
    entries = compare(str(d / "v1_test_dev.csv"), str(d / "v1_corrected_dev.csv"))
    counts = Counter(e["status"] for e in entries)
    assert sum(counts.values()) == 698
    assert counts["agree"] > 0 and counts["disagree"] > 0 and counts["unanswerable"] > 0 and counts["absent"] > 0
    # an agreeing row's original label grades correct against the corrected label; a date that moved does not
    agree = next(e for e in entries if e["status"] == "agree" and e["calculator_id"] == 2)
    assert agree["corrected"] is not None
    moved = next(e for e in entries if e["status"] == "disagree" and e["calculator_id"] == 13)
    assert not grade(13, format_ground_truth(13, moved["original"]), moved["corrected"], moved["corrected"], moved["corrected"]).correct
    text = report(entries, "a.csv", "b.csv")
    assert f"{counts['agree']} agree, {counts['disagree']} disagree" in text
    out = tmp_path / "r.md"
    main(["--original", str(d / "v1_test_dev.csv"), "--corrected", str(d / "v1_corrected_dev.csv"), "--out", str(out)])
    assert out.read_text().startswith("# MedCalc-Bench: original vs corrected labels")
