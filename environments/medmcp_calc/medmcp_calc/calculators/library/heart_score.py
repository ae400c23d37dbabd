"""HEART score for major adverse cardiac events in chest pain."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from . import _mcb_reader as mcb
from ._official_extra import score_of

HISTORY = ("slightly suspicious", "moderately suspicious", "highly suspicious")
ECG = ("normal", "non-specific repolarization disturbance", "significant st deviation")
TROPONIN = ("<= normal limit", "1-3x normal limit", "> 3x normal limit")


def _heart(history: str, ecg: str, age: float, risk_factors: int, atherosclerotic_disease: bool, troponin: str):
    rf_pts = 2 if (risk_factors >= 3 or atherosclerotic_disease) else 1 if risk_factors >= 1 else 0
    parts = {
        "history": HISTORY.index(history),
        "ecg": ECG.index(ecg),
        "age": 2 if age >= 65 else 1 if age >= 45 else 0,
        "risk_factors": rf_pts,
        "troponin": TROPONIN.index(troponin),
    }
    return sum(parts.values()), parts


def _interpret(value: int, **_: object) -> str:
    if value <= 3:
        return "low risk (0-3): ~0.9-1.7% 6-week MACE; candidate for early discharge"
    if value <= 6:
        return "moderate risk (4-6): ~12-16.6% 6-week MACE; admit for observation and further testing"
    return "high risk (7-10): ~50-65% 6-week MACE; early invasive strategy"


_MCB_RF = (("Hypertension history", "Hypertension"), ("hypercholesterolemia",),
           ("Diabetes mellitus criteria for CCI rule", "Diabetes mellitus"), ("obesity",), ("smoking",),
           ("parent or sibling with Cardiovascular disease before age 65",))


def _mcb_choice(e: dict, key: str, options: tuple[str, ...], table: dict[str, str]) -> str:
    raw = mcb.get(e, key)
    if raw is None:  # the benchmark's convention: an unmentioned item takes its normal (0-point) value
        return options[0]
    v = str(raw).strip().lower()
    for k, opt in table.items():
        if k in v:
            return opt
    raise CalculatorInputError(f"MedCalc-Bench entity {key!r}: unknown value {v!r} (expected one of {options})")


def _from_mcb(e: dict) -> dict:
    return {
        "history": _mcb_choice(e, "Suspicion History", HISTORY,
                               {"slightly": HISTORY[0], "moderately": HISTORY[1], "highly": HISTORY[2]}),
        "ecg": _mcb_choice(e, "Electrocardiogram Test", ECG,
                           {"normal": ECG[0], "non-specific": ECG[1], "significant": ECG[2]}),
        "age": mcb.age_years(e),
        "risk_factors": sum(mcb.any_flag(e, *keys) for keys in _MCB_RF),
        "atherosclerotic_disease": mcb.any_flag(e, "atherosclerotic disease", "Transient Ischemic Attacks History"),
        "troponin": _mcb_choice(e, "Initial troponin", TROPONIN,
                                {"less than or equal": TROPONIN[0], "between": TROPONIN[1],
                                 "greater than three": TROPONIN[2], "one to three": TROPONIN[1]}),
    }


def _official_points(inputs: list, keywords: tuple[str, ...]) -> int:
    s = score_of(inputs, keywords)
    if s is None:
        raise CalculatorInputError(f"official HEART field {keywords[0]!r} carries no score")
    return int(s)


def _from_official(inputs: list) -> dict:
    """Official HEART answers give each element's points; map them back to representative inputs."""
    return {
        "history": HISTORY[_official_points(inputs, ("history",))],
        "ecg": ECG[_official_points(inputs, ("ekg", "ecg"))],
        "age": {0: 40.0, 1: 55.0, 2: 70.0}[_official_points(inputs, ("age",))],
        "risk_factors": {0: 0, 1: 1, 2: 3}[_official_points(inputs, ("risk factors",))],
        "atherosclerotic_disease": False,
        "troponin": TROPONIN[_official_points(inputs, ("troponin",))],
    }


HEART = Calculator(
    id="heart_score",
    name="HEART Score for Major Cardiac Events",
    aliases=("HEART score", "HEART", "History ECG Age Risk factors Troponin"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine / Cardiology",
    purpose="Predicts 6-week major adverse cardiac events in emergency patients with chest pain.",
    inputs=(
        Input("history", "History (suspicion of ACS)", kind="choice", choices=HISTORY,
              ehr=EHRSource("history", ("chest pain",))),
        Input("ecg", "ECG", kind="choice", choices=ECG, ehr=EHRSource("exam", ("ECG", "electrocardiogram"))),
        Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",))),
        Input("risk_factors", "Number of risk factors (hypertension, hypercholesterolaemia, diabetes, obesity "
              "BMI > 30, current or recent smoking, family history of premature CVD)", kind="integer", min=0, max=6,
              ehr=EHRSource("diagnosis", ("hypertension", "hyperlipidemia", "diabetes", "obesity", "tobacco use"))),
        Input("atherosclerotic_disease", "Known atherosclerotic disease (prior MI, PCI/CABG, stroke/TIA, PAD)",
              kind="bool", optional=True, default=False,
              ehr=EHRSource("diagnosis", ("myocardial infarction", "coronary stent", "stroke", "peripheral artery disease"))),
        Input("troponin", "Initial troponin", kind="choice", choices=TROPONIN,
              ehr=EHRSource("lab", ("Troponin I", "Troponin T", "hs-cTnT", "hs-cTnI"), note="compare with the assay's 99th percentile URL")),
    ),
    output=Output("score", unit="points"),
    compute=_heart,
    interpret=_interpret,
    citation="Six AJ, Backus BE, Kelder JC. Chest pain in the emergency room: value of the HEART score. "
             "Neth Heart J. 2008;16(6):191-196.",
    reference="""# HEART Score for Major Cardiac Events

**Purpose.** Risk-stratifies undifferentiated chest pain in the emergency department for 6-week
major adverse cardiac events (MI, revascularisation, death), identifying patients suitable for
early discharge.

**When to use.** Adults with chest pain suspected to be ACS, once ECG and troponin are available.
Not for STEMI or unstable patients.

**Inputs.** Clinical suspicion from the history, ECG, age, number of cardiovascular risk factors
or known atherosclerotic disease, initial troponin relative to the assay's normal limit.

**Point table.**
| Element | 0 | 1 | 2 |
|---|---|---|---|
| History | slightly suspicious | moderately suspicious | highly suspicious |
| ECG | normal | non-specific repolarization disturbance | significant ST deviation |
| Age | < 45 | 45-64 | >= 65 |
| Risk factors* | none | 1-2 | >= 3, or known atherosclerotic disease |
| Initial troponin | <= normal limit | 1-3x normal limit | > 3x normal limit |

*Hypertension, hypercholesterolaemia, diabetes, obesity (BMI > 30), smoking (current or quit
<= 3 months), family history (parent/sibling with CVD before 65). Atherosclerotic disease: prior
MI, PCI/CABG, stroke/TIA, peripheral arterial disease.

**Interpretation.** 0-3 low (MACE ~0.9-1.7%): early discharge; 4-6 moderate (~12-17%):
observation; 7-10 high (~50-65%): early invasive strategy.

**Reference.** Six AJ et al. Neth Heart J. 2008;16:191-196; Backus BE et al. Int J Cardiol.
2013;168:2153-2158.
""",
    medcalc_bench_id=18,
    from_medcalc_bench=_from_mcb,
    official_names=("HEART Pathway for Early Discharge in Acute Chest Pain",),
    from_official=_from_official,
)

register(HEART)
