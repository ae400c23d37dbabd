"""Acute kidney injury, GFR assessment and electrolyte work-ups."""
from __future__ import annotations

from ...calculators.base import INTERNAL
from .. import catalog as C
from ..spec import Branch, D, F, K, Scenario, Step, hours_between
from ._common import body, creat_changing, creat_series, facts, obese_branch, u

NEPH = ("Nephrology", "NEP")
GIM = ("General Internal Medicine", "GIM")
ICU = ("Intensive Care Unit", "ICU")

C.yes_no("on_loop_diuretic", "past_medical_history", "Takes furosemide daily for leg swelling; last dose this morning.",
         "Not on any diuretic.")


def _hours(c) -> float:
    s = c.series["creatinine"]
    return round(hours_between(s[-2][0], s[-1][0]), 2)


def _sample_aki(rng, variant):
    v = body(rng, age=(40, 88))
    changing = variant != "stable"
    cr = creat_series(rng, changing, base=u(rng, 0.8, 1.3, 2))
    v["creatinine"] = cr[-1][1]
    v["sodium"] = rng.randint(130, 146)
    v["bun"] = rng.randint(18, 70)
    v["urine_sodium"] = rng.randint(8, 80)
    v["urine_creatinine"] = rng.randint(40, 180)
    v["urine_urea"] = rng.randint(150, 900)
    v["on_loop_diuretic"] = variant == "changing-diuretic"
    return facts(v, series={"creatinine": cr}, diagnoses=[("Acute kidney injury", "N17.9")])


def _aki(id_, domain, dept, questions, with_feurea=True):
    steps = (
        Step("kdigo", "kdigo_aki", inputs={"baseline_creatinine": F("creatinine", "first"),
                                           "current_creatinine": F("creatinine", "last")}),
        Step("fena", "fena", inputs={"serum_sodium": F("sodium"), "serum_creatinine": F("creatinine", "last")},
             when=lambda c: c.branch("diuretic") == "no", branch="diuretic"),
    )
    if with_feurea:
        steps += (Step("feurea", "feurea", inputs={"serum_urea": F("bun"), "serum_creatinine": F("creatinine", "last"),
                                                   "urine_urea": F("urine_urea")},
                       when=lambda c: c.branch("diuretic") == "yes", branch="diuretic"),)
    steps += (
        Step("kegfr", "kegfr", inputs={"baseline_creatinine": F("creatinine", "first"),
                                       "creatinine_1": F("creatinine", -2), "creatinine_2": F("creatinine", "last"),
                                       "hours_between": D(_hours, note="hours between the last two draws")},
             when=lambda c: c.branch("renal") == "changing", branch="renal"),
        Step("egfr", "ckd_epi_2021", inputs={"creatinine_mg_dl": F("creatinine", "last")},
             when=lambda c: c.branch("renal") == "stable", branch="renal"),
    )
    return Scenario(
        id=id_, version=1, domain=domain, title="AKI staging and differentiation", family="kidney", dept=dept,
        timepoint="latest", chief_complaint="Reduced urine output and rising creatinine.",
        present_illness="Several days of poor oral intake and vomiting before admission; urine output has fallen.",
        admission_diagnosis="Acute kidney injury",
        variants=("changing-nodiuretic", "changing-diuretic", "stable"),
        sample=_sample_aki, steps=steps,
        branches=(Branch("renal", "creatinine stable or changing", creat_changing, facts=("creatinine",)),
                  Branch("diuretic", "on a loop diuretic", lambda c: "yes" if c.f("on_loop_diuretic") else "no",
                         facts=("on_loop_diuretic",))),
        expect={"changing-nodiuretic": {"renal": "changing", "diuretic": "no"},
                "changing-diuretic": {"renal": "changing", "diuretic": "yes"},
                "stable": {"renal": "stable", "diuretic": "no"}},
        questions=questions,
    )


Q_AKI = (
    "The creatinine has been climbing since admission. Please stage the kidney injury against the first value we "
    "have, then help me sort prerenal from intrinsic: use the sodium-based excretion fraction unless the patient is on "
    "diuretics, in which case use the urea-based one. Finally estimate current filtration in a way that accounts for "
    "whether creatinine is still moving. Use the latest draw as the current value.",
    "Nephrology consult question: how severe is this AKI relative to the earliest creatinine of the admission, does "
    "the urine chemistry point to a prerenal state (taking diuretic exposure into account when choosing the "
    "excretion fraction), and what is the best estimate of GFR right now given the trajectory? Latest labs please.",
    "I need a structured renal assessment: stage the injury from first to most recent creatinine, pick the right "
    "fractional excretion for the medication history, and give a filtration estimate that is valid for a non-steady "
    "state if the creatinine is changing, otherwise the standard equation.",
)


def _sample_hypo(rng, variant):
    v = body(rng, age=(30, 90))
    if variant == "hyponatremia":
        v["sodium"] = rng.randint(112, 128)
        v["glucose"] = rng.randint(80, 160)
    else:
        v["sodium"] = rng.randint(150, 164)
        v["glucose"] = rng.randint(90, 220)
    v["bun"] = rng.randint(8, 45)
    v["potassium"] = round(rng.uniform(3.2, 5.0), 1)
    dx = ("Hyponatraemia", "E87.1") if variant == "hyponatremia" else ("Hypernatraemia", "E87.0")
    return facts(v, diagnoses=[dx])


def _sodium(id_, domain, dept, timepoint, questions):
    return Scenario(
        id=id_, version=1, domain=domain, title="Dysnatraemia work-up and correction plan", family="kidney", dept=dept,
        timepoint=timepoint, chief_complaint="Confusion and weakness; abnormal sodium on screening bloods.",
        present_illness="Family report increasing confusion over several days. Bloods on arrival showed a markedly "
                        "abnormal sodium.",
        admission_diagnosis="Disorder of sodium balance",
        variants=("hyponatremia", "hypernatremia"),
        sample=_sample_hypo,
        steps=(
            Step("osm", "serum_osmolality"),
            Step("fwd", "free_water_deficit", when=lambda c: c.branch("sodium") == "high", branch="sodium"),
            Step("rate", "sodium_correction_rate",
                 inputs={"serum_sodium": F("sodium"),
                         "age_group": D(lambda c: "elderly" if c.f("age") >= 65 else "adult", facts=("age",)),
                         "infusate_sodium": D(lambda c: 513.0 if c.branch("sodium") == "low" else 77.0,
                                              note="3% saline when low, half-normal saline when high"),
                         "correction_rate": D(lambda c: 0.5,
                                              note="0.5 mmol/L per hour toward normal")}),
            Step("bmi", "bmi"),
        ),
        branches=(Branch("sodium", "sodium low or high", lambda c: "low" if c.f("sodium") < 135 else "high", facts=("sodium",)),),
        expect={"hyponatremia": {"sodium": "low"}, "hypernatremia": {"sodium": "high"}},
        questions=questions,
    )


Q_NA_ADM = (
    "The sodium on arrival was way off. Using the admission chemistry, confirm the tonicity, quantify the water "
    "shortfall if the sodium is high, and work out an infusion rate that moves the sodium about half a millimole per "
    "hour in the right direction (hypertonic saline if low, half-normal if high). Also record body size for the "
    "fluid plan.",
    "Please build the correction plan from the first set of bloods: calculated osmolality, water shortfall if "
    "this is a hypernatraemic picture, the infusion rate for a gentle correction with the usual fluid for the "
    "direction of the problem, and the weight-for-height index.",
    "For this dysnatraemia I want numbers from the admission labs: tonicity, water shortfall when the sodium is "
    "elevated, and the hourly infusion rate to correct at a safe pace, using three percent saline for low sodium or "
    "half-normal saline for high. Include weight-for-height index for the team.",
)


def _sample_egfr(rng, variant):
    v = body(rng, age=(25, 85), bmi=(32, 44) if variant == "obese" else (19, 27))
    v["creatinine"] = u(rng, 0.7, 2.4, 2)
    return facts(v, diagnoses=[("Chronic kidney disease, stage unspecified", "N18.9")])


def _egfr(id_, timepoint, questions):
    return Scenario(
        id=id_, version=1, domain=INTERNAL, title="GFR assessment with body-size branch", family="kidney", dept=NEPH,
        timepoint=timepoint, chief_complaint="Review of kidney function before starting a renally cleared drug.",
        present_illness="Referred for assessment of kidney function before starting a renally excreted antibiotic.",
        admission_diagnosis="Chronic kidney disease",
        variants=("obese", "lean"),
        sample=_sample_egfr,
        steps=(
            Step("bmi", "bmi"),
            Step("ibw", "ideal_body_weight"),
            Step("adjbw", "adjusted_body_weight", when=lambda c: c.branch("weight") == "adjusted", branch="weight"),
            Step("crcl", "creatinine_clearance_cockcroft_gault",
                 inputs={"weight_kg": D(lambda c: c.o("adjbw") if c.ran("adjbw") else c.f("weight"), facts=("weight",),
                                        steps=("adjbw",), note="adjusted weight if obese"),
                         "weight_basis": K("actual")}),
            Step("egfr", "ckd_epi_2021"),
            Step("mdrd", "mdrd_gfr"),
        ),
        branches=(Branch("weight", "actual weight above 120% of ideal", obese_branch, facts=("weight", "height", "sex")),),
        expect={"obese": {"weight": "adjusted"}, "lean": {"weight": "actual"}},
        questions=questions,
    )


Q_EGFR_LATEST = (
    "Before we start a renally cleared antibiotic, give me a complete kidney function picture from the most recent "
    "creatinine: body size, the weight we should dose on (adjusted if the patient is obese), a clearance estimate "
    "with that weight, and the two common eGFR equations for comparison.",
    "Pharmacy wants renal dosing information. Using the latest labs, work out the patient's weight-for-height index and height-predicted "
    "weight, decide whether an obesity-corrected weight is appropriate, estimate weight-based clearance accordingly, and report "
    "the standard eGFR estimates alongside.",
    "Please estimate kidney function several ways so I can dose safely: a weight-based clearance (choose the weight "
    "sensibly for body habitus) and the population eGFR equations, plus the body size measures that drive the choice. "
    "Use the latest creatinine.",
)
Q_EGFR_ADM = tuple(q.replace("most recent creatinine", "creatinine drawn on admission")
                   .replace("latest labs", "admission labs").replace("latest creatinine", "admission creatinine")
                   for q in Q_EGFR_LATEST)

SCENARIOS = [
    _aki("aki_staging_fractional_excretion", INTERNAL, NEPH, Q_AKI),
    _sodium("dysnatremia_correction_plan", INTERNAL, GIM, "admission", Q_NA_ADM),
    _egfr("gfr_assessment_body_size", "latest", Q_EGFR_LATEST),
]
