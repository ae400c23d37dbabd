"""Adjusted body weight: IBW + 0.4 x (actual weight - IBW), IBW by the Devine formula."""
from __future__ import annotations

from ..base import CRITICAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_sex, official_value
from ._entities import num, sex

SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",)))
WEIGHT = Input("weight_kg", "Actual body weight", unit="kg", min=0.3, max=400, ehr=EHRSource("vital", ("weight",), "kg"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=100, max=260, ehr=EHRSource("vital", ("height",), "cm"),
               description="the Devine IBW formula is defined for adults (height above ~152 cm / 60 in)")

CM_PER_IN = 2.54


def devine_ibw(sex: str, height_cm: float) -> float:
    """Ideal body weight (Devine 1974): 50 kg (men) or 45.5 kg (women) + 2.3 kg per inch over 60 in."""
    base = 50.0 if sex == "male" else 45.5
    return base + 2.3 * (height_cm / CM_PER_IN - 60.0)


def _abw(sex: str, weight_kg: float, height_cm: float) -> tuple[float, dict]:
    ibw = devine_ibw(sex, height_cm)
    return ibw + 0.4 * (weight_kg - ibw), {"ideal_body_weight_kg": round(ibw, 1),
                                           "percent_of_ibw": round(100.0 * weight_kg / ibw, 1)}


def _interpret(value: float, sex: str, weight_kg: float, height_cm: float, **_: object) -> str:
    ibw = devine_ibw(sex, height_cm)
    ratio = weight_kg / ibw
    if ratio > 1.2:
        return (f"actual weight is {100 * ratio:.0f}% of IBW (>120%): adjusted body weight is the usual dosing "
                "weight for drugs such as aminoglycosides and for Cockcroft-Gault in obesity")
    return (f"actual weight is {100 * ratio:.0f}% of IBW (<=120%): adjusted weight is rarely needed; "
            "use ideal or actual weight as the drug protocol says")


ADJUSTED_BODY_WEIGHT = Calculator(
    id="adjusted_body_weight",
    name="Adjusted Body Weight",
    aliases=("AdjBW", "ABW", "dosing weight", "adjusted weight", "IBW and AdjBW"),
    domains=(SPECIAL, CRITICAL),
    specialty="Clinical Pharmacology / Critical Care",
    purpose="A dosing weight between ideal and actual weight for obese patients.",
    inputs=(SEX, WEIGHT, HEIGHT),
    output=Output("number", unit="kg", decimals=1, abs_tol=0.5, rel_tol=0.02),
    compute=_abw,
    interpret=_interpret,
    citation=("Devine BJ. Gentamicin therapy. Drug Intell Clin Pharm. 1974;8:650-655 (IBW). "
              "Bauer LA. Applied Clinical Pharmacokinetics. McGraw-Hill; 2001 (0.4 correction factor for "
              "aminoglycoside dosing in obesity)."),
    reference="""# Adjusted Body Weight

**Purpose.** In obesity, lean mass and extracellular water rise less than total weight. Adjusted
body weight (AdjBW) adds 40% of the excess over ideal body weight, giving a dosing weight for
drugs that distribute partly into fat (aminoglycosides, some antivirals) and for Cockcroft-Gault
creatinine clearance in obese patients.

**When to use.** Adults whose actual weight exceeds about 120% of ideal body weight (or BMI ≥ 30).

**Inputs.** Sex, actual body weight (kg), height (cm).

**Formula.**
- Ideal body weight (Devine): men 50 kg + 2.3 kg × (height in inches − 60); women 45.5 kg + 2.3 kg ×
  (height in inches − 60). Height in inches = cm / 2.54.
- AdjBW = IBW + 0.4 × (actual weight − IBW).

**Interpretation.** AdjBW lies between IBW and actual weight. When actual weight is below IBW the
formula still gives a value between the two; most protocols then dose on actual weight.

**References.** Devine BJ. Drug Intell Clin Pharm. 1974;8:650-655. Bauer LA. Applied Clinical
Pharmacokinetics (the 0.4 factor).
""",
    medcalc_bench_id=62,
    from_medcalc_bench=lambda e: {"sex": sex(e), "weight_kg": num(e, "weight", "kg"), "height_cm": num(e, "height", "cm")},
    official_names=("Ideal Body Weight and Adjusted Body Weight",),
    from_official=lambda inputs: {
        "sex": official_sex(inputs),
        "weight_kg": official_value(inputs, ("actual body weight", "weight"), "kg"),
        "height_cm": official_value(inputs, ("height",), "cm"),
    },
)

register(ADJUSTED_BODY_WEIGHT)
