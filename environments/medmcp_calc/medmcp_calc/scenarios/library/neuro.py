"""Neurology and psychiatry workflows: head injury, ICU delirium, suspected stroke, QT-prolonging drugs."""
from __future__ import annotations

from ...calculators.base import NEURO
from .. import catalog as C
from ..spec import Branch, D, F, O, Scenario, Step
from ._common import body, facts, u

NEU = ("Neurosurgery", "NSU")
ICU = ("Intensive Care Unit", "ICU")
STROKE = ("Stroke Unit", "STR")
PSY = ("Psychiatry", "PSY")

EYE = {4: "spontaneous", 3: "to verbal command", 2: "to pain", 1: "none"}
VERBAL = {5: "oriented", 4: "confused", 3: "inappropriate words", 2: "incomprehensible sounds", 1: "none"}
MOTOR = {6: "obeys commands", 5: "localizes pain", 4: "withdraws from pain", 3: "abnormal flexion", 2: "extension",
         1: "none"}
C.add_text_fact(C.TextFact("pupils_unreactive", "admission_record", "physical_examination", {
    0: "Both pupils reactive to light.", 1: "One pupil fixed and dilated, the other reactive.",
    2: "Both pupils fixed and unreactive."}))
C.add_text_fact(C.TextFact("rass_level", "admission_record", "physical_examination", {
    2: "Agitated, frequent non-purposeful movement, fighting the ventilator.", 1: "Restless and anxious but not aggressive.",
    0: "Alert and calm.", -1: "Drowsy, sustained awakening to voice for more than ten seconds.",
    -2: "Briefly awakens to voice with eye contact for less than ten seconds.",
    -3: "Movement or eye opening to voice but no eye contact.",
    -4: "No response to voice, but movement or eye opening to physical stimulation.",
    -5: "No response to voice or physical stimulation."}))
C.yes_no("acute_mental_change", "present_illness", "Nursing staff report an acute change in mental status that fluctuates over the day.",
         "No acute change or fluctuation in mental status reported.")
C.yes_no("inattention", "physical_examination", "Unable to squeeze on the letter A reliably (more than two errors).",
         "Attention test performed without errors.")
C.yes_no("disorganized_thinking", "physical_examination", "Answers to simple yes/no questions are disorganised.",
         "Thinking organised on simple questions.")
for _k, _y, _n in (
    ("facial_grimace", "Grimacing during turning.", "Relaxed facial expression during care."),
    ("body_restless", "Restless, pulling at the tube during care.", "No abnormal body movements during care."),
    ("muscle_rigid", "Resists passive flexion of the limbs.", "Relaxed on passive movement of the limbs."),
    ("vent_fighting", "Fighting the ventilator, alarms triggered.", "Tolerating the ventilator without alarms."),
):
    C.yes_no(_k, "physical_examination", _y, _n)
for _k, _y, _n in (
    ("loss_of_consciousness", "Witnessed transient loss of consciousness at onset.", "No loss of consciousness."),
    ("seizure", "Witnessed generalised seizure activity.", "No seizure activity."),
    ("facial_weakness", "Asymmetric facial weakness.", "Face symmetrical."),
    ("arm_weakness", "Arm weakness on one side.", "No arm weakness."),
    ("leg_weakness", "Leg weakness on one side.", "No leg weakness."),
    ("speech_disturbance", "Slurred speech with word-finding difficulty.", "Speech normal."),
    ("visual_field_defect", "Homonymous visual field defect on confrontation.", "Visual fields full."),
):
    C.yes_no(_k, "physical_examination", _y, _n)
C.yes_no("on_antipsychotic", "past_medical_history", "Schizophrenia, maintained on intramuscular haloperidol.",
         "No psychiatric history.")


# ---------------------------------------------------------------- traumatic brain injury
def _sample_tbi(rng, variant):
    v = body(rng, age=(18, 80))
    severe = variant == "severe"
    v["gcs_eye"] = rng.choice((1, 2)) if severe else rng.choice((3, 4))
    v["gcs_verbal"] = rng.choice((1, 2)) if severe else rng.choice((4, 5))
    v["gcs_motor"] = rng.choice((3, 4, 5)) if severe else rng.choice((5, 6))
    v["pupils_unreactive"] = rng.choice((0, 1, 2)) if severe else 0
    v["sbp"] = rng.randint(95, 175)
    v["dbp"] = rng.randint(50, 100)
    v["icp"] = rng.randint(8, 32)
    return facts(v, diagnoses=[("Traumatic brain injury", "S06.9")])


def _tbi(id_, domain, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Head injury: perfusion pressure, coma scale and airway plan",
        family="neuro_trauma", dept=NEU if domain == NEURO else ICU, timepoint="admission",
        chief_complaint="Head injury after a fall.", present_illness="Fall from height with head strike; EVD placed.",
        admission_diagnosis="Traumatic brain injury",
        variants=("severe", "moderate"), sample=_sample_tbi,
        steps=(
            Step("map", "mean_arterial_pressure"),
            Step("cpp", "cerebral_perfusion_pressure", inputs={"map": O("map"), "icp": F("icp")}),
            Step("gcs", "glasgow_coma_scale", inputs={"eye": F("gcs_eye", map=EYE), "verbal": F("gcs_verbal", map=VERBAL),
                                                      "motor": F("gcs_motor", map=MOTOR)}),
            Step("gcsp", "gcs_pupils", inputs={"eye": F("gcs_eye"), "verbal": F("gcs_verbal"), "motor": F("gcs_motor"),
                                               "unreactive_pupils": F("pupils_unreactive")}),
            Step("ett", "ett_depth_tidal_volume", when=lambda c: c.branch("airway") == "intubate", branch="airway"),
        ),
        branches=(Branch("airway", "coma scale of 8 or less", lambda c: "intubate" if c.o("gcs") <= 8 else "observe"),),
        expect={"severe": {"airway": "intubate"}, "moderate": {"airway": "observe"}},
        questions=questions,
    )


Q_TBI = (
    "Head-injured patient with a ventricular drain. From the first recorded blood pressure and the opening drain "
    "pressure, work out the average arterial pressure and the pressure perfusing the brain. Score the level of consciousness from the "
    "admission examination, then the version that also accounts for pupil reactivity. If the coma score is eight or "
    "lower, plan intubation: give me the tube depth and target tidal volume for the patient's height.",
    "Please calculate perfusion of the injured brain using the admission pressures, grade consciousness from the "
    "eye, verbal and motor findings (and again including the pupils), and if the patient cannot protect the airway "
    "(score of eight or less) give the endotracheal tube position and lung-protective volume.",
    "Neurotrauma review on the arrival data: average arterial pressure, pressure perfusing the brain, coma score with and "
    "without the pupil adjustment, and airway planning numbers if the score is eight or under.",
)


# ---------------------------------------------------------------- ICU delirium and pain
def _sample_delirium(rng, variant):
    v = body(rng, age=(40, 90))
    v["rass_level"] = rng.choice((-5, -4)) if variant == "deep" else rng.choice((-2, -1, 0, 1, 2))
    v["sbp"] = rng.randint(85, 160)
    v["dbp"] = rng.randint(45, 90)
    v.update({k: rng.random() < 0.5 for k in ("acute_mental_change", "inattention", "disorganized_thinking",
                                             "facial_grimace", "body_restless", "muscle_rigid", "vent_fighting")})
    return facts(v, diagnoses=[("Respiratory failure, ventilated", "J96.00")])


def _delirium(id_, questions):
    b = lambda k: D(lambda c: 1 if c.f(k) else 0, facts=(k,), note="present = 1, absent = 0")
    return Scenario(
        id=id_, version=1, domain=NEURO, title="ICU sedation depth, delirium and pain", family="icu_neuro", dept=ICU,
        timepoint="latest", chief_complaint="Ventilated patient, sedation review.",
        present_illness="Day three of mechanical ventilation; daily sedation and delirium assessment due.",
        admission_diagnosis="Acute respiratory failure",
        variants=("light", "deep"), sample=_sample_delirium,
        steps=(
            Step("rass", "rass", inputs={"level": F("rass_level")}),
            Step("map", "mean_arterial_pressure"),
            Step("cam", "cam_icu", inputs={"rass": O("rass"), "acute_change_or_fluctuation": F("acute_mental_change"),
                                           "inattention": F("inattention"),
                                           "disorganized_thinking": F("disorganized_thinking")},
                 when=lambda c: c.branch("assessable") == "yes", branch="assessable"),
            Step("cpot", "cpot", inputs={"facial_expression": b("facial_grimace"), "body_movements": b("body_restless"),
                                         "muscle_tension": b("muscle_rigid"),
                                         "ventilator_or_vocalization": b("vent_fighting")}),
        ),
        branches=(Branch("assessable", "sedation light enough (RASS -3 or above) to assess delirium",
                         lambda c: "yes" if c.o("rass") >= -3 else "no"),),
        expect={"light": {"assessable": "yes"}, "deep": {"assessable": "no"}},
        questions=questions,
    )


Q_DEL = (
    "Sedation round: based on today's nursing examination, where is the patient on the agitation-sedation scale, and "
    "what is the average arterial pressure on the latest observations? If "
    "the patient is rousable enough to be assessed (minus three or lighter), run the ICU delirium screen; either way, "
    "score pain behaviour for a ventilated patient, counting each documented abnormal behaviour as one point.",
    "Please document sedation depth from the latest exam and the average arterial pressure from the latest vitals, screen for delirium only if the sedation level allows it, "
    "and give the behavioural pain score (one point for each abnormal item recorded: face, movement, tone, ventilator "
    "compliance).",
    "Daily neuro check for this ventilated patient: sedation level, the latest average arterial pressure, delirium assessment when the level permits, and "
    "the observational pain tool, scoring each documented abnormal finding as one.",
)


# ---------------------------------------------------------------- suspected stroke
ROSIER_KEYS = ("loss_of_consciousness", "seizure", "facial_weakness", "arm_weakness", "leg_weakness",
               "speech_disturbance", "visual_field_defect")


def _sample_stroke(rng, variant):
    v = body(rng, age=(45, 90))
    likely = variant == "likely"
    v.update({k: False for k in ROSIER_KEYS})
    if likely:
        for k in ("facial_weakness", "arm_weakness", "leg_weakness", "speech_disturbance", "visual_field_defect"):
            v[k] = rng.random() < 0.6
        v["arm_weakness"] = True
    else:
        v["loss_of_consciousness"] = rng.random() < 0.6
        v["seizure"] = True
    v["gcs_eye"] = rng.choice((3, 4))
    v["gcs_verbal"] = rng.choice((4, 5))
    v["gcs_motor"] = rng.choice((5, 6))
    v["sbp"] = rng.randint(120, 210)
    v["dbp"] = rng.randint(60, 115)
    v["creatinine"] = u(rng, 0.6, 1.8, 2)
    return facts(v, diagnoses=[("Suspected cerebrovascular accident", "I63.9")])


def _stroke(id_, domain, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Suspected stroke: recognition, consciousness, contrast safety",
        family="stroke", dept=STROKE if domain == NEURO else ("Emergency Medicine", "EMD"), timepoint="admission",
        chief_complaint="Sudden neurological symptoms.", present_illness="Found with sudden neurological symptoms an hour ago.",
        admission_diagnosis="Suspected stroke",
        variants=("likely", "mimic"), sample=_sample_stroke,
        steps=(
            Step("rosier", "rosier"),
            Step("gcs", "glasgow_coma_scale", inputs={"eye": F("gcs_eye", map=EYE), "verbal": F("gcs_verbal", map=VERBAL),
                                                      "motor": F("gcs_motor", map=MOTOR)}),
            Step("map", "mean_arterial_pressure"),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("stroke") == "likely", branch="stroke"),
        ),
        branches=(Branch("stroke", "recognition score above zero", lambda c: "likely" if c.o("rosier") > 0 else "unlikely"),),
        expect={"likely": {"stroke": "likely"}, "mimic": {"stroke": "unlikely"}},
        questions=questions,
    )


Q_STROKE = (
    "Possible stroke in the emergency room. Using the arrival examination, apply the emergency-room stroke recognition "
    "tool, grade consciousness, and give the average arterial pressure over the cardiac cycle. If stroke is likely (score above zero), also "
    "estimate kidney function before contrast angiography.",
    "Please help triage this neurological presentation with the admission findings: the stroke recognition score "
    "(seizure and syncope count against), the coma scale, average blood pressure, and - only if a stroke is likely - the "
    "eGFR for contrast imaging.",
    "Acute neuro deficit call. I need the recognition score, the consciousness score and the average arterial pressure from the "
    "first assessment; if the recognition score is positive, add renal function so we can give contrast safely.",
)


# ---------------------------------------------------------------- QT monitoring on antipsychotics
def _sample_qt(rng, variant):
    v = body(rng, age=(20, 70))
    fast = variant == "tachycardic"
    v["heart_rate"] = rng.randint(92, 125) if fast else rng.randint(55, 88)
    v["qt_interval"] = rng.randint(330, 460)
    v["potassium"] = round(rng.uniform(3.0, 4.8), 1)
    v["calcium"] = u(rng, 7.8, 9.8, 1)
    v["albumin"] = u(rng, 2.8, 4.2, 1)
    v["on_antipsychotic"] = True
    return facts(v, diagnoses=[("Schizophrenia", "F20.9")])


def _qt(id_, questions):
    return Scenario(
        id=id_, version=1, domain=NEURO, title="QT safety on antipsychotic therapy", family="psych_safety", dept=PSY,
        timepoint="latest", chief_complaint="Medication safety review.",
        present_illness="Admitted for relapse of psychosis; ECG and electrolytes before dose escalation.",
        admission_diagnosis="Schizophrenia, relapse",
        variants=("tachycardic", "normal_rate"), sample=_sample_qt,
        steps=(
            Step("qtc", "qtc", inputs={"formula": D(lambda c: "fridericia" if c.f("heart_rate") > 90 else "bazett",
                                                    facts=("heart_rate",), note="Fridericia when HR > 90")}),
            Step("ca", "calcium_correction_albumin"),
            Step("bmi", "bmi"),
        ),
        branches=(Branch("qt_formula", "heart rate above 90", lambda c: "fridericia" if c.f("heart_rate") > 90 else "bazett",
                         facts=("heart_rate",)),),
        expect={"tachycardic": {"qt_formula": "fridericia"}, "normal_rate": {"qt_formula": "bazett"}},
        questions=questions,
    )


Q_QT = (
    "Before we increase the antipsychotic, check cardiac safety: correct the QT from the latest ECG for heart rate, "
    "using the cube-root method if the rate is over ninety and the square-root method otherwise, correct the calcium "
    "for albumin from the latest chemistry, and record weight-for-height index for metabolic monitoring.",
    "Medication safety check please. Rate-correct the measured QT on the most recent tracing (choose the correction "
    "suited to the heart rate: Fridericia-type above ninety, the classic one otherwise), give calcium adjusted for the albumin level "
    "and the weight-for-height index.",
    "I want the numbers for the QT review: the corrected interval with a formula matched to the heart rate, the "
    "calcium adjusted for the albumin level, and body size - latest results.",
)
Q_QT = (Q_QT[0], Q_QT[1].replace("Fridericia-type", "cube-root"), Q_QT[2])

SCENARIOS = [
    _tbi("tbi_perfusion_airway", NEURO, Q_TBI),
    _delirium("icu_sedation_delirium_pain", Q_DEL),
    _stroke("suspected_stroke_triage", NEURO, Q_STROKE),
    _qt("antipsychotic_qt_safety", Q_QT),
]
