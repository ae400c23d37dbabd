"""Mean arterial pressure from systolic and diastolic pressure."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import official_value
from . import _mcb_reader as mcb


def _map(sbp: float, dbp: float) -> float:
    if dbp > sbp:
        raise CalculatorInputError(f"input 'dbp' (Diastolic blood pressure, mmHg) = {dbp} exceeds 'sbp' = {sbp}")
    return (sbp + 2.0 * dbp) / 3.0


def _interpret(value: float, **_: object) -> str:
    if value < 65:
        return "MAP < 65 mmHg: below the usual perfusion target (shock, sepsis resuscitation)"
    if value <= 100:
        return "MAP 65-100 mmHg: usual range"
    return "MAP > 100 mmHg: elevated"


MAP = Calculator(
    id="mean_arterial_pressure",
    name="Mean Arterial Pressure (MAP)",
    aliases=("MAP", "mean arterial pressure", "mean blood pressure"),
    domains=(CRITICAL, INTERNAL, NEURO, SPECIAL),
    specialty="Critical Care / Cardiology",
    purpose="Average arterial pressure over one cardiac cycle, estimated from systolic and diastolic pressure.",
    inputs=(
        Input("sbp", "Systolic blood pressure", unit="mmHg", min=20, max=300,
              ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
        Input("dbp", "Diastolic blood pressure", unit="mmHg", min=5, max=250,
              ehr=EHRSource("vital", ("diastolic_bp",), "mmHg")),
    ),
    output=Output("number", unit="mmHg", decimals=0, abs_tol=1.0, rel_tol=0.02),
    compute=_map,
    interpret=_interpret,
    citation="Sesso HD, Stampfer MJ, Rosner B, et al. Systolic and diastolic blood pressure, pulse pressure, and "
             "mean arterial pressure as predictors of cardiovascular disease risk in men. Hypertension. "
             "2000;36(5):801-807.",
    reference="""# Mean Arterial Pressure (MAP)

**Purpose.** Estimates the average pressure driving organ perfusion over a cardiac cycle.
Diastole lasts about twice as long as systole at normal heart rates, so diastolic pressure is
weighted twice.

**When to use.** Haemodynamic monitoring and resuscitation targets (sepsis: MAP >= 65 mmHg),
cerebral perfusion pressure (CPP = MAP - ICP), vasopressor titration. An arterial line reports
MAP directly; this estimate is for cuff pressures.

**Inputs.** Systolic and diastolic blood pressure (mmHg).

**Formula.** MAP = (SBP + 2 x DBP) / 3 = DBP + (SBP - DBP) / 3.

**Interpretation.** Usual range about 65-100 mmHg; < 65 mmHg suggests inadequate organ perfusion.

**Reference.** Sesso HD et al. Hypertension. 2000;36(5):801-807.
""",
    medcalc_bench_id=5,
    from_medcalc_bench=lambda e: {
        "sbp": mcb.number(e, "Systolic Blood Pressure", "mmHg"),
        "dbp": mcb.number(e, "Diastolic Blood Pressure", "mmHg"),
    },
    official_names=("Mean Arterial Pressure (MAP)",),
    from_official=lambda inputs: {
        "sbp": official_value(inputs, ("systolic",), "mmHg"),
        "dbp": official_value(inputs, ("diastolic",), "mmHg"),
    },
)

register(MAP)
