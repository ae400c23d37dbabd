"""MDRD study equation (4-variable, IDMS-traceable creatinine)."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, EHRSource, Input, Output, register
from ..officials import find_field, official_bool, official_sex, official_text, official_value
from . import _mcb_reader as mcb
from .ckd_epi import gfr_stage


def mdrd(age: float, sex: str, creatinine_mg_dl: float, black_race: bool) -> float:
    """GFR = 175 x Scr^-1.154 x age^-0.203 x 0.742 [female] x 1.212 [Black]."""
    g = 175.0 * creatinine_mg_dl ** -1.154 * age ** -0.203
    if sex == "female":
        g *= 0.742
    if black_race:
        g *= 1.212
    return g


def _interpret(value: float, **_: object) -> str:
    return "KDIGO GFR category " + gfr_stage(value)


def _black_from_official(inputs: list) -> bool:
    if find_field(inputs, ("race", "black")) is None:
        return False
    try:
        return official_bool(inputs, ("race", "black"))
    except Exception:
        return "black" in official_text(inputs, ("race", "black")).lower()


MDRD = Calculator(
    id="mdrd_gfr",
    name="MDRD GFR Equation",
    aliases=("MDRD", "MDRD eGFR", "Modification of Diet in Renal Disease equation", "4-variable MDRD"),
    domains=(INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Estimates GFR (mL/min/1.73 m^2) with the 4-variable MDRD study equation (IDMS-standardised creatinine).",
    inputs=(
        Input("age", "Age", unit="years", min=15, max=120,
              description="developed in adults (>= 18); ages 15-17 are computed but extrapolated",
              ehr=EHRSource("demographic", ("age",))),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("gender",))),
        Input("creatinine_mg_dl", "Serum creatinine", unit="mg/dL", min=0.1, max=30,
              ehr=EHRSource("lab", ("Creatinine", "Serum creatinine", "Cr"), "mg/dL")),
        Input("black_race", "Black race (the equation's race coefficient)", kind="bool", optional=True,
              default=False, ehr=EHRSource("demographic", ("race",))),
    ),
    output=Output("number", unit="mL/min/1.73m^2", decimals=1, abs_tol=1.0, rel_tol=0.05),
    compute=mdrd,
    interpret=_interpret,
    citation="Levey AS, Coresh J, Greene T, et al. Using standardized serum creatinine values in the Modification "
             "of Diet in Renal Disease study equation for estimating glomerular filtration rate. "
             "Ann Intern Med. 2006;145(4):247-254.",
    reference="""# MDRD GFR Equation (4-variable, IDMS-traceable)

**Purpose.** Estimates GFR indexed to 1.73 m^2 from serum creatinine, age, sex and race. It was
the reporting standard before CKD-EPI and is still used in older protocols and drug studies.
It underestimates GFR above ~60 mL/min/1.73 m^2; CKD-EPI 2021 is preferred today.

**When to use.** Adults with stable creatinine, when a protocol specifies MDRD.

**Inputs.** Age (years), sex, serum creatinine (mg/dL), Black race (yes/no).

**Formula (IDMS-calibrated creatinine).**
GFR = 175 x Scr^-1.154 x age^-0.203 x 0.742 (if female) x 1.212 (if Black).
(The original 1999 constant 186 applies to non-standardised creatinine.)

**Interpretation (KDIGO categories).** G1 >= 90; G2 60-89; G3a 45-59; G3b 30-44; G4 15-29;
G5 < 15 mL/min/1.73 m^2.

**Reference.** Levey AS et al. Ann Intern Med. 2006;145(4):247-254 (original: Levey AS et al.
Ann Intern Med. 1999;130:461-470).
""",
    medcalc_bench_id=9,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "sex": mcb.sex(e),
        "creatinine_mg_dl": mcb.number(e, "creatinine", "mg/dL", analyte="creatinine"),
        "black_race": str(mcb.get(e, ("Race", "race")) or "").strip().lower().startswith(("black", "african")),
    },
    official_names=(),
    from_official=lambda inputs: {
        "age": official_value(inputs, ("age",)),
        "sex": official_sex(inputs),
        "creatinine_mg_dl": official_value(inputs, ("serum creatinine", "creatinine"), "mg/dL", analyte="creatinine"),
        "black_race": _black_from_official(inputs),
    },
)

register(MDRD)
