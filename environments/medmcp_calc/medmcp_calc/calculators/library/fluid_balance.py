"""Body fluid balance from recorded intakes and outputs."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register

INTAKES = (("iv_fluids_ml", "Intravenous fluids and infusions"), ("oral_ml", "Oral intake"),
           ("enteral_ml", "Enteral (tube) feeds"), ("blood_products_ml", "Blood products"),
           ("other_intake_ml", "Other intake (flushes, medications)"))
OUTPUTS = (("urine_ml", "Urine output"), ("stool_ml", "Stool"), ("emesis_ml", "Emesis / gastric aspirate"),
           ("drains_ml", "Drains, tubes and ostomies"), ("other_output_ml", "Other measured losses (e.g. CRRT net removal)"),
           ("insensible_ml", "Estimated insensible losses"))


def _balance(**kw):
    intake = sum(kw[n] for n, _ in INTAKES)
    output = sum(kw[n] for n, _ in OUTPUTS)
    return intake - output, {"total_intake_ml": intake, "total_output_ml": output}


FLUID_BALANCE = Calculator(
    id="body_fluid_balance",
    name="Body Fluid Balance Calculator by Inputs and Outputs",
    aliases=("fluid balance", "intake and output balance", "I&O balance", "net fluid balance"),
    domains=(INTERNAL, SPECIAL),
    specialty="Critical Care",
    purpose="Net fluid balance over a period: all recorded intakes minus all recorded and estimated outputs.",
    inputs=tuple(Input(n, label, unit="mL", min=0, max=100000, optional=True, default=0.0,
                       ehr=EHRSource("order", ())) for n, label in INTAKES + OUTPUTS),
    output=Output("number", unit="mL", decimals=0, abs_tol=1),
    compute=_balance,
    interpret=lambda v, **_: ("positive balance (net gain) of %g mL" % v if v > 0 else
                              "negative balance (net loss) of %g mL" % -v if v < 0 else "even balance"),
    citation="Malbrain MLNG, Marik PE, Witters I, et al. Fluid overload, de-resuscitation, and outcomes in critically ill "
             "or injured patients: a systematic review with suggestions for clinical practice. Anaesthesiol Intensive Ther. "
             "2014;46(5):361-380.",
    reference="""# Body Fluid Balance (Intake and Output)

**Purpose.** Sums what a patient received and lost over a charting period (usually 24 h) to give the
net fluid balance; cumulative positive balance is linked to worse outcomes in critical illness.

**When to use.** Hospitalised patients on IV fluids, in AKI, heart failure or the ICU.

**Inputs (mL, any may be 0).** Intakes: IV fluids and infusions, oral, enteral feeds, blood products, other.
Outputs: urine, stool, emesis/gastric aspirate, drains/ostomies, other measured losses, estimated insensible
losses (often ~10 mL/kg/day in afebrile adults, more with fever or tachypnoea).

**Formula.** Net balance = total intake - total output.

**Interpretation.** Positive values are net gain, negative values net loss. Interpret the cumulative balance
together with weight, haemodynamics and exam.

**Reference.** Malbrain MLNG et al. Anaesthesiol Intensive Ther. 2014;46:361-380.
""",
    official_names=("Body Fluid Balance Calculator by Inputs and Outputs",),
)

register(FLUID_BALANCE)
