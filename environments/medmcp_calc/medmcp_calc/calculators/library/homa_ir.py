"""HOMA-IR: fasting insulin x fasting glucose / 405 (mg/dL units)."""
from __future__ import annotations

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from ._entities import num

INSULIN = Input("insulin", "Fasting insulin", unit="uIU/mL", min=0.1, max=1000,
                ehr=EHRSource("lab", ("Insulin", "Fasting insulin"), "uIU/mL", note="pmol/L / 6 = uIU/mL"))
GLUCOSE = Input("glucose", "Fasting glucose", unit="mg/dL", min=10, max=1500,
                ehr=EHRSource("lab", ("Glucose", "Fasting glucose", "GLU"), "mg/dL"))


def _interpret(value: float, **_: object) -> str:
    if value < 1.0:
        return "HOMA-IR < 1: insulin sensitive"
    if value <= 2.5:
        return "HOMA-IR 1-2.5: within the usual reference range (cut-offs vary by population)"
    return "HOMA-IR > 2.5: suggests insulin resistance (population-specific cut-offs 2.0-3.0)"


HOMA_IR = Calculator(
    id="homa_ir",
    name="HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)",
    aliases=("HOMA-IR", "HOMA IR", "homeostatic model assessment", "HOMA insulin resistance"),
    domains=(INTERNAL,),
    specialty="Endocrinology",
    purpose="Estimates insulin resistance from fasting insulin and glucose.",
    inputs=(INSULIN, GLUCOSE),
    output=Output("number", unit=None, decimals=2, abs_tol=0.1, rel_tol=0.05),
    compute=lambda insulin, glucose: insulin * glucose / 405.0,
    interpret=_interpret,
    citation=("Matthews DR, Hosker JP, Rudenski AS, Naylor BA, Treacher DF, Turner RC. Homeostasis model "
              "assessment: insulin resistance and beta-cell function from fasting plasma glucose and insulin "
              "concentrations in man. Diabetologia. 1985;28(7):412-419."),
    reference="""# HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)

**Purpose.** A single-number estimate of insulin resistance from one fasting blood sample,
derived from a model of glucose-insulin feedback.

**When to use.** Research and clinical screening for insulin resistance (metabolic syndrome,
PCOS, NAFLD, prediabetes). Not valid in people taking insulin.

**Inputs.** Fasting insulin (µIU/mL; pmol/L ÷ 6); fasting glucose (mg/dL; mmol/L × 18).

**Formula.** HOMA-IR = insulin (µIU/mL) × glucose (mg/dL) / 405
(equivalently insulin × glucose (mmol/L) / 22.5).

**Interpretation.** About 1 in healthy lean adults; values above ~2.5 (cut-offs 2.0-3.0 vary by
population and assay) suggest insulin resistance.

**Reference.** Matthews DR et al. Diabetologia. 1985;28(7):412-419.
""",
    medcalc_bench_id=31,
    from_medcalc_bench=lambda e: {
        "insulin": num(e, "Insulin", "uIU/mL", analyte="insulin"),
        "glucose": num(e, "Glucose", "mg/dL", analyte="glucose", fix=GLUCOSE),
    },
    official_names=("HOMA-IR (Homeostatic Model Assessment for Insulin Resistance)",),
    from_official=lambda inputs: {
        "insulin": official_value(inputs, ("insulin",), "uIU/mL", analyte="insulin"),
        "glucose": official_value(inputs, ("glucose",), "mg/dL", analyte="glucose"),
    },
)

register(HOMA_IR)
