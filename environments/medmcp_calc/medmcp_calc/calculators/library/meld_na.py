"""MELD-Na score (UNOS/OPTN 2016 policy)."""
from __future__ import annotations

import math

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register, round_half_away
from ..officials import find_field, official_bool, official_value
from . import _mcb_reader as mcb


def _meld_na(creatinine_mg_dl: float, bilirubin_mg_dl: float, inr: float, sodium: float, dialysis: bool):
    cr = 4.0 if dialysis else min(max(creatinine_mg_dl, 1.0), 4.0)
    bili = max(bilirubin_mg_dl, 1.0)
    i = max(inr, 1.0)
    na = min(max(sodium, 125.0), 137.0)
    meld_i = 0.957 * math.log(cr) + 0.378 * math.log(bili) + 1.120 * math.log(i) + 0.643
    meld = round_half_away(meld_i, 1) * 10.0  # OPTN: round MELD(i) to the tenth, then x 10
    details = {"meld": round(meld), "creatinine_used": cr, "bilirubin_used": bili, "inr_used": i, "sodium_used": na}
    if meld > 11:
        meld = meld + 1.32 * (137.0 - na) - 0.033 * meld * (137.0 - na)
    return min(round_half_away(meld, 0), 40.0), details


def _interpret(value: int, **_: object) -> str:
    if value < 10:
        mort = "1.9%"
    elif value < 20:
        mort = "6.0%"
    elif value < 30:
        mort = "19.6%"
    elif value < 40:
        mort = "52.6%"
    else:
        mort = "71.3%"
    return f"estimated 3-month mortality ~{mort} (MELD band)"


def _dialysis_official(inputs: list) -> bool:
    if find_field(inputs, ("dialysis",)) is None:
        return False
    return official_bool(inputs, ("dialysis",))


MELD_NA = Calculator(
    id="meld_na",
    name="MELD Na (UNOS/OPTN)",
    aliases=("MELD-Na", "MELDNa", "MELD sodium", "Model for End-Stage Liver Disease sodium",
             "MELD Na score", "MELD-Na Score"),
    domains=(INTERNAL, CRITICAL),
    specialty="Hepatology / Transplant",
    purpose="Estimates 90-day mortality in end-stage liver disease and ranks transplant candidates (UNOS/OPTN 2016 MELD-Na).",
    inputs=(
        Input("creatinine_mg_dl", "Serum creatinine", unit="mg/dL", min=0.1, max=30,
              ehr=EHRSource("lab", ("Creatinine", "Serum creatinine"), "mg/dL")),
        Input("bilirubin_mg_dl", "Total bilirubin", unit="mg/dL", min=0.1, max=80,
              ehr=EHRSource("lab", ("Total bilirubin", "Bilirubin"), "mg/dL")),
        Input("inr", "INR", min=0.5, max=20, ehr=EHRSource("lab", ("INR",))),
        Input("sodium", "Serum sodium", unit="mmol/L", min=90, max=200,
              ehr=EHRSource("lab", ("Sodium", "Na"), "mmol/L")),
        Input("dialysis", "Dialysis >= 2 times, or CVVHD >= 24 h, in the past week", kind="bool", optional=True,
              default=False, ehr=EHRSource("order", ("hemodialysis", "CRRT", "CVVHD"))),
    ),
    output=Output("score", unit="points"),
    compute=_meld_na,
    interpret=_interpret,
    citation="Kim WR, Biggins SW, Kremers WK, et al. Hyponatremia and mortality among patients on the "
             "liver-transplant waiting list. N Engl J Med. 2008;359(10):1018-1026; OPTN policy 9 (2016).",
    reference="""# MELD-Na (UNOS/OPTN)

**Purpose.** Ranks adults awaiting liver transplantation by 90-day mortality; adding sodium
to MELD captures the excess risk of hyponatraemia. Used 2016-2023 for US allocation (now MELD 3.0).

**When to use.** Adults (>= 12 y) with end-stage liver disease; prognosis before TIPS or surgery.

**Inputs and bounds.** Creatinine, bilirubin, INR: values < 1.0 are set to 1.0; creatinine
capped at 4.0, and set to 4.0 with dialysis >= 2 times (or CVVHD >= 24 h) in the past week.
Sodium bounded to 125-137 mmol/L.

**Formula.**
1. MELD(i) = 0.957 x ln(Cr) + 0.378 x ln(bilirubin) + 1.120 x ln(INR) + 0.643;
   round to the tenth and multiply by 10 -> MELD.
2. If MELD > 11: MELD-Na = MELD + 1.32 x (137 - Na) - 0.033 x MELD x (137 - Na).
3. Round to a whole number; maximum 40.

**Interpretation (approximate 3-month mortality).** < 10: 1.9%; 10-19: 6.0%; 20-29: 19.6%;
30-39: 52.6%; >= 40: 71.3%.

**Reference.** Kim WR et al. N Engl J Med. 2008;359:1018-1026; OPTN/UNOS Policy 9.
""",
    medcalc_bench_id=23,
    from_medcalc_bench=lambda e: {
        "creatinine_mg_dl": mcb.number(e, "creatinine", "mg/dL", analyte="creatinine"),
        "bilirubin_mg_dl": mcb.number(e, "Bilirubin", "mg/dL", analyte="bilirubin"),
        "inr": mcb.number(e, "international normalized ratio"),
        "sodium": mcb.number(e, "Sodium", "mmol/L", analyte="sodium"),
        "dialysis": mcb.any_flag(e, "Dialysis at least twice in the past week",
                                 "Continuous veno-venous hemodialysis for ≥24 hours in the past week"),
    },
    official_names=("MELD Na (UNOS/OPTN)", "MELDNa/MELD-Na Score for Liver Cirrhosis"),
    from_official=lambda inputs: {
        "creatinine_mg_dl": official_value(inputs, ("creatinine",), "mg/dL", analyte="creatinine"),
        "bilirubin_mg_dl": official_value(inputs, ("bilirubin",), "mg/dL", analyte="bilirubin"),
        "inr": official_value(inputs, ("inr",)),
        "sodium": official_value(inputs, ("sodium",), "mmol/L", analyte="sodium"),
        "dialysis": _dialysis_official(inputs),
    },
)

register(MELD_NA)
