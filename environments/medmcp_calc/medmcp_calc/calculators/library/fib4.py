"""Fibrosis-4 (FIB-4) index for liver fibrosis."""
from __future__ import annotations

import math

from ..base import INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_value
from . import _mcb_reader as mcb


def _fib4(age: float, ast: float, alt: float, platelets: float) -> float:
    return age * ast / (platelets * math.sqrt(alt))


def _interpret(value: float, age: float, **_: object) -> str:
    low_cut = 2.0 if age >= 65 else 1.3
    if value < low_cut:
        return f"FIB-4 < {low_cut}: advanced fibrosis unlikely (negative predictive value ~90%)"
    if value <= 2.67:
        return f"FIB-4 {low_cut}-2.67: indeterminate; consider elastography or ELF test"
    if value <= 3.25:
        return "FIB-4 2.67-3.25: advanced fibrosis likely in NAFLD; indeterminate in HCV/HIV"
    return "FIB-4 > 3.25: advanced fibrosis (F3-F4) likely"


FIB4 = Calculator(
    id="fib4",
    name="Fibrosis-4 (FIB-4) Index for Liver Fibrosis",
    aliases=("FIB-4", "FIB4", "Fibrosis-4 index", "FIB-4 score"),
    domains=(INTERNAL,),
    specialty="Hepatology",
    purpose="Non-invasive estimate of advanced liver fibrosis from age, AST, ALT and platelet count.",
    inputs=(
        Input("age", "Age", unit="years", min=1, max=120, ehr=EHRSource("demographic", ("age",))),
        Input("ast", "AST", unit="U/L", min=1, max=20000, ehr=EHRSource("lab", ("AST", "Aspartate aminotransferase"), "U/L")),
        Input("alt", "ALT", unit="U/L", min=1, max=20000, ehr=EHRSource("lab", ("ALT", "Alanine aminotransferase"), "U/L")),
        Input("platelets", "Platelet count", unit="10^9/L", min=0.01, max=2000,
              ehr=EHRSource("lab", ("Platelet count", "PLT"), "10^9/L", "10^3/uL is the same number")),
    ),
    output=Output("number", decimals=2, abs_tol=0.05, rel_tol=0.03),
    compute=_fib4,
    interpret=_interpret,
    citation="Sterling RK, Lissen E, Clumeck N, et al. Development of a simple noninvasive index to predict "
             "significant fibrosis in patients with HIV/HCV coinfection. Hepatology. 2006;43(6):1317-1325.",
    reference="""# Fibrosis-4 (FIB-4) Index

**Purpose.** A blood-test index that triages patients with chronic liver disease (NAFLD/MASLD,
HCV, HBV, HIV co-infection) for advanced fibrosis, so that only indeterminate or high results need
elastography or biopsy.

**When to use.** Adults 35-65 with chronic liver disease (lower accuracy < 35 and > 65 years; a
2.0 lower cut-off is used at >= 65). Not in acute hepatitis (transaminases distort it).

**Inputs.** Age (years), AST (U/L), ALT (U/L), platelets (10^9/L = 10^3/uL).

**Formula.** FIB-4 = age x AST / (platelets x sqrt(ALT)).

**Interpretation.**
| FIB-4 | Reading |
|---|---|
| < 1.30 (< 2.0 if age >= 65) | advanced fibrosis unlikely |
| 1.30-2.67 | indeterminate: elastography / ELF |
| > 2.67 | advanced fibrosis likely (NAFLD cut-off) |
| > 3.25 | advanced fibrosis likely (original HIV/HCV cut-off) |

**Reference.** Sterling RK et al. Hepatology. 2006;43(6):1317-1325.
""",
    medcalc_bench_id=19,
    from_medcalc_bench=lambda e: {
        "age": mcb.age_years(e),
        "ast": mcb.number(e, "Aspartate aminotransferase"),
        "alt": mcb.number(e, "Alanine aminotransferase"),
        "platelets": mcb.count_10e9_per_l(e, ("Platelet count", "platelets")),
    },
    official_names=(),
    from_official=lambda inputs: {
        "age": official_value(inputs, ("age",)),
        "ast": official_value(inputs, ("ast", "aspartate")),
        "alt": official_value(inputs, ("alt", "alanine")),
        "platelets": official_value(inputs, ("platelet",), "10^9/L"),
    },
)

register(FIB4)
