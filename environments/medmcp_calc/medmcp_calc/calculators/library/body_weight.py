"""Ideal body weight (Devine). (Adjusted body weight, MedCalc-Bench ID 62, is ``adjusted_body_weight.py``;
``adjusted_weight`` here serves the Cockcroft-Gault weight rule.)"""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_sex, official_value
from ..units import convert
from . import _mcb_reader as mcb

CM_PER_IN = 2.54


def devine_ibw(sex: str, height_cm: float) -> float:
    """Devine (1974): 50 kg (men) or 45.5 kg (women) + 2.3 kg per inch over 5 feet."""
    base = 50.0 if sex == "male" else 45.5
    return base + 2.3 * (height_cm / CM_PER_IN - 60.0)


def adjusted_weight(ibw_kg: float, actual_kg: float, factor: float = 0.4) -> float:
    """AdjBW = IBW + 0.4 x (actual - IBW)."""
    return ibw_kg + factor * (actual_kg - ibw_kg)


SEX = Input("sex", "Sex", kind="choice", choices=("male", "female"),
            ehr=EHRSource("demographic", ("gender",)))
HEIGHT = Input("height_cm", "Height", unit="cm", min=120, max=250,
               description="Devine's formula is defined for adults; heights under 5 ft (152.4 cm) "
                           "extrapolate below the 50/45.5 kg base.",
               ehr=EHRSource("vital", ("height",), "cm"))


def _ibw(sex: str, height_cm: float):
    return devine_ibw(sex, height_cm), {"height_in": round(height_cm / CM_PER_IN, 2)}


def _interp_ibw(value: float, **_: object) -> str:
    return f"ideal body weight {value:g} kg ({convert(value, 'kg', 'lb'):.1f} lb)"


def _official_sex_height(inputs: list) -> dict:
    return {"sex": official_sex(inputs), "height_cm": official_value(inputs, ("height",), "cm")}


IBW = Calculator(
    id="ideal_body_weight",
    name="Ideal Body Weight (Devine)",
    aliases=("IBW", "ideal body weight", "Devine formula", "ideal weight"),
    domains=(SPECIAL, INTERNAL),
    specialty="Clinical Pharmacology / Nutrition",
    purpose="Estimates ideal body weight from height and sex (Devine formula) for drug dosing and ventilator settings.",
    inputs=(SEX, HEIGHT),
    output=Output("number", unit="kg", decimals=2, abs_tol=0.5, rel_tol=0.02),
    compute=_ibw,
    interpret=_interp_ibw,
    citation="Devine BJ. Gentamicin therapy. Drug Intell Clin Pharm. 1974;8:650-655.",
    reference="""# Ideal Body Weight (Devine)

**Purpose.** A height- and sex-based reference weight. It is used for dosing drugs that
distribute mainly in lean tissue (aminoglycosides, some anaesthetic agents), for lung-protective
tidal volumes (mL/kg of predicted/ideal weight) and as the starting point of adjusted body weight.

**When to use.** Adults (the formula starts at 5 feet = 152.4 cm). It does not describe what a
person should weigh; it is a dosing convention.

**Inputs.** Sex; height (cm or inches).

**Formula (Devine 1974).**
- Men: IBW (kg) = 50 + 2.3 x (height in inches - 60)
- Women: IBW (kg) = 45.5 + 2.3 x (height in inches - 60)

Height in inches = height in cm / 2.54.

**Interpretation.** A weight, not a risk band. Compare with actual weight: actual weight
>= 120% of IBW is the usual trigger for using adjusted body weight.

**Reference.** Devine BJ. Gentamicin therapy. Drug Intell Clin Pharm. 1974;8:650-655.
""",
    medcalc_bench_id=10,
    from_medcalc_bench=lambda e: {"sex": mcb.sex(e), "height_cm": mcb.number(e, "height", "cm")},
    official_names=("Ideal Body Weight",),
    from_official=_official_sex_height,
)

register(IBW)
