"""More internal medicine workflows: DVT, potassium, TIPS candidacy, COPD blood gas, toxic alcohols,
neutropenic fever."""
from __future__ import annotations

from ...calculators.base import INTERNAL
from .. import catalog as C
from ..spec import Branch, D, F, K, Scenario, Step
from ._common import MALE, body, facts, ph_from, u

GIM = ("General Internal Medicine", "GIM")
HEP = ("Hepatology", "HEP")
RES = ("Respiratory Medicine", "RES")
NEP = ("Nephrology", "NEP")
HEM = ("Haematology", "HEM")

for _k, _y, _n in (
    ("bedridden", "Bed-bound for the last five days after a knee operation.", "Mobile around the house."),
    ("calf_swelling", "Left calf circumference 4 cm greater than the right.", "Calf circumferences equal."),
    ("collateral_veins", "Dilated superficial collateral veins over the left shin.", "No collateral superficial veins."),
    ("leg_swollen", "The entire left leg is swollen.", "No generalised leg swelling."),
    ("vein_tenderness", "Tender along the distribution of the deep veins.", "No tenderness along the deep veins."),
    ("pitting_oedema", "Pitting oedema confined to the symptomatic leg.", "No pitting oedema."),
    ("paralysis", "Recent plaster cast of the left lower limb.", "No paresis or recent plaster immobilisation."),
    ("alt_dx_likely", "A ruptured Baker cyst is considered at least as likely as thrombosis.",
     "No alternative diagnosis is considered as likely as thrombosis."),
):
    C.yes_no(_k, "physical_examination" if _k not in ("bedridden", "alt_dx_likely", "paralysis") else "present_illness", _y, _n)
C.yes_no("prior_encephalopathy", "past_medical_history", "Previous episode of overt hepatic encephalopathy last year.",
         "No previous hepatic encephalopathy.")
C.yes_no("urgent_tips", "present_illness", "TIPS is being considered as an urgent rescue for variceal bleeding.",
         "TIPS is being considered electively for refractory ascites.")


# ---------------------------------------------------------------- DVT
DVT_KEYS = ("bedridden", "calf_swelling", "collateral_veins", "leg_swollen", "vein_tenderness", "pitting_oedema",
            "paralysis", "alt_dx_likely")


def _sample_dvt(rng, variant):
    v = body(rng, age=(25, 88))
    likely = variant == "likely"
    v.update({k: rng.random() < (0.6 if likely else 0.1) for k in DVT_KEYS})
    v["alt_dx_likely"] = not likely and rng.random() < 0.7
    v["cancer"] = likely and rng.random() < 0.4
    v["prior_dvt_pe"] = rng.random() < 0.2
    v["bleeding_history"] = rng.random() < 0.2
    v["hemoglobin"] = u(rng, 9, 16, 1)
    v["creatinine"] = u(rng, 0.6, 1.9, 2)
    v["sbp"] = rng.randint(110, 175)
    v["dbp"] = rng.randint(60, 100)
    return facts(v, diagnoses=[("Suspected deep vein thrombosis of left leg", "I80.20")])


def _dvt(id_, timepoint, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Suspected DVT: pretest probability, then test or treat", family="vte",
        dept=GIM, timepoint=timepoint, chief_complaint="Painful swollen left leg.",
        present_illness="Three days of left leg pain and swelling.", admission_diagnosis="Suspected deep vein thrombosis",
        variants=("likely", "unlikely"), sample=_sample_dvt,
        steps=(
            Step("wells", "wells_dvt", inputs={
                "active_cancer": F("cancer"), "bedridden_or_major_surgery": F("bedridden"), "calf_swelling": F("calf_swelling"),
                "collateral_veins": F("collateral_veins"), "entire_leg_swollen": F("leg_swollen"),
                "localized_tenderness": F("vein_tenderness"), "pitting_edema": F("pitting_oedema"),
                "paralysis_or_immobilization": F("paralysis"), "previous_dvt": F("prior_dvt_pe"),
                "alternative_diagnosis_likely": F("alt_dx_likely")}),
            Step("ddimer", "age_adjusted_d_dimer", inputs={"units": K("FEU")},
                 when=lambda c: c.branch("pretest") == "unlikely", branch="pretest"),
            Step("egfr", "ckd_epi_2021"),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("pretest") == "likely", branch="pretest"),
            Step("vtebleed", "vte_bleed", inputs={
                "active_cancer": F("cancer"), "history_of_bleeding": F("bleeding_history"),
                "male_uncontrolled_hypertension": D(lambda c: c.f("sex") == MALE and c.f("sbp") >= 160, facts=("sex", "sbp")),
                "anemia": D(lambda c: c.f("hemoglobin") < (13 if c.f("sex") == MALE else 12), facts=("hemoglobin", "sex")),
                "age_60_or_older": D(lambda c: c.f("age") >= 60, facts=("age",)),
                "renal_dysfunction": D(lambda c: c.o("egfr") < 60, steps=("egfr",))},
                 when=lambda c: c.branch("pretest") == "likely", branch="pretest"),
        ),
        branches=(Branch("pretest", "DVT likely (2 points or more)", lambda c: "likely" if c.o("wells") >= 2 else "unlikely"),),
        expect={"likely": {"pretest": "likely"}, "unlikely": {"pretest": "unlikely"}},
        questions=questions,
    )


Q_DVT = (
    "Swollen painful leg. Estimate the clinical probability of a deep vein clot from the notes. If it is unlikely, "
    "give the D-dimer threshold appropriate for the patient's age; if it is likely, we will anticoagulate while waiting "
    "for the scan, so give a weight-based clearance and the bleeding risk on anticoagulation. Report the eGFR in either case.",
    "Please apply the leg-clot pretest score to this patient, and then either the D-dimer cut-off scaled to age (low "
    "probability) or, for high probability, a weight-based clearance and the anticoagulation bleeding score; include the eGFR either way.",
    "Work through the suspected leg thrombosis: probability score, then the age-based D-dimer limit or the "
    "pre-anticoagulation checks (a weight-based clearance and bleeding risk) depending on the score, plus the eGFR in all cases.",
)
Q_DVT_LATEST = tuple(q + " Use the most recent results." for q in Q_DVT)
Q_DVT_ADM = tuple(q + " Use the results from admission." for q in Q_DVT)


# ---------------------------------------------------------------- hyperkalaemia
def _sample_k(rng, variant):
    v = body(rng, age=(30, 88))
    v["potassium"] = round(rng.uniform(5.6, 7.0), 1)
    v["urine_potassium"] = rng.randint(10, 30) if variant == "low_ttkg" else rng.randint(60, 120)
    v["urine_osm"] = rng.randint(300, 700)
    v["osmolality"] = rng.randint(280, 300)
    v["sodium"] = rng.randint(130, 145)
    v["bun"] = rng.randint(10, 45)
    v["glucose"] = rng.randint(80, 200)
    v["creatinine"] = u(rng, 0.8, 2.5, 2)
    v["urine_sodium"] = rng.randint(20, 90)
    v["urine_creatinine"] = rng.randint(40, 160)
    return facts(v, diagnoses=[("Hyperkalaemia", "E87.5")])


def _hyperk(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Hyperkalaemia: renal potassium handling", family="kidney",
        dept=NEP, timepoint="latest", chief_complaint="High potassium on routine bloods.",
        present_illness="Referred with a high potassium found on routine bloods; on an ACE inhibitor.",
        admission_diagnosis="Hyperkalaemia",
        variants=("low_ttkg", "high_ttkg"), sample=_sample_k,
        steps=(
            Step("osm", "serum_osmolality"),
            Step("ttkg", "ttkg", inputs={"urine_potassium": F("urine_potassium"), "serum_potassium": F("potassium"),
                                         "urine_osmolality": F("urine_osm"), "serum_osmolality": F("osmolality")}),
            Step("egfr", "ckd_epi_2021"),
            Step("fena", "fena", inputs={"serum_sodium": F("sodium"), "serum_creatinine": F("creatinine")},
                 when=lambda c: c.branch("kidney_k") == "inappropriately_low", branch="kidney_k"),
        ),
        branches=(Branch("kidney_k", "transtubular gradient below 7 despite hyperkalaemia",
                         lambda c: "inappropriately_low" if c.o("ttkg") < 7 else "appropriate"),),
        expect={"low_ttkg": {"kidney_k": "inappropriately_low"}, "high_ttkg": {"kidney_k": "appropriate"}},
        questions=questions,
    )


Q_K = (
    "High potassium - is the kidney handling it appropriately? Using the latest serum and spot urine results, give "
    "the calculated tonicity, the potassium gradient across the collecting duct (with the measured osmolalities), and the "
    "eGFR. If the gradient is below seven, also calculate the fractional excretion of sodium.",
    "Please assess renal potassium excretion with the most recent paired blood and urine samples: calculated "
    "osmolality, transtubular gradient, eGFR, and the fraction of filtered sodium excreted only when the gradient is "
    "inappropriately low (under seven).",
    "Work up this hyperkalaemia from the latest labs: tonicity estimate, the potassium gradient across the collecting "
    "duct, kidney function, and - if the gradient is under seven - fraction of filtered sodium excreted.",
)


# ---------------------------------------------------------------- TIPS candidacy
def _sample_tips(rng, variant):
    v = body(rng, age=(35, 75))
    hi = variant == "high"
    v["bilirubin"] = u(rng, 3.0, 8.0, 1) if hi else u(rng, 0.6, 2.2, 1)
    v["inr"] = u(rng, 1.8, 2.8, 2) if hi else u(rng, 1.0, 1.5, 2)
    v["creatinine"] = u(rng, 1.5, 3.0, 2) if hi else u(rng, 0.6, 1.2, 2)
    v["sodium"] = rng.randint(122, 134) if hi else rng.randint(134, 142)
    v["albumin"] = u(rng, 2.0, 3.6, 1)
    v["alt"] = rng.randint(15, 160)
    v["ast"] = rng.randint(25, 200)
    v["platelets"] = rng.randint(40, 180)
    v["ascites"] = rng.choice(("mild", "moderate"))
    v["encephalopathy"] = rng.choice(("none", "grade1-2"))
    v["prior_encephalopathy"] = rng.random() < 0.3
    v["urgent_tips"] = rng.random() < 0.4
    return facts(v, diagnoses=[("Cirrhosis with refractory ascites", "K74.60")])


ASC = {"none": "absent", "mild": "slight", "moderate": "moderate"}
HE = {"none": "none", "grade1-2": "grade 1-2", "grade3-4": "grade 3-4"}


def _tips(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="TIPS candidacy in cirrhosis", family="liver", dept=HEP,
        timepoint="latest", chief_complaint="Refractory ascites.", present_illness="Repeated large-volume paracenteses.",
        admission_diagnosis="Cirrhosis with refractory ascites",
        variants=("high", "low"), sample=_sample_tips,
        steps=(
            Step("cp", "child_pugh", inputs={"ascites": F("ascites", map=ASC), "encephalopathy": F("encephalopathy", map=HE)}),
            Step("meld", "meld_na"),
            Step("tips", "emory_tips", inputs={"pre_tips_encephalopathy": F("prior_encephalopathy"),
                                               "urgent": F("urgent_tips")}),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("meld") == "high", branch="meld"),
            Step("fib4", "fib4", when=lambda c: c.branch("meld") == "low", branch="meld"),
        ),
        branches=(Branch("meld", "sodium-adjusted MELD of 18 or more", lambda c: "high" if c.o("meld") >= 18 else "low"),),
        expect={"high": {"meld": "high"}, "low": {"meld": "low"}},
        questions=questions,
    )


Q_TIPS = (
    "We are discussing a shunt procedure for refractory ascites. From the latest labs and notes, grade the cirrhosis, "
    "calculate the sodium-adjusted liver severity score and the post-shunt mortality risk score. If the severity score "
    "is eighteen or more, add the eGFR for the transplant discussion; if lower, estimate fibrosis with the simple index.",
    "Please assess shunt candidacy: liver class, sodium-MELD, the Emory-type procedural risk grouping, and then "
    "kidney function (high MELD, eighteen or above) or the fibrosis index (lower MELD). Latest values.",
    "Interventional radiology wants the risk numbers before a portosystemic shunt: severity class, the sodium-adjusted "
    "end-stage liver score, the shunt-specific risk score, and the branch (eGFR if the liver score is at least eighteen, "
    "otherwise the fibrosis estimate). Use the most recent results.",
)
Q_TIPS = (Q_TIPS[0], Q_TIPS[1].replace("Emory-type procedural", "procedure-specific").replace("sodium-MELD", "sodium-adjusted liver score").replace("high MELD, eighteen or above", "score of eighteen or above").replace("lower MELD", "lower score"), Q_TIPS[2])


# ---------------------------------------------------------------- COPD exacerbation blood gas
def _sample_copd(rng, variant):
    v = body(rng, age=(50, 88))
    hyper = variant == "hypercapnic"
    v["copd"] = True
    v["paco2"] = rng.randint(56, 80) if hyper else rng.randint(36, 44)
    v["abg_hco3"] = rng.randint(26, 33) if hyper else rng.randint(23, 26)
    v["ph"] = ph_from(v["abg_hco3"], v["paco2"])
    v["pao2"] = rng.randint(50, 75)
    v["fio2"] = rng.choice((24, 28, 35))
    v["spo2"] = rng.randint(85, 93)
    v["resp_rate"] = rng.randint(20, 32)
    v["heart_rate"] = rng.randint(80, 120)
    v["sbp"] = rng.randint(100, 160)
    v["temperature"] = round(rng.uniform(36.2, 38.6), 1)
    v["supplemental_o2"] = True
    v["confusion"] = rng.random() < 0.2
    return facts(v, diagnoses=[("COPD with acute exacerbation", "J44.1")])


def _copd(id_, questions):
    cons = D(lambda c: "new confusion" if c.f("confusion") else "alert", facts=("confusion",))
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="COPD exacerbation: gas interpretation and warning score scale",
        family="respiratory", dept=RES, timepoint="latest", chief_complaint="Worsening breathlessness and sputum.",
        present_illness="Increasing breathlessness and purulent sputum over four days.",
        admission_diagnosis="COPD exacerbation",
        variants=("hypercapnic", "normocapnic"), sample=_sample_copd,
        steps=(
            Step("abg", "abg_analyzer", inputs={"hco3": F("abg_hco3")}),
            Step("aa", "aa_gradient"),
            Step("news_s2", "news2", inputs={"consciousness": cons, "hypercapnic_scale2": K(True)},
                 when=lambda c: c.branch("scale") == "scale2", branch="scale"),
            Step("news_s1", "news2", inputs={"consciousness": cons, "hypercapnic_scale2": K(False)},
                 when=lambda c: c.branch("scale") == "scale1", branch="scale"),
            Step("pf", "pf_ratio"),
        ),
        branches=(Branch("scale", "hypercapnic respiratory failure (PaCO2 above 45 with pH below 7.35)",
                         lambda c: "scale2" if (c.f("paco2") > 45 and c.f("ph") < 7.35) else "scale1",
                         facts=("paco2", "ph")),),
        expect={"hypercapnic": {"scale": "scale2"}, "normocapnic": {"scale": "scale1"}},
        questions=questions,
    )


Q_COPD = (
    "COPD patient getting worse. Interpret the latest arterial gas, calculate the alveolar-arterial oxygen difference "
    "and arterial oxygen relative to inspired oxygen, and give the early-warning score - using the saturation scale meant for hypercapnic "
    "respiratory failure if the gas shows a raised CO2 with acidaemia, and the standard scale otherwise.",
    "Please read the most recent blood gas for this exacerbation, give the alveolar-to-arterial oxygen difference and arterial oxygen relative to inspired oxygen, and score the "
    "observations with the national warning score (the second target-saturation scale when the gas confirms hypercapnic "
    "acidosis, the first scale if not).",
    "I need the gas interpretation, alveolar-to-arterial oxygen difference, arterial oxygen relative to inspired oxygen and the track-and-trigger score (choosing the "
    "oxygen-saturation scale by whether there is acidotic hypercapnia) using the latest data.",
)

# ---------------------------------------------------------------- neutropenic fever
def _sample_fn(rng, variant):
    v = body(rng, age=(20, 80))
    v["neutrophils"] = u(rng, 0.1, 0.9, 2) if variant == "neutropenic" else u(rng, 2.0, 9.0, 2)
    v["lymphocytes"] = u(rng, 0.2, 2.5, 2)
    v["resp_rate"] = rng.randint(14, 30)
    v["heart_rate"] = rng.randint(80, 130)
    v["sbp"] = rng.randint(85, 140)
    v["dbp"] = rng.randint(45, 85)
    v["temperature"] = round(rng.uniform(38.1, 39.9), 1)
    v["spo2"] = rng.randint(90, 99)
    v["supplemental_o2"] = rng.random() < 0.3
    v["confusion"] = rng.random() < 0.2
    v["creatinine"] = u(rng, 0.5, 1.6, 2)
    return facts(v, diagnoses=[("Fever after chemotherapy", "R50.9")])


def _fn(id_, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="Fever after chemotherapy: neutrophil ratio, warning score, renal dosing",
        family="oncology_infection", dept=HEM, timepoint="latest", chief_complaint="Fever ten days after chemotherapy.",
        present_illness="Fever and rigors ten days after the last chemotherapy cycle.",
        admission_diagnosis="Fever after chemotherapy",
        variants=("neutropenic", "not_neutropenic"), sample=_sample_fn,
        steps=(
            Step("nlr", "neutrophil_lymphocyte_ratio", inputs={"anc": F("neutrophils"), "alc": F("lymphocytes")}),
            Step("news", "news2", inputs={"consciousness": D(lambda c: "new confusion" if c.f("confusion") else "alert",
                                                            facts=("confusion",))}),
            Step("map", "mean_arterial_pressure"),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")},
                 when=lambda c: c.branch("neutropenia") == "yes", branch="neutropenia"),
            Step("egfr", "ckd_epi_2021", when=lambda c: c.branch("neutropenia") == "no", branch="neutropenia"),
        ),
        branches=(Branch("neutropenia", "absolute neutrophils below 1.0 x10^9/L",
                         lambda c: "yes" if c.f("neutrophils") < 1.0 else "no", facts=("neutrophils",)),),
        expect={"neutropenic": {"neutropenia": "yes"}, "not_neutropenic": {"neutropenia": "no"}},
        questions=questions,
    )


Q_FN = (
    "Fever after chemotherapy. With the latest blood count and observations, give the ratio of neutrophils to lymphocytes, "
    "the early-warning score and average arterial pressure. If the patient is neutropenic (neutrophils under one), we will start "
    "an empirical antipseudomonal agent, so give a weight-based clearance estimate for dosing; otherwise just the eGFR.",
    "Please assess this febrile oncology patient with the most recent results: inflammatory cell ratio, the ward warning "
    "score, average arterial pressure, and kidney function - weight-based clearance for antibiotic dosing if neutropenic, eGFR if not.",
    "Post-chemotherapy fever review: NLR, track-and-trigger score, average arterial pressure over the cardiac cycle, then either a Cockcroft-style "
    "clearance (neutrophils below one) or the population eGFR. Latest values, please.",
)
Q_FN = (Q_FN[0], Q_FN[1], Q_FN[2].replace("NLR", "ratio of neutrophils to lymphocytes").replace("Cockcroft-style", "weight-based"))

SCENARIOS = [
    _dvt("dvt_pretest_pathway", "latest", Q_DVT_LATEST),
    _hyperk("hyperkalemia_renal_handling", Q_K),
    _tips("tips_candidacy", Q_TIPS),
    _copd("copd_exacerbation_gas", Q_COPD),
    _fn("neutropenic_fever_dosing", Q_FN),
]
