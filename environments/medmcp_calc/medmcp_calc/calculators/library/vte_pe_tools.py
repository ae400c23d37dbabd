"""Pulmonary embolism and VTE decision tools: simplified PESI, Bova, Hestia, HERDOO2, DASH,
ISTH overt DIC score."""
from __future__ import annotations

from ..base import CRITICAL, INTERNAL, Calculator, EHRSource, Input, Output, register
from ..officials import official_bool
from ._official_util import bool_inputs, bools_from_official, field_text, number_in, reference_page

# ---------------------------------------------------------------- sPESI
SPESI_ITEMS = (("age_over_80", "Age > 80 years", 1), ("cancer", "History of cancer", 1),
               ("chronic_cardiopulmonary_disease", "Chronic cardiopulmonary disease (heart failure or chronic lung disease)", 1),
               ("heart_rate_110_or_more", "Heart rate >= 110/min", 1), ("sbp_below_100", "Systolic BP < 100 mmHg", 1),
               ("sao2_below_90", "Arterial oxygen saturation < 90%", 1))


def _spesi_official(inputs: list) -> dict:
    age = number_in(field_text(inputs, ("age years", "age")))
    hr = number_in(field_text(inputs, ("heart rate bpm", "heart rate")))
    sbp = number_in(field_text(inputs, ("systolic bp mmhg", "systolic bp", "systolic")))
    sat = number_in(field_text(inputs, ("o2 saturation", "oxygen saturation", "sao2")))
    return {"age_over_80": age > 80, "cancer": official_bool(inputs, ("history of cancer", "cancer")),
            "chronic_cardiopulmonary_disease": official_bool(inputs, ("chronic cardiopulmonary disease",)),
            "heart_rate_110_or_more": hr >= 110, "sbp_below_100": sbp < 100, "sao2_below_90": sat < 90}


SPESI = Calculator(
    id="spesi",
    name="Simplified PESI (Pulmonary Embolism Severity Index)",
    aliases=("sPESI", "simplified PESI", "simplified pulmonary embolism severity index"),
    domains=(CRITICAL, INTERNAL),
    specialty="Pulmonology",
    purpose="Six-item 30-day mortality risk in acute pulmonary embolism; 0 points identifies low-risk patients.",
    inputs=bool_inputs(SPESI_ITEMS),
    output=Output("category", categories=("Low", "High")),
    compute=lambda **kw: (("Low" if sum(kw.values()) == 0 else "High"), {"points": sum(int(x) for x in kw.values())}),
    interpret=lambda v, **_: ("low risk: ~1% 30-day mortality; consider outpatient treatment" if v == "Low"
                              else "high risk (>=1 point): ~10.9% 30-day mortality"),
    citation="Jiménez D, Aujesky D, Moores L, et al. Simplification of the pulmonary embolism severity index for "
             "prognostication in patients with acute symptomatic pulmonary embolism. Arch Intern Med. 2010;170(15):1383-1389.",
    reference=reference_page(
        "Simplified PESI (sPESI)", "Identifies patients with acute PE at low risk of 30-day death.",
        "Confirmed acute PE, at diagnosis.",
        "Six yes/no items: age > 80; cancer; chronic cardiopulmonary disease; HR >= 110; SBP < 100 mmHg; SaO2 < 90% (1 point each).",
        "Sum of points; 0 = low risk, >= 1 = high risk.",
        "Low risk (0): ~1.1% 30-day mortality, candidates for early discharge; >= 1: ~10.9%.",
        "Jiménez D et al. Arch Intern Med. 2010;170:1383-1389."),
    official_names=("Simplified PESI (Pulmonary Embolism Severity Index)",),
    from_official=_spesi_official,
)


# ---------------------------------------------------------------- Bova
def _bova(sbp_90_to_100, elevated_troponin, rv_dysfunction, heart_rate_110_or_more):
    pts = 2 * sbp_90_to_100 + 2 * elevated_troponin + 2 * rv_dysfunction + int(heart_rate_110_or_more)
    return pts, {"stage": "I" if pts <= 2 else "II" if pts <= 4 else "III"}


BOVA = Calculator(
    id="bova_score",
    name="Bova Score for Pulmonary Embolism Complications",
    aliases=("Bova score", "Bova PE score"),
    domains=(CRITICAL, INTERNAL),
    specialty="Pulmonology",
    purpose="30-day risk of PE-related complications in haemodynamically stable pulmonary embolism.",
    inputs=(Input("sbp_90_to_100", "Systolic BP 90-100 mmHg (+2)", kind="bool", ehr=EHRSource("vital", ("systolic_bp",))),
            Input("elevated_troponin", "Elevated cardiac troponin (+2)", kind="bool", ehr=EHRSource("lab", ("Troponin",))),
            Input("rv_dysfunction", "RV dysfunction on echo or CT (+2)", kind="bool", ehr=EHRSource("exam", ("echocardiography", "CT"))),
            Input("heart_rate_110_or_more", "Heart rate >= 110/min (+1)", kind="bool", ehr=EHRSource("vital", ("heart_rate",)))),
    output=Output("score"),
    compute=_bova,
    interpret=lambda v, **_: ("stage I (0-2): low risk, ~4% complications at 30 days" if v <= 2 else
                              "stage II (3-4): intermediate risk, ~18%" if v <= 4 else "stage III (>4): high risk, ~42%"),
    citation="Bova C, Sanchez O, Prandoni P, et al. Identification of intermediate-risk patients with acute symptomatic "
             "pulmonary embolism. Eur Respir J. 2014;44(3):694-703.",
    reference=reference_page(
        "Bova Score", "Stratifies normotensive PE patients for complications (death, haemodynamic collapse, recurrent PE).",
        "Haemodynamically stable acute PE.", "SBP 90-100 mmHg (2), elevated troponin (2), RV dysfunction (2), HR >= 110 (1).",
        "Sum of points (0-7).", "Stage I 0-2 (~4.2%), II 3-4 (~10.8%), III > 4 (~29.2%) 30-day PE-related complications.",
        "Bova C et al. Eur Respir J. 2014;44:694-703."),
    official_names=("Bova Score for Pulmonary Embolism Complications",),
    from_official=lambda inputs: {
        "sbp_90_to_100": 90 <= number_in(field_text(inputs, ("systolic bp", "systolic"))) <= 100,
        "elevated_troponin": official_bool(inputs, ("elevated cardiac troponin", "troponin")),
        "rv_dysfunction": official_bool(inputs, ("rv dysfunction",)),
        "heart_rate_110_or_more": number_in(field_text(inputs, ("heart rate beats min", "heart rate"))) >= 110,
    },
)


# ---------------------------------------------------------------- Hestia
HESTIA_ITEMS = (
    ("hemodynamically_unstable", "Haemodynamically unstable", 1), ("thrombolysis_or_embolectomy", "Thrombolysis or embolectomy needed", 1),
    ("bleeding_risk", "Active bleeding or high bleeding risk", 1), ("oxygen_over_24h", "> 24 h of oxygen needed for SaO2 > 90%", 1),
    ("pe_on_anticoagulation", "PE diagnosed during anticoagulation", 1), ("iv_pain_medication", "Severe pain needing IV analgesia > 24 h", 1),
    ("medical_or_social_reason", "Medical or social reason for admission > 24 h", 1), ("crcl_below_30", "Creatinine clearance < 30 mL/min", 1),
    ("severe_liver_impairment", "Severe liver impairment", 1), ("pregnant", "Pregnant", 1), ("history_of_hit", "History of heparin-induced thrombocytopenia", 1),
)
_HESTIA_KW = {"hemodynamically_unstable": ("hemodynamically unstable",), "thrombolysis_or_embolectomy": ("thrombolysis or embolectomy",),
              "bleeding_risk": ("active bleeding",), "oxygen_over_24h": ("supplemental oxygen",), "pe_on_anticoagulation": ("while on anticoagulation",),
              "iv_pain_medication": ("severe pain",), "medical_or_social_reason": ("medical or social reason",),
              "crcl_below_30": ("creatinine clearance",), "severe_liver_impairment": ("severe liver impairment", "liver"),
              "pregnant": ("pregnant",), "history_of_hit": ("heparin induced thrombocytopenia", "hit")}

HESTIA = Calculator(
    id="hestia_criteria",
    name="Hestia Criteria for Outpatient Pulmonary Embolism Treatment",
    aliases=("Hestia criteria", "Hestia rule"),
    domains=(CRITICAL, INTERNAL),
    specialty="Emergency Medicine",
    purpose="Eleven exclusion questions; a PE patient with none can be treated as an outpatient.",
    inputs=bool_inputs(HESTIA_ITEMS),
    output=Output("score"),
    compute=lambda **kw: sum(int(x) for x in kw.values()),
    interpret=lambda v, **_: ("no criterion present: eligible for outpatient treatment" if v == 0
                              else f"{v} criterion/criteria present: not eligible for outpatient treatment"),
    citation="Zondag W, Mos ICM, Creemers-Schild D, et al. Outpatient treatment in patients with acute pulmonary embolism: "
             "the Hestia Study. J Thromb Haemost. 2011;9(8):1500-1507.",
    reference=reference_page(
        "Hestia Criteria", "Selects PE patients for outpatient treatment.", "Confirmed acute PE in the emergency department.",
        "Eleven yes/no questions: haemodynamic instability, need for thrombolysis/embolectomy, bleeding risk, > 24 h oxygen, "
        "PE on anticoagulation, IV analgesia > 24 h, medical/social reason for admission, CrCl < 30, severe liver impairment, "
        "pregnancy, history of HIT.", "Count of criteria present.",
        "0: eligible for outpatient treatment (low recurrence and mortality); any criterion: admit.",
        "Zondag W et al. J Thromb Haemost. 2011;9:1500-1507."),
    official_names=("Hestia Criteria for Outpatient Pulmonary Embolism Treatment",),
    from_official=lambda inputs: bools_from_official(inputs, _HESTIA_KW),
)


# ---------------------------------------------------------------- HERDOO2
def _herdoo2(post_thrombotic_signs, d_dimer_ug_l, bmi, age):
    pts = {"post_thrombotic_signs": int(post_thrombotic_signs), "d_dimer_250_or_more": int(d_dimer_ug_l >= 250),
           "bmi_30_or_more": int(bmi >= 30), "age_65_or_more": int(age >= 65)}
    return sum(pts.values()), {"item_points": pts}


HERDOO2 = Calculator(
    id="herdoo2",
    name="HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE",
    aliases=("HERDOO2", "Men continue and HER DOO2"),
    domains=(INTERNAL,),
    specialty="Hematology",
    purpose="Identifies women with a first unprovoked VTE who can safely stop anticoagulation after 5-12 months.",
    inputs=(Input("post_thrombotic_signs", "Hyperpigmentation, oedema or redness of either leg", kind="bool", ehr=EHRSource("exam", ())),
            Input("d_dimer_ug_l", "D-dimer on anticoagulation", unit="µg/L", min=0, max=100000, ehr=EHRSource("lab", ("D-dimer",), "ug/L")),
            Input("bmi", "Body mass index", unit="kg/m^2", min=10, max=90, ehr=EHRSource("vital", ("weight", "height"))),
            Input("age", "Age", unit="years", min=18, max=120, ehr=EHRSource("demographic", ("age",), "years"))),
    output=Output("score"),
    compute=_herdoo2,
    interpret=lambda v, **_: ("0-1: low risk in women (~3% recurrence/year); anticoagulation can be stopped" if v <= 1
                              else ">=2: high risk; continue anticoagulation"),
    citation="Rodger MA, Le Gal G, Anderson DR, et al. Validating the HERDOO2 rule to guide treatment duration for women with "
             "unprovoked venous thrombosis: multinational prospective cohort management study. BMJ. 2017;356:j1065.",
    reference=reference_page(
        "HERDOO2 Rule", "Decides whether women with a first unprovoked VTE can stop anticoagulation.",
        "Women after 5-12 months of anticoagulation for unprovoked VTE (men: continue).",
        "Post-thrombotic signs (hyperpigmentation, oedema, redness), D-dimer (µg/L) measured on anticoagulation, BMI, age.",
        "1 point each: post-thrombotic signs; D-dimer >= 250 µg/L; BMI >= 30; age >= 65.",
        "0-1: low risk, stop anticoagulation; >= 2: continue.", "Rodger MA et al. BMJ. 2017;356:j1065."),
    official_names=("HERDOO2 Rule for Discontinuing Anticoagulation in Unprovoked VTE",),
    from_official=lambda inputs: {
        "post_thrombotic_signs": official_bool(inputs, ("post thrombotic signs", "hyperpigmentation")),
        "d_dimer_ug_l": number_in(field_text(inputs, ("d dimer level", "d dimer"))),
        "bmi": number_in(field_text(inputs, ("bmi kg m", "bmi"))),
        "age": number_in(field_text(inputs, ("age years", "age"))),
    },
)


# ---------------------------------------------------------------- DASH
def _dash(abnormal_d_dimer, age_50_or_less, male, hormone_use_female):
    return 2 * abnormal_d_dimer + int(age_50_or_less) + int(male) - 2 * hormone_use_female


DASH = Calculator(
    id="dash_score",
    name="DASH Prediction Score for Recurrent VTE",
    aliases=("DASH score", "DASH prediction score"),
    domains=(INTERNAL,),
    specialty="Hematology",
    purpose="Risk of recurrence after stopping anticoagulation for a first unprovoked VTE.",
    inputs=(Input("abnormal_d_dimer", "Abnormal D-dimer after stopping anticoagulation (+2)", kind="bool", ehr=EHRSource("lab", ("D-dimer",))),
            Input("age_50_or_less", "Age <= 50 years (+1)", kind="bool", ehr=EHRSource("demographic", ("age",))),
            Input("male", "Male sex (+1)", kind="bool", ehr=EHRSource("demographic", ("sex",))),
            Input("hormone_use_female", "Hormone use at VTE onset, women (-2)", kind="bool", ehr=EHRSource("order", ("estrogen",)))),
    output=Output("score"),
    compute=_dash,
    interpret=lambda v, **_: ("<=1: low recurrence risk (~3.1%/year); consider stopping anticoagulation" if v <= 1
                              else "2: ~6.4%/year" if v == 2 else ">=3: high recurrence risk (>=12%/year); consider indefinite anticoagulation"),
    citation="Tosetto A, Iorio A, Marcucci M, et al. Predicting disease recurrence in patients with previous unprovoked venous "
             "thromboembolism: a proposed prediction score (DASH). J Thromb Haemost. 2012;10(6):1019-1025.",
    reference=reference_page(
        "DASH Score", "Predicts recurrence after a first unprovoked VTE once anticoagulation stops.",
        "About 1 month after stopping anticoagulation for unprovoked VTE.",
        "Abnormal D-dimer (+2), age <= 50 (+1), male (+1), hormone use at onset in women (-2).", "Sum of points (-2 to 4).",
        "<= 1: annual recurrence ~3.1%; 2: ~6.4%; >= 3: ~12.3%.", "Tosetto A et al. J Thromb Haemost. 2012;10:1019-1025."),
    official_names=("DASH Prediction Score for Recurrent VTE",),
    from_official=lambda inputs: bools_from_official(inputs, {
        "abnormal_d_dimer": ("d dimer abnormal", "d dimer"), "age_50_or_less": ("age 50 years", "age"),
        "male": ("male patient", "male"), "hormone_use_female": ("hormone use at vte onset", "hormone use")}),
)


# ---------------------------------------------------------------- ISTH DIC
def _dic(platelets, fibrin_marker, pt_prolongation_sec, fibrinogen_g_l):
    pts = {"platelets": 0 if platelets >= 100 else 1 if platelets >= 50 else 2,
           "fibrin_marker": {"no increase": 0, "moderate increase": 2, "strong increase": 3}[fibrin_marker],
           "pt": 0 if pt_prolongation_sec < 3 else 1 if pt_prolongation_sec <= 6 else 2,
           "fibrinogen": 0 if fibrinogen_g_l >= 1.0 else 1}
    return sum(pts.values()), {"item_points": pts}


def _dic_official(inputs: list) -> dict:
    fm = field_text(inputs, ("fibrin related marker", "fibrin", "d dimer")).lower()
    marker = "strong increase" if "strong" in fm else "moderate increase" if "moderate" in fm else "no increase"
    return {"platelets": number_in(field_text(inputs, ("platelet count", "platelet"))), "fibrin_marker": marker,
            "pt_prolongation_sec": number_in(field_text(inputs, ("pt prolongation", "prothrombin time"))),
            "fibrinogen_g_l": number_in(field_text(inputs, ("fibrinogen",)))}


ISTH_DIC = Calculator(
    id="isth_dic",
    name="ISTH Criteria for Disseminated Intravascular Coagulation (DIC)",
    aliases=("ISTH DIC score", "overt DIC score", "ISTH overt DIC"),
    domains=(CRITICAL, INTERNAL),
    specialty="Hematology",
    purpose="Diagnoses overt DIC from platelets, a fibrin-related marker, PT prolongation and fibrinogen.",
    inputs=(Input("platelets", "Platelet count", unit="10^9/L", min=0, max=2000, ehr=EHRSource("lab", ("Platelets",), "10^9/L")),
            Input("fibrin_marker", "Fibrin-related marker (e.g. D-dimer)", kind="choice",
                  choices=("no increase", "moderate increase", "strong increase"), ehr=EHRSource("lab", ("D-dimer",))),
            Input("pt_prolongation_sec", "PT prolongation above the upper limit of normal", unit="s", min=0, max=100,
                  ehr=EHRSource("lab", ("PT",), "s")),
            Input("fibrinogen_g_l", "Fibrinogen", unit="g/L", min=0, max=15, ehr=EHRSource("lab", ("Fibrinogen",), "g/L"))),
    output=Output("score"),
    compute=_dic,
    interpret=lambda v, **_: (">=5: compatible with overt DIC; repeat daily" if v >= 5
                              else "<5: not suggestive of overt DIC; repeat in 1-2 days if suspicion persists"),
    citation="Taylor FB Jr, Toh CH, Hoots WK, Wada H, Levi M. Towards definition, clinical and laboratory criteria, and a scoring "
             "system for disseminated intravascular coagulation. Thromb Haemost. 2001;86(5):1327-1330.",
    reference=reference_page(
        "ISTH Overt DIC Score", "Standardised diagnosis of overt disseminated intravascular coagulation.",
        "Only in a condition known to cause DIC (sepsis, trauma, malignancy, obstetric complications).",
        "Platelets (10^9/L), fibrin-related marker (none / moderate / strong increase), PT prolongation (s), fibrinogen (g/L).",
        "Platelets >= 100: 0, 50-< 100: 1, < 50: 2; marker none 0, moderate 2, strong 3; PT < 3 s: 0, 3-6 s: 1, > 6 s: 2; "
        "fibrinogen >= 1 g/L: 0, < 1 g/L: 1.", ">= 5 compatible with overt DIC; < 5 suggestive (not affirmative) of non-overt DIC.",
        "Taylor FB Jr et al. Thromb Haemost. 2001;86:1327-1330."),
    official_names=("ISTH Criteria for Disseminated Intravascular Coagulation (DIC)",),
    from_official=_dic_official,
)

register(SPESI, BOVA, HESTIA, HERDOO2, DASH, ISTH_DIC)
