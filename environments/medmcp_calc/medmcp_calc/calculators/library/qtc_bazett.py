"""QT interval corrected for heart rate, Bazett formula."""
from __future__ import annotations

import math

from ..base import INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_text, official_value, parse_number_unit
from . import _mcb_reader as mcb


def _bazett(qt_ms: float, heart_rate: float):
    rr_s = 60.0 / heart_rate
    return qt_ms / math.sqrt(rr_s), {"rr_interval_s": round(rr_s, 3)}


def _interpret(value: float, **_: object) -> str:
    if value >= 500:
        return "QTc >= 500 ms: markedly prolonged, high risk of torsades de pointes"
    if value > 460:
        return "QTc > 460 ms: prolonged (men > 450, women > 460 ms)"
    if value > 450:
        return "QTc 451-460 ms: prolonged in men, borderline in women"
    if value < 350:
        return "QTc < 350 ms: short QT"
    return "QTc within normal limits"


def _from_official(inputs: list) -> dict:
    f = find_field(inputs, ("formula", "correction formula"))
    if f is not None and "bazett" not in str(f.get("value", "")).lower():
        raise CalculatorInputError(f"official answer uses another QTc formula: {f.get('value')!r}")
    qt_entry = find_field(inputs, ("qt interval", "measured qt interval", "qt"))
    if qt_entry is None:
        raise CalculatorInputError("official inputs have no QT interval")
    text = str(qt_entry.get("value", "")).lower()
    num, unit = parse_number_unit(text)
    if "box" in text:  # small boxes of 1 mm at the paper speed (25 mm/s -> 40 ms per box)
        speed = 25.0
        if find_field(inputs, ("paper speed",)) is not None:
            speed = parse_number_unit(official_text(inputs, ("paper speed",)))[0]
        qt_ms = num * 1000.0 / speed
    elif unit and unit.lower() in {"s", "sec", "seconds"}:
        qt_ms = num * 1000.0
    else:
        qt_ms = num
    return {"qt_ms": qt_ms, "heart_rate": official_value(inputs, ("heart rate",))}


QTC_BAZETT = Calculator(
    id="qtc_bazett",
    name="Corrected QT Interval (QTc) - Bazett Formula",
    aliases=("QTc Bazett", "Bazett QTc", "QTc Bazett Calculator", "Bazett formula", "corrected QT Bazett",
             "QTcB"),
    domains=(INTERNAL,),
    specialty="Cardiology",
    purpose="Corrects the measured QT interval for heart rate (Bazett: QT divided by the square root of RR).",
    inputs=(
        Input("qt_ms", "Measured QT interval", unit="ms", min=150, max=800,
              ehr=EHRSource("exam", ("ECG", "QT interval"), "ms", "examination_report of the ECG")),
        Input("heart_rate", "Heart rate", unit="beats/min", min=20, max=300,
              ehr=EHRSource("vital", ("heart_rate",), "/min", "prefer the ECG's ventricular rate")),
    ),
    output=Output("number", unit="ms", decimals=0, abs_tol=2.0, rel_tol=0.02),
    compute=_bazett,
    interpret=_interpret,
    citation="Bazett HC. An analysis of the time-relations of electrocardiograms. Heart. 1920;7:353-370.",
    reference="""# Corrected QT Interval (QTc), Bazett Formula

**Purpose.** The QT interval shortens as heart rate rises. QTc expresses it at a standard rate
of 60 beats/min so it can be compared with fixed thresholds for drug-induced or congenital
long-QT syndrome.

**When to use.** ECG review before and during QT-prolonging drugs, electrolyte disturbances,
syncope work-up. Bazett over-corrects at fast and under-corrects at slow heart rates; Fridericia
or Framingham are preferred when HR is outside ~60-100.

**Inputs.** Measured QT (ms), heart rate (beats/min). RR (s) = 60 / HR.
(On paper at 25 mm/s, one small box = 40 ms.)

**Formula.** QTc = QT / sqrt(RR in seconds).

**Interpretation.** Prolonged: > 450 ms (men), > 460 ms (women); >= 500 ms markedly prolonged with
high torsades risk; < 350 ms short.

**Reference.** Bazett HC. Heart. 1920;7:353-370.
""",
    medcalc_bench_id=11,
    from_medcalc_bench=lambda e: {
        "qt_ms": mcb.number(e, "QT interval", "ms"),
        "heart_rate": mcb.number(e, "Heart Rate or Pulse", "/min"),
    },
    official_names=(),  # the official "Corrected QT Interval (QTc)" is the formula-selectable `qtc` calculator
    from_official=_from_official,
)

register(QTC_BAZETT)
