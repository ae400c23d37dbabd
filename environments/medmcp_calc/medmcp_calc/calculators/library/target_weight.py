"""Target body weight for a target BMI: BMI x height(m)^2."""
from __future__ import annotations

from ..base import SPECIAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ._entities import num

TARGET_BMI = Input("target_bmi", "Target body mass index", unit="kg/m^2", min=10, max=60,
                   ehr=EHRSource("none", note="clinician-chosen target"))
HEIGHT = Input("height_cm", "Height", unit="cm", min=20, max=260, ehr=EHRSource("vital", ("height",), "cm"))

TARGET_WEIGHT = Calculator(
    id="target_weight",
    name="Target Weight",
    aliases=("Target body weight", "Goal weight", "weight for target BMI", "target weight from BMI"),
    domains=(SPECIAL, INTERNAL),
    specialty="General Medicine / Nutrition",
    purpose="The body weight at which a patient of given height would have a chosen target BMI.",
    inputs=(TARGET_BMI, HEIGHT),
    output=Output("number", unit="kg", decimals=1, abs_tol=0.5, rel_tol=0.02),
    compute=lambda target_bmi, height_cm: target_bmi * (height_cm / 100.0) ** 2,
    interpret=lambda value, target_bmi, **_: f"weight {value:.1f} kg corresponds to BMI {target_bmi:g} kg/m^2",
    citation=("Keys A, Fidanza F, Karvonen MJ, Kimura N, Taylor HL. Indices of relative weight and obesity. "
              "J Chronic Dis. 1972;25(6):329-343 (the BMI definition inverted)."),
    reference="""# Target Weight

**Purpose.** Turns a target body mass index into a target body weight for a given height — for
weight-loss or weight-gain goals, nutrition plans, and eating-disorder treatment targets.

**When to use.** Setting a goal weight; checking what weight a BMI threshold (18.5, 25, 30)
corresponds to for a patient.

**Inputs.** Target BMI (kg/m²); height (cm).

**Formula.** Target weight (kg) = target BMI × height (m)².

**Interpretation.** The weight at which BMI equals the target; WHO adult bands: < 18.5 underweight,
18.5–24.9 normal, 25–29.9 overweight, ≥ 30 obese.

**Reference.** The BMI (Quetelet index) as defined by Keys A et al. J Chronic Dis. 1972;25:329-343.
""",
    medcalc_bench_id=61,
    from_medcalc_bench=lambda e: {
        "target_bmi": num(e, ("Body Mass Index (BMI)", "target BMI", "BMI"), "kg/m^2"),
        "height_cm": num(e, "height", "cm"),
    },
    from_official=lambda inputs: {
        "target_bmi": official_value(inputs, ("target bmi", "bmi"), "kg/m^2"),
        "height_cm": official_value(inputs, ("height",), "cm"),
    },
)

register(TARGET_WEIGHT)
