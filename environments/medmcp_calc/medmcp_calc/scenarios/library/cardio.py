"""Cardiovascular workflows: AF anticoagulation, suspected PE, chest pain, pre-operative risk."""
from __future__ import annotations

from ...calculators.base import CRITICAL, INTERNAL
from .. import catalog as C
from ..spec import Branch, D, F, K, Scenario, Step
from ._common import FEMALE, MALE, body, facts, u

CARD = ("Cardiology", "CAR")
NEURO_DEPT = ("Neurology", "NEU")
ED = ("Emergency Medicine", "EMD")
SURG = ("General Surgery", "GSU")

C.yes_no("previous_pe", "past_medical_history", "Pulmonary embolism treated with anticoagulation several years ago.",
         "No previous pulmonary embolism.")
C.add_text_fact(C.TextFact("chest_pain_history", "admission_record", "present_illness", {
    "slightly suspicious": "The chest discomfort is atypical, sharp and positional, without exertional pattern.",
    "moderately suspicious": "The chest pain has some typical and some atypical features.",
    "highly suspicious": "Classic crushing retrosternal pressure radiating to the left arm on exertion, relieved by rest.",
}))
C.add_text_fact(C.TextFact("ecg_finding", "admission_record", "accessory_examination", {
    "normal": "ECG on arrival: sinus rhythm, no repolarisation abnormality.",
    "non-specific repolarization disturbance": "ECG on arrival: non-specific T-wave flattening, no ST deviation.",
    "significant st deviation": "ECG on arrival: new horizontal ST depression in the lateral leads.",
}))
C.yes_no("high_risk_surgery", "present_illness", "Scheduled for an open intraperitoneal operation.",
         "Scheduled for a superficial, low-risk procedure.")
C.yes_no("insulin_treatment", "past_medical_history", "Uses basal-bolus insulin.", "Not treated with insulin.")

# ---------------------------------------------------------------- AF anticoagulation
AF_HX = ("chf", "hypertension", "diabetes", "stroke_tia", "vascular_disease", "renal_disease", "liver_disease",
         "bleeding_history", "labile_inr", "antiplatelet_nsaid", "alcohol")


def _sample_af(rng, variant):
    if variant == "anticoagulate":
        v = body(rng, age=(66, 88))
        v.update({k: rng.random() < 0.45 for k in AF_HX})
        v["hypertension"] = True
    else:
        v = body(rng, sex=MALE, age=(35, 62))
        v.update({k: False for k in AF_HX})
        v["bleeding_history"] = rng.random() < 0.3
    v["creatinine"] = u(rng, 0.7, 1.9, 2)
    if v["renal_disease"]:  # documented chronic kidney disease comes with a raised creatinine
        v["creatinine"] = u(rng, 1.6, 2.8, 2)
    return facts(v, diagnoses=[("Atrial fibrillation, paroxysmal", "I48.0")])


def _anticoag(c) -> str:
    s = c.o("chads")
    return "anticoagulate" if s >= (3 if c.f("sex") == FEMALE else 2) else "no_anticoagulation"


def _af(id_, domain, dept, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Atrial fibrillation: stroke and bleeding risk, DOAC dosing",
        family="cardio", dept=dept, timepoint="latest",
        chief_complaint="Palpitations; atrial fibrillation on the monitor.",
        present_illness="Irregular palpitations for two days. Rate now controlled. Anticoagulation not yet decided.",
        admission_diagnosis="Atrial fibrillation",
        variants=("anticoagulate", "no_anticoagulation"), sample=_sample_af,
        steps=(
            Step("chads", "cha2ds2_vasc", inputs={"stroke_tia_thromboembolism": F("stroke_tia")}),
            Step("hasbled", "has_bled", inputs={"stroke": F("stroke_tia"), "prior_bleeding": F("bleeding_history"),
                                                "medication": F("antiplatelet_nsaid")},
                 when=lambda c: c.branch("anticoag") == "anticoagulate", branch="anticoag"),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("anticoag") == "anticoagulate", branch="anticoag"),
            Step("bmi", "bmi"),
            Step("egfr", "ckd_epi_2021"),
        ),
        branches=(Branch("anticoag", "stroke risk high enough to anticoagulate", _anticoag, facts=("sex",)),),
        expect={"anticoagulate": {"anticoag": "anticoagulate"}, "no_anticoagulation": {"anticoag": "no_anticoagulation"}},
        questions=questions,
    )


Q_AF = (
    "This patient is in atrial fibrillation and I have to decide about anticoagulation. Quantify the annual stroke "
    "risk from the history; if it is high enough to treat, estimate the bleeding risk and give me a "
    "weight-based clearance for choosing the DOAC dose. Either way report the weight-for-height index and the standard "
    "eGFR from the most recent creatinine.",
    "Help me with the anticoagulation decision for new AF. Score the thromboembolic risk from the comorbidities in "
    "the notes, and only if that warrants treatment go on to the bleeding-risk score and a clearance estimate for "
    "dose selection. Add body size as weight-for-height and a population eGFR based on the latest creatinine.",
    "Should we anticoagulate? Work through the stroke risk first. When it supports anticoagulation, also give the "
    "haemorrhage risk and kidney clearance by actual weight for dosing; in all cases include the weight-for-height "
    "index and the eGFR. Use the most recent labs.",
)

# ---------------------------------------------------------------- suspected PE
def _sample_pe(rng, variant):
    v = body(rng, age=(25, 85))
    likely = variant == "likely"
    v.update({"dvt_signs": likely and rng.random() < 0.8, "pe_likely": likely, "previous_pe": rng.random() < 0.2,
              "prior_dvt_pe": rng.random() < 0.25, "hemoptysis": rng.random() < 0.15, "cancer": rng.random() < 0.3,
              "recent_surgery": likely and rng.random() < 0.6, "bleeding_history": rng.random() < 0.2,
              "hypertension": rng.random() < 0.4})
    v["heart_rate"] = rng.randint(101, 130) if likely else rng.randint(62, 98)
    v["sbp"] = rng.randint(95, 165)
    v["dbp"] = rng.randint(55, 95)
    v["creatinine"] = u(rng, 0.6, 1.8, 2)
    v["hemoglobin"] = u(rng, 9.5, 16, 1)
    v["d_dimer"] = u(rng, 0.3, 4.0, 2)
    v["spo2"] = rng.randint(88, 99)
    v["hormone_use"] = v["sex"] == FEMALE and v["age"] < 50 and rng.random() < 0.4
    return facts(v, diagnoses=[("Dyspnoea, suspected pulmonary embolism", "R06.0")])


def _pe(id_, domain, dept, questions, perc: bool = False):
    first = (Step("perc", "perc_rule", inputs={
        "o2_saturation": F("spo2"), "unilateral_leg_swelling": F("dvt_signs"), "hemoptysis": F("hemoptysis"),
        "recent_surgery_or_trauma": F("recent_surgery"), "hormone_use": F("hormone_use"),
        "prior_pe_or_dvt": D(lambda c: c.f("previous_pe") or c.f("prior_dvt_pe"), facts=("previous_pe", "prior_dvt_pe"))}),
    ) if perc else ()
    return Scenario(
        id=id_, version=1, domain=domain, title="Suspected pulmonary embolism: pretest probability and next steps",
        family="cardio", dept=dept, timepoint="admission",
        chief_complaint="Acute shortness of breath and pleuritic chest pain.",
        present_illness="Sudden breathlessness this morning with pleuritic pain.",
        admission_diagnosis="Suspected pulmonary embolism",
        variants=("likely", "unlikely"), sample=_sample_pe,
        steps=first + (
            Step("wells", "wells_pe", inputs={"immobilization": F("recent_surgery"), "recent_surgery": F("recent_surgery"),
                                              "previous_pe": F("previous_pe"), "previous_dvt": F("prior_dvt_pe"),
                                              "malignancy": F("cancer"), "pe_most_likely": F("pe_likely")}),
            Step("si", "shock_index"),
            Step("ddimer", "age_adjusted_d_dimer", inputs={"units": K("FEU")},
                 when=lambda c: c.branch("pretest") == "unlikely", branch="pretest"),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("pretest") == "likely", branch="pretest"),
            Step("vtebleed", "vte_bleed",
                 inputs={"active_cancer": F("cancer"), "history_of_bleeding": F("bleeding_history"),
                         "male_uncontrolled_hypertension": D(lambda c: c.f("sex") == MALE and c.f("sbp") >= 160,
                                                             facts=("sex", "sbp"), note="male with SBP >= 160"),
                         "anemia": D(lambda c: c.f("hemoglobin") < (13 if c.f("sex") == MALE else 12),
                                     facts=("hemoglobin", "sex"), note="Hb below 13 (men) / 12 (women) g/dL"),
                         "age_60_or_older": D(lambda c: c.f("age") >= 60, facts=("age",)),
                         "renal_dysfunction": D(lambda c: c.o("egfr") < 60, steps=("egfr",), note="eGFR below 60")},
                 when=lambda c: c.branch("pretest") == "likely", branch="pretest"),
        ),
        branches=(Branch("pretest", "PE likely (score above 4) or unlikely", lambda c: "likely" if c.o("wells") > 4 else "unlikely"),),
        expect={"likely": {"pretest": "likely"}, "unlikely": {"pretest": "unlikely"}},
        questions=questions,
    )


Q_PE = (
    "I'm worried about a clot in the lungs. Using the findings at presentation, estimate the clinical pretest "
    "probability and the haemodynamic ratio of heart rate to systolic pressure. If embolism is unlikely, tell me the "
    "age-appropriate D-dimer cut-off instead of the fixed one; if it is likely, give kidney function and the bleeding "
    "risk for anticoagulation.",
    "New breathlessness with pleuritic pain. Please work out how probable embolism is from the admission assessment, "
    "check the heart-rate-to-pressure ratio, then either apply the D-dimer threshold scaled to age (low probability) or, "
    "for high probability, estimate eGFR and the risk of bleeding on anticoagulation.",
    "Run the embolism pathway on the arrival data: pretest score, shock ratio, and then the branch that follows from "
    "the score - D-dimer threshold scaled to age when unlikely, or renal function plus anticoagulation bleeding risk "
    "when likely.",
)

Q_PE_ED = (
    "Breathless patient in the emergency department. With the arrival findings, first apply the eight-item rule-out "
    "criteria for embolism, then the clinical pretest score and the heart-rate-to-systolic ratio. If embolism is "
    "unlikely on the pretest score, give the age-scaled D-dimer threshold; if likely, give the eGFR and the bleeding "
    "risk on anticoagulation.",
    "Please run our emergency embolism pathway on the presentation data: rule-out criteria, pretest probability, "
    "shock ratio, then the D-dimer cut-off adjusted for age (unlikely) or kidney function and anticoagulation "
    "bleeding risk (likely).",
    "Possible PE at triage: can we rule it out clinically? Give the rule-out criteria result, the pretest score, "
    "the shock ratio and the branch that follows from the pretest score (age-scaled D-dimer limit, or eGFR plus "
    "bleeding risk). Use the admission findings.",
)


# ---------------------------------------------------------------- chest pain
def _risk_factors(c) -> int:
    return int(c.f("hypertension")) + int(c.f("diabetes")) + int(c.f("smoker")) + int(c.o("bmi") >= 30)


def _trop_cat(c) -> str:
    t = c.f("troponin")
    return "<= normal limit" if t <= 34 else ("1-3x normal limit" if t <= 102 else "> 3x normal limit")


def _sample_cp(rng, variant):
    v = body(rng, age=(35, 85), bmi=(22, 36))
    v.update({"hypertension": rng.random() < 0.5, "diabetes": rng.random() < 0.3, "smoker": rng.random() < 0.4,
              "vascular_disease": rng.random() < 0.3})
    fast = variant == "tachycardic"
    v["heart_rate"] = rng.randint(92, 125) if fast else rng.randint(55, 88)
    v["qt_interval"] = rng.randint(340, 440)
    v["chest_pain_history"] = rng.choice(("slightly suspicious", "moderately suspicious", "highly suspicious"))
    v["ecg_finding"] = rng.choice(("normal", "non-specific repolarization disturbance", "significant st deviation"))
    v["troponin"] = rng.choice((rng.randint(2, 30), rng.randint(40, 95), rng.randint(120, 900)))
    v["total_cholesterol"] = rng.randint(150, 290)
    v["hdl"] = rng.randint(30, 75)
    v["triglycerides"] = rng.randint(70, 380)
    return facts(v, diagnoses=[("Chest pain, unspecified", "R07.9")])


def _chest_pain(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Chest pain risk stratification with QT and lipid review",
        family="cardio", dept=CARD, timepoint="admission",
        chief_complaint="Chest pain.", present_illness="Presented with chest pain that began at rest this morning.",
        admission_diagnosis="Chest pain, unspecified",
        variants=("tachycardic", "normal_rate"), sample=_sample_cp,
        steps=(
            Step("bmi", "bmi"),
            Step("heart", "heart_score", inputs={"history": F("chest_pain_history"), "ecg": F("ecg_finding"),
                                                 "risk_factors": D(_risk_factors, facts=("hypertension", "diabetes", "smoker"),
                                                                   steps=("bmi",), note="HTN, DM, smoking, obesity"),
                                                 "atherosclerotic_disease": F("vascular_disease"),
                                                 "troponin": D(_trop_cat, facts=("troponin",), note="vs 99th centile 34 ng/L")}),
            Step("qtc", "qtc", inputs={"formula": D(lambda c: "fridericia" if c.f("heart_rate") > 90 else "bazett",
                                                    facts=("heart_rate",), note="Fridericia when HR > 90")}),
            Step("ldl", "ldl_friedewald", when=lambda c: c.f("triglycerides") < 400),
        ),
        branches=(Branch("qt_formula", "heart rate above 90 changes the QT correction",
                         lambda c: "fridericia" if c.f("heart_rate") > 90 else "bazett", facts=("heart_rate",)),),
        expect={"tachycardic": {"qt_formula": "fridericia"}, "normal_rate": {"qt_formula": "bazett"}},
        questions=questions,
    )


Q_CP = (
    "Chest pain admission: give me a structured risk estimate for a major cardiac event using the story, the arrival "
    "ECG, age, risk factors (count obesity from body size) and the first troponin. Then correct the QT for rate - use "
    "the cube-root correction if the patient is tachycardic, otherwise the classic square-root one - and estimate LDL "
    "from the lipid panel.",
    "Please risk-stratify this chest pain from the admission data, correct the ECG QT interval with a method suited "
    "to the heart rate, and calculate LDL from the panel so we can plan secondary prevention. Include the weight-for-height "
    "index, which counts toward the risk factors.",
    "Work up the chest pain: body size, the validated emergency risk score (built from the story, the tracing, age, risk factors "
    "troponin relative to the upper reference limit), the QT adjusted for heart rate with a formula chosen by that rate, and "
    "the computed LDL. Use the values at presentation.",
)

# ---------------------------------------------------------------- pre-operative
def _sample_preop(rng, variant):
    v = body(rng, age=(45, 88))
    hi = variant == "elevated"
    v.update({"high_risk_surgery": hi or rng.random() < 0.3, "vascular_disease": hi and rng.random() < 0.7,
              "chf": hi and rng.random() < 0.5, "stroke_tia": rng.random() < 0.15, "insulin_treatment": rng.random() < 0.2})
    if hi and not (v["vascular_disease"] or v["chf"]):
        v["chf"] = True
    if not hi:
        v.update({"vascular_disease": False, "chf": False, "stroke_tia": False, "insulin_treatment": False})
    v["creatinine"] = u(rng, 0.7, 2.3, 2) if hi else u(rng, 0.6, 1.3, 2)
    v["heart_rate"] = rng.randint(58, 105)
    v["sbp"] = rng.randint(105, 170)
    v["dbp"] = rng.randint(60, 95)
    return facts(v, diagnoses=[("Pre-operative assessment", "Z01.818")])


def _preop(id_, domain, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Pre-operative cardiac risk and renal dosing", family="cardio",
        dept=SURG, timepoint="latest", chief_complaint="Admitted for planned surgery.",
        present_illness="Admitted the day before surgery for optimisation.",
        admission_diagnosis="Pre-operative assessment",
        variants=("elevated", "low"), sample=_sample_preop,
        steps=(
            Step("rcri", "rcri", inputs={"ischemic_heart_disease": F("vascular_disease"), "heart_failure": F("chf"),
                                         "cerebrovascular_disease": F("stroke_tia")}),
            Step("map", "mean_arterial_pressure"),
            Step("bmi", "bmi"),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("risk") == "elevated", branch="risk"),
            Step("egfr", "ckd_epi_2021"),
        ),
        branches=(Branch("risk", "two or more cardiac risk index points", lambda c: "elevated" if c.o("rcri") >= 2 else "low"),),
        expect={"elevated": {"risk": "elevated"}, "low": {"risk": "low"}},
        questions=questions,
    )


Q_PREOP = (
    "Surgery is booked for tomorrow. Estimate the perioperative cardiac risk from the history and kidney function, "
    "record the average arterial pressure over the cardiac cycle and body size, and if the cardiac risk is elevated (two or more points) also "
    "give a weight-based clearance estimate for perioperative drug dosing. Include the eGFR. Latest values.",
    "Pre-op review please: cardiac risk index, average arterial pressure from the latest blood pressure, weight-for-height index, the eGFR, "
    "and - only for a higher-risk patient - a weight-based clearance for dosing.",
    "Can you put numbers on this patient's surgical risk? I'd like the revised cardiac risk, most recent average arterial "
    "pressure and weight-for-height index, renal function by eGFR, and a clearance estimate for drug dosing when the cardiac risk turns out "
    "to be elevated.",
)

SCENARIOS = [
    _af("af_anticoagulation_decision", INTERNAL, CARD, Q_AF),
    _pe("pe_pretest_pathway", INTERNAL, ("Respiratory Medicine", "RES"), Q_PE),
    _pe("ed_pe_pathway", CRITICAL, ED, Q_PE_ED, perc=True),
    _chest_pain("chest_pain_risk_qt_lipids", Q_CP),
    _preop("preop_cardiac_renal", CRITICAL, Q_PREOP),
]
