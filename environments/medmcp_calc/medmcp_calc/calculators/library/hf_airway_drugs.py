"""Heart-failure profiles and bedside classifications: Forrester, Stevenson (Nohria), Killip; Apfel PONV
score; modified Mallampati; Karnofsky performance status; naloxone infusion; tenecteplase dose for stroke."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, NEURO, SPECIAL, Calculator, EHRSource, Input, Output, Result, register
from ..officials import official_bool, official_value
from ._kit import read_sex, sex_input, table, yn
from ._official_util import choice_by_keywords, field_text, number_in, reference_page


# ---------------------------------------------------------------- Forrester
def _forrester(pcwp, cardiac_index):
    congested, hypoperfused = pcwp > 18, cardiac_index < 2.2
    return (4 if congested and hypoperfused else 3 if hypoperfused else 2 if congested else 1)


_FORRESTER_TXT = {1: "class I: no congestion, normal perfusion (warm and dry)",
                  2: "class II: pulmonary congestion, normal perfusion (warm and wet)",
                  3: "class III: hypoperfusion without congestion (cold and dry)",
                  4: "class IV: congestion and hypoperfusion (cold and wet); highest in-hospital mortality"}

FORRESTER = Calculator(
    id="forrester_class",
    name="Forrester HF Class",
    aliases=("Forrester classification", "Forrester haemodynamic subset", "Forrester class"),
    domains=(INTERNAL, CRITICAL),
    specialty="Cardiology",
    purpose="Classifies acute heart failure / post-MI haemodynamics by wedge pressure and cardiac index.",
    inputs=(Input("pcwp", "Pulmonary capillary wedge pressure", unit="mmHg", min=0, max=60,
                  ehr=EHRSource("exam", ("pulmonary artery catheter", "PCWP"), "mmHg")),
            Input("cardiac_index", "Cardiac index", unit="L/min/m^2", min=0.1, max=10,
                  ehr=EHRSource("exam", ("pulmonary artery catheter", "cardiac index"), "L/min/m^2"))),
    output=Output("score", unit="class"),
    compute=_forrester,
    interpret=lambda v, **_: _FORRESTER_TXT[int(v)],
    citation="Forrester JS, Diamond G, Chatterjee K, Swan HJ. Medical therapy of acute myocardial infarction by "
             "application of hemodynamic subsets. N Engl J Med. 1976;295(24):1356-1362 and 295(25):1404-1413.",
    reference=reference_page(
        "Forrester HF Class",
        "Four haemodynamic subsets defined by PCWP (congestion) and cardiac index (perfusion).",
        "Acute myocardial infarction or acute heart failure with invasive haemodynamic monitoring.",
        "PCWP (mmHg) and cardiac index (L/min/m^2).",
        table(("", "CI >= 2.2", "CI < 2.2"), (("PCWP <= 18", "I", "III"), ("PCWP > 18", "II", "IV"))),
        "I: no congestion or hypoperfusion; II: congestion (diuretics/vasodilators); III: hypoperfusion (fluids, "
        "inotropes); IV: both, with the highest mortality.",
        "Forrester JS et al. N Engl J Med. 1976;295:1356-1362, 1404-1413."),
    official_names=("Forrester HF Class",),
    from_official=lambda i: {"pcwp": number_in(field_text(i, ("pcwp", "wedge"))),
                             "cardiac_index": number_in(field_text(i, ("cardiac index",)))},
)


# ---------------------------------------------------------------- Stevenson / Nohria
def _stevenson(congestion, low_perfusion):
    return f"{'Cold' if low_perfusion else 'Warm'} and {'Wet' if congestion else 'Dry'}"


STEVENSON = Calculator(
    id="stevenson_hf_class",
    name="Stevenson HF Class",
    aliases=("Stevenson classification", "Nohria-Stevenson profile", "warm/cold wet/dry heart failure profile"),
    domains=(INTERNAL, CRITICAL),
    specialty="Cardiology",
    purpose="Bedside haemodynamic profile of heart failure from signs of congestion and of low perfusion.",
    inputs=(yn("congestion", "Evidence of congestion (orthopnoea, raised JVP, oedema, rales, hepatomegaly)", "exam",
               "edema", "jugular venous distension", "rales"),
            yn("low_perfusion", "Evidence of low perfusion (narrow pulse pressure, cool extremities, hypotension, "
               "sleepiness)", "exam", "cool extremities", "hypotension")),
    output=Output("category", categories=("Warm and Dry", "Warm and Wet", "Cold and Dry", "Cold and Wet")),
    compute=_stevenson,
    interpret=lambda v, **_: {"Warm and Dry": "profile A: compensated", "Warm and Wet": "profile B: congested, "
                              "treat with diuretics/vasodilators", "Cold and Dry": "profile L: low output without "
                              "congestion", "Cold and Wet": "profile C: congested and hypoperfused; highest risk"}[v],
    citation="Nohria A, Tsang SW, Fang JC, et al. Clinical assessment identifies hemodynamic profiles that predict "
             "outcomes in patients admitted with heart failure. J Am Coll Cardiol. 2003;41(10):1797-1804.",
    reference=reference_page(
        "Stevenson HF Class (Nohria-Stevenson profiles)",
        "Two-by-two bedside classification of heart failure haemodynamics.",
        "Patients admitted with decompensated heart failure, without invasive monitoring.",
        "Signs of congestion (wet/dry) and of low perfusion (cold/warm).",
        table(("", "No congestion", "Congestion"), (("Adequate perfusion", "Warm and Dry (A)", "Warm and Wet (B)"),
                                                    ("Low perfusion", "Cold and Dry (L)", "Cold and Wet (C)"))),
        "Wet and cold profiles carry higher risk of death or urgent transplantation.",
        "Nohria A et al. J Am Coll Cardiol. 2003;41(10):1797-1804."),
    official_names=("Stevenson HF Class",),
    from_official=lambda i: {"congestion": official_bool(i, ("congestion",)),
                             "low_perfusion": official_bool(i, ("perfusion",))},
)


# ---------------------------------------------------------------- Killip
_KILLIP = {
    "Class I": ("no clinical signs of heart failure", "6%"),
    "Class II": ("rales/crackles, S3 gallop or raised jugular venous pressure", "17%"),
    "Class III": ("frank acute pulmonary oedema", "38%"),
    "Class IV": ("cardiogenic shock (hypotension, signs of hypoperfusion)", "81%"),
}
_KILLIP_WORDS = {"Class IV": ("cardiogenic shock", "shock", "class iv"),
                 "Class III": ("pulmonary edema", "pulmonary oedema", "class iii"),
                 "Class II": ("rales", "crackles", "s3", "jugular", "jvd", "jvp", "class ii"),
                 "Class I": ("no signs", "none", "no heart failure", "no clinical", "class i")}

KILLIP = Calculator(
    id="killip_class",
    name="Killip Classification for Heart Failure",
    aliases=("Killip class", "Killip-Kimball classification", "Killip classification"),
    domains=(CRITICAL, INTERNAL),
    specialty="Cardiology",
    purpose="Grades heart failure on examination after acute myocardial infarction to estimate mortality.",
    inputs=(Input("findings", "Worst examination finding", kind="choice",
                  choices=("none", "rales_s3_or_jvd", "pulmonary_edema", "cardiogenic_shock"),
                  ehr=EHRSource("exam", ("rales", "S3", "pulmonary edema", "cardiogenic shock"))),),
    output=Output("category", categories=tuple(_KILLIP)),
    compute=lambda findings: tuple(_KILLIP)[("none", "rales_s3_or_jvd", "pulmonary_edema",
                                             "cardiogenic_shock").index(findings)],
    interpret=lambda v, **_: f"Killip {v.split()[1]}: {_KILLIP[v][0]} (in-hospital mortality {_KILLIP[v][1]} in the "
                             "original series)",
    citation="Killip T, Kimball JT. Treatment of myocardial infarction in a coronary care unit: a two year experience "
             "with 250 patients. Am J Cardiol. 1967;20(4):457-464.",
    reference=reference_page(
        "Killip Classification for Heart Failure",
        "Four clinical classes of heart failure after acute myocardial infarction.",
        "At presentation with acute MI (also used inside GRACE and TIMI STEMI).",
        "The worst finding on examination.",
        table(("Class", "Findings", "Original in-hospital mortality"),
              [(k, f, m) for k, (f, m) in _KILLIP.items()]),
        "Higher class, higher short-term mortality (modern 30-day rates are lower than the 1967 series).",
        "Killip T, Kimball JT. Am J Cardiol. 1967;20(4):457-464."),
    official_names=("Killip Classification for Heart Failure",),
    from_official=lambda i: {"findings": {"Class I": "none", "Class II": "rales_s3_or_jvd",
                                          "Class III": "pulmonary_edema", "Class IV": "cardiogenic_shock"}[
        choice_by_keywords(field_text(i, ("classification", "finding", "killip")), _KILLIP_WORDS, "Killip findings")]},
)


# ---------------------------------------------------------------- Apfel
_APFEL_RISK = {0: "10%", 1: "21%", 2: "39%", 3: "61%", 4: "79%"}


def _apfel(sex, non_smoker, history_ponv_motion_sickness, postoperative_opioids):
    parts = {"female": int(sex == "female"), "non_smoker": int(non_smoker),
             "history_ponv_or_motion_sickness": int(history_ponv_motion_sickness),
             "postoperative_opioids": int(postoperative_opioids)}
    return sum(parts.values()), parts


APFEL = Calculator(
    id="apfel_ponv",
    name="Apfel Score for Postoperative Nausea and Vomiting",
    aliases=("Apfel score", "Apfel simplified PONV score", "simplified PONV risk score"),
    domains=(CRITICAL,),
    specialty="Anesthesiology",
    purpose="Estimates the risk of postoperative nausea and vomiting after inhalational anaesthesia to guide "
            "prophylaxis.",
    inputs=(sex_input(), yn("non_smoker", "Non-smoker", "history", "smoking"),
            yn("history_ponv_motion_sickness", "History of PONV or motion sickness", "history", "PONV", "motion sickness"),
            yn("postoperative_opioids", "Postoperative opioids expected", "order", "morphine", "fentanyl", "hydromorphone")),
    output=Output("score", unit="points"),
    compute=_apfel,
    interpret=lambda v, **_: f"24-hour PONV risk ~{_APFEL_RISK[int(v)]}",
    citation="Apfel CC, Läärä E, Koivuranta M, Greim CA, Roewer N. A simplified risk score for predicting "
             "postoperative nausea and vomiting: conclusions from cross-validations between two centers. "
             "Anesthesiology. 1999;91(3):693-700.",
    reference=reference_page(
        "Apfel Score for Postoperative Nausea and Vomiting",
        "Four risk factors, one point each, predicting PONV in adults under inhalational anaesthesia.",
        "Preoperative planning of antiemetic prophylaxis in adults.",
        "Female sex, non-smoking, history of PONV or motion sickness, postoperative opioids.",
        "Score = number of risk factors present (0-4).",
        "PONV risk: 0 = 10%, 1 = 21%, 2 = 39%, 3 = 61%, 4 = 79%.",
        "Apfel CC et al. Anesthesiology. 1999;91(3):693-700."),
    official_names=("Apfel Score for Postoperative Nausea and Vomiting",),
    from_official=lambda i: {
        "sex": read_sex(field_text(i, ("gender", "sex"))),
        "non_smoker": "non" in field_text(i, ("smoking",)).lower() or field_text(i, ("smoking",)).lower().startswith("no"),
        "history_ponv_motion_sickness": official_bool(i, ("motion sickness", "ponv")),
        "postoperative_opioids": official_bool(i, ("opioids",)),
    },
)


# ---------------------------------------------------------------- modified Mallampati
_MALLAMPATI = {
    "Class I": "soft palate, fauces, uvula and tonsillar pillars visible",
    "Class II": "soft palate, fauces and uvula visible",
    "Class III": "soft palate and base of the uvula visible",
    "Class IV": "soft palate not visible (only the hard palate)",
}
VIEWS = ("pillars_visible", "uvula_visible", "base_of_uvula_only", "soft_palate_not_visible")

MALLAMPATI = Calculator(
    id="modified_mallampati",
    name="Modified Mallampati Classification",
    aliases=("Mallampati class", "Mallampati score", "Samsoon-Young Mallampati classification"),
    domains=(CRITICAL,),
    specialty="Anesthesiology",
    purpose="Grades the oropharyngeal view with the mouth open to anticipate difficult intubation.",
    inputs=(Input("view", "Structures visible (seated, mouth open, tongue out, no phonation)", kind="choice",
                  choices=VIEWS, ehr=EHRSource("anesthesia", ("mallampati",))),),
    output=Output("category", categories=tuple(_MALLAMPATI)),
    compute=lambda view: tuple(_MALLAMPATI)[VIEWS.index(view)],
    interpret=lambda v, **_: (f"Mallampati {v.split()[1]}: {_MALLAMPATI[v]}"
                              + ("; predicts difficult laryngoscopy/intubation" if v in ("Class III", "Class IV") else "")),
    citation="Mallampati SR, Gatt SP, Gugino LD, et al. A clinical sign to predict difficult tracheal intubation: a "
             "prospective study. Can Anaesth Soc J. 1985;32(4):429-434; Samsoon GL, Young JR. Difficult tracheal "
             "intubation: a retrospective study. Anaesthesia. 1987;42(5):487-490.",
    reference=reference_page(
        "Modified Mallampati Classification",
        "Four classes of oropharyngeal visibility (Samsoon and Young's modification adds class IV).",
        "Pre-anaesthetic airway assessment, together with other airway predictors.",
        "The structures visible with the patient seated, mouth wide open and tongue protruded.",
        table(("Class", "Visible structures"), list(_MALLAMPATI.items())),
        "Classes III-IV predict difficult laryngoscopy; sensitivity alone is modest.",
        "Mallampati SR et al. Can Anaesth Soc J. 1985;32:429-434; Samsoon GL, Young JR. Anaesthesia. 1987;42:487-490."),
    official_names=("Modified Mallampati Classification",),
    from_official=lambda i: {"view": choice_by_keywords(
        field_text(i, ("visualization", "visualisation", "view", "structures")),
        {"soft_palate_not_visible": ("soft palate not", "not visualized", "hard palate only", "only hard palate"),
         "base_of_uvula_only": ("base of uvula", "base of the uvula"),
         "pillars_visible": ("pillars",), "uvula_visible": ("uvula",)}, "Mallampati view")},
)


# ---------------------------------------------------------------- Karnofsky
_KPS = {
    100: "normal, no complaints, no evidence of disease",
    90: "able to carry on normal activity; minor signs or symptoms",
    80: "normal activity with effort; some signs or symptoms",
    70: "cares for self; unable to carry on normal activity or to do active work",
    60: "requires occasional assistance but is able to care for most personal needs",
    50: "requires considerable assistance and frequent medical care",
    40: "disabled; requires special care and assistance",
    30: "severely disabled; hospitalisation indicated although death not imminent",
    20: "very sick; hospitalisation and active supportive treatment necessary",
    10: "moribund; fatal processes progressing rapidly",
    0: "dead",
}
_KPS_WORDS = {
    50: ("considerable assistance",), 60: ("occasional assistance",), 40: ("special care",),
    30: ("severely disabled",), 20: ("very sick",), 10: ("moribund",), 70: ("cares for self",),
    80: ("with effort",), 90: ("minor signs",), 100: ("no complaints",), 0: ("dead",),
}

KARNOFSKY = Calculator(
    id="karnofsky_performance",
    name="Karnofsky Performance Status Scale",
    aliases=("Karnofsky score", "KPS", "Karnofsky performance status"),
    domains=(INTERNAL, SPECIAL),
    specialty="Oncology",
    purpose="Grades functional impairment from 100 (normal) to 0 (dead) to judge fitness for therapy and prognosis.",
    inputs=(Input("level", "Karnofsky level", kind="choice", choices=tuple(_KPS), description="; ".join(
        f"{k}: {v}" for k, v in _KPS.items()), ehr=EHRSource("exam", ("performance status",))),),
    output=Output("score", unit="%"),
    compute=lambda level: level,
    interpret=lambda v, **_: (f"KPS {int(v)}: {_KPS[int(v)]}; "
                              + ("able to work and carry on normal activity" if v >= 80 else
                                 "unable to work, lives at home with varying assistance" if v >= 50 else
                                 "unable to care for self")),
    citation="Karnofsky DA, Burchenal JH. The clinical evaluation of chemotherapeutic agents in cancer. In: MacLeod "
             "CM, ed. Evaluation of Chemotherapeutic Agents. Columbia University Press; 1949:191-205.",
    reference=reference_page(
        "Karnofsky Performance Status Scale",
        "Eleven levels in steps of 10 describing ability to work, self-care and need for care.",
        "Oncology (eligibility for treatment and trials), palliative care, prognosis.",
        "The description that best fits the patient.",
        table(("KPS", "Description"), list(_KPS.items())),
        "80-100: normal activity; 50-70: unable to work, self-care with assistance; 0-40: unable to care for self.",
        "Karnofsky DA, Burchenal JH. 1949."),
    official_names=("Karnofsky Performance Status Scale",),
    from_official=lambda i: {"level": int(choice_by_keywords(
        field_text(i, ("description", "status", "karnofsky")), {str(k): w for k, w in _KPS_WORDS.items()},
        "Karnofsky description"))},
)


# ---------------------------------------------------------------- naloxone infusion
NALOXONE = Calculator(
    id="naloxone_drip",
    name="Naloxone Drip Dosing",
    aliases=("naloxone infusion", "naloxone continuous infusion rate", "Goldfrank naloxone infusion"),
    domains=(CRITICAL, SPECIAL),
    specialty="Toxicology / Emergency Medicine",
    purpose="Hourly naloxone infusion rate from the bolus dose that reversed opioid toxicity.",
    inputs=(Input("bolus_mg", "Effective naloxone bolus dose", unit="mg", min=0.01, max=20,
                  ehr=EHRSource("order", ("naloxone",), "mg")),),
    output=Output("number", unit="mg/h", decimals=2, abs_tol=0.01),
    compute=lambda bolus_mg: (bolus_mg * 2.0 / 3.0, {"rebolus_mg": round(bolus_mg / 2.0, 3)}),
    interpret=lambda v, bolus_mg=0.0, **_: (f"start {v} mg/h (two-thirds of the effective bolus per hour); a further "
                                            f"{bolus_mg / 2:g} mg bolus may be given 15 minutes after starting"),
    citation="Goldfrank L, Weisman RS, Errick JK, Lo MW. A dosing nomogram for continuous infusion intravenous naloxone. "
             "Ann Emerg Med. 1986;15(5):566-570.",
    reference=reference_page(
        "Naloxone Drip Dosing",
        "Continuous infusion to maintain reversal of long-acting opioid toxicity.",
        "After a naloxone bolus has reversed respiratory depression from a long-acting or sustained-release opioid.",
        "The bolus dose (mg) that produced reversal.",
        "Infusion rate (mg/h) = 2/3 x effective bolus; half the bolus may be repeated 15 minutes after starting.",
        "Titrate to respiratory rate and level of consciousness; watch for withdrawal.",
        "Goldfrank L et al. Ann Emerg Med. 1986;15(5):566-570."),
    official_names=("Naloxone Drip Dosing",),
    from_official=lambda i: {"bolus_mg": official_value(i, ("bolus",), "mg")},
)


# ---------------------------------------------------------------- tenecteplase for stroke
TNK_MG_PER_ML = 5.0  # 50 mg vial reconstituted in 10 mL


def _tnk(weight_kg):
    dose = min(0.25 * weight_kg, 25.0)
    return dose, {"volume_ml": round(dose / TNK_MG_PER_ML, 2), "capped": 0.25 * weight_kg > 25.0}


def _tnk_official(r: Result) -> float:
    return round(r.details["volume_ml"], 1)


TNK = Calculator(
    id="tenecteplase_stroke",
    name="Tenecteplase (TNK) Dosing for Ischemic Stroke Calculator",
    aliases=("tenecteplase stroke dose", "TNK stroke dosing", "tenecteplase 0.25 mg/kg"),
    domains=(NEURO, CRITICAL),
    specialty="Neurology / Emergency Medicine",
    purpose="Weight-based single-bolus tenecteplase dose for acute ischaemic stroke (0.25 mg/kg, maximum 25 mg).",
    inputs=(Input("weight_kg", "Body weight", unit="kg", min=10, max=400, ehr=EHRSource("vital", ("weight",), "kg")),),
    output=Output("number", unit="mg", decimals=1, abs_tol=0.1),
    compute=_tnk,
    interpret=lambda v, **_: f"tenecteplase {v} mg IV bolus over 5 s ({v / TNK_MG_PER_ML:.1f} mL of 5 mg/mL); "
                             "discard the rest of the vial",
    citation="Campbell BCV, Mitchell PJ, Churilov L, et al. Tenecteplase versus alteplase before thrombectomy for "
             "ischemic stroke. N Engl J Med. 2018;378(17):1573-1582; Powers WJ, et al. Guidelines for the early "
             "management of patients with acute ischemic stroke: 2019 update. Stroke. 2019;50(12):e344-e418.",
    reference=reference_page(
        "Tenecteplase (TNK) Dosing for Ischemic Stroke",
        "Single intravenous bolus thrombolysis dose for acute ischaemic stroke.",
        "Eligible acute ischaemic stroke (within the thrombolysis window, no contraindications). Not the "
        "weight-banded cardiac (STEMI) dose.",
        "Body weight (kg).",
        "Dose (mg) = 0.25 x weight, maximum 25 mg; volume (mL) = dose / 5 mg/mL.",
        "Give as a 5-second bolus; discard the remainder of the 50 mg vial.",
        "Campbell BCV et al. N Engl J Med. 2018;378:1573-1582; AHA/ASA 2019 guideline."),
    official_names=("Tenecteplase (TNK) Dosing for Ischemic Stroke Calculator",),
    from_official=lambda i: {"weight_kg": official_value(i, ("weight",), "kg")},
    to_official=_tnk_official,
)

register(FORRESTER, STEVENSON, KILLIP, APFEL, MALLAMPATI, KARNOFSKY, NALOXONE, TNK)
