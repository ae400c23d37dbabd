"""Corrected QT interval: Fridericia, Framingham, Hodges, Rautaharju, and a formula-selectable QTc.

RR interval (s) = 60 / heart rate (beats/min).
    Fridericia   QTc = QT / RR^(1/3)
    Framingham   QTc = QT + 154 * (1 - RR)            (ms)
    Hodges       QTc = QT + 1.75 * (HR - 60)          (ms)
    Rautaharju   QTc = QT * (120 + HR) / 180
    Bazett       QTc = QT / RR^(1/2)                  (only inside the selectable "qtc" calculator;
                                                        MedCalc-Bench ID 11 is its own module)
"""
from __future__ import annotations

import re
from typing import Callable

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_value, parse_number_unit
from ._entities import num

HR = Input("heart_rate", "Heart rate", unit="beats/min", min=20, max=300,
           ehr=EHRSource("vital", ("heart_rate",), "beats/min"))
QT = Input("qt_interval", "Measured QT interval", unit="ms", min=100, max=900,
           ehr=EHRSource("exam", ("ECG", "electrocardiogram", "QT interval"), "ms",
                         note="ECG report of examination_report; QT in ms"))


def _rr(hr: float) -> float:
    return 60.0 / hr


FORMULAS: dict[str, Callable[[float, float], float]] = {
    "bazett": lambda qt, hr: qt / _rr(hr) ** 0.5,
    "fridericia": lambda qt, hr: qt / _rr(hr) ** (1.0 / 3.0),
    "framingham": lambda qt, hr: qt + 154.0 * (1.0 - _rr(hr)),
    "hodges": lambda qt, hr: qt + 1.75 * (hr - 60.0),
    "rautaharju": lambda qt, hr: qt * (120.0 + hr) / 180.0,
}


def _interpret(value: float, **_: object) -> str:
    if value >= 500:
        return "markedly prolonged QTc (>=500 ms): high risk of torsades de pointes"
    if value > 460:
        return "prolonged QTc (>460 ms; >450 ms is already prolonged in men)"
    if value > 450:
        return "borderline-prolonged QTc (>450 ms: prolonged for men, upper normal for women)"
    if value < 350:
        return "short QTc (<350 ms): consider short-QT syndrome, hypercalcaemia, digoxin"
    return "normal QTc (350-450 ms)"


def _mcb(e: dict) -> dict:
    return {
        "heart_rate": num(e, ("Heart Rate or Pulse", "heart rate"), "/min"),
        "qt_interval": num(e, ("QT interval", "QT"), "ms"),
    }


def _official_qt(inputs: list) -> float:
    entry = find_field(inputs, ("measured qt interval", "qt interval", "qt"), exclude=("qtc", "corrected"))
    if entry is None:
        raise CalculatorInputError("official inputs have no QT interval field")
    text = str(entry.get("value", ""))
    n, unit = parse_number_unit(text)
    if "box" in text.lower() or (unit or "").lower() in ("mm", "small"):
        # small boxes (1 mm each): duration = boxes * 1000 / paper speed (mm/s)
        speed = 25.0
        sp = find_field(inputs, ("paper speed",))
        if sp is not None:
            speed = parse_number_unit(sp.get("value"))[0]
        return n * 1000.0 / speed
    if unit and unit.lower() in ("s", "sec", "seconds"):
        return n * 1000.0
    return n


def _official(inputs: list) -> dict:
    return {
        "heart_rate": official_value(inputs, ("heart rate", "pulse", "hr"), "/min"),
        "qt_interval": _official_qt(inputs),
    }


_CITES = {
    "bazett": "Bazett HC. An analysis of the time-relations of electrocardiograms. Heart. 1920;7:353-370.",
    "fridericia": ("Fridericia LS. Die Systolendauer im Elektrokardiogramm bei normalen Menschen und bei "
                   "Herzkranken. Acta Med Scand. 1920;53:469-486."),
    "framingham": ("Sagie A, Larson MG, Goldberg RJ, Bengtson JR, Levy D. An improved method for adjusting the QT "
                   "interval for heart rate (the Framingham Heart Study). Am J Cardiol. 1992;70(7):797-801."),
    "hodges": ("Hodges M, Salerno D, Erlien D. Bazett's QT correction reviewed: evidence that a linear QT "
               "correction for heart rate is better. J Am Coll Cardiol. 1983;1(2):694."),
    "rautaharju": ("Rautaharju PM, Mason JW, Akiyama T. New age- and sex-specific criteria for QT prolongation "
                   "based on rate correction formulas that minimize bias at the upper normal limits. "
                   "Int J Cardiol. 2014;174(3):535-540."),
}
_FORMULA_TEXT = {
    "bazett": "QTc = QT / √RR",
    "fridericia": "QTc = QT / ∛RR (cube root of the RR interval in seconds)",
    "framingham": "QTc = QT + 154 × (1 − RR) (QT in ms, RR in s)",
    "hodges": "QTc = QT + 1.75 × (HR − 60) (QT in ms, HR in beats/min)",
    "rautaharju": "QTc = QT × (120 + HR) / 180",
}
_NOTES = {
    "fridericia": "A cube-root correction: less over-correction than Bazett at fast heart rates; the usual choice "
                  "for drug-safety QT monitoring.",
    "framingham": "A linear regression correction derived from 5,018 Framingham Heart Study participants.",
    "hodges": "A linear correction on heart rate; among the least rate-dependent formulas over wide heart-rate ranges.",
    "rautaharju": "A rate correction designed to minimise bias at the upper normal limits across heart rates.",
}
_INTERP_TABLE = """| QTc (ms) | Reading |
|---|---|
| < 350 | Short |
| 350 – 450 | Normal |
| > 450 (men) / > 460 (women) | Prolonged |
| ≥ 500 | Markedly prolonged: high risk of torsades de pointes |"""


def _single(key: str, mcb_id: int, title: str, aliases: tuple[str, ...], official: tuple[str, ...] = ()) -> Calculator:
    f = FORMULAS[key]
    return Calculator(
        id=f"qtc_{key}",
        name=title,
        aliases=aliases,
        domains=(INTERNAL, CRITICAL),
        specialty="Cardiology",
        purpose=f"Corrects the measured QT interval for heart rate with the {key.capitalize()} formula.",
        inputs=(HR, QT),
        output=Output("number", unit="ms", decimals=1, abs_tol=5.0, rel_tol=0.02),
        compute=lambda heart_rate, qt_interval: f(qt_interval, heart_rate),
        interpret=_interpret,
        citation=_CITES[key],
        reference=f"""# {title}

**Purpose.** The QT interval shortens as heart rate rises; a corrected QT (QTc) estimates the QT
at 60 beats/min so it can be compared with fixed limits. {_NOTES[key]}

**When to use.** Screening for QT prolongation: QT-prolonging drugs, electrolyte disorders
(hypokalaemia, hypomagnesaemia, hypocalcaemia), syncope, congenital long-QT suspicion.

**Inputs.** Heart rate (beats/min); measured QT interval (ms).

**Formula.** RR interval (s) = 60 / heart rate. {_FORMULA_TEXT[key]}.

**Interpretation.**
{_INTERP_TABLE}

**Reference.** {_CITES[key]}
""",
        medcalc_bench_id=mcb_id,
        from_medcalc_bench=_mcb,
        official_names=official,
        from_official=_official,
    )


QTC_FRIDERICIA = _single("fridericia", 56, "QTc Fridericia",
                         ("QTc Fridericia Calculator", "Fridericia QTc", "Fridericia formula", "QTcF"),
                         ("QTc (Fridericia) Correction Calculator",))
QTC_FRAMINGHAM = _single("framingham", 57, "QTc Framingham",
                         ("QTc Framingham Calculator", "Framingham QTc", "Sagie formula", "QTcFram"))
QTC_HODGES = _single("hodges", 58, "QTc Hodges", ("QTc Hodges Calculator", "Hodges QTc", "Hodges formula", "QTcH"))
QTC_RAUTAHARJU = _single("rautaharju", 59, "QTc Rautaharju",
                         ("QTc Rautaharju Calculator", "Rautaharju QTc", "Rautaharju formula"))


FORMULA_CHOICE = Input("formula", "Correction formula", kind="choice", choices=tuple(FORMULAS), optional=True,
                       default="bazett", ehr=EHRSource("none"))


def _qtc_any(heart_rate: float, qt_interval: float, formula: str) -> tuple[float, dict]:
    return FORMULAS[formula](qt_interval, heart_rate), {"formula": formula, "rr_interval_s": round(60.0 / heart_rate, 3)}


def _official_any(inputs: list) -> dict:
    out = _official(inputs)
    entry = find_field(inputs, ("formula", "correction formula"))
    if entry is not None:
        text = str(entry.get("value", "")).lower()
        for k in FORMULAS:
            if re.search(k[:5], text):
                out["formula"] = k
                break
    return out


QTC = Calculator(
    id="qtc",
    name="Corrected QT Interval (QTc)",
    aliases=("QTc", "QT correction", "corrected QT", "QTc calculator"),
    domains=(INTERNAL, CRITICAL),
    specialty="Cardiology",
    purpose="Corrects the QT interval for heart rate with a chosen formula (Bazett by default).",
    inputs=(HR, QT, FORMULA_CHOICE),
    output=Output("number", unit="ms", decimals=0, abs_tol=5.0, rel_tol=0.02),
    compute=_qtc_any,
    interpret=lambda value, **_: _interpret(value),
    citation=_CITES["bazett"],
    reference=f"""# Corrected QT Interval (QTc)

**Purpose.** Rate-corrects the measured QT interval with one of the published formulas, so it
can be judged against fixed limits whatever the heart rate.

**When to use.** QT-prolonging drugs, electrolyte disturbances, syncope, suspected long-QT syndrome.
Read the QT in the lead with the longest QT (usually II or V5), from QRS onset to the end of the T wave.
On paper, one small box (1 mm) lasts 40 ms at 25 mm/s (1000 / paper speed ms).

**Inputs.** Heart rate (beats/min); QT interval (ms); formula: bazett (default), fridericia,
framingham, hodges or rautaharju.

**Formulas.** RR (s) = 60 / HR.
- Bazett: {_FORMULA_TEXT['bazett']} (over-corrects at high rates)
- Fridericia: {_FORMULA_TEXT['fridericia']}
- Framingham: {_FORMULA_TEXT['framingham']}
- Hodges: {_FORMULA_TEXT['hodges']}
- Rautaharju: {_FORMULA_TEXT['rautaharju']}

**Interpretation.**
{_INTERP_TABLE}

**References.** {' '.join(_CITES.values())}
""",
    official_names=("Corrected QT Interval (QTc)",),
    from_official=_official_any,
)

register(QTC_FRIDERICIA, QTC_FRAMINGHAM, QTC_HODGES, QTC_RAUTAHARJU, QTC)
