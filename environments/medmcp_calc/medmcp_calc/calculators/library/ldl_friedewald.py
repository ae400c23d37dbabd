"""LDL cholesterol calculated by the Friedewald equation."""
from __future__ import annotations

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ._entities import num

TC = Input("total_cholesterol", "Total cholesterol", unit="mg/dL", min=20, max=1500,
           ehr=EHRSource("lab", ("Total cholesterol", "Cholesterol", "TC", "CHOL"), "mg/dL"))
HDL = Input("hdl", "HDL cholesterol", unit="mg/dL", min=1, max=300,
            ehr=EHRSource("lab", ("HDL cholesterol", "HDL-C", "High-density lipoprotein"), "mg/dL"))
TG = Input("triglycerides", "Triglycerides", unit="mg/dL", min=1, max=10000,
           ehr=EHRSource("lab", ("Triglycerides", "TG", "TRIG"), "mg/dL"))


def _interpret(value: float, triglycerides: float = 0.0, **_: object) -> str:
    if value < 100:
        band = "optimal (<100 mg/dL)"
    elif value < 130:
        band = "near optimal (100-129 mg/dL)"
    elif value < 160:
        band = "borderline high (130-159 mg/dL)"
    elif value < 190:
        band = "high (160-189 mg/dL)"
    else:
        band = "very high (>=190 mg/dL)"
    if triglycerides >= 400:
        band += "; triglycerides >= 400 mg/dL: the Friedewald estimate is unreliable, measure LDL directly"
    return band


LDL = Calculator(
    id="ldl_friedewald",
    name="LDL Calculated (Friedewald)",
    aliases=("LDL Calculated", "Friedewald equation", "Friedewald LDL", "calculated LDL cholesterol", "LDL-C calculated"),
    domains=(INTERNAL,),
    specialty="Cardiology / Lipidology",
    purpose="Estimates LDL cholesterol from total cholesterol, HDL and triglycerides.",
    inputs=(TC, HDL, TG),
    output=Output("number", unit="mg/dL", decimals=1, abs_tol=1.0, rel_tol=0.05),
    compute=lambda total_cholesterol, hdl, triglycerides: total_cholesterol - hdl - triglycerides / 5.0,
    interpret=_interpret,
    citation=("Friedewald WT, Levy RI, Fredrickson DS. Estimation of the concentration of low-density lipoprotein "
              "cholesterol in plasma, without use of the preparative ultracentrifuge. Clin Chem. 1972;18(6):499-502."),
    reference="""# LDL Calculated (Friedewald)

**Purpose.** Estimates LDL cholesterol from a standard lipid panel, avoiding direct measurement.

**When to use.** Cardiovascular risk assessment and lipid-lowering treatment targets, on a
fasting sample. Not valid when triglycerides are ≥ 400 mg/dL (4.5 mmol/L) or in type III
dysbetalipoproteinaemia; less accurate when LDL is very low (< 70 mg/dL).

**Inputs.** Total cholesterol, HDL cholesterol, triglycerides (mg/dL; cholesterol mmol/L × 38.67,
triglycerides mmol/L × 88.57).

**Formula.** LDL = total cholesterol − HDL − triglycerides / 5 (mg/dL; triglycerides/5 estimates VLDL
cholesterol).

**Interpretation (NCEP ATP III).**
| LDL (mg/dL) | Category |
|---|---|
| < 100 | Optimal |
| 100 – 129 | Near optimal |
| 130 – 159 | Borderline high |
| 160 – 189 | High |
| ≥ 190 | Very high |

**Reference.** Friedewald WT, Levy RI, Fredrickson DS. Clin Chem. 1972;18(6):499-502.
""",
    medcalc_bench_id=44,
    from_medcalc_bench=lambda e: {
        "total_cholesterol": num(e, "Total cholesterol", "mg/dL", analyte="cholesterol", fix=TC),
        "hdl": num(e, ("high-density lipoprotein cholesterol", "HDL cholesterol", "HDL"), "mg/dL", analyte="hdl", fix=HDL),
        "triglycerides": num(e, "Triglycerides", "mg/dL", analyte="triglycerides", fix=TG),
    },
    official_names=("LDL Calculated",),
    from_official=lambda inputs: {
        "total_cholesterol": official_value(inputs, ("total cholesterol",), "mg/dL", analyte="cholesterol"),
        "hdl": official_value(inputs, ("hdl",), "mg/dL", analyte="hdl"),
        "triglycerides": official_value(inputs, ("triglycerides", "tg"), "mg/dL", analyte="triglycerides"),
    },
)

register(LDL)
