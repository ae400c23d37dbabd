"""Opioid conversion through oral morphine equivalents (ANZCA Faculty of Pain Medicine factors)."""
from __future__ import annotations

import re

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_value
from ._official_util import field_text

# oral morphine equivalent (mg) per mg of each preparation per day
OME_PER_MG = {
    "morphine (oral)": 1.0,
    "oxycodone (oral)": 1.5,
    "hydromorphone (oral)": 5.0,
    "codeine (oral)": 0.13,
    "tramadol (oral)": 0.2,
    "tapentadol (oral)": 0.3,
    "buprenorphine (sublingual)": 40.0,
    "morphine (parenteral)": 3.0,
    "oxycodone (parenteral)": 3.0,
    "hydromorphone (parenteral)": 15.0,
    "codeine (parenteral)": 0.25,
    "pethidine (parenteral)": 0.4,
    "fentanyl (parenteral)": 200.0,  # 0.2 per microgram
}
DRUGS = tuple(OME_PER_MG)


def _convert(from_drug, daily_dose_mg, to_drug, cross_tolerance_reduction_pct):
    if from_drug == to_drug:
        raise CalculatorInputError("inputs 'from_drug' and 'to_drug' are the same preparation; choose a different target")
    ome = daily_dose_mg * OME_PER_MG[from_drug]
    target = ome / OME_PER_MG[to_drug] * (1.0 - cross_tolerance_reduction_pct / 100.0)
    return target, {"oral_morphine_equivalent_mg_day": round(ome, 1),
                    "equianalgesic_dose_before_reduction_mg": round(ome / OME_PER_MG[to_drug], 2)}


_KEYWORDS = {
    "fentanyl (parenteral)": ("fentanyl",), "pethidine (parenteral)": ("pethidine", "meperidine"),
    "buprenorphine (sublingual)": ("buprenorphine",), "tapentadol (oral)": ("tapentadol",), "tramadol (oral)": ("tramadol",),
}


def _drug(text: str) -> str:
    t = text.lower()
    route = "parenteral" if re.search(r"parenteral|intravenous|subcut|injection|\b(iv|sc|im)\b", t) else "oral"
    for drug, kws in _KEYWORDS.items():
        if any(k in t for k in kws):
            return drug
    for name in ("hydromorphone", "oxycodone", "morphine", "codeine"):  # hydromorphone before morphine
        if name in t:
            return f"{name} ({route})"
    raise CalculatorInputError(f"cannot read an opioid preparation from {text!r}")


OPIOID_CONVERSION = Calculator(
    id="opioid_conversion",
    name="Opiate Conversion Calculator (oral morphine equivalents)",
    aliases=("opioid conversion", "opiate conversion", "equianalgesic conversion", "opioid rotation calculator"),
    domains=(CRITICAL, INTERNAL),
    specialty="Pain Medicine",
    purpose="Converts a total daily opioid dose into an equianalgesic daily dose of another opioid or route.",
    inputs=(
        Input("from_drug", "Current opioid and route", kind="choice", choices=DRUGS, ehr=EHRSource("order", DRUGS)),
        Input("daily_dose_mg", "Total daily dose of the current opioid", unit="mg/day", min=0.001, max=100000,
              description="fentanyl in mg too (e.g. 1.2 mg = 1200 micrograms)", ehr=EHRSource("order", DRUGS)),
        Input("to_drug", "Target opioid and route", kind="choice", choices=DRUGS, ehr=EHRSource("none")),
        Input("cross_tolerance_reduction_pct", "Reduction for incomplete cross-tolerance", unit="%", min=0, max=75,
              optional=True, default=0.0, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mg/day", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_convert,
    interpret=lambda v, to_drug="", cross_tolerance_reduction_pct=0, **_: (
        f"about {v:g} mg/day of {to_drug}"
        + ("" if cross_tolerance_reduction_pct else "; reduce by 25-50% for incomplete cross-tolerance when switching drugs")),
    citation="Faculty of Pain Medicine, Australian and New Zealand College of Anaesthetists. PS01(PM) Appendix: Opioid "
             "dose equivalence - calculation of oral morphine equivalent daily dose (oMEDD). ANZCA; 2021.",
    reference="""# Opiate Conversion (oral morphine equivalents)

**Purpose.** Estimates the daily dose of a new opioid (or route) that matches the analgesic effect of the current one,
by converting through the oral morphine equivalent daily dose (oMEDD).

**When to use.** Opioid rotation or route change in patients on regular opioids. Not for methadone or transdermal
patches (use dedicated tables).

**Inputs.** Current preparation and its total daily dose (mg; fentanyl in mg), target preparation, and an optional
percentage reduction for incomplete cross-tolerance.

**Formula.** oMEDD = daily dose x factor(current); new daily dose = oMEDD / factor(target) x (1 - reduction).

| Preparation | oMEDD factor (per mg) |
|---|---|
| Morphine oral | 1 |
| Oxycodone oral | 1.5 |
| Hydromorphone oral | 5 |
| Codeine oral | 0.13 |
| Tramadol oral | 0.2 |
| Tapentadol oral | 0.3 |
| Buprenorphine sublingual | 40 |
| Morphine parenteral | 3 |
| Oxycodone parenteral | 3 |
| Hydromorphone parenteral | 15 |
| Codeine parenteral | 0.25 |
| Pethidine parenteral | 0.4 |
| Fentanyl parenteral | 0.2 per microgram (200 per mg) |

**Interpretation.** Equianalgesic tables are approximations; when switching between drugs, start 25-50% lower and
titrate, with closer monitoring in the elderly and in renal or hepatic impairment.

**Reference.** ANZCA Faculty of Pain Medicine. Opioid dose equivalence (PS01(PM) Appendix), 2021.
""",
    official_names=("Opiate Conversion Calculator",),
    from_official=lambda inputs: {
        "from_drug": _drug(field_text(inputs, ("converting from",))),
        "daily_dose_mg": official_value(inputs, ("total daily drug dosage", "total daily drug dosage mg", "daily dose", "dose")),
        "to_drug": _drug(field_text(inputs, ("converting to",))),
    },
)

register(OPIOID_CONVERSION)
