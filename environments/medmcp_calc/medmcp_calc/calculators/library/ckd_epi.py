"""CKD-EPI 2021 creatinine equation (race-free)."""
from __future__ import annotations

from ..base import INTERNAL, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_sex, official_text, official_value
from . import _mcb_reader as mcb


def ckd_epi_2021(age: float, sex: str, creatinine_mg_dl: float) -> float:
    """eGFR = 142 x min(Scr/k, 1)^a x max(Scr/k, 1)^-1.200 x 0.9938^age x 1.012 [female];
    k = 0.7 (F) / 0.9 (M), a = -0.241 (F) / -0.302 (M)."""
    female = sex == "female"
    k = 0.7 if female else 0.9
    a = -0.241 if female else -0.302
    r = creatinine_mg_dl / k
    egfr = 142.0 * min(r, 1.0) ** a * max(r, 1.0) ** -1.200 * 0.9938 ** age
    return egfr * 1.012 if female else egfr


def gfr_stage(value: float) -> str:
    if value >= 90:
        return "G1 (>= 90): normal or high"
    if value >= 60:
        return "G2 (60-89): mildly decreased"
    if value >= 45:
        return "G3a (45-59): mildly to moderately decreased"
    if value >= 30:
        return "G3b (30-44): moderately to severely decreased"
    if value >= 15:
        return "G4 (15-29): severely decreased"
    return "G5 (< 15): kidney failure"


def _interpret(value: float, **_: object) -> str:
    return "KDIGO GFR category " + gfr_stage(value)


def _from_official(inputs: list) -> dict:
    eq = find_field(inputs, ("equation",))
    if eq is not None:
        txt = official_text(inputs, ("equation",)).lower()
        if "cystatin" in txt or ("2021" not in txt and "2009" in txt):
            raise CalculatorInputError(f"official answer uses another CKD-EPI equation: {txt!r}")
    return {
        "age": official_value(inputs, ("age",)),
        "sex": official_sex(inputs),
        "creatinine_mg_dl": official_value(inputs, ("serum creatinine", "creatinine"), "mg/dL", analyte="creatinine"),
    }


CKD_EPI = Calculator(
    id="ckd_epi_2021",
    name="CKD-EPI Equations for Glomerular Filtration Rate (GFR)",
    aliases=("CKD-EPI", "CKD-EPI 2021", "CKD-EPI creatinine equation", "eGFR CKD-EPI", "2021 CKD-EPI Creatinine",
             "race-free eGFR", "CKD-EPI Equations for Glomerular Filtration Rate"),
    domains=(INTERNAL, SPECIAL),
    specialty="Nephrology",
    purpose="Estimates GFR (mL/min/1.73 m^2) from serum creatinine, age and sex with the 2021 race-free CKD-EPI equation.",
    inputs=(
        Input("age", "Age", unit="years", min=15, max=120,
              description="developed in adults (>= 18); ages 15-17 are computed but extrapolated",
              ehr=EHRSource("demographic", ("age",))),
        Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("gender",))),
        Input("creatinine_mg_dl", "Serum creatinine", unit="mg/dL", min=0.1, max=30,
              ehr=EHRSource("lab", ("Creatinine", "Serum creatinine", "Cr"), "mg/dL",
                            "EHRs often store umol/L: divide by 88.4")),
    ),
    output=Output("number", unit="mL/min/1.73m^2", decimals=1, abs_tol=1.0, rel_tol=0.05),
    compute=ckd_epi_2021,
    interpret=_interpret,
    citation="Inker LA, Eneanya ND, Coresh J, et al. New creatinine- and cystatin C-based equations to estimate "
             "GFR without race. N Engl J Med. 2021;385(19):1737-1749.",
    reference="""# CKD-EPI 2021 Creatinine Equation (eGFR)

**Purpose.** Estimates glomerular filtration rate, indexed to 1.73 m^2 body surface area, from
a standardised serum creatinine. The 2021 refit removed the race coefficient and is the
equation recommended for reporting eGFR in US laboratories.

**When to use.** Adults (>= 18 years) with stable creatinine: CKD detection and staging,
drug-safety checks. Not for AKI with rapidly changing creatinine.

**Inputs.** Age (years), sex, serum creatinine (mg/dL; umol/L / 88.4).

**Formula.**
eGFR = 142 x min(Scr/k, 1)^a x max(Scr/k, 1)^-1.200 x 0.9938^age x 1.012 (if female)
- k = 0.7 (female), 0.9 (male)
- a = -0.241 (female), -0.302 (male)

**Interpretation (KDIGO GFR categories, mL/min/1.73 m^2).**
| Category | eGFR |
|---|---|
| G1 | >= 90 |
| G2 | 60-89 |
| G3a | 45-59 |
| G3b | 30-44 |
| G4 | 15-29 |
| G5 | < 15 |

**Reference.** Inker LA et al. N Engl J Med. 2021;385:1737-1749.
""",
    medcalc_bench_id=3,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "sex": mcb.sex(e),
        "creatinine_mg_dl": mcb.number(e, "creatinine", "mg/dL", analyte="creatinine"),
    },
    official_names=("CKD-EPI Equations for Glomerular Filtration Rate (GFR)",),
    from_official=_from_official,
)

register(CKD_EPI)
