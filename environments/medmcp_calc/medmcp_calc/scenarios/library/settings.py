"""Workflows for the same clinical problems in other settings, each with its own tool chain:
ICU kidney injury with urine output, ICU sodium replacement, alcohol-related hepatitis, emergency
GI-bleed triage, mixed hyperglycaemic crisis, emergency pneumonia triage, emergency sepsis screen,
ICU neurotrauma, post-operative DVT, neurology AF stroke prevention, pre-operative medical consult,
neuro-oncology fitness."""
from __future__ import annotations

from ...calculators.base import CRITICAL, INTERNAL, NEURO
from .. import catalog as C
from ..spec import Branch, D, F, K, O, Scenario, Step, hours_between
from ._common import MALE, body, creat_series, facts, ph_from, u

ICU = ("Intensive Care Unit", "ICU")
ED = ("Emergency Medicine", "EMD")
HEP = ("Hepatology", "HEP")
NEU = ("Neurology", "NEU")
SURG = ("General Surgery", "GSU")
ORTHO = ("Orthopaedics", "ORT")
ONC = ("Neuro-oncology", "NON")

C.yes_no("proteinuria", "accessory_examination", "Urine dipstick: protein 2+.", "Urine dipstick: no protein.")
C.yes_no("snoring", "personal_history", "Partner reports loud snoring every night.", "No snoring reported.")
C.yes_no("daytime_tiredness", "personal_history", "Often tired and falls asleep during the day.", "No daytime sleepiness.")
C.yes_no("observed_apnoea", "personal_history", "Partner has seen pauses in breathing during sleep.",
         "No witnessed breathing pauses during sleep.")
C.yes_no("ponv_history", "past_medical_history", "Severe nausea and vomiting after a previous anaesthetic.",
         "No nausea or vomiting after previous anaesthetics.")
C.add_num_text(C.NumText("neck_circumference", "admission_record", "physical_examination",
                         "Neck circumference {v} cm.", "cm", 0))
C.yes_no("hormone_use", "past_medical_history", "Takes a combined oral contraceptive.", "No hormonal therapy.")
C.add_text_fact(C.TextFact("karnofsky_text", "admission_record", "physical_examination", {
    90: "Able to carry on normal activity with minor signs of disease.",
    80: "Normal activity with effort; some signs of disease.",
    70: "Cares for self but unable to carry on normal activity or active work.",
    60: "Requires occasional assistance but able to care for most personal needs.",
    50: "Requires considerable assistance and frequent medical care.",
    40: "Disabled; requires special care and assistance.",
}))

EYE = {4: "spontaneous", 3: "to verbal command", 2: "to pain", 1: "none"}
VERBAL = {5: "oriented", 4: "confused", 3: "inappropriate words", 2: "incomprehensible sounds", 1: "none"}
MOTOR = {6: "obeys commands", 5: "localizes pain", 4: "withdraws from pain", 3: "abnormal flexion", 2: "extension",
         1: "none"}
ASC = {"none": "absent", "mild": "slight", "moderate": "moderate"}
HE = {"none": "none", "grade1-2": "grade 1-2", "grade3-4": "grade 3-4"}


def _hours(c) -> float:
    s = c.series["creatinine"]
    return round(hours_between(s[-2][0], s[-1][0]), 2)


# ---------------------------------------------------------------- ICU AKI with urine output
def _sample_icu_aki(rng, variant):
    v = body(rng, age=(35, 85))
    cr = creat_series(rng, True, base=u(rng, 0.7, 1.2, 2))
    v["creatinine"] = cr[-1][1]
    v["bun"] = rng.randint(25, 90) if variant == "prerenal" else rng.randint(14, 35)
    v["urine_output"] = float(rng.randint(60, 400))
    v["sodium"] = rng.randint(130, 146)
    v["urine_sodium"] = rng.randint(8, 80)
    v["urine_creatinine"] = rng.randint(40, 180)
    v["urine_urea"] = rng.randint(150, 900)
    v["on_loop_diuretic"] = rng.random() < 0.5
    return facts(v, series={"creatinine": cr}, diagnoses=[("Acute kidney injury", "N17.9")])


def _icu_aki(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="ICU kidney injury: creatinine and urine output criteria", family="kidney",
        dept=ICU, timepoint="latest", chief_complaint="Falling urine output in the unit.",
        present_illness="Post-operative patient in the unit with falling urine output and rising creatinine.",
        admission_diagnosis="Acute kidney injury",
        variants=("prerenal", "intrinsic"), sample=_sample_icu_aki,
        steps=(
            Step("uo", "urine_output_rate", inputs={"urine_ml": F("urine_output"), "hours": K(6.0)}),
            Step("kdigo", "kdigo_aki", inputs={"baseline_creatinine": F("creatinine", "first"),
                                               "current_creatinine": F("creatinine", "last"),
                                               "urine_output_ml_kg_h": O("uo"), "urine_output_hours": K(6.0)}),
            Step("ratio", "bun_creatinine_ratio", inputs={"creatinine": F("creatinine", "last")}),
            Step("fena", "fena", inputs={"serum_sodium": F("sodium"), "serum_creatinine": F("creatinine", "last")},
                 when=lambda c: c.branch("ratio") == "prerenal" and not c.f("on_loop_diuretic"), branch="ratio"),
            Step("feurea", "feurea", inputs={"serum_urea": F("bun"), "serum_creatinine": F("creatinine", "last"),
                                             "urine_urea": F("urine_urea")},
                 when=lambda c: c.branch("ratio") == "prerenal" and c.f("on_loop_diuretic"), branch="ratio"),
            Step("kegfr", "kegfr", inputs={"baseline_creatinine": F("creatinine", "first"),
                                           "creatinine_1": F("creatinine", -2), "creatinine_2": F("creatinine", "last"),
                                           "hours_between": D(_hours, note="hours between the last two draws")}),
        ),
        branches=(Branch("ratio", "urea-to-creatinine ratio above 20 (prerenal pattern)",
                         lambda c: "prerenal" if c.o("ratio") > 20 else "not_prerenal"),),
        expect={"prerenal": {"ratio": "prerenal"}, "intrinsic": {"ratio": "not_prerenal"}},
        questions=(
            "Kidney injury in the unit. The urine volume on the latest observation round covers the preceding six "
            "hours: turn it into millilitres per kilogram per hour, then stage the injury using both the creatinine "
            "rise from the first value this admission and that urine output. Give the urea-to-creatinine ratio; if it "
            "is above twenty, calculate a fractional excretion (urea-based if the patient takes a loop diuretic, "
            "sodium-based if not). Finish with a filtration estimate valid while creatinine is still changing.",
            "Please stage this ICU kidney injury on both criteria (creatinine from first to latest value, and the "
            "six-hour urine volume charted most recently, per kilogram per hour), report how urea compares with creatinine, "
            "work up a prerenal pattern (ratio over twenty) with the fractional excretion suited to the diuretic "
            "history, and estimate GFR for a non-steady state.",
            "Latest numbers for the renal round: hourly urine output per kilogram from the last six-hour charting, the "
            "injury stage by creatinine and urine output, how urea compares with creatinine, a fractional excretion when "
            "that comparison suggests a prerenal cause (choose urea if on loop diuretics), and the non-steady-state filtration "
            "estimate.",
        ),
    )


# ---------------------------------------------------------------- ICU sodium replacement
def _sample_icu_na(rng, variant):
    v = body(rng, age=(25, 90))
    if variant == "low":
        v["sodium"] = rng.randint(112, 126)
    else:
        v["sodium"] = rng.randint(152, 166)
    v["bun"] = rng.randint(8, 45)
    v["glucose"] = rng.randint(80, 220)
    return facts(v, diagnoses=[("Hyponatraemia" if variant == "low" else "Hypernatraemia",
                                "E87.1" if variant == "low" else "E87.0")])


def _icu_na(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="ICU sodium disorder: body water, deficit and infusion rate",
        family="kidney", dept=ICU, timepoint="admission", chief_complaint="Severe sodium derangement.",
        present_illness="Admitted to the unit with reduced consciousness and a severely abnormal sodium.",
        admission_diagnosis="Disorder of sodium balance",
        variants=("low", "high"), sample=_sample_icu_na,
        steps=(
            Step("osm", "serum_osmolality"),
            Step("tbw", "tbw_watson"),
            Step("nadef", "sodium_deficit", inputs={"desired_sodium": K(130.0)},
                 when=lambda c: c.branch("sodium") == "low", branch="sodium"),
            Step("fwd", "free_water_deficit", when=lambda c: c.branch("sodium") == "high", branch="sodium"),
            Step("rate", "sodium_correction_rate",
                 inputs={"serum_sodium": F("sodium"),
                         "age_group": D(lambda c: "elderly" if c.f("age") >= 65 else "adult", facts=("age",)),
                         "infusate_sodium": D(lambda c: 513.0 if c.branch("sodium") == "low" else 0.0,
                                              note="3% saline when low, 5% dextrose when high"),
                         "correction_rate": K(0.5)}),
        ),
        branches=(Branch("sodium", "sodium below 135", lambda c: "low" if c.f("sodium") < 135 else "high", facts=("sodium",)),),
        expect={"low": {"sodium": "low"}, "high": {"sodium": "high"}},
        questions=(
            "Severe sodium derangement on arrival in the unit. From the admission bloods, calculate the tonicity and "
            "total body water by the anthropometric method. If the sodium is low, give the sodium needed to bring it "
            "to one hundred and thirty; if high, the water shortfall. Then the infusion rate for a correction of half a "
            "millimole per hour: three percent saline when low, five percent dextrose when high.",
            "Please quantify this sodium problem on the admission results: calculated osmolality, body water from "
            "height, weight, age and sex, then the sodium replacement to reach one hundred and thirty (low sodium) "
            "or the water shortfall (high sodium), and the hourly rate for a half-millimole-per-hour correction with "
            "hypertonic saline or dextrose as appropriate.",
            "Admission sodium work-up for the unit: tonicity, total body water, the replacement requirement in the "
            "direction of the problem, and the infusion rate (half a unit per hour; hypertonic saline when low, "
            "sodium-free dextrose when high).",
        ),
    )


# ---------------------------------------------------------------- alcohol-related hepatitis
def _sample_ah(rng, variant):
    v = body(rng, age=(28, 70))
    severe = variant == "severe"
    v["bilirubin"] = u(rng, 8.0, 22.0, 1) if severe else u(rng, 2.0, 5.0, 1)
    v["pt"] = u(rng, 18.0, 26.0, 1) if severe else u(rng, 12.0, 15.0, 1)
    v["inr"] = round(v["pt"] / 12.0, 2)
    v["creatinine"] = u(rng, 0.6, 2.2, 2)
    v["sodium"] = rng.randint(126, 140)
    v["neutrophils"] = u(rng, 3.0, 15.0, 2)
    v["lymphocytes"] = u(rng, 0.5, 2.5, 2)
    v["ast"] = rng.randint(80, 300)
    v["alt"] = rng.randint(30, 120)
    v["platelets"] = rng.randint(60, 250)
    v["albumin"] = u(rng, 2.4, 3.8, 1)
    v["ascites"] = rng.choice(("none", "mild"))
    v["encephalopathy"] = "none"
    v["alcohol"] = True
    return facts(v, diagnoses=[("Alcoholic hepatitis", "K70.10")])


def _ah(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Alcohol-related hepatitis: severity and steroid decision",
        family="liver", dept=HEP, timepoint="admission", chief_complaint="Jaundice after heavy drinking.",
        present_illness="Heavy alcohol use; three weeks of jaundice and malaise.",
        admission_diagnosis="Alcohol-related hepatitis",
        variants=("severe", "mild"), sample=_sample_ah,
        steps=(
            Step("df", "maddrey_df", inputs={"pt_sec": F("pt"), "pt_control_sec": K(12.0)}),
            Step("meld", "meld_na"),
            Step("nlr", "neutrophil_lymphocyte_ratio", inputs={"anc": F("neutrophils"), "alc": F("lymphocytes")},
                 when=lambda c: c.branch("severity") == "severe", branch="severity"),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("severity") == "severe", branch="severity"),
            Step("cp", "child_pugh", inputs={"ascites": F("ascites", map=ASC), "encephalopathy": F("encephalopathy", map=HE)},
                 when=lambda c: c.branch("severity") == "mild", branch="severity"),
            Step("fib4", "fib4", when=lambda c: c.branch("severity") == "mild", branch="severity"),
        ),
        branches=(Branch("severity", "discriminant function of 32 or more",
                         lambda c: "severe" if c.o("df") >= 32 else "mild"),),
        expect={"severe": {"severity": "severe"}, "mild": {"severity": "mild"}},
        questions=(
            "Jaundiced heavy drinker. From the admission labs, calculate the prothrombin-bilirubin discriminant "
            "(control prothrombin time twelve seconds) and the sodium-adjusted liver score. If the discriminant is "
            "thirty-two or more we are considering steroids: give the ratio of neutrophils to lymphocytes and the eGFR. "
            "Otherwise, grade the chronic liver disease and estimate fibrosis.",
            "Please assess this presumed alcohol-related hepatitis using the first bloods: the prothrombin-bilirubin "
            "discriminant (control time twelve seconds), the end-stage liver score with sodium, and then either the pre-steroid "
            "checks (white-cell ratio and kidney function) for a severe picture or the liver class and "
            "fibrosis index for a milder one.",
            "How severe is this alcohol hepatitis on admission? The prothrombin-bilirubin discriminant (control twelve seconds), "
            "sodium-adjusted severity score, and the branch: severe - white-cell ratio and eGFR before steroids; "
            "not severe - cirrhosis class and the fibrosis estimate.",
        ),
    )


# ---------------------------------------------------------------- ED GI bleed triage
def _sample_ed_gib(rng, variant):
    v = body(rng, age=(30, 90))
    shocked = variant == "shocked"
    v["heart_rate"] = rng.randint(110, 140) if shocked else rng.randint(65, 95)
    v["sbp"] = rng.randint(75, 99) if shocked else rng.randint(110, 150)
    v["dbp"] = rng.randint(40, 60) if shocked else rng.randint(60, 90)
    v["bun"] = rng.randint(18, 80)
    v["hemoglobin"] = u(rng, 6.5, 13.0, 1)
    v["albumin"] = u(rng, 2.4, 4.2, 1)
    v["inr"] = u(rng, 0.9, 2.2, 2)
    v["confusion"] = rng.random() < 0.2
    v.update({"melena": rng.random() < 0.7, "syncope": rng.random() < 0.3, "liver_disease": rng.random() < 0.25,
              "chf": rng.random() < 0.2, "cancer": rng.random() < 0.1})
    return facts(v, diagnoses=[("Upper gastrointestinal haemorrhage", "K92.2")])


def _comorb(c) -> str:
    if c.f("liver_disease") or c.f("cancer"):
        return "renal_liver_failure_or_disseminated_malignancy"
    return "cardiac_or_other_major" if c.f("chf") else "none"


def _ed_gib(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="Emergency GI-bleed triage with three risk scores", family="gi",
        dept=ED, timepoint="admission", chief_complaint="Vomiting blood.",
        present_illness="Haematemesis and dizziness this morning.", admission_diagnosis="Upper gastrointestinal bleeding",
        variants=("shocked", "stable"), sample=_sample_ed_gib,
        steps=(
            Step("gbs", "glasgow_blatchford", inputs={"bun_mg_dl": F("bun"), "hemoglobin_g_dl": F("hemoglobin"),
                                                      "hepatic_disease": F("liver_disease"), "cardiac_failure": F("chf")}),
            Step("aims", "aims65", inputs={"altered_mental_status": F("confusion")}),
            Step("rockall", "rockall_pre_endoscopy", inputs={"comorbidity": D(_comorb, facts=("liver_disease", "cancer", "chf"))}),
            Step("si", "shock_index"),
            Step("map", "mean_arterial_pressure", when=lambda c: c.branch("shock") == "yes", branch="shock"),
        ),
        branches=(Branch("shock", "heart-rate/systolic ratio of 1 or more", lambda c: "yes" if c.o("si") >= 1.0 else "no"),),
        expect={"shocked": {"shock": "yes"}, "stable": {"shock": "no"}},
        questions=(
            "Haematemesis in the emergency department. Using the arrival observations and bloods, give me the three "
            "pre-endoscopy risk estimates (the transfusion/intervention score, the five-item albumin-INR-mental "
            "status-pressure-age score, and the clinical mortality score before endoscopy) and the heart-rate-to-"
            "systolic ratio. If that ratio is one or more, also give the average arterial pressure to guide resuscitation.",
            "Please triage this upper GI bleed from the first set of data: the need-for-intervention score, the "
            "albumin-based in-hospital mortality score, the pre-endoscopy mortality score with comorbidity graded from "
            "the history, the shock ratio, and - if the patient is shocked (ratio at least one) - the average arterial "
            "pressure.",
            "Three bleeding risk tools and the haemodynamics on arrival, please: intervention risk, albumin/INR-based "
            "mortality, pre-endoscopy mortality (grade comorbidity from the notes), the shock ratio, and the average "
            "pressure when the ratio reaches one.",
        ),
    )


# ---------------------------------------------------------------- mixed hyperglycaemic crisis (ICU)
def _sample_hhs(rng, variant):
    v = body(rng, age=(25, 85))
    hyperosm = variant == "hyperosmolar"
    v["glucose"] = rng.randint(800, 1100) if hyperosm else rng.randint(300, 520)
    v["sodium"] = rng.randint(138, 150) if hyperosm else rng.randint(126, 136)
    v["chloride"] = rng.randint(95, 108)
    v["bicarbonate"] = rng.randint(8, 18)
    v["abg_hco3"] = v["bicarbonate"]
    v["bun"] = rng.randint(25, 80) if hyperosm else rng.randint(10, 30)
    v["paco2"] = max(12, round(1.5 * v["bicarbonate"] + 8 + rng.uniform(-4, 4)))
    v["ph"] = ph_from(v["abg_hco3"], v["paco2"])
    return facts(v, diagnoses=[("Hyperglycaemic crisis", "E11.00")])


def _hhs(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="Hyperglycaemic crisis in the unit: compensation and tonicity",
        family="acid_base", dept=ICU, timepoint="admission", chief_complaint="Drowsy with very high glucose.",
        present_illness="Found drowsy; glucose meter reading 'HI'.", admission_diagnosis="Hyperglycaemic crisis",
        variants=("hyperosmolar", "ketoacidotic"), sample=_sample_hhs,
        steps=(
            Step("ag", "anion_gap"),
            Step("winters", "winters_formula", inputs={"hco3": F("abg_hco3"), "paco2": F("paco2")}),
            Step("abg", "abg_analyzer", inputs={"hco3": F("abg_hco3")}),
            Step("osm", "serum_osmolality"),
            Step("nacorr", "sodium_correction_hyperglycemia", inputs={"glucose_mg_dl": F("glucose")}),
            Step("fwd", "free_water_deficit", when=lambda c: c.branch("tonicity") == "hyperosmolar", branch="tonicity"),
            Step("bicdef", "bicarbonate_deficit", inputs={"hco3": F("bicarbonate")},
                 when=lambda c: c.branch("tonicity") == "not_hyperosmolar", branch="tonicity"),
        ),
        branches=(Branch("tonicity", "calculated osmolality of 320 or more",
                         lambda c: "hyperosmolar" if c.o("osm") >= 320 else "not_hyperosmolar"),),
        expect={"hyperosmolar": {"tonicity": "hyperosmolar"}, "ketoacidotic": {"tonicity": "not_hyperosmolar"}},
        questions=(
            "Hyperglycaemic emergency arriving in the unit. From the admission chemistry and gas: the gap, the "
            "expected respiratory compensation for the bicarbonate, a formal gas interpretation, the calculated "
            "tonicity and the glucose-adjusted sodium. If the tonicity is three hundred and twenty or more, give the "
            "water shortfall; otherwise estimate how much bicarbonate is missing.",
            "Please characterise this crisis on the arrival labs: unmeasured anions, whether the CO2 is appropriately "
            "compensated, the blood gas reading, calculated osmolality and sodium adjusted for glucose, then water "
            "replacement (hyperosmolar picture, at least three hundred and twenty) or the bicarbonate requirement "
            "(otherwise).",
            "Admission acid-base and tonicity work-up: gap, expected CO2, gas interpretation, osmolality, sodium "
            "adjusted for the glucose, and the branch - water shortfall if hyperosmolar, missing bicarbonate if not.",
        ),
    )


# ---------------------------------------------------------------- ED pneumonia triage
def _sample_ed_cap(rng, variant):
    v = body(rng, age=(25, 92))
    sev = variant == "severe"
    v["confusion"] = sev and rng.random() < 0.6
    v["resp_rate"] = rng.randint(30, 38) if sev else rng.randint(14, 24)
    v["sbp"] = rng.randint(80, 95) if sev else rng.randint(110, 150)
    v["dbp"] = rng.randint(40, 60) if sev else rng.randint(62, 90)
    if sev and v["age"] < 65 and not v["confusion"]:
        v["confusion"] = True
    v["heart_rate"] = rng.randint(90, 130)
    v["temperature"] = round(rng.uniform(36.0, 40.0), 1)
    v["spo2"] = rng.randint(84, 93) if sev else rng.randint(92, 99)
    v["fio2"] = rng.choice((35, 40, 50)) if sev else 21
    v["supplemental_o2"] = sev
    v["bun"] = rng.randint(10, 50)
    v["albumin"] = u(rng, 2.5, 4.3, 1)
    v["pao2"] = rng.randint(50, 90)
    v["paco2"] = rng.randint(30, 45)
    v["abg_hco3"] = rng.randint(20, 27)
    v["ph"] = ph_from(v["abg_hco3"], v["paco2"])
    v["multilobar"] = sev and rng.random() < 0.7
    return facts(v, diagnoses=[("Community-acquired pneumonia", "J18.9")])


def _ed_cap(id_, questions):
    cons = D(lambda c: "new confusion" if c.f("confusion") else "alert", facts=("confusion",))
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="Emergency pneumonia triage without waiting for urea", family="pneumonia",
        dept=ED, timepoint="admission", chief_complaint="Fever and breathlessness.",
        present_illness="Cough and fever for three days; breathless at rest.", admission_diagnosis="Pneumonia",
        variants=("severe", "mild"), sample=_sample_ed_cap,
        steps=(
            Step("crb", "crb_65", inputs={"confusion": F("confusion")}),
            Step("news", "news2", inputs={"consciousness": cons}),
            Step("curb", "curb_65", inputs={"confusion": F("confusion")},
                 when=lambda c: c.branch("crb") == "high", branch="crb"),
            Step("smartcop", "smart_cop", inputs={"pao2": F("pao2")},
                 when=lambda c: c.branch("crb") == "high", branch="crb"),
            Step("sf", "sf_ratio", when=lambda c: c.branch("crb") == "low", branch="crb"),
        ),
        branches=(Branch("crb", "urea-free bedside score of 2 or more", lambda c: "high" if c.o("crb") >= 2 else "low"),),
        expect={"severe": {"crb": "high"}, "mild": {"crb": "low"}},
        questions=(
            "Pneumonia at triage, before the chemistry is back. From the arrival observations, score severity with the "
            "four-item bedside tool that needs no blood test, and give the early-warning score. If the bedside score is "
            "two or more, add the version that includes urea and the ICU-support predictor; otherwise give the "
            "saturation-to-inspired-oxygen ratio.",
            "Please triage this pneumonia on the presentation data: the bloodless four-item severity score, the national "
            "warning score, and then either the full five-item score plus the intensive-support prediction (bedside "
            "score at least two) or the saturation-to-inspired-oxygen quotient.",
            "Arrival assessment: bedside pneumonia severity without urea, the track-and-trigger score, then the "
            "escalation branch (urea-inclusive score and ICU-support predictor when two or more) or the saturation "
            "ratio when lower.",
        ),
    )


# ---------------------------------------------------------------- ED sepsis screen with SIRS
def _sample_ed_sepsis(rng, variant):
    v = body(rng, age=(20, 90))
    pos = variant == "sirs"
    v["temperature"] = round(rng.uniform(38.4, 40.0) if pos else rng.uniform(36.3, 37.8), 1)
    v["heart_rate"] = rng.randint(95, 135) if pos else rng.randint(60, 88)
    v["resp_rate"] = rng.randint(21, 32) if pos else rng.randint(12, 19)
    v["paco2"] = rng.randint(28, 44)
    v["wbc"] = u(rng, 12.5, 25, 1) if pos else u(rng, 4.5, 11.0, 1)
    v["bands"] = rng.randint(0, 14)
    v["sbp"] = rng.randint(80, 140)
    v["dbp"] = rng.randint(45, 85)
    v["confusion"] = rng.random() < 0.3
    v["pao2"] = rng.randint(55, 100)
    v["fio2"] = rng.choice((21, 28, 35))
    v["spo2"] = rng.randint(88, 99)
    v["supplemental_o2"] = v["fio2"] > 21
    return facts(v, diagnoses=[("Suspected sepsis", "A41.9")])


def _ed_sepsis(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="Emergency sepsis screen: inflammatory criteria and oxygenation",
        family="sepsis", dept=ED, timepoint="admission", chief_complaint="Fever and rigors.",
        present_illness="Fever, rigors and malaise since yesterday.", admission_diagnosis="Suspected sepsis",
        variants=("sirs", "no_sirs"), sample=_sample_ed_sepsis,
        steps=(
            Step("sirs", "sirs_criteria", inputs={"respiratory_rate": F("resp_rate"), "paco2": F("paco2"),
                                                  "bands_percent": F("bands")}),
            Step("qsofa", "qsofa", inputs={"altered_mentation": F("confusion"),
                                           "resp_rate_22_or_more": D(lambda c: c.f("resp_rate") >= 22, facts=("resp_rate",)),
                                           "sbp_100_or_less": D(lambda c: c.f("sbp") <= 100, facts=("sbp",))}),
            Step("si", "shock_index"),
            Step("pf", "pf_ratio", when=lambda c: c.branch("sirs") == "positive", branch="sirs"),
            Step("news", "news2", inputs={"consciousness": D(lambda c: "new confusion" if c.f("confusion") else "alert",
                                                            facts=("confusion",))},
                 when=lambda c: c.branch("sirs") == "negative", branch="sirs"),
        ),
        branches=(Branch("sirs", "two or more inflammatory response criteria",
                         lambda c: "positive" if c.o("sirs") >= 2 else "negative"),),
        expect={"sirs": {"sirs": "positive"}, "no_sirs": {"sirs": "negative"}},
        questions=(
            "Febrile patient at triage. From the arrival observations, count the systemic inflammatory response "
            "criteria (temperature, heart rate, breathing or CO2, white cells including bands), apply the three-item "
            "bedside sepsis screen, and give the heart-rate-to-systolic ratio. With two or more inflammatory criteria, "
            "add the arterial oxygen relative to inspired oxygen from the first gas; otherwise the national warning score.",
            "Please screen this fever on the presentation data: inflammatory response criteria, the quick organ-failure "
            "screen, the shock ratio, then oxygenation from the gas (two or more criteria) or the early-warning score "
            "(fewer).",
            "Sepsis screening on arrival: classic inflammatory criteria count, bedside organ-dysfunction screen, shock "
            "ratio, and the branch - PaO2 relative to FiO2 if the criteria count is two or more, warning score if not.",
        ),
    )


# ---------------------------------------------------------------- ICU neurotrauma
def _sample_icu_tbi(rng, variant):
    v = body(rng, age=(18, 80))
    low_cpp = variant == "low_cpp"
    v["gcs_eye"] = rng.choice((1, 2, 3))
    v["gcs_verbal"] = rng.choice((1, 2, 3))
    v["gcs_motor"] = rng.choice((3, 4, 5))
    v["sbp"] = rng.randint(85, 110) if low_cpp else rng.randint(125, 170)
    v["dbp"] = rng.randint(45, 60) if low_cpp else rng.randint(70, 95)
    v["icp"] = rng.randint(20, 32) if low_cpp else rng.randint(8, 18)
    v["resp_rate"] = rng.randint(8, 30)
    v["sodium"] = rng.randint(135, 150)
    v["bun"] = rng.randint(8, 30)
    v["glucose"] = rng.randint(90, 200)
    return facts(v, diagnoses=[("Traumatic brain injury", "S06.9")])


def _icu_tbi(id_, questions):
    return Scenario(
        id=id_, version=1, domain=CRITICAL, title="ICU neurotrauma: trauma score, perfusion and osmotherapy",
        family="neuro_trauma", dept=ICU, timepoint="admission", chief_complaint="Severe head injury.",
        present_illness="Road traffic collision with severe head injury; intracranial pressure monitor placed.",
        admission_diagnosis="Traumatic brain injury",
        variants=("low_cpp", "adequate_cpp"), sample=_sample_icu_tbi,
        steps=(
            Step("gcs", "glasgow_coma_scale", inputs={"eye": F("gcs_eye", map=EYE), "verbal": F("gcs_verbal", map=VERBAL),
                                                      "motor": F("gcs_motor", map=MOTOR)}),
            Step("rts", "revised_trauma_score", inputs={"gcs": O("gcs")}),
            Step("map", "mean_arterial_pressure"),
            Step("cpp", "cerebral_perfusion_pressure", inputs={"map": O("map"), "icp": F("icp")}),
            Step("osm", "serum_osmolality", when=lambda c: c.branch("cpp") == "low", branch="cpp"),
        ),
        branches=(Branch("cpp", "cerebral perfusion below 60 mmHg", lambda c: "low" if c.o("cpp") < 60 else "adequate"),),
        expect={"low_cpp": {"cpp": "low"}, "adequate_cpp": {"cpp": "adequate"}},
        questions=(
            "Severe head injury admitted to the unit. From the arrival examination and observations: coma score, the "
            "physiological trauma score built on it, the average arterial pressure and - with the monitor's opening "
            "pressure - the pressure perfusing the brain. If that is below sixty, give the calculated serum tonicity "
            "before hyperosmolar therapy.",
            "Please put numbers on this neurotrauma admission: consciousness score, the revised physiological trauma "
            "grade, mean-type arterial pressure averaged over the cycle, brain perfusion pressure from the intracranial "
            "reading, and the calculated osmolality if perfusion is under sixty.",
            "Admission neuro-ICU review: coma scale, physiological trauma score, average arterial pressure, brain "
            "perfusion pressure, and the osmolality check when perfusion is below sixty.",
        ),
    )


# ---------------------------------------------------------------- post-operative DVT
def _sample_postop_dvt(rng, variant):
    v = body(rng, age=(40, 88), bmi=(22, 38))
    likely = variant == "likely"
    for k in ("calf_swelling", "collateral_veins", "leg_swollen", "vein_tenderness", "pitting_oedema"):
        v[k] = rng.random() < (0.6 if likely else 0.1)
    v["bedridden"] = likely
    v["paralysis"] = False
    v["alt_dx_likely"] = not likely and rng.random() < 0.7
    v["cancer"] = rng.random() < 0.2
    v["prior_dvt_pe"] = rng.random() < 0.2
    v["bleeding_history"] = rng.random() < 0.2
    v["hemoglobin"] = u(rng, 9, 15, 1)
    v["creatinine"] = u(rng, 0.6, 1.8, 2)
    v["sbp"] = rng.randint(110, 175)
    v["dbp"] = rng.randint(60, 100)
    v["d_dimer"] = u(rng, 0.4, 4.0, 2)
    return facts(v, diagnoses=[("Status post total knee arthroplasty", "Z96.651")])


def _postop_dvt(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Post-operative leg swelling: VTE risk, DVT probability, next step",
        family="vte", dept=ORTHO, timepoint="admission", chief_complaint="Leg swelling after knee replacement.",
        present_illness="Day four after knee replacement; new calf pain and swelling.",
        admission_diagnosis="Suspected post-operative DVT",
        variants=("likely", "unlikely"), sample=_sample_postop_dvt,
        steps=(
            Step("bmi", "bmi"),
            Step("caprini", "caprini_vte", inputs={"surgery_type": K("elective_lower_extremity_arthroplasty"),
                                                   "bmi": O("bmi"), "history_vte": F("prior_dvt_pe"),
                                                   "malignancy": F("cancer"), "swollen_legs": F("leg_swollen")}),
            Step("wells", "wells_dvt", inputs={
                "active_cancer": F("cancer"), "bedridden_or_major_surgery": F("bedridden"), "calf_swelling": F("calf_swelling"),
                "collateral_veins": F("collateral_veins"), "entire_leg_swollen": F("leg_swollen"),
                "localized_tenderness": F("vein_tenderness"), "pitting_edema": F("pitting_oedema"),
                "paralysis_or_immobilization": F("paralysis"), "previous_dvt": F("prior_dvt_pe"),
                "alternative_diagnosis_likely": F("alt_dx_likely")}),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("pretest") == "likely", branch="pretest"),
            Step("ddimer", "age_adjusted_d_dimer", inputs={"units": K("FEU")},
                 when=lambda c: c.branch("pretest") == "unlikely", branch="pretest"),
        ),
        branches=(Branch("pretest", "DVT likely (2 points or more)", lambda c: "likely" if c.o("wells") >= 2 else "unlikely"),),
        expect={"likely": {"pretest": "likely"}, "unlikely": {"pretest": "unlikely"}},
        questions=(
            "Swollen calf four days after a knee replacement. From the admission record: body size, the surgical VTE "
            "risk score (the operation was an elective lower-limb arthroplasty), and the clinical probability of a deep "
            "clot. If a clot is likely, give a weight-based clearance for anticoagulant dosing; if unlikely, the "
            "D-dimer cut-off scaled to age.",
            "Please assess this post-arthroplasty leg: weight-for-height, the perioperative thrombosis risk score, the "
            "pretest probability of DVT, and then dosing clearance (likely) or the age-scaled D-dimer threshold "
            "(unlikely). Use the admission data.",
            "Post-operative leg swelling review on the admission findings: body size, surgical VTE risk, DVT "
            "probability, and the matching next step - clearance for anticoagulation or the age-adjusted-threshold check.",
        ),
    )


# ---------------------------------------------------------------- AF stroke prevention, neurology version
def _sample_af_neuro(rng, variant):
    anticoag = variant == "anticoagulate"
    v = body(rng, age=(66, 90) if anticoag else (35, 60))
    keys = ("chf", "hypertension", "diabetes", "stroke_tia", "vascular_disease", "bleeding_history",
            "antiplatelet_nsaid", "proteinuria")
    v.update({k: (rng.random() < 0.45 if anticoag else False) for k in keys})
    if anticoag:
        v["stroke_tia"] = True
    v["creatinine"] = u(rng, 0.7, 2.2, 2)
    v["hemoglobin"] = u(rng, 10.0, 15.5, 1)
    return facts(v, diagnoses=[("Atrial fibrillation", "I48.91")])


def _af_neuro(id_, questions):
    return Scenario(
        id=id_, version=1, domain=NEURO, title="AF after a cerebrovascular event: sex-neutral and ATRIA risk, bleeding",
        family="cardio", dept=NEU, timepoint="latest", chief_complaint="Atrial fibrillation found on stroke work-up.",
        present_illness="Atrial fibrillation detected on telemetry during neurological review.",
        admission_diagnosis="Atrial fibrillation",
        variants=("anticoagulate", "no_anticoagulation"), sample=_sample_af_neuro,
        steps=(
            Step("egfr", "ckd_epi_2021"),
            Step("va", "cha2ds2_va", inputs={"heart_failure": F("chf"), "stroke_tia_te": F("stroke_tia")}),
            Step("atria", "atria_stroke", inputs={"prior_stroke": F("stroke_tia"), "heart_failure": F("chf"),
                                                  "proteinuria": F("proteinuria"),
                                                  "low_egfr_or_esrd": D(lambda c: c.o("egfr") < 45, steps=("egfr",))}),
            Step("orbit", "orbit_bleeding", inputs={"bleeding_history": F("bleeding_history"), "egfr": O("egfr"),
                                                    "antiplatelet": F("antiplatelet_nsaid")},
                 when=lambda c: c.branch("anticoag") == "yes", branch="anticoag"),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("anticoag") == "yes", branch="anticoag"),
        ),
        branches=(Branch("anticoag", "sex-neutral stroke score of 2 or more", lambda c: "yes" if c.o("va") >= 2 else "no"),),
        expect={"anticoagulate": {"anticoag": "yes"}, "no_anticoagulation": {"anticoag": "no"}},
        questions=(
            "Atrial fibrillation picked up on the neurology ward. With the most recent labs, give the eGFR, the "
            "sex-neutral thromboembolic risk score and the cohort-derived stroke score that uses kidney function and "
            "proteinuria). If the sex-neutral score is two or more, add the haemoglobin-based bleeding score and a weight-based "
            "clearance for choosing the anticoagulant dose.",
            "Please work out stroke prevention for this AF patient from the latest results: kidney function, the "
            "sex-independent embolic risk score, the alternative cohort-derived stroke score, and - when anticoagulation "
            "is indicated (two or more) - the haemoglobin-based bleeding score and a dosing clearance.",
            "Neuro-cardiology question: eGFR, both stroke-risk scores (sex-neutral and the kidney-aware one), and, for "
            "a patient who qualifies for anticoagulation, bleeding risk and creatinine-based dosing clearance. Use the "
            "latest values.",
        ),
    )


# ---------------------------------------------------------------- pre-operative medical consult
def _sample_preop_med(rng, variant):
    v = body(rng, age=(45, 85), bmi=(22, 42))
    hi = variant == "elevated"
    v.update({"high_risk_surgery": hi or rng.random() < 0.3, "vascular_disease": hi and rng.random() < 0.7,
              "chf": hi and rng.random() < 0.5, "stroke_tia": rng.random() < 0.15, "insulin_treatment": rng.random() < 0.2,
              "hypertension": rng.random() < 0.5, "smoker": rng.random() < 0.3, "snoring": rng.random() < 0.5,
              "daytime_tiredness": rng.random() < 0.4, "observed_apnoea": rng.random() < 0.3,
              "ponv_history": rng.random() < 0.3})
    if hi and not (v["vascular_disease"] or v["chf"]):
        v["chf"] = True
    if not hi:
        v.update({"vascular_disease": False, "chf": False, "stroke_tia": False, "insulin_treatment": False})
    v["neck_circumference"] = rng.randint(34, 47)
    v["creatinine"] = u(rng, 0.7, 2.3, 2) if hi else u(rng, 0.6, 1.3, 2)
    return facts(v, diagnoses=[("Pre-operative assessment", "Z01.818")])


def _preop_med(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Medical pre-operative consult: cardiac, airway and nausea risk",
        family="cardio", dept=SURG, timepoint="latest", chief_complaint="Pre-operative medical review.",
        present_illness="Medical consult requested before planned surgery.", admission_diagnosis="Pre-operative assessment",
        variants=("elevated", "low"), sample=_sample_preop_med,
        steps=(
            Step("rcri", "rcri", inputs={"ischemic_heart_disease": F("vascular_disease"), "heart_failure": F("chf"),
                                         "cerebrovascular_disease": F("stroke_tia")}),
            Step("bmi", "bmi"),
            Step("stopbang", "stop_bang", inputs={"snoring": F("snoring"), "tired": F("daytime_tiredness"),
                                                  "observed_apnea": F("observed_apnoea"), "bmi": O("bmi"),
                                                  "neck_cm": F("neck_circumference")}),
            Step("apfel", "apfel_ponv", inputs={"non_smoker": D(lambda c: not c.f("smoker"), facts=("smoker",)),
                                                "history_ponv_motion_sickness": F("ponv_history"),
                                                "postoperative_opioids": K(True)}),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("risk") == "elevated", branch="risk"),
        ),
        branches=(Branch("risk", "two or more cardiac risk index points", lambda c: "elevated" if c.o("rcri") >= 2 else "low"),),
        expect={"elevated": {"risk": "elevated"}, "low": {"risk": "low"}},
        questions=(
            "Medical pre-op consult. Using the notes and the most recent labs, give the revised cardiac risk, body size, "
            "the sleep-apnoea screening score (snoring, tiredness, observed apnoea, pressure, size, age, neck, sex) and "
            "the post-operative nausea risk assuming opioids will be used. If the cardiac risk is two points or more, "
            "add a weight-based clearance for perioperative drug dosing.",
            "Please complete the pre-operative risk set from the latest data: cardiac risk index, weight-for-height, "
            "obstructive sleep apnoea screen, nausea-and-vomiting risk (post-operative opioids planned), and a dosing "
            "clearance when the cardiac risk is elevated.",
            "Before surgery I need: cardiac risk, body size, the eight-item apnoea screen, the four-item nausea risk "
            "(opioids planned) and, for a patient with two or more cardiac risk points, the weight-based clearance. Latest values.",
        ),
    )


# ---------------------------------------------------------------- neuro-oncology fitness
def _sample_neuro_onc(rng, variant):
    v = body(rng, age=(66, 88))
    high = variant == "high_risk"
    v["karnofsky_text"] = rng.choice((50, 60, 70)) if high else rng.choice((80, 90))
    v["creatinine"] = u(rng, 1.3, 2.6, 2) if high else u(rng, 0.6, 1.1, 2)
    v["hemoglobin"] = u(rng, 8.5, 11.5, 1) if high else u(rng, 11.5, 15, 1)
    for k in ("hearing_poor", "falls_recent", "needs_med_help", "walking_limited", "social_reduced"):
        v[k] = rng.random() < (0.75 if high else 0.1)
    v["gi_gu_cancer"] = False
    f = facts(v, diagnoses=[("Glioblastoma", "C71.9")])
    f.orders.append({"order_name": "Planned chemotherapy: agent dose per body surface area", "once_dose": 150.0,
                     "dose_unit": "mg/m2", "frequency": "days 1-5 every 28 days", "usage": "oral", "fact": "agent_per_m2"})
    return f


def _neuro_onc(id_, questions):
    return Scenario(
        id=id_, version=1, domain=NEURO, title="Older adult with a brain tumour: performance, toxicity risk, dose",
        family="geriatric_oncology", dept=ONC, timepoint="latest", chief_complaint="Admitted to start chemotherapy.",
        present_illness="Older adult with a primary brain tumour admitted to start chemotherapy after radiotherapy.",
        admission_diagnosis="Primary brain tumour",
        variants=("high_risk", "low_risk"), sample=_sample_neuro_onc,
        steps=(
            Step("kps", "karnofsky_performance", inputs={"level": F("karnofsky_text")}),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")}),
            Step("carg", "carg_tt", inputs={
                "age_72_or_older": D(lambda c: c.f("age") >= 72, facts=("age",)),
                "gi_or_gu_cancer": F("gi_gu_cancer"), "standard_dose": K(True), "polychemotherapy": K(False),
                "anemia": D(lambda c: c.f("hemoglobin") < (11 if c.f("sex") == MALE else 10), facts=("hemoglobin", "sex")),
                "crcl_below_34": D(lambda c: c.o("crcl") < 34, steps=("crcl",)),
                "hearing_fair_or_worse": F("hearing_poor"), "falls_past_6_months": F("falls_recent"),
                "needs_help_with_medications": F("needs_med_help"), "walking_one_block_limited": F("walking_limited"),
                "decreased_social_activity": F("social_reduced")}),
            Step("bsa", "bsa_mosteller"),
            Step("dose", "bsa_based_dosing", inputs={"dose_per_m2": D(
                lambda c: round(c.f("agent_per_m2") * 0.75, 1) if c.o("carg") >= 10 else c.f("agent_per_m2"),
                facts=("agent_per_m2",), steps=("carg",), note="25% reduction when toxicity risk is high")}),
        ),
        branches=(Branch("toxicity", "toxicity score of 10 or more", lambda c: "high" if c.o("carg") >= 10 else "low"),),
        expect={"high_risk": {"toxicity": "high"}, "low_risk": {"toxicity": "low"}},
        questions=(
            "Older patient with a brain tumour about to start single-agent chemotherapy at standard dose. Grade "
            "performance on the percentage scale from the examination, estimate a weight-based clearance from the latest "
            "labs, predict the risk of severe toxicity with the geriatric tool, calculate surface area and the dose "
            "from the ordered amount per square metre - reduced by a quarter if the toxicity score is ten or more.",
            "Please prepare the neuro-oncology chemotherapy check: percentage performance score, weight-based "
            "clearance, the older-adult toxicity score, surface area, and the final dose (a twenty-five percent "
            "reduction for a high-risk score of ten or above). Use the most recent results.",
            "Fitness for chemotherapy in this older glioma patient: functional percentage score, clearance, "
            "toxicity prediction, surface area and the surface-area dose, cut by a quarter when the toxicity score "
            "is high. Latest values please.",
        ),
    )


SCENARIOS = [
    _icu_aki("icu_aki_differentiation", None),
    _icu_na("icu_dysnatremia_fluids", None),
    _ah("alcoholic_hepatitis_severity", None),
    _ed_gib("ed_upper_gi_bleed", None),
    _hhs("icu_dka_acid_base", None),
    _ed_cap("ed_pneumonia_severity", None),
    _ed_sepsis("ed_sepsis_escalation", None),
    _icu_tbi("icu_tbi_resuscitation", None),
    _postop_dvt("dvt_postoperative_pathway", None),
    _af_neuro("af_stroke_prevention_neuro", None),
    _preop_med("preop_medical_consult", None),
    _neuro_onc("neuro_onc_older_adult_chemo", None),
]
