"""Risk screens: Tisdale QTc-prolongation risk, STOP-BANG (sleep apnoea), ABCD2 (stroke after TIA),
modified Fisher grade (vasospasm after SAH)."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, NEURO, SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field
from ._entities import off_bool
from ._kit import age_input, read_sex, sex_input, table, yn
from ._official_extra import yes_number
from ._official_util import choice_by_keywords, field_score, field_text, number_in, reference_page


# ---------------------------------------------------------------- Tisdale
def _tisdale(age, sex, loop_diuretic, potassium, qtc, acute_mi, sepsis, heart_failure, qt_drugs):
    parts = {"age_ge_68": int(age >= 68), "female": int(sex == "female"), "loop_diuretic": int(loop_diuretic),
             "potassium_le_3_5": 2 * (potassium <= 3.5), "qtc_ge_450": 2 * (qtc >= 450), "acute_mi": 2 * acute_mi,
             "sepsis": 3 * sepsis, "heart_failure": 3 * heart_failure,
             "qt_prolonging_drugs": 0 if qt_drugs == 0 else 3 if qt_drugs == 1 else 6}
    return sum(parts.values()), parts


def _tisdale_interp(v, **_):
    if v <= 6:
        return "low risk of QTc prolongation (<= 6)"
    if v <= 10:
        return "moderate risk of QTc prolongation (7-10)"
    return "high risk of QTc prolongation (>= 11): review QT-prolonging drugs, correct electrolytes, monitor ECG"


def _tisdale_official(i: list) -> dict:
    sex_e = find_field(i, ("sex", "female"))
    sex_text = str(sex_e.get("value", "")) if sex_e else ""
    if sex_e is not None and "score" in sex_e:
        sex = "female" if float(sex_e["score"]) > 0 else "male"
    else:
        inner = sex_text.split("(")[-1] if "(" in sex_text else sex_text
        sex = read_sex(inner)
    drugs_s = field_score(i, ("qt prolonging", "qtc prolonging", "drugs"))
    if drugs_s is not None:
        n = {0: 0, 3: 1, 6: 2}[int(drugs_s)]
    else:
        n = int(number_in(field_text(i, ("qt prolonging", "qtc prolonging", "drugs"))))
    return {
        "age": yes_number(i, ("age",), 70.0, 50.0), "sex": sex,
        "loop_diuretic": off_bool(i, ("loop diuretic",)),
        "potassium": yes_number(i, ("potassium",), 3.2, 4.2),
        "qtc": 460.0 if off_bool(i, ("qtc ge 450", "admission qtc", "qtc")) else 420.0,
        "acute_mi": off_bool(i, ("myocardial infarction",)), "sepsis": off_bool(i, ("sepsis",)),
        "heart_failure": off_bool(i, ("heart failure",)), "qt_drugs": min(n, 2),
    }


TISDALE = Calculator(
    id="tisdale_qt_risk",
    name="Tisdale Risk Score for QT Prolongation",
    aliases=("Tisdale score", "Tisdale QTc risk score", "Tisdale risk score for QTc prolongation"),
    domains=(CRITICAL, NEURO, INTERNAL),
    specialty="Cardiology / Clinical Pharmacy",
    purpose="Predicts drug-associated QTc prolongation in hospitalised (cardiac care) patients.",
    inputs=(age_input(), sex_input(),
            yn("loop_diuretic", "On a loop diuretic", "order", "furosemide", "bumetanide", "torsemide"),
            Input("potassium", "Serum potassium", unit="mEq/L", min=1, max=10, ehr=EHRSource("lab", ("Potassium", "K"), "mEq/L")),
            Input("qtc", "Admission QTc", unit="ms", min=250, max=800, ehr=EHRSource("exam", ("ECG", "QTc"), "ms")),
            yn("acute_mi", "Admitted for acute myocardial infarction", "diagnosis", "myocardial infarction"),
            yn("sepsis", "Admitted for sepsis", "diagnosis", "sepsis"),
            yn("heart_failure", "Admitted for heart failure", "diagnosis", "heart failure"),
            Input("qt_drugs", "Number of QTc-prolonging drugs given", kind="integer", min=0, max=20,
                  ehr=EHRSource("order", ("haloperidol", "ondansetron", "amiodarone", "levofloxacin")))),
    output=Output("score", unit="points"),
    compute=_tisdale,
    interpret=_tisdale_interp,
    citation="Tisdale JE, Jaynes HA, Kingery JR, et al. Development and validation of a risk score to predict QT "
             "interval prolongation in hospitalized patients. Circ Cardiovasc Qual Outcomes. 2013;6(4):479-487.",
    reference=reference_page(
        "Tisdale Risk Score for QT Prolongation",
        "Weighted score predicting QTc > 500 ms or a rise > 60 ms in hospitalised patients.",
        "Inpatients (derived in cardiac care units) before or while giving QTc-prolonging drugs.",
        "Age, sex, loop diuretic, potassium, admission QTc, admitting diagnosis, number of QT-prolonging drugs.",
        table(("Risk factor", "Points"), (("Age >= 68 years", 1), ("Female sex", 1), ("Loop diuretic", 1),
                                          ("Serum K+ <= 3.5 mEq/L", 2), ("Admission QTc >= 450 ms", 2),
                                          ("Acute myocardial infarction", 2), ("Sepsis", 3), ("Heart failure", 3),
                                          ("One QTc-prolonging drug", 3), (">= 2 QTc-prolonging drugs", 6)))
        + "\nRange 0-21.",
        "<= 6 low, 7-10 moderate, >= 11 high risk.",
        "Tisdale JE et al. Circ Cardiovasc Qual Outcomes. 2013;6(4):479-487."),
    official_names=("Tisdale Risk Score for QT Prolongation",),
    from_official=_tisdale_official,
)


# ---------------------------------------------------------------- STOP-BANG
def _stopbang(snoring, tired, observed_apnea, hypertension, bmi, age, neck_cm, sex):
    parts = {"snoring": int(snoring), "tired": int(tired), "observed_apnea": int(observed_apnea),
             "pressure": int(hypertension), "bmi_gt_35": int(bmi > 35), "age_gt_50": int(age > 50),
             "neck_gt_40": int(neck_cm > 40), "male": int(sex == "male")}
    stop = parts["snoring"] + parts["tired"] + parts["observed_apnea"] + parts["pressure"]
    parts["stop_items"] = stop
    parts["high_by_stop_rule"] = int(stop >= 2 and (parts["male"] or parts["bmi_gt_35"] or parts["neck_gt_40"]))
    total = sum(v for k, v in parts.items() if k not in ("stop_items", "high_by_stop_rule"))
    return total, parts


def _stopbang_interp(v, snoring=False, tired=False, observed_apnea=False, hypertension=False, bmi=0, neck_cm=0,
                     sex="female", **_):
    stop = sum(map(bool, (snoring, tired, observed_apnea, hypertension)))
    if v >= 5 or (v >= 3 and stop >= 2 and (sex == "male" or bmi > 35 or neck_cm > 40)):
        return "high risk of obstructive sleep apnoea"
    if v >= 3:
        return "intermediate risk of obstructive sleep apnoea (3-4)"
    return "low risk of obstructive sleep apnoea (0-2)"


def _stopbang_official(i: list) -> dict:
    def flag(*kws):
        return off_bool(i, kws)

    def num(kws, yes, no):
        e = find_field(i, kws, exclude=(">", "gt"))
        if e is not None and not str(e.get("value", "")).strip().lower().startswith(("yes", "no")):
            return number_in(e.get("value"))
        return yes_number(i, kws, yes, no)

    sex_text = field_text(i, ("gender", "sex"))
    return {"snoring": flag("snore", "snoring"), "tired": flag("tired", "tiredness"),
            "observed_apnea": flag("observed", "stop breathing"),
            "hypertension": flag("blood pressure", "hypertension"),
            "bmi": num(("bmi",), 36.0, 30.0), "age": num(("age",), 60.0, 40.0),
            "neck_cm": num(("neck",), 42.0, 38.0), "sex": read_sex(sex_text)}


STOPBANG = Calculator(
    id="stop_bang",
    name="STOP-BANG Score for Obstructive Sleep Apnea",
    aliases=("STOP-BANG", "STOPBANG", "STOP-Bang questionnaire"),
    domains=(INTERNAL, SPECIAL),
    specialty="Sleep Medicine / Anesthesiology",
    purpose="Screens adults for obstructive sleep apnoea, e.g. before surgery.",
    inputs=(yn("snoring", "Snores loudly", "history", "snoring"),
            yn("tired", "Often tired, fatigued or sleepy during the day", "history", "daytime sleepiness"),
            yn("observed_apnea", "Observed to stop breathing or choke during sleep", "history", "apnea"),
            yn("hypertension", "High blood pressure (treated or untreated)", "diagnosis", "hypertension"),
            Input("bmi", "Body mass index", unit="kg/m^2", min=8, max=120, ehr=EHRSource("vital", ("bmi",), "kg/m^2")),
            age_input(),
            Input("neck_cm", "Neck circumference", unit="cm", min=15, max=80, ehr=EHRSource("exam", ("neck circumference",), "cm")),
            sex_input()),
    output=Output("score", unit="points"),
    compute=_stopbang,
    interpret=_stopbang_interp,
    citation="Chung F, Yegneswaran B, Liao P, et al. STOP questionnaire: a tool to screen patients for obstructive "
             "sleep apnea. Anesthesiology. 2008;108(5):812-821; Chung F, Subramanyam R, Liao P, et al. High STOP-Bang "
             "score indicates a high probability of obstructive sleep apnoea. Br J Anaesth. 2012;108(5):768-775.",
    reference=reference_page(
        "STOP-BANG Score for Obstructive Sleep Apnea",
        "Eight yes/no items screening for moderate-to-severe obstructive sleep apnoea.",
        "Preoperative assessment and general adult screening for OSA.",
        "Snoring, tiredness, observed apnoea, blood pressure, BMI, age, neck circumference, sex.",
        table(("Item (1 point each)", "Criterion"), (("S", "loud snoring"), ("T", "daytime tiredness"),
                                                     ("O", "observed apnoeas"), ("P", "high blood pressure"),
                                                     ("B", "BMI > 35 kg/m^2"), ("A", "age > 50 years"),
                                                     ("N", "neck circumference > 40 cm"), ("G", "male gender"))),
        "0-2 low risk; 3-4 intermediate; 5-8 high risk. Also high risk: >= 2 STOP items plus male sex, BMI > 35 "
        "or neck > 40 cm.",
        "Chung F et al. Anesthesiology. 2008;108:812-821; Br J Anaesth. 2012;108:768-775."),
    official_names=("STOP-BANG Score for Obstructive Sleep Apnea",),
    from_official=_stopbang_official,
)


# ---------------------------------------------------------------- ABCD2
FEATURES = ("other", "speech_disturbance_without_weakness", "unilateral_weakness")


def _abcd2(age, systolic_bp, diastolic_bp, clinical_features, duration_min, diabetes):
    parts = {"age_ge_60": int(age >= 60), "bp_ge_140_90": int(systolic_bp >= 140 or diastolic_bp >= 90),
             "clinical_features": FEATURES.index(clinical_features),
             "duration": 2 if duration_min >= 60 else 1 if duration_min >= 10 else 0, "diabetes": int(diabetes)}
    return sum(parts.values()), parts


def _abcd2_interp(v, **_):
    if v <= 3:
        return "low risk (0-3): 2-day stroke risk ~1.0%"
    if v <= 5:
        return "moderate risk (4-5): 2-day stroke risk ~4.1%"
    return "high risk (6-7): 2-day stroke risk ~8.1%"


def _abcd2_official(i: list) -> dict:
    bp_high = off_bool(i, ("bp", "blood pressure"))
    feat_s = field_score(i, ("clinical features", "features"))
    feat = FEATURES[int(feat_s)] if feat_s is not None else choice_by_keywords(
        field_text(i, ("clinical features", "features")),
        {"speech_disturbance_without_weakness": ("without weakness", "speech"),
         "unilateral_weakness": ("weakness",), "other": ("other", "none")}, "TIA clinical features")
    dur_s = field_score(i, ("duration",))
    dur = {0: 5.0, 1: 30.0, 2: 90.0}[int(dur_s)] if dur_s is not None else number_in(field_text(i, ("duration",)))
    return {"age": yes_number(i, ("age",), 70.0, 50.0), "systolic_bp": 150.0 if bp_high else 120.0,
            "diastolic_bp": 95.0 if bp_high else 80.0, "clinical_features": feat, "duration_min": dur,
            "diabetes": off_bool(i, ("diabetes",))}


ABCD2 = Calculator(
    id="abcd2",
    name="ABCD² Score for TIA",
    aliases=("ABCD2", "ABCD2 score", "ABCD squared score"),
    domains=(NEURO, CRITICAL),
    specialty="Neurology / Emergency Medicine",
    purpose="Estimates the early stroke risk after a transient ischaemic attack.",
    inputs=(age_input(),
            Input("systolic_bp", "Systolic blood pressure at first assessment", unit="mmHg", min=40, max=300,
                  ehr=EHRSource("vital", ("systolic_bp",), "mmHg")),
            Input("diastolic_bp", "Diastolic blood pressure at first assessment", unit="mmHg", min=20, max=200,
                  ehr=EHRSource("vital", ("diastolic_bp",), "mmHg")),
            Input("clinical_features", "Clinical features of the TIA", kind="choice", choices=FEATURES,
                  description="unilateral weakness 2; speech disturbance without weakness 1; other 0",
                  ehr=EHRSource("history", ("weakness", "aphasia", "dysarthria"))),
            Input("duration_min", "Duration of symptoms", unit="min", min=0, max=10080,
                  ehr=EHRSource("history", ("symptom duration",), "min")),
            yn("diabetes", "Diabetes mellitus", "diagnosis", "diabetes")),
    output=Output("score", unit="points"),
    compute=_abcd2,
    interpret=_abcd2_interp,
    citation="Johnston SC, Rothwell PM, Nguyen-Huynh MN, et al. Validation and refinement of scores to predict very "
             "early stroke risk after transient ischaemic attack. Lancet. 2007;369(9558):283-292.",
    reference=reference_page(
        "ABCD2 Score for TIA",
        "Five-item score of the short-term risk of stroke after a TIA.",
        "Patients seen after a suspected TIA (current guidelines favour urgent specialist assessment for all).",
        "Age, blood pressure, clinical features, duration, diabetes.",
        table(("Item", "Points"), (("Age >= 60", 1), ("BP >= 140/90 mmHg at first assessment", 1),
                                   ("Unilateral weakness / speech disturbance without weakness", "2 / 1"),
                                   ("Duration >= 60 min / 10-59 min", "2 / 1"), ("Diabetes", 1))) + "\nRange 0-7.",
        "0-3 low (2-day stroke risk 1.0%), 4-5 moderate (4.1%), 6-7 high (8.1%).",
        "Johnston SC et al. Lancet. 2007;369(9558):283-292."),
    official_names=("ABCD² Score for TIA",),
    from_official=_abcd2_official,
)


# ---------------------------------------------------------------- modified Fisher
_MF_RISK = {0: "0%", 1: "24%", 2: "33%", 3: "33%", 4: "40%"}


def _mfisher(sah, ivh):
    if sah == "none":
        if ivh:
            raise CalculatorInputError("modified Fisher: 'sah' = 'none' with 'ivh' = true is not a defined grade; "
                                       "describe the subarachnoid blood as 'thin' or 'thick'")
        return 0
    return {"thin": 1, "thick": 3}[sah] + (1 if ivh else 0)


MFISHER = Calculator(
    id="modified_fisher",
    name="Modified Fisher Grading Scale for Subarachnoid Hemorrhage (SAH)",
    aliases=("Modified Fisher scale", "modified Fisher grade", "Frontera modified Fisher scale"),
    domains=(NEURO, CRITICAL),
    specialty="Neurosurgery / Neurocritical Care",
    purpose="Grades subarachnoid and intraventricular blood on the first CT to predict symptomatic vasospasm.",
    inputs=(Input("sah", "Subarachnoid blood on CT", kind="choice", choices=("none", "thin", "thick"),
                  description="thick = completely filling at least one cistern or fissure",
                  ehr=EHRSource("exam", ("head CT", "subarachnoid hemorrhage"))),
            yn("ivh", "Intraventricular haemorrhage (blood in both lateral ventricles)", "exam", "head CT",
               "intraventricular hemorrhage")),
    output=Output("score", unit="grade"),
    compute=_mfisher,
    interpret=lambda v, **_: f"grade {int(v)}: symptomatic vasospasm risk ~{_MF_RISK[int(v)]}",
    citation="Frontera JA, Claassen J, Schmidt JM, et al. Prediction of symptomatic vasospasm after subarachnoid "
             "hemorrhage: the modified Fisher scale. Neurosurgery. 2006;59(1):21-27.",
    reference=reference_page(
        "Modified Fisher Grading Scale for Subarachnoid Hemorrhage",
        "CT grade of aneurysmal SAH predicting delayed cerebral ischaemia from vasospasm.",
        "First head CT after aneurysmal subarachnoid haemorrhage.",
        "Thickness of subarachnoid blood and presence of intraventricular blood.",
        table(("Grade", "CT findings", "Symptomatic vasospasm"), (
            (0, "no SAH, no IVH", "0%"), (1, "thin (focal or diffuse) SAH, no IVH", "24%"),
            (2, "thin SAH with IVH", "33%"), (3, "thick SAH, no IVH", "33%"), (4, "thick SAH with IVH", "40%"))),
        "Higher grades carry a higher risk of vasospasm and delayed cerebral ischaemia.",
        "Frontera JA et al. Neurosurgery. 2006;59(1):21-27."),
    official_names=("Modified Fisher Grading Scale for Subarachnoid Hemorrhage (SAH)",),
)

register(TISDALE, STOPBANG, ABCD2, MFISHER)
