"""Atrial fibrillation risk scores: ATRIA bleeding, ATRIA stroke, ORBIT bleeding and CHA2DS2-VA."""
from __future__ import annotations

from ..base import INTERNAL, NEURO, Calculator, EHRSource, Input, Output, register
from ._entities import off_bool
from ._kit import age_input, read_sex, sex_input, table, yn
from ._official_extra import yes_number
from ._official_util import field_score, field_text, number_in, reference_page

HB = Input("hemoglobin", "Haemoglobin", unit="g/dL", min=1, max=25, ehr=EHRSource("lab", ("Hemoglobin", "Hb"), "g/dL"))
EGFR = Input("egfr", "Estimated GFR", unit="mL/min/1.73m^2", min=0, max=200,
             ehr=EHRSource("lab", ("eGFR", "Estimated GFR"), "mL/min/1.73m^2"))


def _anemic(sex: str, hemoglobin: float) -> bool:
    return hemoglobin < (13.0 if sex == "male" else 12.0)


# ---------------------------------------------------------------- ATRIA bleeding
def _atria_bleed(age, sex, hemoglobin, severe_renal_disease, prior_hemorrhage, hypertension):
    parts = {"anemia": 3 * _anemic(sex, hemoglobin), "severe_renal_disease": 3 * severe_renal_disease,
             "age_ge_75": 2 * (age >= 75), "prior_hemorrhage": int(prior_hemorrhage), "hypertension": int(hypertension)}
    return sum(parts.values()), parts


def _atria_bleed_interp(v, **_):
    if v <= 3:
        return "low risk (0-3): ~0.76% annual risk of major haemorrhage on warfarin"
    if v == 4:
        return "intermediate risk (4): ~2.6% annual risk of major haemorrhage"
    return "high risk (5-10): ~5.8% annual risk of major haemorrhage"


def _atria_bleed_official(i: list) -> dict:
    anemia = off_bool(i, ("anemia", "anaemia", "hemoglobin"))
    return {"age": yes_number(i, ("age",), 80.0, 60.0), "sex": "male", "hemoglobin": 10.0 if anemia else 15.0,
            "severe_renal_disease": off_bool(i, ("renal",)), "prior_hemorrhage": off_bool(i, ("hemorrhage",)),
            "hypertension": off_bool(i, ("hypertension",))}


ATRIA_BLEED = Calculator(
    id="atria_bleeding",
    name="ATRIA Bleeding Risk Score",
    aliases=("ATRIA bleeding score", "ATRIA hemorrhage score", "ATRIA-bleed"),
    domains=(INTERNAL, NEURO),
    specialty="Cardiology / Hematology",
    purpose="Estimates the annual risk of warfarin-associated major haemorrhage in atrial fibrillation.",
    inputs=(age_input(), sex_input(), HB,
            yn("severe_renal_disease", "Severe renal disease (eGFR < 30 mL/min or dialysis)", "diagnosis",
               "chronic kidney disease stage 4", "dialysis", "end-stage renal disease"),
            yn("prior_hemorrhage", "Any prior haemorrhage diagnosis", "diagnosis", "hemorrhage", "bleeding"),
            yn("hypertension", "Diagnosed hypertension", "diagnosis", "hypertension")),
    output=Output("score", unit="points"),
    compute=_atria_bleed,
    interpret=_atria_bleed_interp,
    citation="Fang MC, Go AS, Chang Y, et al. A new risk scheme to predict warfarin-associated hemorrhage: the ATRIA "
             "(Anticoagulation and Risk Factors in Atrial Fibrillation) Study. J Am Coll Cardiol. 2011;58(4):395-401.",
    reference=reference_page(
        "ATRIA Bleeding Risk Score",
        "Predicts major haemorrhage in patients with atrial fibrillation taking warfarin.",
        "Adults with AF on or considering warfarin; complements a stroke score.",
        "Age, sex, haemoglobin, severe renal disease, prior haemorrhage, hypertension.",
        table(("Item", "Points"), (("Anaemia (Hb < 13 g/dL men, < 12 g/dL women)", 3),
                                   ("Severe renal disease (eGFR < 30 or dialysis)", 3), ("Age >= 75 years", 2),
                                   ("Any prior haemorrhage", 1), ("Hypertension", 1))) + "\nRange 0-10.",
        "0-3 low (0.76%/year major haemorrhage), 4 intermediate (2.6%/year), 5-10 high (5.8%/year).",
        "Fang MC et al. J Am Coll Cardiol. 2011;58(4):395-401."),
    official_names=("ATRIA Bleeding Risk Score",),
    from_official=_atria_bleed_official,
)


# ---------------------------------------------------------------- ATRIA stroke
_AGE_PTS = {False: (0, 3, 5, 6), True: (8, 7, 7, 9)}  # <65, 65-74, 75-84, >=85 without / with prior stroke


def _age_band(age: float) -> int:
    return 0 if age < 65 else 1 if age < 75 else 2 if age < 85 else 3


def _atria_stroke(age, sex, prior_stroke, diabetes, heart_failure, hypertension, proteinuria, low_egfr_or_esrd):
    parts = {"age_and_prior_stroke": _AGE_PTS[bool(prior_stroke)][_age_band(age)], "female": int(sex == "female"),
             "diabetes": int(diabetes), "heart_failure": int(heart_failure), "hypertension": int(hypertension),
             "proteinuria": int(proteinuria), "egfr_lt_45_or_esrd": int(low_egfr_or_esrd)}
    return sum(parts.values()), parts


def _atria_stroke_interp(v, **_):
    if v <= 5:
        return "low risk (0-5): < 1% annual risk of thromboembolism"
    if v == 6:
        return "moderate risk (6): 1-2% annual risk of thromboembolism"
    return "high risk (7-15): > 2% annual risk of thromboembolism"


def _age_from_band(text: str) -> float:
    """"65-74 years" -> 70; "<65" -> 50; "≥85" -> 90; "72 years" -> 72."""
    t = str(text).replace(" ", "").replace("–", "-")
    for band, age in (("<65", 50.0), ("65-74", 70.0), ("75-84", 80.0), ("≥85", 90.0), (">=85", 90.0), (">85", 90.0)):
        if band in t:
            return age
    return number_in(text)


def _atria_stroke_official(i: list) -> dict:
    from ..officials import find_field

    if find_field(i, ("female",)) is not None:
        female = off_bool(i, ("female",))
    else:
        female = read_sex(field_text(i, ("sex", "gender"))) == "female"
    return {"age": _age_from_band(field_text(i, ("age",))), "sex": "female" if female else "male",
            "prior_stroke": off_bool(i, ("stroke",)), "diabetes": off_bool(i, ("diabetes",)),
            "heart_failure": off_bool(i, ("heart failure",)), "hypertension": off_bool(i, ("hypertension",)),
            "proteinuria": off_bool(i, ("proteinuria",)), "low_egfr_or_esrd": off_bool(i, ("egfr", "renal"))}


ATRIA_STROKE = Calculator(
    id="atria_stroke",
    name="ATRIA Stroke Risk Score",
    aliases=("ATRIA stroke score", "ATRIA thromboembolism score"),
    domains=(NEURO, INTERNAL),
    specialty="Cardiology / Neurology",
    purpose="Estimates the annual thromboembolism risk of atrial fibrillation off anticoagulation.",
    inputs=(age_input(), sex_input(),
            yn("prior_stroke", "Prior ischaemic stroke", "diagnosis", "stroke", "cerebral infarction"),
            yn("diabetes", "Diabetes mellitus", "diagnosis", "diabetes"),
            yn("heart_failure", "Congestive heart failure", "diagnosis", "heart failure"),
            yn("hypertension", "Hypertension", "diagnosis", "hypertension"),
            yn("proteinuria", "Proteinuria (dipstick)", "lab", "Urine protein"),
            yn("low_egfr_or_esrd", "eGFR < 45 mL/min/1.73m^2 or end-stage renal disease", "lab", "eGFR")),
    output=Output("score", unit="points"),
    compute=_atria_stroke,
    interpret=_atria_stroke_interp,
    citation="Singer DE, Chang Y, Borowsky LH, et al. A new risk scheme to predict ischemic stroke and other "
             "thromboembolism in atrial fibrillation: the ATRIA study stroke risk score. J Am Heart Assoc. "
             "2013;2(3):e000250.",
    reference=reference_page(
        "ATRIA Stroke Risk Score",
        "Predicts ischaemic stroke and other thromboembolism in atrial fibrillation without anticoagulation.",
        "Adults with non-valvular AF when deciding on anticoagulation.",
        "Age, sex, prior stroke and five comorbidities.",
        "Age points depend on prior stroke:"
        + table(("Age", "No prior stroke", "Prior stroke"), (("< 65", 0, 8), ("65-74", 3, 7), ("75-84", 5, 7),
                                                              (">= 85", 6, 9)))
        + "\nPlus 1 point each: female sex, diabetes, heart failure, hypertension, proteinuria, eGFR < 45 or ESRD. "
          "Range 0-15.",
        "0-5 low (< 1%/year), 6 moderate (1-2%/year), 7-15 high (> 2%/year).",
        "Singer DE et al. J Am Heart Assoc. 2013;2:e000250."),
    official_names=("ATRIA Stroke Risk Score",),
    from_official=_atria_stroke_official,
)


# ---------------------------------------------------------------- ORBIT
def _orbit(age, sex, hemoglobin, hematocrit, bleeding_history, egfr, antiplatelet):
    low_hct = hematocrit is not None and hematocrit < (40.0 if sex == "male" else 36.0)
    parts = {"age_gt_74": int(age > 74), "low_hb_or_hct": 2 * (_anemic(sex, hemoglobin) or low_hct),
             "bleeding_history": 2 * bleeding_history, "egfr_lt_60": int(egfr < 60),
             "antiplatelet": int(antiplatelet)}
    return sum(parts.values()), parts


def _orbit_interp(v, **_):
    if v <= 2:
        return "low risk (0-2): ~2.4 major bleeds per 100 patient-years"
    if v == 3:
        return "medium risk (3): ~4.7 major bleeds per 100 patient-years"
    return "high risk (4-7): ~8.1 major bleeds per 100 patient-years"


def _orbit_official(i: list) -> dict:
    sex = read_sex(field_text(i, ("sex", "gender")))
    low = off_bool(i, ("hemoglobin", "haemoglobin"))
    return {"age": yes_number(i, ("age",), 80.0, 60.0), "sex": sex, "hemoglobin": 10.0 if low else 15.0,
            "hematocrit": None, "bleeding_history": off_bool(i, ("bleeding",)),
            "egfr": 45.0 if off_bool(i, ("gfr",)) else 90.0, "antiplatelet": off_bool(i, ("antiplatelet",))}


ORBIT = Calculator(
    id="orbit_bleeding",
    name="ORBIT Bleeding Risk Score for Atrial Fibrillation",
    aliases=("ORBIT score", "ORBIT bleeding score", "ORBIT-AF bleeding score"),
    domains=(INTERNAL, NEURO),
    specialty="Cardiology",
    purpose="Estimates the major bleeding risk of anticoagulated patients with atrial fibrillation.",
    inputs=(age_input(), sex_input(), HB,
            Input("hematocrit", "Haematocrit", unit="%", min=5, max=75, optional=True,
                  ehr=EHRSource("lab", ("Hematocrit", "Hct"), "%")),
            yn("bleeding_history", "Bleeding history (GI bleed, intracranial bleed or haemorrhagic stroke)",
               "diagnosis", "gastrointestinal hemorrhage", "intracranial hemorrhage"),
            EGFR,
            yn("antiplatelet", "Treatment with antiplatelet agents", "order", "aspirin", "clopidogrel", "ticagrelor")),
    output=Output("score", unit="points"),
    compute=_orbit,
    interpret=_orbit_interp,
    citation="O'Brien EC, Simon DN, Thomas LE, et al. The ORBIT bleeding score: a simple bedside score to assess "
             "bleeding risk in atrial fibrillation. Eur Heart J. 2015;36(46):3258-3264.",
    reference=reference_page(
        "ORBIT Bleeding Risk Score for Atrial Fibrillation",
        "Bedside estimate of major bleeding on oral anticoagulation for AF.",
        "Adults with AF starting or taking an oral anticoagulant.",
        "Age, sex, haemoglobin (and haematocrit when known), bleeding history, eGFR, antiplatelet therapy.",
        table(("Item", "Points"), (("Older age (> 74 years)", 1),
                                   ("Reduced Hb (< 13 g/dL men, < 12 g/dL women) or Hct (< 40% men, < 36% women)", 2),
                                   ("Bleeding history", 2), ("Insufficient kidney function (eGFR < 60)", 1),
                                   ("Treatment with antiplatelets", 1))) + "\nRange 0-7.",
        "0-2 low (2.4 bleeds/100 patient-years), 3 medium (4.7), 4-7 high (8.1).",
        "O'Brien EC et al. Eur Heart J. 2015;36(46):3258-3264."),
    official_names=("ORBIT Bleeding Risk Score for Atrial Fibrillation",),
    from_official=_orbit_official,
)


# ---------------------------------------------------------------- CHA2DS2-VA
def _cha2ds2va(age, heart_failure, hypertension, diabetes, stroke_tia_te, vascular_disease):
    parts = {"heart_failure": int(heart_failure), "hypertension": int(hypertension),
             "age": 2 if age >= 75 else 1 if age >= 65 else 0, "diabetes": int(diabetes),
             "stroke_tia_thromboembolism": 2 * stroke_tia_te, "vascular_disease": int(vascular_disease)}
    return sum(parts.values()), parts


def _cha2ds2va_interp(v, **_):
    if v == 0:
        return "score 0: oral anticoagulation not recommended"
    if v == 1:
        return "score 1: oral anticoagulation should be considered"
    return "score >= 2: oral anticoagulation recommended"


def _cha2ds2va_official(i: list) -> dict:
    s = field_score(i, ("age",))
    if s is not None:
        age = {0: 50.0, 1: 70.0, 2: 80.0}[int(s)]
    else:
        t = field_text(i, ("age",))
        age = 80.0 if "75" in t and "74" not in t else 70.0 if "65" in t else number_in(t)
    return {"age": age, "heart_failure": off_bool(i, ("heart failure",)), "hypertension": off_bool(i, ("hypertension",)),
            "diabetes": off_bool(i, ("diabetes",)), "stroke_tia_te": off_bool(i, ("stroke",)),
            "vascular_disease": off_bool(i, ("vascular",))}


CHA2DS2VA = Calculator(
    id="cha2ds2_va",
    name="CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk",
    aliases=("CHA2DS2-VA", "CHA2DS2VA", "CHA2DS2-VA score (sex-neutral)"),
    domains=(NEURO, INTERNAL),
    specialty="Cardiology",
    purpose="Sex-neutral stroke risk score for atrial fibrillation used to decide on oral anticoagulation.",
    inputs=(age_input(),
            yn("heart_failure", "Congestive heart failure", "diagnosis", "heart failure"),
            yn("hypertension", "Hypertension", "diagnosis", "hypertension"),
            yn("diabetes", "Diabetes mellitus", "diagnosis", "diabetes"),
            yn("stroke_tia_te", "Prior stroke, TIA or arterial thromboembolism", "diagnosis", "stroke",
               "transient ischemic attack", "embolism"),
            yn("vascular_disease", "Vascular disease (prior MI, peripheral artery disease, aortic plaque)",
               "diagnosis", "myocardial infarction", "peripheral arterial disease")),
    output=Output("score", unit="points"),
    compute=_cha2ds2va,
    interpret=_cha2ds2va_interp,
    citation="Van Gelder IC, Rienstra M, Bunting KV, et al. 2024 ESC Guidelines for the management of atrial "
             "fibrillation developed in collaboration with EACTS. Eur Heart J. 2024;45(36):3314-3414.",
    reference=reference_page(
        "CHA2DS2-VA Score for Atrial Fibrillation Stroke Risk",
        "The 2024 ESC sex-neutral form of CHA2DS2-VASc (female sex no longer scores).",
        "Adults with atrial fibrillation when deciding on oral anticoagulation.",
        "Age and five yes/no items.",
        table(("Item", "Points"), (("Congestive heart failure", 1), ("Hypertension", 1), ("Age >= 75", 2),
                                   ("Diabetes mellitus", 1), ("Prior stroke, TIA or thromboembolism", 2),
                                   ("Vascular disease", 1), ("Age 65-74", 1))) + "\nRange 0-8.",
        "0: anticoagulation not recommended; 1: should be considered; >= 2: recommended.",
        "Van Gelder IC et al. 2024 ESC AF Guidelines. Eur Heart J. 2024;45:3314-3414."),
    official_names=("CHA₂DS₂-VA Score for Atrial Fibrillation Stroke Risk",),
    from_official=_cha2ds2va_official,
)

register(ATRIA_BLEED, ATRIA_STROKE, ORBIT, CHA2DS2VA)
