"""Upper GI bleeding tools: AIMS65, Rockall (pre-endoscopy and complete), Forrest classification,
and the IMPROVE bleeding risk score for hospitalised medical patients."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, Result, register
from ._entities import off_bool
from ._official_extra import yes_number
from ._official_util import choice_by_keywords, field_score, field_text, number_in, reference_page

AGE = Input("age", "Age", unit="years", min=0, max=120, ehr=EHRSource("demographic", ("age",), "years"))
SBP = Input("systolic_bp", "Systolic blood pressure", unit="mmHg", min=20, max=300,
            ehr=EHRSource("vital", ("systolic_bp",), "mmHg"))
HR = Input("heart_rate", "Heart rate", unit="beats/min", min=0, max=300, ehr=EHRSource("vital", ("heart_rate",), "beats/min"))


# ---------------------------------------------------------------- AIMS65
def _aims65(albumin: float, inr: float, altered_mental_status: bool, systolic_bp: float, age: float):
    items = {"albumin_lt_3": albumin < 3.0, "inr_gt_1_5": inr > 1.5, "altered_mental_status": altered_mental_status,
             "sbp_le_90": systolic_bp <= 90, "age_ge_65": age >= 65}
    return sum(items.values()), {k: int(v) for k, v in items.items()}


_AIMS_MORT = {0: "0.3", 1: "1.2", 2: "5.3", 3: "10.3", 4: "16.5", 5: "24.5"}

AIMS65 = Calculator(
    id="aims65",
    name="AIMS65 Score for Upper GI Bleeding Mortality",
    aliases=("AIMS65", "AIMS-65", "AIMS 65 score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Gastroenterology",
    purpose="Predicts in-hospital mortality of acute upper gastrointestinal bleeding from five admission findings.",
    inputs=(Input("albumin", "Serum albumin", unit="g/dL", min=0.5, max=7, ehr=EHRSource("lab", ("Albumin",), "g/dL")),
            Input("inr", "INR", min=0.5, max=20, ehr=EHRSource("lab", ("INR", "International normalized ratio"))),
            Input("altered_mental_status", "Altered mental status (GCS < 14, disorientation, lethargy)", kind="bool",
                  ehr=EHRSource("exam", ("confusion", "altered mental status", "GCS"))),
            SBP, AGE),
    output=Output("score", unit="points"),
    compute=_aims65,
    interpret=lambda v, **_: (f"in-hospital mortality ~{_AIMS_MORT[int(v)]}%"
                              + ("; high risk (>= 2)" if v >= 2 else "; low risk")),
    citation="Saltzman JR, Tabak YP, Hyett BH, Sun X, Travis AC, Johannes RS. A simple risk score accurately predicts "
             "in-hospital mortality, length of stay, and cost in acute upper GI bleeding. Gastrointest Endosc. "
             "2011;74(6):1215-1224.",
    reference=reference_page(
        "AIMS65 Score for Upper GI Bleeding Mortality",
        "Estimates in-hospital death in acute upper GI bleeding using data available before endoscopy.",
        "Adults admitted with haematemesis, melaena or other signs of upper GI bleeding.",
        "Albumin (g/dL), INR, altered mental status, systolic blood pressure (mmHg), age (years).",
        "1 point each: albumin < 3.0 g/dL; INR > 1.5; altered mental status; systolic BP <= 90 mmHg; age >= 65. "
        "Range 0-5.",
        "In-hospital mortality by score: 0 = 0.3%, 1 = 1.2%, 2 = 5.3%, 3 = 10.3%, 4 = 16.5%, 5 = 24.5%. "
        "A score >= 2 marks a high-risk patient.",
        "Saltzman JR et al. Gastrointest Endosc. 2011;74(6):1215-1224."),
    official_names=("AIMS65 Score for Upper GI Bleeding Mortality",),
    from_official=lambda i: {
        "albumin": yes_number(i, ("albumin",), 2.5, 3.5),
        "inr": yes_number(i, ("inr",), 2.0, 1.0),
        "altered_mental_status": off_bool(i, ("mental status", "mental")),
        "systolic_bp": yes_number(i, ("sbp", "systolic"), 85.0, 120.0),
        "age": yes_number(i, ("age",), 70.0, 50.0),
    },
)


# ---------------------------------------------------------------- Rockall
COMORB = ("none", "cardiac_or_other_major", "renal_liver_failure_or_disseminated_malignancy")
DIAG = ("mallory_weiss_or_no_lesion", "other_diagnosis", "upper_gi_malignancy")
STIGMATA = ("none_or_dark_spot", "blood_clot_or_visible_vessel")


def _rockall_clinical(age: float, heart_rate: float, systolic_bp: float, comorbidity: str) -> dict[str, int]:
    age_pts = 0 if age < 60 else 1 if age < 80 else 2
    if systolic_bp < 100:
        shock = 2
    elif heart_rate >= 100:
        shock = 1
    else:
        shock = 0
    return {"age": age_pts, "shock": shock, "comorbidity": {COMORB[0]: 0, COMORB[1]: 2, COMORB[2]: 3}[comorbidity]}


def _rockall_pre(age, heart_rate, systolic_bp, comorbidity):
    parts = _rockall_clinical(age, heart_rate, systolic_bp, comorbidity)
    return sum(parts.values()), parts


def _rockall_full(age, heart_rate, systolic_bp, comorbidity, diagnosis, stigmata):
    parts = _rockall_clinical(age, heart_rate, systolic_bp, comorbidity)
    parts["diagnosis"] = DIAG.index(diagnosis)
    parts["stigmata"] = 0 if stigmata == STIGMATA[0] else 2
    return sum(parts.values()), parts


_PRE_MORT = {0: "0.2", 1: "2.4", 2: "5.6", 3: "11.0", 4: "24.6", 5: "39.6", 6: "48.9", 7: "50.0"}
_FULL_MORT = {0: "0", 1: "0", 2: "0.2", 3: "2.9", 4: "5.3", 5: "10.8", 6: "17.3", 7: "27.0"}

_ROCKALL_IN = (
    AGE, HR, SBP,
    Input("comorbidity", "Worst comorbidity", kind="choice", choices=COMORB,
          description="none; cardiac failure, ischaemic heart disease or any other major comorbidity (2); renal "
                      "failure, liver failure or disseminated malignancy (3)",
          ehr=EHRSource("diagnosis", ("heart failure", "ischemic heart disease", "renal failure", "cirrhosis",
                                      "metastatic cancer"))),
)
_ROCKALL_ENDO = (
    Input("diagnosis", "Endoscopic diagnosis", kind="choice", choices=DIAG,
          description="Mallory-Weiss tear or no lesion and no stigmata (0); all other diagnoses (1); malignancy of "
                      "the upper GI tract (2)", ehr=EHRSource("exam", ("endoscopy", "gastroscopy"))),
    Input("stigmata", "Major stigmata of recent haemorrhage", kind="choice", choices=STIGMATA,
          description="none or dark spot only (0); blood in the upper GI tract, adherent clot, visible or spurting "
                      "vessel (2)", ehr=EHRSource("exam", ("endoscopy", "gastroscopy"))),
)

_ROCKALL_TABLE = """| Item | 0 | 1 | 2 | 3 |
|---|---|---|---|---|
| Age | < 60 | 60-79 | >= 80 | |
| Shock | none (SBP >= 100, HR < 100) | tachycardia (HR >= 100, SBP >= 100) | hypotension (SBP < 100) | |
| Comorbidity | none major | | heart failure, IHD, other major | renal failure, liver failure, disseminated malignancy |
"""
_ROCKALL_ENDO_TABLE = """| Diagnosis (endoscopy) | Mallory-Weiss tear, or no lesion and no stigmata | all other diagnoses | upper GI malignancy | |
| Major stigmata | none or dark spot | | blood, adherent clot, visible or spurting vessel | |
"""
_ROCKALL_CIT = ("Rockall TA, Logan RF, Devlin HB, Northfield TC. Risk assessment after acute upper gastrointestinal "
                "haemorrhage. Gut. 1996;38(3):316-321.")


def _official_rockall_clinical(i: list) -> dict:
    age_score = field_score(i, ("age",))
    if age_score is None:
        age = number_in(field_text(i, ("age",)))
    else:
        age = {0: 50.0, 1: 70.0, 2: 85.0}[int(age_score)]
    shock_text = field_text(i, ("shock",))
    shock = field_score(i, ("shock",))
    if shock is None:
        shock = 2 if "hypotension" in shock_text.lower() else 1 if "tachycardia" in shock_text.lower() else 0
    hr, sbp = {0: (80.0, 120.0), 1: (110.0, 120.0), 2: (110.0, 90.0)}[int(shock)]
    com_text = field_text(i, ("comorbidities", "comorbidity"))
    com = field_score(i, ("comorbidities", "comorbidity"))
    if com is None:
        low = com_text.lower()
        com = 0 if low.startswith("no") else 2 if "except" in low else 3 if any(
            w in low for w in ("renal", "liver", "malignan")) else 2
    return {"age": age, "heart_rate": hr, "systolic_bp": sbp, "comorbidity": {0: COMORB[0], 2: COMORB[1], 3: COMORB[2]}[int(com)]}


def _official_rockall_full(i: list) -> dict:
    out = _official_rockall_clinical(i)
    if off_bool(i, ("malignancy of upper gi tract", "malignancy")):
        out["diagnosis"] = DIAG[2]
    elif off_bool(i, ("all other diagnoses",)):
        out["diagnosis"] = DIAG[1]
    else:
        out["diagnosis"] = DIAG[0]
    st = field_score(i, ("major stigmata",))
    if st is None:
        txt = field_text(i, ("major stigmata",)).lower()
        st = 0 if txt.startswith(("no", "none", "dark")) else 2
    out["stigmata"] = STIGMATA[0] if st == 0 else STIGMATA[1]
    return out


ROCKALL_PRE = Calculator(
    id="rockall_pre_endoscopy",
    name="Rockall Score for Upper GI Bleeding (Pre-Endoscopy)",
    aliases=("Pre-endoscopy Rockall score", "Clinical Rockall score", "Initial Rockall score", "Admission Rockall score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Gastroenterology",
    purpose="Estimates mortality of acute upper GI bleeding from age, shock and comorbidity before endoscopy.",
    inputs=_ROCKALL_IN,
    output=Output("score", unit="points"),
    compute=_rockall_pre,
    interpret=lambda v, **_: f"pre-endoscopy mortality ~{_PRE_MORT[int(v)]}%",
    citation=_ROCKALL_CIT,
    reference=reference_page(
        "Rockall Score for Upper GI Bleeding (Pre-Endoscopy)",
        "The clinical part of the Rockall score: mortality risk of upper GI bleeding before endoscopy.",
        "Adults with acute upper GI bleeding at presentation; complete the score after endoscopy.",
        "Age, heart rate, systolic blood pressure, worst comorbidity.",
        "\n\n" + _ROCKALL_TABLE + "\nRange 0-7.",
        "Mortality by score: 0 = 0.2%, 1 = 2.4%, 2 = 5.6%, 3 = 11.0%, 4 = 24.6%, 5 = 39.6%, 6 = 48.9%, 7 = 50%.",
        "Rockall TA et al. Gut. 1996;38(3):316-321."),
    official_names=("Rockall Score for Upper GI Bleeding (Pre-Endoscopy)",),
    from_official=_official_rockall_clinical,
)

ROCKALL_FULL = Calculator(
    id="rockall_complete",
    name="Rockall Score for Upper GI Bleeding (Complete)",
    aliases=("Complete Rockall score", "Full Rockall score", "Post-endoscopy Rockall score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Gastroenterology",
    purpose="Estimates rebleeding and mortality risk of acute upper GI bleeding after endoscopy.",
    inputs=_ROCKALL_IN + _ROCKALL_ENDO,
    output=Output("score", unit="points"),
    compute=_rockall_full,
    interpret=lambda v, **_: (f"{'low' if v <= 2 else 'intermediate' if v <= 4 else 'high'} risk; mortality "
                              f"~{_FULL_MORT.get(int(v), '41.1')}%"),
    citation=_ROCKALL_CIT,
    reference=reference_page(
        "Rockall Score for Upper GI Bleeding (Complete)",
        "Clinical plus endoscopic Rockall score: risk of death after acute upper GI bleeding.",
        "After endoscopy in adults with acute upper GI bleeding; a score <= 2 identifies candidates for early "
        "discharge.",
        "Age, heart rate, systolic BP, worst comorbidity, endoscopic diagnosis, stigmata of recent haemorrhage.",
        "\n\n" + _ROCKALL_TABLE + _ROCKALL_ENDO_TABLE + "\nRange 0-11.",
        "Mortality by score: 0-1 = 0%, 2 = 0.2%, 3 = 2.9%, 4 = 5.3%, 5 = 10.8%, 6 = 17.3%, 7 = 27.0%, >= 8 = 41.1%. "
        "<= 2 low risk, 3-4 intermediate, >= 5 high.",
        "Rockall TA et al. Gut. 1996;38(3):316-321."),
    official_names=("Rockall Score for Upper GI Bleeding (Complete)",),
    from_official=_official_rockall_full,
)


# ---------------------------------------------------------------- Forrest
_FORREST = {
    # class: (finding, rebleeding %, mortality %)
    "Ia": ("active spurting bleeding", 55, 11),
    "Ib": ("active oozing bleeding", 55, 11),
    "IIa": ("non-bleeding visible vessel", 43, 11),
    "IIb": ("adherent clot", 22, 7),
    "IIc": ("flat pigmented spot", 10, 3),
    "III": ("clean ulcer base", 5, 2),
}
FINDINGS = ("spurting", "oozing", "visible_vessel", "adherent_clot", "pigmented_spot", "clean_base")


def _forrest(finding: str) -> str:
    return tuple(_FORREST)[FINDINGS.index(finding)]


def _forrest_official(r: Result) -> str:
    return {"Ia": "1A", "Ib": "1B", "IIa": "2A", "IIb": "2B", "IIc": "2C", "III": "3"}[r.value]


_FORREST_WORDS = {
    "spurting": ("spurting", "arterial"), "oozing": ("oozing",), "visible_vessel": ("visible vessel",),
    "adherent_clot": ("adherent clot", "clot"), "pigmented_spot": ("pigmented", "flat spot", "dark spot"),
    "clean_base": ("clean base", "clean ulcer", "clean"),
}

FORREST = Calculator(
    id="forrest_classification",
    name="Forrest Classification of Upper GI Bleeding",
    aliases=("Forrest classification", "Forrest class", "Forrest grade of peptic ulcer bleeding"),
    domains=(CRITICAL, INTERNAL),
    specialty="Gastroenterology",
    purpose="Grades the endoscopic appearance of a bleeding peptic ulcer to predict rebleeding and guide therapy.",
    inputs=(Input("finding", "Endoscopic ulcer appearance", kind="choice", choices=FINDINGS,
                  description="spurting (Ia), oozing (Ib), non-bleeding visible vessel (IIa), adherent clot (IIb), "
                              "flat pigmented spot (IIc), clean base (III)",
                  ehr=EHRSource("exam", ("endoscopy", "gastroscopy", "ulcer"))),),
    output=Output("category", categories=tuple(_FORREST)),
    compute=_forrest,
    interpret=lambda v, **_: (f"Forrest {v} ({_FORREST[v][0]}): rebleeding without endoscopic therapy "
                              f"~{_FORREST[v][1]}%, mortality ~{_FORREST[v][2]}%"
                              + ("; endoscopic haemostasis indicated" if v in ("Ia", "Ib", "IIa") else "")),
    citation="Forrest JA, Finlayson ND, Shearman DJ. Endoscopy in gastrointestinal bleeding. Lancet. "
             "1974;2(7877):394-397.",
    reference=reference_page(
        "Forrest Classification of Upper GI Bleeding",
        "Classifies peptic ulcer stigmata at endoscopy; the class predicts rebleeding and decides on endoscopic "
        "haemostasis.",
        "At endoscopy of a bleeding gastric or duodenal ulcer.",
        "The appearance of the ulcer.",
        "\n\n| Class | Finding | Rebleeding | Mortality |\n|---|---|---|---|\n"
        + "".join(f"| {k} | {f} | {r}% | {m}% |\n" for k, (f, r, m) in _FORREST.items()),
        "Ia, Ib and IIa are high-risk stigmata that call for endoscopic therapy; IIb is treated case by case; IIc "
        "and III are low risk.",
        "Forrest JA et al. Lancet. 1974;2:394-397."),
    official_names=("Forrest Classification of Upper GI Bleeding",),
    from_official=lambda i: {"finding": choice_by_keywords(
        field_text(i, ("endoscopy finding", "finding", "ulcer", "stigmata")), _FORREST_WORDS, "Forrest finding")},
    to_official=_forrest_official,
)


# ---------------------------------------------------------------- IMPROVE bleeding
_IMPROVE_BOOLS = (
    ("active_gastroduodenal_ulcer", "Active gastroduodenal ulcer", 4.5, EHRSource("diagnosis", ("peptic ulcer", "gastric ulcer", "duodenal ulcer"))),
    ("bleeding_3_months", "Bleeding in the 3 months before admission", 4.0, EHRSource("history", ("bleeding", "hemorrhage"))),
    ("hepatic_failure", "Hepatic failure (INR > 1.5)", 2.5, EHRSource("lab", ("INR",))),
    ("icu_ccu", "Admission to ICU/CCU", 2.5, EHRSource("order", ("ICU", "CCU"))),
    ("central_venous_catheter", "Central venous catheter", 2.0, EHRSource("order", ("central venous catheter", "CVC", "PICC"))),
    ("rheumatic_disease", "Rheumatic disease", 2.0, EHRSource("diagnosis", ("rheumatoid arthritis", "lupus", "rheumatic"))),
    ("current_cancer", "Current cancer", 2.0, EHRSource("diagnosis", ("cancer", "malignancy", "carcinoma"))),
)


def _improve(age, sex, gfr, platelets, **flags):
    parts = {name: (pts if flags[name] else 0.0) for name, _, pts, _ in _IMPROVE_BOOLS}
    parts["age"] = 3.5 if age >= 85 else 1.5 if age >= 40 else 0.0
    parts["male"] = 1.0 if sex == "male" else 0.0
    parts["renal"] = 2.5 if gfr < 30 else 1.0 if gfr < 60 else 0.0
    parts["platelets_lt_50"] = 4.0 if platelets < 50 else 0.0
    return sum(parts.values()), parts


def _improve_official(i: list) -> dict:
    out: dict = {}
    for name, label, _, _ in _IMPROVE_BOOLS:
        key = {"active_gastroduodenal_ulcer": ("gastroduodenal ulcer", "ulcer"), "bleeding_3_months": ("bleeding",),
               "hepatic_failure": ("hepatic",), "icu_ccu": ("icu", "ccu", "icu ccu"),
               "central_venous_catheter": ("central venous catheter",), "rheumatic_disease": ("rheumatic",),
               "current_cancer": ("cancer",)}[name]
        out[name] = off_bool(i, key)
    age_score = field_score(i, ("age",))
    if age_score is not None:
        out["age"] = {0.0: 30.0, 1.5: 60.0, 3.5: 90.0}[age_score]
    else:
        out["age"] = number_in(field_text(i, ("age",)))
    sex = field_text(i, ("gender", "sex")).strip().lower()
    out["sex"] = "female" if sex.startswith(("f", "w")) else "male"
    ren = field_score(i, ("renal", "gfr"))
    out["gfr"] = {0.0: 90.0, 1.0: 45.0, 2.5: 20.0}[ren] if ren is not None else number_in(field_text(i, ("renal", "gfr")))
    plt = field_score(i, ("platelet",))
    out["platelets"] = ({0.0: 150.0, 4.0: 30.0}[plt] if plt is not None
                        else yes_number(i, ("platelet",), 30.0, 150.0))
    return out


IMPROVE_BLEED = Calculator(
    id="improve_bleeding",
    name="IMPROVE Bleeding Risk Score",
    aliases=("IMPROVE bleeding score", "IMPROVE-bleed", "IMPROVE bleeding risk"),
    domains=(INTERNAL,),
    specialty="Hematology / Hospital Medicine",
    purpose="Estimates the risk of in-hospital bleeding in acutely ill medical patients considered for "
            "thromboprophylaxis.",
    inputs=(AGE,
            Input("sex", "Sex", kind="choice", choices=("male", "female"), ehr=EHRSource("demographic", ("sex",))),
            Input("gfr", "Glomerular filtration rate", unit="mL/min/1.73m^2", min=0, max=200,
                  ehr=EHRSource("lab", ("eGFR",), "mL/min/1.73m^2")),
            Input("platelets", "Platelet count", unit="10^9/L", min=0, max=2000, ehr=EHRSource("lab", ("Platelets", "PLT"), "10^9/L")))
    + tuple(Input(n, lab, kind="bool", ehr=e) for n, lab, _, e in _IMPROVE_BOOLS),
    output=Output("score", unit="points", abs_tol=0.0),
    compute=_improve,
    interpret=lambda v, **_: ("high bleeding risk (>= 7): major bleeding ~4.1%, any clinically relevant bleeding ~7.9%; "
                              "weigh mechanical prophylaxis" if v >= 7 else
                              "not at increased bleeding risk (< 7): major bleeding ~0.4%, clinically relevant ~1.5%"),
    citation="Decousus H, Tapson VF, Bergmann JF, et al. Factors at admission associated with bleeding risk in medical "
             "patients: findings from the IMPROVE investigators. Chest. 2011;139(1):69-79.",
    reference=reference_page(
        "IMPROVE Bleeding Risk Score",
        "Bleeding risk of hospitalised acutely ill medical patients, to weigh against their VTE risk.",
        "At admission of medical (non-surgical) inpatients when pharmacological thromboprophylaxis is considered.",
        "Age, sex, GFR, platelet count and seven yes/no risk factors.",
        "\n\n| Factor | Points |\n|---|---|\n| Active gastroduodenal ulcer | 4.5 |\n| Bleeding in 3 months before "
        "admission | 4 |\n| Platelets < 50 x10^9/L | 4 |\n| Age >= 85 years | 3.5 |\n| Age 40-84 years | 1.5 |\n"
        "| Hepatic failure (INR > 1.5) | 2.5 |\n| Severe renal failure (GFR < 30) | 2.5 |\n| Moderate renal failure "
        "(GFR 30-59) | 1 |\n| ICU/CCU admission | 2.5 |\n| Central venous catheter | 2 |\n| Rheumatic disease | 2 |\n"
        "| Current cancer | 2 |\n| Male sex | 1 |\n",
        ">= 7 points: increased risk (major bleeding ~4.1%); < 7: low risk (~0.4%).",
        "Decousus H et al. Chest. 2011;139(1):69-79."),
    official_names=("IMPROVE Bleeding Risk Score",),
    from_official=_improve_official,
)

register(AIMS65, ROCKALL_PRE, ROCKALL_FULL, FORREST, IMPROVE_BLEED)
