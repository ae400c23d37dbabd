"""Further workflows: PE severity, HCC transplant work-up, TIA, burns, anaemia in pregnancy, septic
organ failure."""
from __future__ import annotations

from ...calculators.base import CRITICAL, INTERNAL, NEURO, SPECIAL
from .. import catalog as C
from ..spec import Branch, D, F, K, O, Scenario, Step
from ._common import FEMALE, MALE, body, facts, u

RES = ("Respiratory Medicine", "RES")
HEP = ("Hepatology", "HEP")
NEU = ("Neurology", "NEU")
BURN = ("Burns Unit", "BRN")
OBS = ("Obstetrics", "OBS")
ICU = ("Intensive Care Unit", "ICU")

C.yes_no("rv_dysfunction", "accessory_examination", "Echocardiogram: dilated, hypokinetic right ventricle.",
         "Echocardiogram: normal right ventricular size and function.")
C.yes_no("extrahepatic_spread", "accessory_examination", "Staging CT shows lung nodules consistent with metastases.",
         "Staging CT shows no extrahepatic disease.")
C.yes_no("macrovascular_invasion", "accessory_examination", "Tumour thrombus in the right portal vein.",
         "No portal or hepatic vein invasion.")
C.add_num_text(C.NumText("tumor_count", "examination_report", "exam_findings",
                         "Multiphase CT liver: number of arterially enhancing lesions with washout = {v}.", None, 0,
                         exam_item="CT liver, multiphase (lesion count)", exam_type="CT"))
C.add_num_text(C.NumText("largest_tumor", "examination_report", "exam_findings",
                         "Multiphase CT liver: the largest lesion measures {v} cm.", "cm", 1,
                         exam_item="CT liver, multiphase (largest lesion)", exam_type="CT"))
C.yes_no("af_on_ecg", "accessory_examination", "ECG: atrial fibrillation with controlled ventricular rate.",
         "ECG: sinus rhythm.")
C.add_text_fact(C.TextFact("tia_features", "admission_record", "present_illness", {
    "unilateral_weakness": "During the episode the right arm and leg were weak.",
    "speech_disturbance_without_weakness": "During the episode speech was slurred, with no limb weakness.",
    "other": "During the episode there was transient numbness and visual blurring, without weakness or speech change.",
}))
C.add_num_text(C.NumText("tia_duration", "admission_record", "present_illness",
                         "Symptoms resolved completely after about {v} minutes.", "min", 0))
BURN_REGIONS = {"head": 9.0, "anterior_trunk": 18.0, "posterior_trunk": 18.0, "right_arm": 9.0, "left_arm": 9.0,
                "right_leg": 18.0, "left_leg": 18.0}
for _r in BURN_REGIONS:
    C.yes_no(f"burn_{_r}", "physical_examination",
             f"Partial- and full-thickness burns cover the whole {_r.replace('_', ' ')}.",
             f"The {_r.replace('_', ' ')} is spared.")
C.yes_no("mechanical_ventilation", "present_illness", "Intubated and mechanically ventilated since yesterday.",
         "Breathing spontaneously, not ventilated.")


# ---------------------------------------------------------------- PE severity
def _sample_pe_sev(rng, variant):
    v = body(rng, age=(30, 90))
    low = variant == "low"
    v.update({"cancer": not low and rng.random() < 0.4, "chf": not low and rng.random() < 0.3,
              "copd": not low and rng.random() < 0.3, "rv_dysfunction": not low and rng.random() < 0.6})
    if low:
        v["age"] = min(v["age"], 79)
    v["heart_rate"] = rng.randint(112, 135) if (not low and rng.random() < 0.6) else rng.randint(70, 105)
    v["sbp"] = rng.randint(90, 99) if (not low and rng.random() < 0.4) else rng.randint(105, 150)
    v["dbp"] = rng.randint(50, 85)
    v["spo2"] = rng.randint(84, 89) if (not low and rng.random() < 0.5) else rng.randint(92, 99)
    if not low and not any((v["cancer"], v["chf"], v["copd"], v["heart_rate"] >= 110, v["sbp"] < 100, v["spo2"] < 90,
                            v["age"] > 80)):
        v["cancer"] = True
    v["troponin"] = rng.choice((rng.randint(3, 30), rng.randint(40, 300)))
    v["creatinine"] = u(rng, 0.6, 1.6, 2)
    return facts(v, diagnoses=[("Pulmonary embolism without acute cor pulmonale", "I26.99")])


def _pe_sev(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Confirmed PE: severity, early discharge or escalation", family="vte",
        dept=RES, timepoint="admission", chief_complaint="Breathlessness; CT confirmed pulmonary embolism.",
        present_illness="CT pulmonary angiography confirmed segmental pulmonary emboli this morning.",
        admission_diagnosis="Pulmonary embolism",
        variants=("low", "high"), sample=_sample_pe_sev,
        steps=(
            Step("spesi", "spesi", inputs={
                "age_over_80": D(lambda c: c.f("age") > 80, facts=("age",)), "cancer": F("cancer"),
                "chronic_cardiopulmonary_disease": D(lambda c: c.f("chf") or c.f("copd"), facts=("chf", "copd")),
                "heart_rate_110_or_more": D(lambda c: c.f("heart_rate") >= 110, facts=("heart_rate",)),
                "sbp_below_100": D(lambda c: c.f("sbp") < 100, facts=("sbp",)),
                "sao2_below_90": D(lambda c: c.f("spo2") < 90, facts=("spo2",))}),
            Step("si", "shock_index"),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("severity") == "low", branch="severity"),
            Step("bova", "bova_score", inputs={
                "sbp_90_to_100": D(lambda c: 90 <= c.f("sbp") <= 100, facts=("sbp",)),
                "elevated_troponin": D(lambda c: c.f("troponin") > 34, facts=("troponin",), note="above 34 ng/L"),
                "rv_dysfunction": F("rv_dysfunction"),
                "heart_rate_110_or_more": D(lambda c: c.f("heart_rate") >= 110, facts=("heart_rate",))},
                 when=lambda c: c.branch("severity") == "high", branch="severity"),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("severity") == "high", branch="severity"),
        ),
        branches=(Branch("severity", "simplified PE severity low vs high", lambda c: "low" if c.o("spesi") == "Low" else "high"),),
        expect={"low": {"severity": "low"}, "high": {"severity": "high"}},
        questions=questions,
    )


Q_PE_SEV = (
    "The scan confirms a pulmonary embolism. Using the presentation data, classify short-term mortality risk with the "
    "simplified six-item severity index and report the heart-rate-to-systolic ratio. If the risk is low, we may treat "
    "at home: give a weight-based clearance for choosing the oral anticoagulant dose. If it is not low, grade the risk "
    "of complications in a normotensive patient (pressure, troponin above the upper reference limit of 34 ng/L, right "
    "ventricular function, heart rate) and give the eGFR.",
    "Embolism confirmed - can this patient go home? Score severity from the admission findings, add the shock ratio, "
    "and then either a weight-based clearance for anticoagulant dosing (low risk) or the intermediate-risk "
    "stratification using blood pressure, troponin, the echo right ventricle and heart rate, with the eGFR "
    "(higher risk).",
    "Please risk-stratify this confirmed PE on the first set of observations and labs: the simplified severity "
    "classification, the shock ratio, and the branch - outpatient dosing clearance if low risk, or the "
    "complication-risk grade plus eGFR if not.",
)
Q_PE_SEV = (Q_PE_SEV[0].replace("34 ng/L", "thirty-four nanograms per litre"), Q_PE_SEV[1], Q_PE_SEV[2])


# ---------------------------------------------------------------- HCC transplant work-up
def _sample_hcc(rng, variant):
    v = body(rng, age=(40, 75))
    within = variant == "within"
    v["tumor_count"] = rng.randint(1, 3) if within else rng.randint(4, 6)
    v["largest_tumor"] = u(rng, 1.5, 3.0, 1) if within else u(rng, 2.0, 7.5, 1)
    v["extrahepatic_spread"] = False if within else rng.random() < 0.3
    v["macrovascular_invasion"] = False if within else rng.random() < 0.3
    v["bilirubin"] = u(rng, 0.5, 3.5, 1)
    v["albumin"] = u(rng, 2.6, 4.4, 1)
    v["inr"] = u(rng, 1.0, 2.0, 2)
    v["creatinine"] = u(rng, 0.6, 1.8, 2)
    v["sodium"] = rng.randint(128, 142)
    v["ascites"] = rng.choice(("none", "mild"))
    v["encephalopathy"] = "none"
    v["performance"] = rng.choice((0, 1, 2))
    f = facts(v, diagnoses=[("Hepatocellular carcinoma", "C22.0")])
    f.si["bilirubin"] = True  # the albumin-bilirubin grade is defined in SI units; reports here are in SI
    f.si["albumin"] = True
    return f


ASC = {"none": "absent", "mild": "slight", "moderate": "moderate"}
HE = {"none": "none", "grade1-2": "grade 1-2", "grade3-4": "grade 3-4"}


def _hcc(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Hepatocellular carcinoma: liver reserve and transplant eligibility",
        family="liver", dept=HEP, timepoint="latest", chief_complaint="Liver lesions on surveillance ultrasound.",
        present_illness="Cirrhosis under surveillance; new liver lesions, staging CT done.",
        admission_diagnosis="Hepatocellular carcinoma",
        variants=("within", "outside"), sample=_sample_hcc,
        steps=(
            Step("albi", "albi_grade", inputs={"bilirubin_umol_l": F("bilirubin"), "albumin_g_l": F("albumin")}),
            Step("cp", "child_pugh", inputs={"ascites": F("ascites", map=ASC), "encephalopathy": F("encephalopathy", map=HE)}),
            Step("milan", "milan_criteria", inputs={"tumor_count": F("tumor_count"), "largest_tumor_cm": F("largest_tumor"),
                                                    "extrahepatic_spread": F("extrahepatic_spread"),
                                                    "macrovascular_invasion": F("macrovascular_invasion")}),
            Step("meld", "meld_na", when=lambda c: c.branch("milan") == "within", branch="milan"),
            Step("ecog", "ecog_performance_status", inputs={"grade": F("performance")},
                 when=lambda c: c.branch("milan") == "outside", branch="milan"),
        ),
        branches=(Branch("milan", "tumour burden within transplant criteria",
                         lambda c: "within" if c.o("milan") == "Criteria met" else "outside"),),
        expect={"within": {"milan": "within"}, "outside": {"milan": "outside"}},
        questions=questions,
    )


Q_HCC = (
    "New liver cancer in a cirrhotic patient. From the most recent labs, grade liver reserve with the albumin-bilirubin "
    "model and the classic five-item class, then check the staging CT against the standard transplant tumour-burden "
    "limits. If the tumour burden qualifies, give the sodium-adjusted listing score; if it does not, grade performance "
    "status for systemic therapy.",
    "Please prepare the tumour board summary using the latest results: albumin-bilirubin grade, liver severity class, "
    "whether the lesions on CT fall within transplant criteria, and then either the waiting-list severity score "
    "(within criteria) or the functional status grade (outside criteria).",
    "Is this patient a transplant candidate? I need the liver function grades (albumin-bilirubin and the classic "
    "class), the transplant tumour criteria applied to the CT, and the follow-on number: listing score if eligible, "
    "performance grade if not. Use the latest bloods.",
)


# ---------------------------------------------------------------- TIA
def _sample_tia(rng, variant):
    v = body(rng, age=(45, 90))
    af = variant == "af"
    v["af_on_ecg"] = af
    v["tia_features"] = rng.choice(("unilateral_weakness", "speech_disturbance_without_weakness", "other"))
    v["tia_duration"] = rng.choice((5, 8, 15, 25, 40, 75, 120))
    v["sbp"] = rng.randint(118, 185)
    v["dbp"] = rng.randint(65, 105)
    v.update({k: rng.random() < 0.35 for k in ("chf", "hypertension", "diabetes", "stroke_tia", "vascular_disease")})
    v["total_cholesterol"] = rng.randint(150, 290)
    v["hdl"] = rng.randint(30, 75)
    v["triglycerides"] = rng.randint(70, 350)
    return facts(v, diagnoses=[("Transient cerebral ischaemic attack", "G45.9")])


def _tia(id_, questions):
    return Scenario(
        id=id_, version=1, domain=NEURO, title="Transient ischaemic attack: early stroke risk and secondary prevention",
        family="stroke", dept=NEU, timepoint="admission", chief_complaint="Transient neurological symptoms, now resolved.",
        present_illness="Sudden transient neurological symptoms earlier today.", admission_diagnosis="Transient ischaemic attack",
        variants=("af", "sinus"), sample=_sample_tia,
        steps=(
            Step("abcd2", "abcd2", inputs={"clinical_features": F("tia_features"), "duration_min": F("tia_duration")}),
            Step("map", "mean_arterial_pressure"),
            Step("chads", "cha2ds2_vasc", inputs={"stroke_tia_thromboembolism": K(True)},
                 when=lambda c: c.branch("rhythm") == "af", branch="rhythm"),
            Step("ldl", "ldl_friedewald", when=lambda c: c.branch("rhythm") == "sinus", branch="rhythm"),
        ),
        branches=(Branch("rhythm", "atrial fibrillation on the ECG", lambda c: "af" if c.f("af_on_ecg") else "sinus",
                         facts=("af_on_ecg",)),),
        expect={"af": {"rhythm": "af"}, "sinus": {"rhythm": "sinus"}},
        questions=questions,
    )


Q_TIA = (
    "Resolved transient neurological episode. From the admission record, estimate the early stroke risk (age, blood "
    "pressure, the clinical features and duration of the episode, diabetes) and the average arterial pressure. If the "
    "ECG shows atrial fibrillation, score the thromboembolic risk counting today's event; if it is sinus rhythm, "
    "calculate LDL from the lipid panel for statin planning.",
    "Please risk-stratify this transient ischaemic event using the arrival data: the short-term stroke risk score, "
    "the average arterial pressure, and then - depending on the admission ECG - the atrial fibrillation stroke-risk "
    "score (including this event) or the computed LDL.",
    "TIA clinic question: how likely is an early stroke, what is the average arterial pressure, and, if the rhythm is "
    "atrial fibrillation, the anticoagulation risk score counting this event; otherwise the LDL estimate. Use the "
    "admission findings.",
)


# ---------------------------------------------------------------- burns
def _sample_burn(rng, variant):
    v = body(rng, age=(18, 70))
    regions = list(BURN_REGIONS)
    if variant == "major":
        chosen = set(rng.sample(regions, rng.randint(2, 4)))
        if sum(BURN_REGIONS[r] for r in chosen) < 20:
            chosen.add("anterior_trunk")
    else:
        chosen = {rng.choice(("head", "right_arm", "left_arm"))}
    for r in regions:
        v[f"burn_{r}"] = r in chosen
    v["heart_rate"] = rng.randint(85, 135)
    v["sbp"] = rng.randint(90, 150)
    v["dbp"] = rng.randint(50, 90)
    return facts(v, diagnoses=[("Burns of multiple body regions", "T31.0")])


def _region(r: str) -> D:
    return D(lambda c: BURN_REGIONS[r] if c.f(f"burn_{r}") else 0.0, facts=(f"burn_{r}",),
             note="whole region burned -> the region's full share")


def _burns(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="Burns: surface area and fluid resuscitation", family="burns",
        dept=BURN, timepoint="admission", chief_complaint="Flame burns.", present_illness="House fire; flame burns, "
        "arrived one hour after the injury.", admission_diagnosis="Burns",
        variants=("major", "minor"), sample=_sample_burn,
        steps=(
            Step("tbsa", "rule_of_nines", inputs={r: _region(r) for r in BURN_REGIONS}),
            Step("si", "shock_index"),
            Step("map", "mean_arterial_pressure"),
            Step("parkland", "parkland_formula", inputs={"tbsa_pct": O("tbsa")},
                 when=lambda c: c.branch("burn") == "major", branch="burn"),
            Step("fluids", "maintenance_fluids", when=lambda c: c.branch("burn") == "minor", branch="burn"),
        ),
        branches=(Branch("burn", "burned surface of 20% or more", lambda c: "major" if c.o("tbsa") >= 20 else "minor"),),
        expect={"major": {"burn": "major"}, "minor": {"burn": "minor"}},
        questions=questions,
    )


Q_BURN = (
    "Burns patient just arrived. From the examination, estimate the burned body surface from the standard regional "
    "percentages (a whole region involved counts as that region's full share), give the heart-rate-to-systolic ratio and "
    "average arterial pressure. If the burn is a fifth of the body surface or more, calculate the 24-hour "
    "resuscitation volume; otherwise just give the hourly maintenance rate. Work from the admission findings.",
    "Please size this burn from the documented regions and plan fluids: burned surface percentage, shock ratio, "
    "average pressure, then the first-day crystalloid requirement for a major burn (at least twenty percent) or the "
    "hourly maintenance requirement for a smaller one. Use the admission weight.",
    "Work out how much of the body is burned (whole regions as documented), the haemodynamic ratios, and the fluids: "
    "the formal burn resuscitation volume if twenty percent or more, otherwise maintenance fluids. Use the admission "
    "observations and weight.",
)
Q_BURN = (Q_BURN[0].replace("24-hour", "twenty-four-hour"), Q_BURN[1], Q_BURN[2])


# ---------------------------------------------------------------- anaemia in pregnancy
def _sample_anaemia(rng, variant):
    v = body(rng, sex=FEMALE, age=(18, 42))
    iron = variant == "iron_deficiency"
    v["hemoglobin"] = u(rng, 7.5, 10.4, 1)
    v["mcv"] = rng.randint(62, 78)
    v["rbc"] = round(v["mcv"] / rng.uniform(15, 20), 2) if iron else round(v["mcv"] / rng.uniform(9, 12.5), 2)
    v["hematocrit"] = round(v["hemoglobin"] * 3 + rng.uniform(-1, 1), 1)
    v["reticulocytes"] = u(rng, 0.5, 2.5, 1)
    return facts(v, diagnoses=[("Anaemia complicating pregnancy", "O99.01")])


def _anaemia(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="Microcytic anaemia in pregnancy: iron deficiency or trait, iron dose",
        family="obstetrics", dept=OBS, timepoint="latest", chief_complaint="Tiredness in pregnancy; low haemoglobin.",
        present_illness="Second-trimester pregnancy; routine bloods show a microcytic anaemia.",
        admission_diagnosis="Anaemia in pregnancy",
        variants=("iron_deficiency", "trait"), sample=_sample_anaemia,
        steps=(
            Step("mentzer", "mentzer_index"),
            Step("rpi", "reticulocyte_production_index", inputs={"retic_pct": F("reticulocytes"), "hematocrit": F("hematocrit")}),
            Step("bmi", "bmi"),
            Step("ganzoni", "ganzoni_iron_deficit", inputs={"target_hb": K(11.0), "actual_hb": F("hemoglobin"),
                                                           "iron_stores_mg": K(500.0)},
                 when=lambda c: c.branch("cause") == "iron", branch="cause"),
        ),
        branches=(Branch("cause", "MCV/RBC index above 13 suggests iron deficiency",
                         lambda c: "iron" if c.o("mentzer") > 13 else "trait"),),
        expect={"iron_deficiency": {"cause": "iron"}, "trait": {"cause": "trait"}},
        questions=questions,
    )


Q_ANAEMIA = (
    "Pregnant patient with a microcytic anaemia on the latest count. Use the red-cell index that separates iron "
    "deficiency from thalassaemia trait, assess the marrow response with the reticulocyte count adjusted for the degree of anaemia, and record "
    "her weight-for-height. If iron deficiency is favoured, calculate the total intravenous iron dose to reach a "
    "haemoglobin of eleven grams per decilitre with five hundred milligrams for stores.",
    "Please work up this antenatal microcytosis from the most recent results: the MCV-to-red-cell-count "
    "discrimination index, the anaemia-adjusted reticulocyte response, body size, and - if the picture is iron deficiency - the "
    "total iron requirement (target haemoglobin eleven, stores five hundred milligrams).",
    "Iron or trait? Latest bloods please: the discrimination index, the anaemia-adjusted reticulocyte response, "
    "weight-for-height, and the iron replacement dose when iron deficiency is likely (aim for eleven, add five "
    "hundred milligrams for stores).",
)


# ---------------------------------------------------------------- septic organ failure
def _sample_sofa(rng, variant):
    v = body(rng, age=(30, 85))
    sick = variant == "sepsis"
    v["gcs_eye"] = rng.choice((2, 3, 4)) if sick else 4
    v["gcs_verbal"] = rng.choice((3, 4, 5)) if sick else 5
    v["gcs_motor"] = rng.choice((5, 6)) if sick else 6
    v["sbp"] = rng.randint(78, 100) if sick else rng.randint(110, 140)
    v["dbp"] = rng.randint(40, 58) if sick else rng.randint(65, 85)
    v["pao2"] = rng.randint(60, 90) if sick else rng.randint(90, 110)
    v["fio2"] = rng.choice((40, 50, 60)) if sick else 21
    v["mechanical_ventilation"] = sick and rng.random() < 0.6
    v["platelets"] = rng.randint(40, 140) if sick else rng.randint(160, 320)
    v["bilirubin"] = u(rng, 1.3, 4.5, 1) if sick else u(rng, 0.3, 1.1, 1)
    v["creatinine"] = u(rng, 1.3, 3.2, 2) if sick else u(rng, 0.6, 1.1, 2)
    v["temperature"] = round(rng.uniform(38.3, 39.8) if sick else rng.uniform(36.4, 37.6), 1)
    v["heart_rate"] = rng.randint(95, 135) if sick else rng.randint(65, 88)
    v["resp_rate"] = rng.randint(22, 34) if sick else rng.randint(12, 19)
    v["paco2"] = rng.randint(28, 45)
    v["wbc"] = u(rng, 13, 28, 1) if sick else u(rng, 5, 10, 1)
    v["bands"] = rng.randint(0, 15)
    v["inr"] = u(rng, 1.2, 2.2, 2) if sick else u(rng, 0.9, 1.2, 2)
    v["pt"] = round(12.0 * v["inr"], 1)
    v["fibrinogen"] = rng.randint(90, 260) if sick else rng.randint(220, 420)
    v["d_dimer"] = u(rng, 0.8, 9.0, 2) if sick else u(rng, 0.1, 0.5, 2)
    v["spo2"] = rng.randint(90, 99)
    v["supplemental_o2"] = sick
    v["confusion"] = False
    f = facts(v, diagnoses=[("Sepsis due to pneumonia", "A41.9")])
    if sick:
        f.orders.append({"order_name": "Norepinephrine infusion", "once_dose": round(rng.uniform(0.05, 0.3), 2),
                         "dose_unit": "ug/kg/min", "frequency": "continuous", "usage": "IV infusion", "fact": "norepinephrine"})
    return f


EYE = {4: "spontaneous", 3: "to verbal command", 2: "to pain", 1: "none"}
VERBAL = {5: "oriented", 4: "confused", 3: "inappropriate words", 2: "incomprehensible sounds", 1: "none"}
MOTOR = {6: "obeys commands", 5: "localizes pain", 4: "withdraws from pain", 3: "abnormal flexion", 2: "extension",
         1: "none"}


def _fibrin(c) -> str:
    d = c.f("d_dimer")
    return "no increase" if d < 0.5 else ("moderate increase" if d < 5 else "strong increase")


def _sofa(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="Septic organ failure and coagulopathy", family="sepsis", dept=ICU,
        timepoint="latest", chief_complaint="Fever, hypotension and confusion.",
        present_illness="Pneumonia with worsening hypotension; transferred to intensive care.",
        admission_diagnosis="Sepsis",
        variants=("sepsis", "no_organ_failure"), sample=_sample_sofa,
        steps=(
            Step("gcs", "glasgow_coma_scale", inputs={"eye": F("gcs_eye", map=EYE), "verbal": F("gcs_verbal", map=VERBAL),
                                                      "motor": F("gcs_motor", map=MOTOR)}),
            Step("map", "mean_arterial_pressure"),
            Step("sofa", "sofa", inputs={"fio2": F("fio2"), "gcs": O("gcs"), "map": O("map"),
                                         "mechanical_ventilation": F("mechanical_ventilation"),
                                         "norepinephrine": D(lambda c: c.f("norepinephrine") if "norepinephrine" in c.facts else 0.0,
                                                             note="running norepinephrine dose, 0 if none ordered")}),
            Step("sirs", "sirs_criteria", inputs={"respiratory_rate": F("resp_rate"), "paco2": F("paco2"),
                                                  "bands_percent": F("bands")}),
            Step("dic", "isth_dic", inputs={"fibrin_marker": D(_fibrin, facts=("d_dimer",), note="D-dimer <0.5 / <5 / >=5 mg/L FEU"),
                                            "pt_prolongation_sec": D(lambda c: round(max(0.0, c.f("pt") - 12.0), 1), facts=("pt",),
                                                                     note="PT above a 12 s normal"),
                                            "fibrinogen_g_l": F("fibrinogen")},
                 when=lambda c: c.branch("organ_failure") == "yes", branch="organ_failure"),
            Step("news", "news2", inputs={"consciousness": K("alert")},
                 when=lambda c: c.branch("organ_failure") == "no", branch="organ_failure"),
        ),
        branches=(Branch("organ_failure", "organ failure score of 2 or more", lambda c: "yes" if c.o("sofa") >= 2 else "no"),),
        expect={"sepsis": {"organ_failure": "yes"}, "no_organ_failure": {"organ_failure": "no"}},
        questions=questions,
    )


Q_SOFA = (
    "Suspected septic shock. With the latest data, score consciousness, calculate the average arterial pressure, and "
    "use both (with the gas, platelets, bilirubin, creatinine, ventilation status and any vasopressor running) for the "
    "sequential organ failure score; also count the inflammatory response criteria. If the organ failure score is two "
    "or more, screen for overt disseminated intravascular coagulation; if not, give the ward early-warning score.",
    "Please quantify organ dysfunction for this infected patient from the most recent results: coma scale, average "
    "arterial pressure, the six-organ failure score (include the noradrenaline dose from the orders), the systemic "
    "inflammatory response count, then the DIC screen when organ failure reaches two points, or the warning score "
    "otherwise.",
    "ICU admission review: consciousness score, average pressure, organ failure score, inflammatory response criteria, "
    "and then either the international DIC score (if two or more organ-failure points) or the national warning score. "
    "Use the latest labs and observations.",
)

# ---------------------------------------------------------------- aminoglycoside dosing with measured clearance
def _sample_amg(rng, variant):
    v = body(rng, age=(25, 85), bmi=(32, 44) if variant == "obese" else (19, 27))
    v["creatinine"] = u(rng, 0.6, 1.8, 2)
    v["urine_volume_24h"] = float(rng.randint(700, 2600))
    # a urine creatinine consistent with a plausible daily excretion (15-25 mg/kg lean mass)
    excretion_mg = rng.uniform(12, 22) * min(v["weight"], 80)
    v["urine_creatinine_24h"] = round(excretion_mg / (v["urine_volume_24h"] / 100), 0)
    f = facts(v, diagnoses=[("Gram-negative bacteraemia", "R78.81")])
    f.orders.append({"order_name": "Gentamicin, extended-interval dosing (dose per kg of dosing weight per day)",
                     "once_dose": float(rng.choice((5, 7))), "dose_unit": "mg/kg/day", "frequency": "q24h",
                     "usage": "IV infusion", "fact": "gentamicin_mg_kg"})
    return f


def _dosing_weight(c) -> float:
    return c.o("adjbw") if c.ran("adjbw") else c.f("weight")


def _amg(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Aminoglycoside dosing: dosing weight and measured clearance",
        family="renal_dosing", dept=("Infectious Diseases", "INF"), timepoint="latest",
        chief_complaint="Fever with Gram-negative bacteraemia.",
        present_illness="Fever and rigors; blood cultures grew a Gram-negative rod. A 24-hour urine was collected.",
        admission_diagnosis="Gram-negative bacteraemia",
        variants=("obese", "lean"), sample=_sample_amg,
        steps=(
            Step("bmi", "bmi"),
            Step("ibw", "ideal_body_weight"),
            Step("adjbw", "adjusted_body_weight", when=lambda c: c.branch("weight") == "adjusted", branch="weight"),
            Step("mcrcl", "crcl_24h_urine", inputs={"urine_creatinine": F("urine_creatinine_24h"),
                                                    "plasma_creatinine": F("creatinine"),
                                                    "urine_volume_ml": F("urine_volume_24h"), "collection_hours": K(24.0)}),
            Step("egfr", "ckd_epi_2021"),
            Step("dose", "weight_based_dosing", inputs={"weight_kg": D(_dosing_weight, facts=("weight",), steps=("adjbw",),
                                                                       note="adjusted weight if obese, else actual"),
                                                        "dose_mg_per_kg_day": F("gentamicin_mg_kg"),
                                                        "doses_per_day": K(1)}),
        ),
        branches=(Branch("weight", "weight-for-height index of 30 or more", lambda c: "adjusted" if c.o("bmi") >= 30 else "actual"),),
        expect={"obese": {"weight": "adjusted"}, "lean": {"weight": "actual"}},
        questions=(
            "Starting an extended-interval aminoglycoside. From the latest results: body size and the height-predicted "
            "weight; if the patient is obese (index thirty or more) the obesity-corrected weight, which then becomes the "
            "weight to dose on. Give the clearance measured from the 24-hour urine collection and the population eGFR, and "
            "the once-daily dose from the ordered milligrams per kilogram.",
            "Please check the gentamicin order: weight-for-height, height-predicted weight, the obesity-corrected weight "
            "when obese, the timed-urine measured clearance, the eGFR for comparison, and the single daily dose on the "
            "correct weight. Use the most recent labs.",
            "Aminoglycoside dosing question: what weight do we dose on (corrected for obesity if the index is thirty or "
            "more), what is the measured clearance from the day-long urine collection versus the estimated GFR, and "
            "what is the daily dose for the ordered mg/kg? Latest values.",
        ),
    )


# ---------------------------------------------------------------- intra-operative blood loss
def _sample_bleed(rng, variant):
    v = body(rng, age=(25, 85))
    v["hemoglobin"] = u(rng, 10.5, 15.5, 1)
    v["hematocrit"] = round(v["hemoglobin"] * 3 + rng.uniform(-1, 1), 1)
    blood_vol = 70 * v["weight"]
    mabl_est = blood_vol * (v["hemoglobin"] - 7.0) / ((v["hemoglobin"] + 7.0) / 2)
    v["blood_loss"] = float(round(mabl_est * (rng.uniform(1.15, 1.8) if variant == "exceeded" else rng.uniform(0.2, 0.8)), -1))
    v["anesthesia_hours"] = round(rng.uniform(1.5, 6.0), 1)
    v["or_urine_volume"] = float(rng.randint(100, 900))
    v["asa_class"] = rng.choice(("II", "III"))
    v["heart_rate"] = rng.randint(60, 120)
    v["sbp"] = rng.randint(95, 160)
    v["dbp"] = rng.randint(50, 95)
    v["surgery_name"] = rng.choice(("Open right hemicolectomy", "Total hip arthroplasty", "Open aortic aneurysm repair"))
    return facts(v, diagnoses=[("Intra-operative haemorrhage", "T81.0")])


def _bleed(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="Operative blood loss: blood volume, allowable loss, next step",
        family="perioperative", dept=("Anaesthesiology", "ANE"), timepoint="admission",
        chief_complaint="Major surgery.", present_illness="Admitted for major surgery; operated the day after admission.",
        admission_diagnosis="Major surgery",
        variants=("exceeded", "within"), sample=_sample_bleed,
        steps=(
            Step("bv", "blood_volume_nadler", inputs={"hematocrit_pct": F("hematocrit")}),
            Step("mabl", "max_allowable_blood_loss", inputs={
                "patient": D(lambda c: "adult man" if c.f("sex") == MALE else "adult woman", facts=("sex",)),
                "hb_initial": F("hemoglobin"), "hb_final": K(7.0)}),
            Step("uo", "urine_output_rate", inputs={"urine_ml": F("or_urine_volume"), "hours": F("anesthesia_hours")}),
            Step("bmi", "bmi", when=lambda c: c.branch("loss") == "within", branch="loss"),
            Step("si", "shock_index", when=lambda c: c.branch("loss") == "exceeded", branch="loss"),
        ),
        branches=(Branch("loss", "recorded blood loss above the allowable loss",
                         lambda c: "exceeded" if c.f("blood_loss") > c.o("mabl") else "within", facts=("blood_loss",)),),
        expect={"exceeded": {"loss": "exceeded"}, "within": {"loss": "within"}},
        questions=(
            "Review of the operation from the anaesthetic record. Using the admission haemoglobin, haematocrit and body "
            "measurements: estimate circulating blood volume from height, weight and sex, the largest blood "
            "loss tolerable before the haemoglobin falls to seven, and the intra-operative urine output per kilogram per hour over the "
            "anaesthetic. If the recorded blood loss exceeded the allowable loss, give the heart-rate-to-systolic ratio "
            "from the admission observations; otherwise report the weight-for-height index.",
            "Please work out from the admission data and the anaesthesia chart: circulating blood volume, how much blood "
            "could be lost before reaching a haemoglobin of seven, urine output per kilogram per hour during "
            "anaesthesia, and then the shock ratio (if the charted loss was above the allowable loss) or body size "
            "(if not).",
            "Transfusion audit for this operation: blood volume by the height-weight-sex method, allowable loss to a "
            "haemoglobin of seven using the admission value, intra-operative urine output per kilogram per hour, and the follow-on "
            "number depending on whether the recorded loss exceeded the allowable loss (shock ratio) or not "
            "(weight-for-height). Use the admission measurements.",
        ),
    )


SCENARIOS = [
    _pe_sev("pe_severity_disposition", Q_PE_SEV),
    _hcc("hcc_transplant_evaluation", Q_HCC),
    _tia("tia_stroke_risk", Q_TIA),
    _burns("burns_fluid_resuscitation", Q_BURN),
    _anaemia("antenatal_microcytic_anaemia", Q_ANAEMIA),
    _sofa("icu_septic_organ_failure", Q_SOFA),
    _amg("aminoglycoside_dosing_weight", None),
    _bleed("operative_blood_loss_review", None),
]
