"""Creatinine clearance by the Cockcroft-Gault equation, with a selectable dosing weight."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_sex, official_value
from . import _mcb_reader as mcb
from .body_weight import adjusted_weight, devine_ibw

WEIGHT_BASES = ("actual", "ideal", "adjusted", "bmi_rule")


def choose_weight(basis: str, sex: str, weight_kg: float, height_cm: float | None) -> tuple[float, dict]:
    """The weight the equation uses, and how it was chosen.

    ``bmi_rule`` (MedCalc-Bench's stated rule): BMI < 18.5 -> actual weight; 18.5-24.9 ->
    min(ideal, actual); >= 25 -> adjusted weight (IBW + 0.4 x (actual - IBW)).
    """
    if basis == "actual":
        return weight_kg, {"weight_used": "actual"}
    if height_cm is None:
        raise CalculatorInputError(
            f"input 'height_cm' (Height, cm) is required when weight_basis is {basis!r} "
            "(ideal/adjusted weight need height)")
    ibw = devine_ibw(sex, height_cm)
    adj = adjusted_weight(ibw, weight_kg)
    info = {"ideal_body_weight_kg": round(ibw, 2), "adjusted_body_weight_kg": round(adj, 2)}
    if basis == "ideal":
        return ibw, {**info, "weight_used": "ideal"}
    if basis == "adjusted":
        return adj, {**info, "weight_used": "adjusted"}
    bmi = weight_kg / (height_cm / 100.0) ** 2
    info["bmi"] = round(bmi, 1)
    if bmi < 18.5:
        return weight_kg, {**info, "weight_used": "actual (BMI < 18.5)"}
    if bmi < 25:
        w = min(ibw, weight_kg)
        return w, {**info, "weight_used": "min(ideal, actual) (BMI 18.5-24.9)"}
    return adj, {**info, "weight_used": "adjusted (BMI >= 25)"}


def cockcroft_gault(age: float, sex: str, weight_kg: float, creatinine_mg_dl: float) -> float:
    crcl = (140.0 - age) * weight_kg / (72.0 * creatinine_mg_dl)
    return crcl * 0.85 if sex == "female" else crcl


def _compute(age: float, sex: str, weight_kg: float, creatinine_mg_dl: float, height_cm: float | None,
             weight_basis: str):
    w, details = choose_weight(weight_basis, sex, weight_kg, height_cm)
    details["weight_kg_used"] = round(w, 2)
    return cockcroft_gault(age, sex, w, creatinine_mg_dl), details


def _interpret(value: float, **_: object) -> str:
    if value >= 90:
        return "CrCl >= 90 mL/min: normal clearance for drug dosing"
    if value >= 60:
        return "CrCl 60-89 mL/min: mildly reduced"
    if value >= 30:
        return "CrCl 30-59 mL/min: moderately reduced; check renal dose adjustments"
    if value >= 15:
        return "CrCl 15-29 mL/min: severely reduced; most renally cleared drugs need adjustment"
    return "CrCl < 15 mL/min: kidney failure range"


def _from_official(inputs: list) -> dict:
    out = {
        "sex": official_sex(inputs),
        "age": official_value(inputs, ("age",)),
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "creatinine_mg_dl": official_value(inputs, ("creatinine",), "mg/dL", analyte="creatinine"),
        "weight_basis": "actual",  # MDCalc-style answers state the weight they used in the Weight field
    }
    if find_field(inputs, ("height",)) is not None:
        out["height_cm"] = official_value(inputs, ("height",), "cm")
    return out


CG = Calculator(
    id="creatinine_clearance_cockcroft_gault",
    name="Creatinine Clearance (Cockcroft-Gault Equation)",
    aliases=("Cockcroft-Gault", "CrCl", "creatinine clearance", "Cockroft-Gault", "CG equation",
             "Cockcroft Gault creatinine clearance"),
    domains=(INTERNAL, SPECIAL),
    specialty="Nephrology / Clinical Pharmacology",
    purpose="Estimates creatinine clearance (mL/min) from age, weight, sex and serum creatinine, mainly for renal drug dosing.",
    inputs=(
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",))),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("gender",))),
        Input("weight_kg", "Actual body weight", unit="kg", min=20, max=400, ehr=EHRSource("vital", ("weight",), "kg")),
        Input("creatinine_mg_dl", "Serum creatinine", unit="mg/dL", min=0.1, max=30,
              ehr=EHRSource("lab", ("Creatinine", "Serum creatinine", "Cr"), "mg/dL",
                            "EHRs often store umol/L: divide by 88.4")),
        Input("height_cm", "Height", unit="cm", min=120, max=250, optional=True,
              description="needed for ideal/adjusted weight and the BMI rule",
              ehr=EHRSource("vital", ("height",), "cm")),
        Input("weight_basis", "Weight used in the equation", kind="choice", choices=WEIGHT_BASES, optional=True,
              default="actual",
              description="'actual' (original equation), 'ideal' (Devine IBW), 'adjusted' (IBW + 0.4 x excess), "
                          "or 'bmi_rule': actual if BMI < 18.5, min(ideal, actual) if BMI 18.5-24.9, adjusted if BMI >= 25",
              ehr=EHRSource("none")),
    ),
    output=Output("number", unit="mL/min", decimals=1, abs_tol=1.0, rel_tol=0.05),
    compute=_compute,
    interpret=_interpret,
    citation="Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. "
             "Nephron. 1976;16(1):31-41.",
    reference="""# Creatinine Clearance (Cockcroft-Gault Equation)

**Purpose.** Estimates creatinine clearance in mL/min (not normalised to body surface area).
Most drug labels express renal dose adjustments in Cockcroft-Gault CrCl, so this remains the
dosing standard even where eGFR (CKD-EPI) is used to stage kidney disease.

**When to use.** Adults with stable kidney function who need renally adjusted drug doses.
Unreliable in rapidly changing creatinine (AKI), extremes of muscle mass, amputees, pregnancy.

**Inputs.** Age (years), sex, weight (kg), serum creatinine (mg/dL; umol/L / 88.4), and height
when a weight other than actual weight is used.

**Formula.**
CrCl (mL/min) = (140 - age) x weight (kg) / (72 x serum creatinine in mg/dL), x 0.85 if female.

**Which weight.** The original study used actual weight. Common practice:
- ideal body weight (Devine) when actual weight is close to ideal;
- adjusted weight = IBW + 0.4 x (actual - IBW) in obesity;
- MedCalc-Bench's rule (option `bmi_rule`): BMI < 18.5 -> actual weight; BMI 18.5-24.9 -> the lower
  of ideal and actual weight; BMI >= 25 -> adjusted weight.

**Interpretation (dosing bands).** >= 90 normal; 60-89 mildly reduced; 30-59 moderately reduced;
15-29 severely reduced; < 15 kidney failure.

**Reference.** Cockcroft DW, Gault MH. Nephron. 1976;16(1):31-41.
""",
    medcalc_bench_id=2,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "sex": mcb.sex(e),
        "weight_kg": mcb.number(e, "weight", "kg"),
        "height_cm": mcb.number(e, "height", "cm"),
        "creatinine_mg_dl": mcb.number(e, "creatinine", "mg/dL", analyte="creatinine"),
        "weight_basis": "bmi_rule",
    },
    official_names=("Creatinine Clearance (Cockcroft-Gault Equation)",),
    from_official=_from_official,
)

register(CG)
