"""Special populations and universal tools: pregnancy dating, geriatric oncology, nutrition, paediatric
fluids, renal replacement dosing, frail elderly with dehydration."""
from __future__ import annotations

import datetime as dt

from ...calculators.base import SPECIAL
from .. import catalog as C
from ..spec import Branch, D, F, K, O, Scenario, Step
from ._common import FEMALE, MALE, body, facts, u

OBS = ("Obstetrics", "OBS")
ONC = ("Medical Oncology", "ONC")
GER = ("Geriatrics", "GER")
PED = ("Paediatrics", "PED")
ICU = ("Intensive Care Unit", "ICU")

ECOG_TEXT = {
    0: "Fully active, able to carry on all pre-disease activities without restriction.",
    1: "Restricted in strenuous activity but ambulatory and able to do light housework or office work.",
    2: "Ambulatory and capable of all self-care but unable to work; up and about more than half of waking hours.",
    3: "Capable of only limited self-care; confined to bed or chair more than half of waking hours.",
}
C.add_text_fact(C.TextFact("performance", "admission_record", "physical_examination", ECOG_TEXT))
for _k, _y, _n in (
    ("hearing_poor", "Hearing is poor even with aids.", "Hearing is good."),
    ("falls_recent", "Two falls at home in the last six months.", "No falls in the last six months."),
    ("needs_med_help", "Needs help from family to take medications.", "Manages own medications."),
    ("walking_limited", "Limited in walking one block because of breathlessness.", "Walks several blocks without limitation."),
    ("social_reduced", "Social activities reduced because of health over the past month.", "Social activities unchanged."),
    ("gi_gu_cancer", "Primary tumour of the gastrointestinal or genitourinary tract.", "Primary tumour outside the GI and GU tracts."),
    ("poor_intake", "Acutely unwell with no oral intake for more than five days.", "Eating and drinking normally."),
):
    C.yes_no(_k, "personal_history" if _k not in ("gi_gu_cancer", "poor_intake") else "present_illness", _y, _n)
C.add_num_text(C.NumText("prior_weight", "admission_record", "personal_history",
                         "Weight at the clinic visit three months ago was {v} kg.", "kg", 1))
C.add_text_fact(C.TextFact("frailty_level", "admission_record", "personal_history", {
    3: "Manages well; medical problems are controlled but not regularly active beyond walking.",
    4: "Not dependent on others but symptoms limit activities; complains of being slowed up.",
    5: "Needs help with higher-order activities: finances, transportation, heavy housework, medications.",
    6: "Needs help with all outside activities and with keeping house; needs help bathing.",
    7: "Completely dependent for personal care, but stable and not at high risk of dying within six months.",
}))


# ---------------------------------------------------------------- pregnancy dating
def _sample_preg(rng, variant):
    v = body(rng, sex=FEMALE, age=(18, 42), bmi=(31, 42) if variant == "obese" else (19, 27))
    weeks = rng.randint(8, 38)
    v["_ga_days"] = weeks * 7 + rng.randint(0, 6)
    v["cycle_length"] = rng.choice((26, 28, 28, 30, 32))
    return facts(v, diagnoses=[("Supervision of normal pregnancy", "Z34.90")])


def _preg_sampler(rng, variant):
    f = _sample_preg(rng, variant)
    # fix the admission date so the LMP lies the intended number of days before it
    anchor = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randrange(0, 600))
    f.admit = dt.datetime.combine(anchor, dt.time(rng.randrange(7, 21), rng.randrange(60)))
    f.values["lmp"] = anchor - dt.timedelta(days=f.values.pop("_ga_days"))
    return f


def _preg(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="Pregnancy dating and weight-based thromboprophylaxis", family="obstetrics",
        dept=OBS, timepoint="admission", chief_complaint="Pregnant, admitted with hyperemesis.",
        present_illness="Admitted with persistent vomiting in pregnancy; dating needs confirming.",
        admission_diagnosis="Hyperemesis gravidarum",
        variants=("obese", "not_obese"), sample=_preg_sampler,
        steps=(
            Step("edd", "estimated_due_date", inputs={"lmp": F("lmp"), "cycle_length_days": F("cycle_length"),
                                                      "method": K("calendar")}),
            Step("conc", "estimated_conception_date", inputs={"lmp_date": F("lmp"), "cycle_length": F("cycle_length")}),
            Step("ga", "gestational_age", inputs={"current_date": F("admission_date"), "lmp_date": F("lmp")}),
            Step("bmi", "bmi"),
            Step("ibw", "ideal_body_weight", when=lambda c: c.branch("obesity") == "obese", branch="obesity"),
            Step("adjbw", "adjusted_body_weight", when=lambda c: c.branch("obesity") == "obese", branch="obesity"),
        ),
        branches=(Branch("obesity", "BMI of 30 or more", lambda c: "obese" if c.o("bmi") >= 30 else "not_obese"),),
        expect={"obese": {"obesity": "obese"}, "not_obese": {"obesity": "not_obese"}},
        questions=questions,
    )


Q_PREG = (
    "Pregnant patient admitted with vomiting. From the menstrual history in the notes, give me the due date (adjusting "
    "for her cycle length), the likely conception date and how far along the pregnancy was on the day of admission. Record the weight-for-height "
    "index; if she is obese, add height-predicted and obesity-corrected weights for thromboprophylaxis dosing.",
    "Please date this pregnancy from the documented last period and cycle length - expected delivery date, estimated "
    "conception, and weeks plus days of gestation at admission - and check body size, adding the height-predicted and obesity-corrected "
    "weights if the weight-for-height index is thirty or more.",
    "Obstetric admission: confirm dates (due date with cycle correction, conception date, gestation at admission) and "
    "assess weight for anticoagulant dosing, giving the obesity-corrected weight if she is obese.",
)


# ---------------------------------------------------------------- geriatric oncology
def _sample_geri(rng, variant):
    v = body(rng, age=(66, 89))
    high = variant == "high_risk"
    v["performance"] = rng.choice((1, 2, 3)) if high else rng.choice((0, 1))
    v["creatinine"] = u(rng, 1.3, 2.6, 2) if high else u(rng, 0.6, 1.1, 2)
    v["hemoglobin"] = u(rng, 8.5, 11.5, 1) if high else u(rng, 11.5, 15, 1)
    for k in ("hearing_poor", "falls_recent", "needs_med_help", "walking_limited", "social_reduced", "gi_gu_cancer"):
        v[k] = rng.random() < (0.75 if high else 0.1)
    f = facts(v, diagnoses=[("Malignant neoplasm of colon" if v["gi_gu_cancer"] else "Malignant neoplasm of breast",
                             "C18.9" if v["gi_gu_cancer"] else "C50.9")])
    f.orders.append({"order_name": "Planned doublet chemotherapy: second agent dose per body surface area",
                     "once_dose": 175.0, "dose_unit": "mg/m2", "frequency": "every 3 weeks", "usage": "IV infusion",
                     "fact": "agent_per_m2"})
    return f


def _dose_per_m2(c) -> float:
    base = c.f("agent_per_m2")
    return round(base * 0.8, 1) if c.o("carg") >= 10 else base


def _geri(id_, domain, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Older adult before chemotherapy: fitness, toxicity risk, dose",
        family="geriatric_oncology", dept=ONC if domain == SPECIAL else GER, timepoint="latest",
        chief_complaint="Admitted to start chemotherapy.", present_illness="Older adult admitted to start doublet chemotherapy.",
        admission_diagnosis="Malignant neoplasm, for chemotherapy",
        variants=("high_risk", "low_risk"), sample=_sample_geri,
        steps=(
            Step("ecog", "ecog_performance_status", inputs={"grade": F("performance")}),
            Step("crcl", "creatinine_clearance_cockcroft_gault", inputs={"weight_basis": K("actual")}),
            Step("carg", "carg_tt", inputs={
                "age_72_or_older": D(lambda c: c.f("age") >= 72, facts=("age",)),
                "gi_or_gu_cancer": F("gi_gu_cancer"), "standard_dose": K(True), "polychemotherapy": K(True),
                "anemia": D(lambda c: c.f("hemoglobin") < (11 if c.f("sex") == MALE else 10), facts=("hemoglobin", "sex"),
                            note="Hb < 11 (men) / < 10 (women) g/dL"),
                "crcl_below_34": D(lambda c: c.o("crcl") < 34, steps=("crcl",)),
                "hearing_fair_or_worse": F("hearing_poor"), "falls_past_6_months": F("falls_recent"),
                "needs_help_with_medications": F("needs_med_help"), "walking_one_block_limited": F("walking_limited"),
                "decreased_social_activity": F("social_reduced")}),
            Step("bsa", "bsa_mosteller"),
            Step("dose", "bsa_based_dosing", inputs={"dose_per_m2": D(_dose_per_m2, facts=("agent_per_m2",), steps=("carg",),
                                                                      note="20% reduction when toxicity risk is high")}),
        ),
        branches=(Branch("toxicity", "chemotherapy toxicity score of 10 or more", lambda c: "high" if c.o("carg") >= 10 else "low"),),
        expect={"high_risk": {"toxicity": "high"}, "low_risk": {"toxicity": "low"}},
        questions=questions,
    )


Q_GERI = (
    "Older patient about to start a two-drug chemotherapy regimen at standard doses. Grade functional status from the "
    "admission notes, estimate weight-based clearance from the latest creatinine, then predict the risk of severe "
    "chemotherapy toxicity with the geriatric tool. Calculate surface area and the second agent's dose, cutting "
    "the ordered dose per square metre by twenty percent if the toxicity score is ten or more.",
    "Please do a geriatric oncology pre-treatment check: performance grade, weight-based kidney clearance (latest labs), "
    "the older-adult chemotherapy toxicity score, surface area, and the dose of the surface-area-dosed drug - reduced by "
    "one fifth when the toxicity risk is high (score of ten or above).",
    "Is this patient fit for full-dose chemotherapy? Give me performance status, clearance, the toxicity prediction, "
    "surface area and the final dose of the surface area-dosed agent, applying a twenty percent reduction for a high-risk score. "
    "Use the most recent results.",
)


# ---------------------------------------------------------------- nutrition screen
def _sample_nutrition(rng, variant):
    v = body(rng, age=(30, 92), bmi=(16, 21) if variant == "high" else (21, 30))
    loss = rng.uniform(6, 14) if variant == "high" else rng.uniform(0, 4.5)
    v["prior_weight"] = round(v["weight"] / (1 - loss / 100), 1)
    v["poor_intake"] = variant == "high" and rng.random() < 0.5
    return facts(v, diagnoses=[("Weight loss, abnormal", "R63.4")])


def _weight_loss_pct(c) -> float:
    return round(100 * (c.f("prior_weight") - c.f("weight")) / c.f("prior_weight"), 1)


def _nutrition(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="Malnutrition screening and fluid/feeding requirement", family="nutrition",
        dept=GER, timepoint="admission", chief_complaint="Weight loss and poor appetite.",
        present_illness="Several months of declining appetite and weight.", admission_diagnosis="Unintentional weight loss",
        variants=("high", "low"), sample=_sample_nutrition,
        steps=(
            Step("bmi", "bmi"),
            Step("must", "must", inputs={"bmi": O("bmi"), "weight_loss_pct": D(_weight_loss_pct, facts=("prior_weight", "weight"),
                                                                              note="percent loss since the clinic weight"),
                                         "acute_disease_no_intake": F("poor_intake")}),
            Step("ibw", "ideal_body_weight"),
            Step("fluids", "maintenance_fluids", when=lambda c: c.branch("risk") == "high", branch="risk"),
        ),
        branches=(Branch("risk", "malnutrition screening score of 2 or more", lambda c: "high" if c.o("must") >= 2 else "low"),),
        expect={"high": {"risk": "high"}, "low": {"risk": "low"}},
        questions=questions,
    )


Q_NUT = (
    "This patient has been losing weight. Using the admission weight and height and the clinic weight documented "
    "three months ago, calculate weight-for-height index and the malnutrition screening score (include the acute-illness "
    "component from the history) and the height-predicted weight. If the risk is high (two or more), give me the hourly "
    "maintenance fluid requirement for planning feeds.",
    "Please screen for malnutrition: weight-for-height index from the admission measurements, percentage weight loss against the earlier clinic "
    "weight, the universal screening tool score, the height-predicted weight and - for high risk - hourly maintenance fluids.",
    "Nutrition referral question: work out size, height-predicted weight and the screening score from the admission "
    "record; when the score is two or more, add the hourly maintenance requirement so the dietitian can plan.",
)


# ---------------------------------------------------------------- paediatric maintenance fluids and glucose
def _sample_paeds(rng, variant):
    age = rng.randint(1, 12)
    h = round(75 + age * 6.5 + rng.uniform(-6, 6))
    w = round(9 + age * 2.6 + rng.uniform(-2, 3), 1)
    v = {"age": age, "sex": rng.choice((MALE, FEMALE)), "height": float(h), "weight": w}
    v["glucose"] = rng.randint(35, 58) if variant == "hypoglycaemic" else rng.randint(70, 130)
    return facts(v, diagnoses=[("Gastroenteritis with dehydration", "A09")])


def _dextrose(c) -> float:
    return 10.0 if c.f("glucose") < 60 else 5.0


def _paeds(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="Paediatric maintenance fluids and glucose delivery", family="paediatrics",
        dept=PED, timepoint="admission", chief_complaint="Vomiting and reduced intake.",
        present_illness="Child with vomiting and diarrhoea for two days, not tolerating fluids.",
        admission_diagnosis="Gastroenteritis with dehydration",
        variants=("hypoglycaemic", "normoglycaemic"), sample=_sample_paeds,
        steps=(
            Step("fluids", "maintenance_fluids"),
            Step("gir", "glucose_infusion_rate", inputs={"dextrose_pct": D(_dextrose, facts=("glucose",),
                                                                           note="10% dextrose if glucose < 60 mg/dL, else 5%"),
                                                         "rate_ml_h": O("fluids")}),
            Step("bsa", "bsa_mosteller"),
        ),
        branches=(Branch("glucose", "glucose below 60 mg/dL", lambda c: "low" if c.f("glucose") < 60 else "normal",
                         facts=("glucose",)),),
        expect={"hypoglycaemic": {"glucose": "low"}, "normoglycaemic": {"glucose": "normal"}},
        questions=questions,
    )


Q_PAEDS = (
    "Child admitted unable to keep fluids down. Work out the hourly maintenance rate from the admission weight, then "
    "the glucose delivery that rate gives - run it as ten percent dextrose if the admission glucose is below sixty "
    "milligrams per decilitre, otherwise five percent. Also give surface area for drug dosing.",
    "Please write up the fluid plan for this child: maintenance rate by the hourly weight rule, the resulting glucose "
    "delivery per kilogram per minute (higher-strength dextrose if the first glucose was low, standard otherwise) and the surface "
    "area.",
    "Paediatric fluids: calculate the maintenance rate, choose the dextrose concentration from the arrival glucose "
    "(ten percent when hypoglycaemic, five otherwise), report the glucose delivery per kilogram per minute at that rate, and the surface area.",
)


# ---------------------------------------------------------------- CRRT dosing in AKI
def _sample_crrt(rng, variant):
    v = body(rng, age=(30, 85), bmi=(20, 38))
    severe = variant == "stage3"
    base = u(rng, 0.7, 1.2, 2)
    v["creatinine"] = round(base * (rng.uniform(3.2, 5.0) if severe else rng.uniform(1.5, 1.9)), 2)
    seq = [(2.0, base), (30.0 + rng.uniform(-2, 2), round((base + v["creatinine"]) / 2, 2)), (52.0, v["creatinine"])]
    v["potassium"] = round(rng.uniform(4.0, 6.8), 1)
    v["bicarbonate"] = rng.randint(10, 22)
    v["sodium"] = rng.randint(130, 145)
    v["urine_sodium"] = rng.randint(10, 70)
    v["urine_creatinine"] = rng.randint(30, 150)
    return facts(v, series={"creatinine": seq}, diagnoses=[("Acute kidney injury", "N17.9")])


def _hours(c) -> float:
    from ..spec import hours_between

    s = c.series["creatinine"]
    return round(hours_between(s[-2][0], s[-1][0]), 2)


def _crrt(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="AKI staging and renal replacement dose", family="kidney_support",
        dept=ICU, timepoint="latest", chief_complaint="Oliguric kidney injury.", present_illness="Oliguric after septic shock.",
        admission_diagnosis="Acute kidney injury",
        variants=("stage3", "stage1"), sample=_sample_crrt,
        steps=(
            Step("kdigo", "kdigo_aki", inputs={"baseline_creatinine": F("creatinine", "first"),
                                               "current_creatinine": F("creatinine", "last")}),
            Step("crrt", "crrt_dosing", inputs={"dose_ml_kg_h": K(25.0)},
                 when=lambda c: c.branch("stage") == "stage3", branch="stage"),
            Step("bicdef", "bicarbonate_deficit", when=lambda c: c.branch("stage") == "stage3", branch="stage"),
            Step("fena", "fena", inputs={"serum_sodium": F("sodium"), "serum_creatinine": F("creatinine", "last")},
                 when=lambda c: c.branch("stage") != "stage3", branch="stage"),
            Step("kegfr", "kegfr", inputs={"baseline_creatinine": F("creatinine", "first"), "creatinine_1": F("creatinine", -2),
                                           "creatinine_2": F("creatinine", "last"),
                                           "hours_between": D(_hours, note="hours between the last two draws")}),
        ),
        branches=(Branch("stage", "KDIGO stage 3", lambda c: "stage3" if str(c.o("kdigo")).strip().lower() == "stage 3" else "lower"),),
        expect={"stage3": {"stage": "stage3"}, "stage1": {"stage": "lower"}},
        questions=questions,
    )


Q_CRRT = (
    "Kidney injury in the unit. Stage it against the first creatinine of the admission using the latest value. If it "
    "is the most severe stage, prescribe continuous renal replacement at twenty-five millilitres per kilogram per hour "
    "and estimate how much bicarbonate is missing; otherwise calculate the fraction of filtered sodium excreted to help classify it. In both cases estimate filtration for a non-steady state from the last two creatinine values.",
    "Please stage the AKI (baseline = earliest creatinine this admission, current = latest), and then either dose "
    "continuous dialysis at the standard dose per kilogram plus the missing bicarbonate for stage three, or give the fraction of filtered sodium excreted "
    "for lesser stages; always add a non-steady-state filtration estimate from the two most recent creatinines.",
    "Where are we with this kidney injury? I need the stage from first to most recent creatinine and, depending on "
    "it, the effluent rate for continuous therapy at the standard dose per kilogram with the missing bicarbonate, or "
    "the fractional excretion of sodium - plus a kinetic filtration estimate from the last two creatinine draws.",
)
Q_CRRT = (Q_CRRT[0], Q_CRRT[1].replace("AKI", "kidney injury"), Q_CRRT[2])


# ---------------------------------------------------------------- frail elderly with hypernatraemia
def _sample_frail(rng, variant):
    v = body(rng, age=(75, 96))
    v["frailty_level"] = rng.choice((5, 6, 7)) if variant == "frail" else rng.choice((3, 4))
    v["sodium"] = rng.randint(149, 165)
    v["creatinine"] = u(rng, 0.8, 2.0, 2)
    return facts(v, diagnoses=[("Hypernatraemia with dehydration", "E87.0")])


def _frail(id_, questions):
    return Scenario(
        id=id_, version=1, domain=SPECIAL, title="Frail older adult with hypernatraemic dehydration", family="geriatrics",
        dept=GER, timepoint="admission", chief_complaint="Drowsy and dry.",
        present_illness="Found drowsy at home after several days of poor intake during a heat wave.",
        admission_diagnosis="Hypernatraemic dehydration",
        variants=("frail", "fit"), sample=_sample_frail,
        steps=(
            Step("cfs", "clinical_frailty_scale", inputs={"level": F("frailty_level")}),
            Step("fwd", "free_water_deficit"),
            Step("rate", "sodium_correction_rate", inputs={"serum_sodium": F("sodium"), "age_group": K("elderly"),
                                                           "infusate_sodium": D(lambda c: 0.0 if c.branch("frailty") == "frail" else 77.0,
                                                                                steps=("cfs",), note="5% dextrose if frail, else half-normal saline"),
                                                           "correction_rate": K(0.4)}),
            Step("egfr", "ckd_epi_2021"),
        ),
        branches=(Branch("frailty", "frailty level 5 or more", lambda c: "frail" if c.o("cfs") >= 5 else "not_frail"),),
        expect={"frail": {"frailty": "frail"}, "fit": {"frailty": "not_frail"}},
        questions=questions,
    )


Q_FRAIL = (
    "Older patient admitted dry with a high sodium. Grade frailty from the social history, calculate the free water "
    "from the admission sodium, and give an infusion rate that lowers the sodium by roughly four tenths of a millimole per hour - use "
    "five percent dextrose if the patient is frail (level five or more) and half-normal saline if not. Add the eGFR.",
    "Please quantify this hypernatraemia on the admission bloods: frailty grade, water shortfall, the hourly rate for a "
    "gentle fall of roughly four tenths of a millimole per litre per hour with dextrose for a frail patient or half-normal saline for a fitter "
    "one, and kidney function.",
    "Help me plan fluids: how frail is she or he, what is the water shortfall, what rate corrects the sodium slowly "
    "(four tenths of a millimole per hour; sodium-free dextrose when frail, half-strength saline otherwise), and what is the eGFR? Use the admission bloods.",
)

SCENARIOS = [
    _preg("pregnancy_dating_weight", Q_PREG),
    _geri("geriatric_chemo_fitness", SPECIAL, Q_GERI),
    _nutrition("malnutrition_screen_fluids", Q_NUT),
    _paeds("paediatric_fluids_glucose", Q_PAEDS),
    _crrt("aki_renal_replacement_dose", Q_CRRT),
    _frail("frail_hypernatremia", Q_FRAIL),
]
