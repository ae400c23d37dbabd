"""Internal medicine workflows: liver, GI bleeding, acid-base, pneumonia, metabolic review."""
from __future__ import annotations

from ...calculators.base import INTERNAL
from .. import catalog as C
from ..spec import Branch, D, F, K, Scenario, Step
from ._common import body, facts, ph_from, u

GAS = ("Gastroenterology", "GAS")
HEP = ("Hepatology", "HEP")
GIM = ("General Internal Medicine", "GIM")
RES = ("Respiratory Medicine", "RES")
END = ("Endocrinology", "END")
ICU = ("Intensive Care Unit", "ICU")

C.yes_no("melena", "present_illness", "Passed black tarry stools twice since yesterday.", "No melaena reported.")
C.yes_no("syncope", "present_illness", "Fainted at home before arrival.", "No syncope.")
C.yes_no("nursing_home", "personal_history", "Lives in a nursing home.", "Lives in the community.")
C.yes_no("pleural_effusion", "accessory_examination", "Chest radiograph: small right pleural effusion.",
         "Chest radiograph: no pleural effusion.")
C.yes_no("multilobar", "accessory_examination", "Consolidation involves more than one lobe.",
         "Consolidation limited to a single lobe.")

# ---------------------------------------------------------------- cirrhosis
ASCITES_MAP = {"none": "absent", "mild": "slight", "moderate": "moderate"}
HE_MAP = {"none": "none", "grade1-2": "grade 1-2", "grade3-4": "grade 3-4"}


def _sample_liver(rng, variant):
    v = body(rng, age=(38, 78))
    dec = variant == "decompensated"
    v["bilirubin"] = u(rng, 2.2, 9.0, 1) if dec else u(rng, 0.4, 1.8, 1)
    v["albumin"] = u(rng, 2.1, 3.0, 1) if dec else u(rng, 3.3, 4.6, 1)
    v["inr"] = u(rng, 1.6, 2.8, 2) if dec else u(rng, 0.9, 1.4, 2)
    v["ascites"] = rng.choice(("mild", "moderate")) if dec else "none"
    v["encephalopathy"] = rng.choice(("none", "grade1-2")) if dec else "none"
    v["creatinine"] = u(rng, 0.6, 2.2, 2)
    v["sodium"] = rng.randint(124, 141)
    v["ast"] = rng.randint(25, 180)
    v["alt"] = rng.randint(15, 120)
    v["platelets"] = rng.randint(45, 260)
    v["liver_disease"] = True
    return facts(v, diagnoses=[("Alcohol-related cirrhosis of liver", "K70.30")])


def _liver(id_, domain, dept, timepoint, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Cirrhosis severity and transplant-referral workup", family="liver",
        dept=dept, timepoint=timepoint, chief_complaint="Abdominal distension and jaundice.",
        present_illness="Known liver disease; admitted with worsening abdominal girth and fatigue.",
        admission_diagnosis="Cirrhosis of liver",
        variants=("decompensated", "compensated"), sample=_sample_liver,
        steps=(
            Step("cp", "child_pugh", inputs={"ascites": F("ascites", map=ASCITES_MAP),
                                             "encephalopathy": F("encephalopathy", map=HE_MAP)}),
            Step("meld", "meld_na", when=lambda c: c.branch("severity") == "decompensated", branch="severity"),
            Step("fib4", "fib4", when=lambda c: c.branch("severity") == "compensated", branch="severity"),
            Step("egfr", "ckd_epi_2021"),
        ),
        branches=(Branch("severity", "Child-Pugh class B/C (7 points or more)",
                         lambda c: "decompensated" if c.o("cp") >= 7 else "compensated"),),
        expect={"decompensated": {"severity": "decompensated"}, "compensated": {"severity": "compensated"}},
        questions=questions,
    )


Q_LIVER_LATEST = (
    "How sick is this liver? Grade the cirrhosis from the labs and the examination. If the disease is at least "
    "moderately advanced, give me the sodium-adjusted transplant-priority score; if it looks well compensated, "
    "estimate fibrosis with the simple age-transaminase-platelet index instead. Add kidney function. Use the latest "
    "results.",
    "Please stage this patient's chronic liver disease with the classic bilirubin/albumin/INR/ascites/encephalopathy "
    "grading, then branch: class B or C -> the transplant listing score with sodium; class A -> the non-invasive "
    "fibrosis index. Finish with an eGFR. Most recent labs, please.",
    "Hepatology asked whether to refer for transplant. Work out the severity class first and let that decide between "
    "the waiting-list score (advanced disease) and a fibrosis estimate (early disease). Include the eGFR; base "
    "everything on the latest bloods.",
)
Q_LIVER_ADM = tuple(q.replace("Use the latest results.", "Use the admission results.")
                    .replace("Most recent labs, please.", "Use the bloods drawn on admission.")
                    .replace("base everything on the latest bloods", "base everything on the admission bloods")
                    for q in Q_LIVER_LATEST)

# ---------------------------------------------------------------- upper GI bleed
def _sample_gib(rng, variant):
    v = body(rng, age=(30, 88))
    severe = variant == "liver"
    v["bun"] = rng.randint(18, 80)
    v["hemoglobin"] = u(rng, 6.5, 13.5, 1)
    v["sbp"] = rng.randint(82, 140)
    v["dbp"] = rng.randint(45, 85)
    v["heart_rate"] = rng.randint(78, 128)
    v.update({"melena": rng.random() < 0.7, "syncope": rng.random() < 0.3, "liver_disease": severe,
              "chf": rng.random() < 0.15})
    if severe:
        v.update({"bilirubin": u(rng, 1.2, 6.0, 1), "inr": u(rng, 1.2, 2.5, 2), "creatinine": u(rng, 0.6, 2.0, 2),
                  "sodium": rng.randint(125, 140), "albumin": u(rng, 2.2, 3.6, 1),
                  "ascites": rng.choice(("none", "mild", "moderate")), "encephalopathy": rng.choice(("none", "grade1-2"))})
    else:
        v["creatinine"] = u(rng, 0.6, 2.0, 2)
    return facts(v, diagnoses=[("Upper gastrointestinal haemorrhage", "K92.2")])


def _gib(id_, domain, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Upper GI bleeding: triage and liver-directed branch", family="gi",
        dept=GAS, timepoint="admission", chief_complaint="Vomiting blood.",
        present_illness="Haematemesis this morning.", admission_diagnosis="Upper gastrointestinal bleeding",
        variants=("liver", "no_liver"), sample=_sample_gib,
        steps=(
            Step("gbs", "glasgow_blatchford", inputs={"bun_mg_dl": F("bun"), "hemoglobin_g_dl": F("hemoglobin"),
                                                      "hepatic_disease": F("liver_disease"), "cardiac_failure": F("chf")}),
            Step("si", "shock_index"),
            Step("map", "mean_arterial_pressure"),
            Step("cp", "child_pugh", inputs={"ascites": F("ascites", map=ASCITES_MAP),
                                             "encephalopathy": F("encephalopathy", map=HE_MAP)},
                 when=lambda c: c.branch("liver") == "yes", branch="liver"),
            Step("meld", "meld_na", when=lambda c: c.branch("liver") == "yes", branch="liver"),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("liver") == "no", branch="liver"),
        ),
        branches=(Branch("liver", "known chronic liver disease", lambda c: "yes" if c.f("liver_disease") else "no",
                         facts=("liver_disease",)),),
        expect={"liver": {"liver": "yes"}, "no_liver": {"liver": "no"}},
        questions=questions,
    )


Q_GIB = (
    "Patient with haematemesis. From the arrival observations and bloods, score the need for intervention, give me "
    "the heart-rate-to-systolic ratio and average arterial pressure, and then: if there is known liver disease, grade the cirrhosis "
    "and calculate the sodium-adjusted severity score; if not, just report the eGFR.",
    "Upper GI bleed triage please, using the admission numbers: the pre-endoscopy risk score, shock ratio and average "
    "arterial pressure. Where the notes document chronic liver disease, add liver severity grading and the "
    "transplant-priority score; otherwise add kidney function by eGFR.",
    "Help me decide how urgently to scope. I need the bleeding risk score from the first set of results, the "
    "haemodynamic ratios, and then the liver branch (class and sodium-adjusted score) or the renal branch (eGFR) "
    "depending on whether the history mentions liver disease.",
)

# ---------------------------------------------------------------- DKA / acid-base
def _sample_dka(rng, variant):
    v = body(rng, age=(18, 70))
    high_gap = variant == "high_gap"
    v["glucose"] = rng.randint(380, 780)
    v["sodium"] = rng.randint(126, 140)
    v["chloride"] = rng.randint(92, 104) if high_gap else rng.randint(108, 118)
    v["bicarbonate"] = rng.randint(6, 14) if high_gap else rng.randint(14, 20)
    v["bun"] = rng.randint(15, 50)
    v["albumin"] = u(rng, 3.0, 4.6, 1)
    v["abg_hco3"] = v["bicarbonate"]
    v["paco2"] = max(12, round(1.5 * v["bicarbonate"] + 8 + rng.uniform(-2, 2)))  # Winters-compensated
    v["ph"] = ph_from(v["abg_hco3"], v["paco2"])
    v["potassium"] = round(rng.uniform(3.8, 6.2), 1)
    v["diabetes"] = True
    return facts(v, diagnoses=[("Type 1 diabetes mellitus with ketoacidosis", "E10.10")])


def _dka(id_, domain, dept, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Hyperglycaemic crisis: gaps, tonicity and bicarbonate", family="acid_base",
        dept=dept, timepoint="admission", chief_complaint="Vomiting, abdominal pain and rapid breathing.",
        present_illness="Two days of polyuria, vomiting and abdominal pain; missed insulin doses.",
        admission_diagnosis="Diabetic ketoacidosis",
        variants=("high_gap", "normal_gap"), sample=_sample_dka,
        steps=(
            Step("ag", "anion_gap"),
            Step("agc", "albumin_corrected_anion_gap"),
            Step("dg", "delta_gap", when=lambda c: c.branch("gap") == "high", branch="gap"),
            Step("dr", "delta_ratio", when=lambda c: c.branch("gap") == "high", branch="gap"),
            Step("nacorr", "sodium_correction_hyperglycemia", inputs={"glucose_mg_dl": F("glucose")}),
            Step("osm", "serum_osmolality"),
            Step("abg", "abg_analyzer", inputs={"hco3": F("abg_hco3")}),
            Step("bicdef", "bicarbonate_deficit", inputs={"hco3": F("bicarbonate")},
                 when=lambda c: c.f("bicarbonate") < 10),
        ),
        branches=(Branch("gap", "albumin-corrected anion gap above 12", lambda c: "high" if c.o("agc") > 12 else "normal"),),
        expect={"high_gap": {"gap": "high"}, "normal_gap": {"gap": "normal"}},
        questions=questions,
    )


Q_DKA = (
    "New admission with a hyperglycaemic crisis. Using the first chemistry and blood gas: calculate the gap, correct it "
    "for albumin, and if it is raised, work out the delta values to look for a mixed disorder. Correct the sodium for "
    "the glucose, give the calculated tonicity, interpret the gas, and if the bicarbonate is below ten estimate the "
    "missing bicarbonate.",
    "Please do the acid-base work-up on the admission labs: unmeasured anions (raw and albumin-adapted), delta analysis "
    "when the adapted gap is high, sodium adjusted for the glucose level, calculated osmolality, a formal blood gas "
    "interpretation, and the missing bicarbonate only if the serum bicarbonate is under ten.",
    "I want the numbers for this ketoacidosis from the arrival bloods: gaps with and without the albumin correction "
    "(plus delta analysis if elevated), sodium adjusted for the glucose level, serum tonicity, the blood gas reading, and a replacement "
    "estimate if bicarbonate is severely low.",
)

# ---------------------------------------------------------------- pneumonia
def _sample_cap(rng, variant):
    v = body(rng, age=(25, 92))
    sev = variant == "severe"
    v.update({"confusion": sev and rng.random() < 0.6, "nursing_home": rng.random() < 0.2, "cancer": rng.random() < 0.15,
              "liver_disease": rng.random() < 0.1, "chf": rng.random() < 0.2, "stroke_tia": rng.random() < 0.15,
              "renal_disease": rng.random() < 0.2, "pleural_effusion": rng.random() < 0.3, "multilobar": sev,
              "supplemental_o2": sev})
    v["resp_rate"] = rng.randint(24, 36) if sev else rng.randint(14, 22)
    v["heart_rate"] = rng.randint(90, 135) if sev else rng.randint(60, 98)
    v["sbp"] = rng.randint(82, 110) if sev else rng.randint(112, 155)
    v["dbp"] = rng.randint(45, 65) if sev else rng.randint(62, 92)
    v["temperature"] = round(rng.uniform(35.2, 40.2), 1)
    v["spo2"] = rng.randint(84, 92) if sev else rng.randint(93, 99)
    v["bun"] = rng.randint(21, 60) if sev else rng.randint(8, 19)
    v["sodium"] = rng.randint(128, 145)
    v["glucose"] = rng.randint(80, 260)
    v["hematocrit"] = u(rng, 28, 46, 1)
    v["ph"] = round(rng.uniform(7.28, 7.46), 2)
    v["pao2"] = rng.randint(50, 95)
    v["albumin"] = u(rng, 2.6, 4.4, 1)
    v["fio2"] = rng.choice((28, 35, 40, 50)) if sev else 21
    return facts(v, diagnoses=[("Community-acquired pneumonia", "J18.9")])


def _confusion_level(c) -> str:
    return "new confusion" if c.f("confusion") else "alert"


def _cap(id_, domain, dept, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Community-acquired pneumonia: severity and site of care", family="pneumonia",
        dept=dept, timepoint="admission", chief_complaint="Cough, fever and breathlessness.",
        present_illness="Productive cough and fever for four days, increasingly breathless.",
        admission_diagnosis="Community-acquired pneumonia",
        variants=("severe", "mild"), sample=_sample_cap,
        steps=(
            Step("curb", "curb_65", inputs={"confusion": F("confusion")}),
            Step("psi", "psi_port", inputs={"neoplastic_disease": F("cancer"), "cerebrovascular_disease": F("stroke_tia"),
                                            "arterial_ph": F("ph"), "bun_mg_dl": F("bun"), "sodium": F("sodium"),
                                            "glucose_mg_dl": F("glucose"), "hematocrit": F("hematocrit"),
                                            "pao2": F("pao2")}),
            Step("news", "news2", inputs={"consciousness": D(_confusion_level, facts=("confusion",))}),
            Step("smartcop", "smart_cop", inputs={"pao2": F("pao2")},
                 when=lambda c: c.branch("severity") == "severe", branch="severity"),
            Step("pf", "pf_ratio", when=lambda c: c.branch("severity") == "severe", branch="severity"),
        ),
        branches=(Branch("severity", "CURB-65 of 3 or more, or early-warning score 7 or more",
                         lambda c: "severe" if (c.o("curb") >= 3 or c.o("news") >= 7) else "non-severe"),),
        expect={"severe": {"severity": "severe"}, "mild": {"severity": "non-severe"}},
        questions=questions,
    )


Q_CAP = (
    "Pneumonia admission: decide where this patient should be managed. Using the findings at presentation, give the "
    "quick five-item severity score, the detailed twenty-item pneumonia mortality score and the early-warning score. If any of that "
    "points to severe disease (three or more on the short score, or seven or more on the warning score), also estimate "
    "the need for intensive respiratory or vasopressor support and arterial oxygen relative to inspired oxygen from the gas.",
    "Please score this pneumonia with the admission data: the short bedside severity tool, the detailed mortality "
    "index, and the ward early-warning score. For a severe picture, add the ICU-support prediction score and the "
    "arterial oxygen to inspired oxygen ratio.",
    "Is this a ward or an ICU pneumonia? Work out the bedside severity scores and the track-and-trigger score from the "
    "first observations and labs; if the short score is three or more or the warning score is seven or more, go on "
    "to the intensive-support predictor and arterial oxygen relative to inspired oxygen.",
)

# ---------------------------------------------------------------- metabolic clinic review
def _sample_meta(rng, variant):
    v = body(rng, age=(30, 75), bmi=(31, 42) if variant == "obese" else (20, 28))
    v["glucose"] = rng.randint(85, 180)
    v["insulin"] = u(rng, 4, 38, 1)
    v["total_cholesterol"] = rng.randint(150, 290)
    v["hdl"] = rng.randint(28, 80)
    v["triglycerides"] = rng.randint(60, 390)
    v["calcium"] = u(rng, 7.8, 10.6, 1)
    v["albumin"] = u(rng, 2.8, 4.8, 1)
    v["creatinine"] = u(rng, 0.6, 1.5, 2)
    return facts(v, diagnoses=[("Metabolic syndrome", "E88.81")])


def _meta(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Cardiometabolic review: insulin resistance, lipids, calcium",
        family="metabolic", dept=END, timepoint="latest", chief_complaint="Review of weight, glucose and lipids.",
        present_illness="Admitted for investigation of fatigue; fasting metabolic bloods were drawn.",
        admission_diagnosis="Metabolic syndrome",
        variants=("obese", "not_obese"), sample=_sample_meta,
        steps=(
            Step("bmi", "bmi"),
            Step("target", "target_weight", inputs={"target_bmi": K(25.0)},
                 when=lambda c: c.branch("obesity") == "obese", branch="obesity"),
            Step("homa", "homa_ir"),
            Step("ldl", "ldl_friedewald"),
            Step("ca", "calcium_correction_albumin", when=lambda c: c.f("albumin") < 4.0),
            Step("egfr", "ckd_epi_2021"),
        ),
        branches=(Branch("obesity", "BMI of 30 or more", lambda c: "obese" if c.o("bmi") >= 30 else "not_obese"),),
        expect={"obese": {"obesity": "obese"}, "not_obese": {"obesity": "not_obese"}},
        questions=questions,
    )


Q_META = (
    "Metabolic review using the most recent fasting bloods: weight-for-height index, and if the patient is obese the weight "
    "that would bring them to a weight-for-height index of twenty-five; an insulin-resistance estimate; calculated LDL; calcium adjusted "
    "for a low albumin where albumin is under four; and kidney function.",
    "I'd like a cardiometabolic summary from the latest results: weight category (with the weight that would bring the index to twenty-five "
    "when obese), the fasting insulin-glucose resistance index, computed LDL, calcium adjusted for the albumin level if the albumin "
    "is low, and eGFR.",
    "Please put numbers on this patient's metabolic risk with the latest labs - size, the weight that would bring the index to twenty-five if obese, insulin "
    "resistance, LDL by the standard estimate, calcium adjusted for the albumin level when albumin is below four, and the eGFR.",
)

SCENARIOS = [
    _liver("cirrhosis_severity_latest", INTERNAL, HEP, "latest", Q_LIVER_LATEST),
    _gib("upper_gi_bleed_triage", INTERNAL, Q_GIB),
    _dka("dka_acid_base_workup", INTERNAL, END, Q_DKA),
    _cap("pneumonia_site_of_care", INTERNAL, RES, Q_CAP),
    _meta("cardiometabolic_review", Q_META),
]
