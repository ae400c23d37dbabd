"""Causes of the MedCalc-Bench rows where our answer differs from a label.

``ROW_NOTES[unique_id] = (cause, explanation)`` for single rows; ``CALC_NOTES[calculator_id]``
for a convention that explains every disagreement of one calculator. Causes: "label error",
"convention", "our bug (fixed)". The conformance report lists every disagreement with the
row note, else the calculator note, else "unexplained" (which the conformance test rejects
on rows where the two labels agree).
"""
from __future__ import annotations

ROW_NOTES: dict[str, tuple[str, str]] = {
}

CALC_NOTES: dict[int, tuple[str, str]] = {
}
