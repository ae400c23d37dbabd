"""Charlson Comorbidity Index (age-adjusted, the 1987 weights with the 1994 age points)."""
from __future__ import annotations

import math

from ..base import INTERNAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, parse_number_unit
from ._entities import find, flag, num, off_yes

AGE = Input("age", "Age", unit="years", min=0, max=125, ehr=EHRSource("demographic", ("age",), "years"))


def _b(name: str, label: str, items: tuple[str, ...], kind: str = "diagnosis") -> Input:
    return Input(name, label, kind="bool", optional=True, default=False, ehr=EHRSource(kind, items))  # type: ignore[arg-type]


def _c(name: str, label: str, choices: tuple[str, ...], items: tuple[str, ...]) -> Input:
    return Input(name, label, kind="choice", choices=choices, optional=True, default=choices[0],
                 ehr=EHRSource("diagnosis", items))


BOOLS = (
    _b("myocardial_infarction", "History of myocardial infarction", ("myocardial infarction",)),
    _b("congestive_heart_failure", "Congestive heart failure", ("heart failure",)),
    _b("peripheral_vascular_disease", "Peripheral vascular disease (or aortic aneurysm >= 6 cm)",
       ("peripheral vascular disease", "peripheral arterial disease", "aortic aneurysm")),
    _b("cerebrovascular_disease", "Cerebrovascular accident or transient ischaemic attack",
       ("stroke", "cerebral infarction", "transient ischemic attack")),
    _b("dementia", "Dementia", ("dementia", "alzheimer")),
    _b("chronic_pulmonary_disease", "Chronic pulmonary disease (COPD, asthma, ...)", ("COPD", "chronic obstructive", "asthma")),
    _b("connective_tissue_disease", "Connective tissue disease", ("lupus", "rheumatoid arthritis", "polymyositis", "scleroderma")),
    _b("peptic_ulcer_disease", "Peptic ulcer disease", ("peptic ulcer", "gastric ulcer", "duodenal ulcer")),
    _b("hemiplegia", "Hemiplegia or paraplegia", ("hemiplegia", "paraplegia")),
    _b("moderate_severe_ckd", "Moderate to severe chronic kidney disease (creatinine > 3 mg/dL, dialysis, transplant)",
       ("chronic kidney disease", "dialysis", "renal failure")),
    _b("leukemia", "Leukaemia", ("leukemia",)),
    _b("lymphoma", "Lymphoma", ("lymphoma",)),
    _b("aids", "AIDS (not just HIV positive)", ("AIDS",)),
)
LIVER = _c("liver_disease", "Liver disease", ("none", "mild", "moderate_severe"), ("cirrhosis", "hepatitis", "liver"))
DIABETES = _c("diabetes", "Diabetes mellitus", ("none", "uncomplicated", "end_organ_damage"), ("diabetes",))
TUMOR = _c("solid_tumor", "Solid tumour", ("none", "localized", "metastatic"), ("cancer", "carcinoma", "metastasis"))

WEIGHTS = {"myocardial_infarction": 1, "congestive_heart_failure": 1, "peripheral_vascular_disease": 1,
           "cerebrovascular_disease": 1, "dementia": 1, "chronic_pulmonary_disease": 1, "connective_tissue_disease": 1,
           "peptic_ulcer_disease": 1, "hemiplegia": 2, "moderate_severe_ckd": 2, "leukemia": 2, "lymphoma": 2, "aids": 6}
LIVER_PTS = {"none": 0, "mild": 1, "moderate_severe": 3}
DIABETES_PTS = {"none": 0, "uncomplicated": 1, "end_organ_damage": 2}
TUMOR_PTS = {"none": 0, "localized": 2, "metastatic": 6}


def age_points(age: float) -> int:
    if age < 50:
        return 0
    if age < 60:
        return 1
    if age < 70:
        return 2
    if age < 80:
        return 3
    return 4


def _cci(age: float, liver_disease: str, diabetes: str, solid_tumor: str, **flags: bool) -> tuple[int, dict]:
    parts = {"age": age_points(age), "liver_disease": LIVER_PTS[liver_disease], "diabetes": DIABETES_PTS[diabetes],
             "solid_tumor": TUMOR_PTS[solid_tumor]}
    for k, w in WEIGHTS.items():
        if flags.get(k):
            parts[k] = w
    return sum(parts.values()), {"points": parts}


def ten_year_survival(score: int) -> float:
    """Estimated 10-year survival (%) = 0.983 ** exp(0.9 * CCI), the Charlson survival model."""
    return 100.0 * 0.983 ** math.exp(0.9 * score)


def _interpret(value: int, **_: object) -> str:
    return f"CCI {value}: estimated 10-year survival {ten_year_survival(value):.0f}%"


def _liver(v) -> str:
    s = str(v).strip().lower() if v is not None else ""
    if not s or s in ("false", "none", "no"):
        return "none"
    if "moderate" in s or "severe" in s:
        return "moderate_severe"
    return "mild"


def _diabetes(v) -> str:
    s = str(v).strip().lower() if v is not None else ""
    if "end" in s or "organ" in s or "complicated" in s and "un" not in s:
        return "end_organ_damage"
    if "uncomplicated" in s or s in ("true", "yes"):
        return "uncomplicated"
    return "none"


def _tumor(v) -> str:
    if v is True:
        return "localized"
    s = str(v).strip().lower() if v is not None else ""
    if "metasta" in s:
        return "metastatic"
    if "local" in s or s in ("true", "yes"):
        return "localized"
    return "none"


def _mcb(e: dict) -> dict:
    ckd = find(e, "Moderate to severe Chronic Kidney Disease")
    return {
        "age": num(e, "age", "years"),
        "myocardial_infarction": flag(e, "Myocardial infarction"),
        "congestive_heart_failure": flag(e, "Congestive Heart Faliure", "Congestive Heart Failure"),
        "peripheral_vascular_disease": flag(e, "Peripheral vascular disease"),
        "cerebrovascular_disease": flag(e, "Cerebrovascular Accident") or flag(e, "Transient Ischemic Attacks History"),
        "dementia": flag(e, "Dementia"),
        "chronic_pulmonary_disease": flag(e, "Chronic Obstructive Pulmonary Disease", "Chronic Pulmonary Disease"),
        "connective_tissue_disease": flag(e, "Connective tissue disease"),
        "peptic_ulcer_disease": flag(e, "Peptic ulcer disease"),
        "hemiplegia": flag(e, "Hemiplegia"),
        "moderate_severe_ckd": bool(ckd) and str(ckd).strip().lower() not in ("false", "none", "no", "mild"),
        "leukemia": flag(e, "Leukemia"),
        "lymphoma": flag(e, "Lymphoma"),
        "aids": flag(e, "AIDS"),
        "liver_disease": _liver(find(e, "Liver disease severity")),
        "diabetes": _diabetes(find(e, "Diabetes mellitus criteria for CCI rule", "Diabetes mellitus")),
        "solid_tumor": _tumor(find(e, "Solid tumor")),
    }


_OFFICIAL_BOOLS = {
    "myocardial_infarction": ("myocardial infarction",), "congestive_heart_failure": ("congestive heart failure", "chf"),
    "peripheral_vascular_disease": ("peripheral vascular disease",), "cerebrovascular_disease": ("cva or tia", "cva", "tia", "cerebrovascular"),
    "dementia": ("dementia",), "chronic_pulmonary_disease": ("chronic pulmonary disease", "copd"),
    "connective_tissue_disease": ("connective tissue disease",), "peptic_ulcer_disease": ("peptic ulcer disease",),
    "hemiplegia": ("hemiplegia",), "moderate_severe_ckd": ("moderate to severe ckd", "ckd", "kidney"),
    "leukemia": ("leukemia",), "lymphoma": ("lymphoma",), "aids": ("aids",),
}


def _official(inputs: list) -> dict:
    out: dict = {}
    age = find_field(inputs, ("age years", "age"), exclude=("age category",))
    if age is None:
        raise CalculatorInputError("official inputs have no age field")
    out["age"] = parse_number_unit(age.get("value"))[0]
    for k, kws in _OFFICIAL_BOOLS.items():
        out[k] = bool(off_yes(inputs, kws))
    for key, kws, reader in (("liver_disease", ("liver disease", "liver"), _liver),
                             ("diabetes", ("diabetes mellitus", "diabetes"), _diabetes),
                             ("solid_tumor", ("solid tumor", "solid tumour"), _tumor)):
        e = find_field(inputs, kws)
        out[key] = reader(e.get("value") if e else None)
    return out


CCI = Calculator(
    id="charlson_comorbidity_index",
    name="Charlson Comorbidity Index (CCI)",
    aliases=("Charlson Comorbidity Index", "CCI", "Charlson index", "Charlson score", "age-adjusted Charlson"),
    domains=(INTERNAL,),
    specialty="General Internal Medicine",
    purpose="Weights 17 comorbid conditions and age to predict 10-year survival.",
    inputs=(AGE, *BOOLS, LIVER, DIABETES, TUMOR),
    output=Output("score", decimals=0),
    compute=_cci,
    interpret=_interpret,
    citation=("Charlson ME, Pompei P, Ales KL, MacKenzie CR. A new method of classifying prognostic comorbidity in "
              "longitudinal studies: development and validation. J Chronic Dis. 1987;40(5):373-383. Charlson M, "
              "Szatrowski TP, Peterson J, Gold J. Validation of a combined comorbidity index. J Clin Epidemiol. "
              "1994;47(11):1245-1251."),
    reference="""# Charlson Comorbidity Index (CCI)

**Purpose.** Summarises a patient's comorbidity burden as a weighted count that predicts mortality;
widely used for risk adjustment and to judge whether long-term treatments will benefit a patient.

**When to use.** Adults, when an estimate of life expectancy from chronic disease is needed
(e.g. before screening or elective treatment decisions), and in research for case-mix adjustment.

**Points.**
| Item | Points |
|---|---|
| Age < 50 / 50–59 / 60–69 / 70–79 / ≥ 80 | 0 / 1 / 2 / 3 / 4 |
| Myocardial infarction (history) | 1 |
| Congestive heart failure | 1 |
| Peripheral vascular disease (or aortic aneurysm ≥ 6 cm) | 1 |
| Cerebrovascular accident or TIA | 1 |
| Dementia | 1 |
| Chronic pulmonary disease | 1 |
| Connective tissue disease | 1 |
| Peptic ulcer disease | 1 |
| Liver disease: mild / moderate-to-severe (cirrhosis with portal hypertension) | 1 / 3 |
| Diabetes mellitus: uncomplicated / with end-organ damage (none or diet-controlled: 0) | 1 / 2 |
| Hemiplegia | 2 |
| Moderate to severe chronic kidney disease | 2 |
| Solid tumour: localised / metastatic | 2 / 6 |
| Leukaemia | 2 |
| Lymphoma | 2 |
| AIDS (not only HIV positive) | 6 |

**Interpretation.** Estimated 10-year survival = 0.983^(e^(0.9 × CCI)): CCI 0 → 98%, 2 → 90%, 4 → 53%,
≥ 6 → about 2%.

**References.** Charlson ME et al. J Chronic Dis. 1987;40:373-383. Charlson M et al. J Clin Epidemiol.
1994;47:1245-1251 (age-combined index).
""",
    medcalc_bench_id=32,
    from_medcalc_bench=_mcb,
    official_names=("Charlson Comorbidity Index (CCI)",),
    from_official=_official,
)

register(CCI)
