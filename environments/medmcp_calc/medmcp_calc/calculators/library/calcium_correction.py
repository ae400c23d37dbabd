"""Calcium corrected for albumin (Payne)."""
from __future__ import annotations

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_value
from . import _mcb_reader as mcb


def _corrected(calcium_mg_dl: float, albumin_g_dl: float, normal_albumin_g_dl: float):
    return calcium_mg_dl + 0.8 * (normal_albumin_g_dl - albumin_g_dl)


def _interpret(value: float, **_: object) -> str:
    if value < 8.5:
        return "corrected calcium < 8.5 mg/dL: hypocalcaemia (confirm with ionised calcium)"
    if value <= 10.5:
        return "corrected calcium 8.5-10.5 mg/dL: normal"
    return "corrected calcium > 10.5 mg/dL: hypercalcaemia"


def _from_official(inputs: list) -> dict:
    out = {
        "calcium_mg_dl": official_value(inputs, ("calcium",), "mg/dL", analyte="calcium", exclude=("corrected",)),
        "albumin_g_dl": official_value(inputs, ("albumin",), "g/dL", exclude=("normal",)),
    }
    if find_field(inputs, ("normal albumin",)) is not None:
        out["normal_albumin_g_dl"] = official_value(inputs, ("normal albumin",), "g/dL")
    return out


CALCIUM = Calculator(
    id="calcium_correction_albumin",
    name="Calcium Correction for Hypoalbuminemia and Hyperalbuminemia",
    aliases=("corrected calcium", "albumin-corrected calcium", "Payne formula", "Calcium Correction for Hypoalbuminemia",
             "adjusted calcium"),
    domains=(INTERNAL,),
    specialty="Endocrinology / Nephrology",
    purpose="Adjusts total serum calcium for an abnormal albumin level to estimate the calcium status.",
    inputs=(
        Input("calcium_mg_dl", "Total serum calcium", unit="mg/dL", min=1, max=25,
              ehr=EHRSource("lab", ("Calcium", "Total calcium", "Ca"), "mg/dL", "mmol/L x 4.008 = mg/dL")),
        Input("albumin_g_dl", "Serum albumin", unit="g/dL", min=0.5, max=7,
              ehr=EHRSource("lab", ("Albumin", "Serum albumin", "ALB"), "g/dL", "g/L / 10 = g/dL")),
        Input("normal_albumin_g_dl", "Normal (reference) albumin", unit="g/dL", min=3, max=5.5, optional=True,
              default=4.0, ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mg/dL", decimals=1, abs_tol=0.1, rel_tol=0.02),
    compute=_corrected,
    interpret=_interpret,
    citation="Payne RB, Little AJ, Williams RB, Milner JR. Interpretation of serum calcium in patients with "
             "abnormal serum proteins. Br Med J. 1973;4(5893):643-646.",
    reference="""# Calcium Correction for Hypoalbuminemia (and Hyperalbuminemia)

**Purpose.** About 40% of serum calcium is bound to albumin, so low albumin lowers total calcium
without changing the physiologically active ionised fraction. The correction estimates what the
total calcium would be at a normal albumin.

**When to use.** Interpreting a total calcium when albumin is abnormal and ionised calcium is
not available. Less reliable in critical illness, CKD and acid-base disturbance: measure ionised
calcium there.

**Inputs.** Total calcium (mg/dL; mmol/L x 4.008), albumin (g/dL; g/L / 10), normal albumin
(default 4.0 g/dL).

**Formula.** Corrected Ca (mg/dL) = measured Ca + 0.8 x (normal albumin - measured albumin).

**Interpretation.** Corrected calcium < 8.5 mg/dL: hypocalcaemia; 8.5-10.5: normal;
> 10.5: hypercalcaemia.

**Reference.** Payne RB et al. Br Med J. 1973;4:643-646.
""",
    medcalc_bench_id=7,
    from_medcalc_bench=lambda e: {
        "calcium_mg_dl": mcb.number(e, "Calcium", "mg/dL", analyte="calcium"),
        "albumin_g_dl": mcb.number(e, "Albumin", "g/dL"),
        "normal_albumin_g_dl": 4.0,
    },
    official_names=("Calcium Correction for Hypoalbuminemia and Hyperalbuminemia",),
    from_official=_from_official,
)

register(CALCIUM)
