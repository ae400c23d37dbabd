"""Sodium corrected for hyperglycaemia (Hillier 2.4 or Katz 1.6 factor)."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from . import _mcb_reader as mcb

FACTORS = {"hillier": 2.4, "katz": 1.6}


def _corrected(sodium: float, glucose_mg_dl: float, factor: str):
    f = FACTORS[factor]
    return sodium + f * (glucose_mg_dl - 100.0) / 100.0, {"factor_per_100_mg_dl": f}


def _interpret(value: float, **_: object) -> str:
    if value < 135:
        return "corrected sodium < 135 mmol/L: true hyponatraemia beyond the glucose effect"
    if value <= 145:
        return "corrected sodium 135-145 mmol/L: normal once glucose is accounted for"
    return "corrected sodium > 145 mmol/L: hypernatraemia (free-water deficit) masked by hyperglycaemia"


SODIUM_CORRECTION = Calculator(
    id="sodium_correction_hyperglycemia",
    name="Sodium Correction for Hyperglycemia",
    aliases=("corrected sodium", "glucose-corrected sodium", "Hillier correction", "Katz correction",
             "sodium corrected for glucose"),
    domains=(CRITICAL, INTERNAL, SPECIAL),
    specialty="Endocrinology / Critical Care",
    purpose="Corrects the measured serum sodium for the dilution caused by hyperglycaemia.",
    inputs=(
        Input("sodium", "Measured serum sodium", unit="mmol/L", min=90, max=200,
              ehr=EHRSource("lab", ("Sodium", "Na"), "mmol/L")),
        Input("glucose_mg_dl", "Serum glucose", unit="mg/dL", min=10, max=3000,
              ehr=EHRSource("lab", ("Glucose", "Blood glucose", "GLU"), "mg/dL", "mmol/L x 18.016 = mg/dL")),
        Input("factor", "Correction factor", kind="choice", choices=tuple(FACTORS), optional=True, default="hillier",
              description="'hillier': 2.4 mmol/L per 100 mg/dL glucose above 100 (Hillier 1999, MDCalc default); "
                          "'katz': 1.6 (Katz 1973)", ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mmol/L", decimals=1, abs_tol=1.0, rel_tol=0.01),
    compute=_corrected,
    interpret=_interpret,
    citation="Hillier TA, Abbott RD, Barrett EJ. Hyponatremia: evaluating the correction factor for hyperglycemia. "
             "Am J Med. 1999;106(4):399-403; Katz MA. Hyperglycemia-induced hyponatremia -- calculation of "
             "expected serum sodium depression. N Engl J Med. 1973;289(16):843-844.",
    reference="""# Sodium Correction for Hyperglycemia

**Purpose.** Glucose is an effective osmole: as it rises it draws water out of cells and dilutes
serum sodium. The corrected sodium estimates the sodium once glucose normalises, revealing the
true tonicity problem (e.g. hypernatraemia hidden in DKA/HHS).

**When to use.** Hyperglycaemia (DKA, HHS) with abnormal or apparently normal sodium; fluid choice
during treatment. Not needed for pseudohyponatraemia from lipids/proteins (use direct ISE).

**Inputs.** Measured sodium (mmol/L = mEq/L), glucose (mg/dL; mmol/L x 18.016).

**Formulas.**
- Hillier (1999, default): Na_corr = Na + 2.4 x (glucose - 100) / 100
- Katz (1973): Na_corr = Na + 1.6 x (glucose - 100) / 100

**Interpretation.** Corrected Na < 135: hyponatraemia; 135-145: normal; > 145: hypernatraemia.

**Reference.** Hillier TA et al. Am J Med. 1999;106:399-403; Katz MA. N Engl J Med. 1973;289:843-844.
""",
    medcalc_bench_id=26,
    # MedCalc-Bench's explanations use Na + 0.024 x (glucose - 100), i.e. the Hillier 2.4 factor.
    from_medcalc_bench=lambda e: {
        "sodium": mcb.number(e, "Sodium", "mmol/L", analyte="sodium"),
        "glucose_mg_dl": mcb.number(e, "Glucose", "mg/dL", analyte="glucose"),
        "factor": "hillier",
    },
    official_names=("Sodium Correction for Hyperglycemia",),
    from_official=lambda inputs: {
        "sodium": official_value(inputs, ("sodium",), "mmol/L", analyte="sodium"),
        "glucose_mg_dl": official_value(inputs, ("glucose",), "mg/dL", analyte="glucose"),
        "factor": "hillier",
    },
)

register(SODIUM_CORRECTION)
