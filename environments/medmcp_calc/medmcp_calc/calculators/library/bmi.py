"""Body Mass Index (Quetelet index)."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ..units import value_in


def _bmi(weight_kg: float, height_cm: float) -> float:
    m = height_cm / 100.0
    return weight_kg / (m * m)


def _interpret(value: float, **_: object) -> str:
    if value < 18.5:
        return "underweight (<18.5 kg/m^2)"
    if value < 25:
        return "normal weight (18.5-24.9 kg/m^2)"
    if value < 30:
        return "overweight (25-29.9 kg/m^2)"
    return "obese (>=30 kg/m^2)"


WEIGHT = Input("weight_kg", "Body weight", unit="kg", min=0.3, max=400,
               ehr=EHRSource("vital", ("weight",), "kg"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=20, max=260,
               ehr=EHRSource("vital", ("height",), "cm"))

BMI = Calculator(
    id="bmi",
    name="Body Mass Index (BMI)",
    aliases=("BMI", "Quetelet index", "body mass index", "BMI Calculator (Body Mass Index)"),
    domains=(SPECIAL, INTERNAL),
    specialty="General Medicine",
    purpose="Relates body weight to height to classify underweight, normal weight, overweight and obesity.",
    inputs=(WEIGHT, HEIGHT),
    output=Output("number", unit="kg/m^2", decimals=1, abs_tol=0.1, rel_tol=0.01),
    compute=_bmi,
    interpret=_interpret,
    citation="Keys A, Fidanza F, Karvonen MJ, Kimura N, Taylor HL. Indices of relative weight and obesity. "
             "J Chronic Dis. 1972;25(6):329-343.",
    reference="""# Body Mass Index (BMI)

**Purpose.** A screening measure of body size that relates weight to height. It is used to
classify adults as underweight, normal weight, overweight or obese and feeds other tools
(weight-based dosing choices, ideal vs adjusted body weight).

**When to use.** Adults, when an estimate of adiposity or a weight category is needed.
Not a measure of body composition: muscular patients and oedema mislead it.

**Inputs.** Weight (kg), height (cm).

**Formula.** BMI = weight (kg) / height (m)^2.

**Interpretation (WHO adult categories).**
| BMI (kg/m^2) | Category |
|---|---|
| < 18.5 | Underweight |
| 18.5 - 24.9 | Normal weight |
| 25.0 - 29.9 | Overweight |
| >= 30 | Obese (class I 30-34.9, II 35-39.9, III >= 40) |

**Reference.** Keys A et al. Indices of relative weight and obesity. J Chronic Dis. 1972.
""",
    medcalc_bench_id=6,
    from_medcalc_bench=lambda e: {
        "weight_kg": value_in(e["weight"], "kg", name="weight"),
        "height_cm": value_in(e["height"], "cm", name="height"),
    },
    # exact strings of the official calculator_frequency.tsv (the official answers report the BMI)
    official_names=("BMI Calculator (Body Mass Index and BSA)", "BMI and BSA (Mosteller)"),
    from_official=lambda inputs: {
        "weight_kg": official_value(inputs, ("weight",), "kg"),
        "height_cm": official_value(inputs, ("height",), "cm"),
    },
)

register(BMI)
