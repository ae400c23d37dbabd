"""Kidney function estimation feeding drug dosing (stable vs changing creatinine; obese vs not)."""
from __future__ import annotations

from ...calculators.base import INTERNAL, SPECIAL
from ..spec import Branch, D, F, K, Scenario, Step
from ._common import FEMALE, body, creat_changing, creat_series, facts, obese_branch, u

ONC = ("Medical Oncology", "ONC")
NEPH = ("Nephrology", "NEP")
GIM = ("General Internal Medicine", "GIM")


def _weight_steps(prefix: str = "") -> tuple[Step, ...]:
    return (
        Step("ibw", "ideal_body_weight", purpose="ideal weight from height and sex"),
        Step("adjbw", "adjusted_body_weight", when=lambda c: c.branch("weight") == "adjusted", branch="weight",
             purpose="adjusted weight when actual weight exceeds 120% of ideal"),
    )


def _dosing_weight(c) -> float:
    return c.o("adjbw") if c.branch("weight") == "adjusted" else c.f("weight")


DOSING_WEIGHT = D(_dosing_weight, facts=("weight",), steps=("adjbw",), note="adjusted weight if obese, else actual")


def _renal_steps() -> tuple[Step, ...]:
    return (
        Step("crcl", "creatinine_clearance_cockcroft_gault",
             inputs={"weight_kg": DOSING_WEIGHT, "weight_basis": K("actual")},
             when=lambda c: c.branch("renal") == "stable", branch="renal"),
        Step("kegfr", "kegfr",
             inputs={"baseline_creatinine": F("creatinine", "first"), "creatinine_1": F("creatinine", -2),
                     "creatinine_2": F("creatinine", "last"),
                     "hours_between": D(_hours, note="hours between the last two creatinine draws")},
             when=lambda c: c.branch("renal") == "changing", branch="renal"),
        Step("egfr", "ckd_epi_2021"),
    )


def _hours(c) -> float:
    from ..spec import hours_between

    s = c.series["creatinine"]
    return round(hours_between(s[-2][0], s[-1][0]), 2)


def _gfr_for_dosing(c) -> float:
    return c.o("crcl") if c.ran("crcl") else c.o("kegfr")


GFR = D(_gfr_for_dosing, steps=("crcl", "kegfr"), note="CrCl when creatinine is stable, keGFR when it is changing")


def _sample_onc(rng, variant, bsa: bool):
    renal, weight = variant.split("-")
    bmi = (32, 42) if weight == "adjusted" else (19, 26)
    v = body(rng, age=(45, 82), bmi=bmi)
    cr = creat_series(rng, renal == "changing", base=u(rng, 0.7, 1.4, 2))
    v["creatinine"] = cr[-1][1]
    v["auc_target"] = rng.choice((4, 5, 6))
    f = facts(v, series={"creatinine": cr},
              diagnoses=[("High-grade serous carcinoma of the ovary" if v["sex"] == FEMALE else
                          "Non-small cell lung cancer, stage IIIB", "C56.9" if v["sex"] == FEMALE else "C34.90")])
    f.orders.append({"order_name": "Carboplatin (Calvert dosing) target AUC", "once_dose": float(v.pop("auc_target")),
                     "dose_unit": "mg/mL*min", "frequency": "once, day 1 of cycle", "usage": "IV infusion",
                     "fact": "auc_target", "order_advice": "Pharmacy to calculate the dose from the target AUC."})
    if bsa:
        f.orders.append({"order_name": "Paclitaxel dose per body surface area", "once_dose": 175.0,
                         "dose_unit": "mg/m2", "frequency": "every 3 weeks", "usage": "IV infusion",
                         "fact": "paclitaxel_per_m2"})
    return f


def _onc(id_, title, bsa, questions, timepoint="latest"):
    steps = _weight_steps() + _renal_steps() + (
        Step("carbo", "carboplatin_calvert",
             inputs={"weight_kg": DOSING_WEIGHT, "target_auc": F("auc_target"),
                     "creatinine": F("creatinine", "last")}),
    )
    if bsa:
        steps += (Step("bsa_dose", "bsa_based_dosing",
                       inputs={"dose_per_m2": F("paclitaxel_per_m2"), "weight_kg": DOSING_WEIGHT}),)
    return Scenario(
        id=id_, version=1, domain=INTERNAL if not bsa else SPECIAL, title=title, family="renal_dosing", dept=ONC,
        timepoint=timepoint, chief_complaint="Admitted for the first cycle of platinum-based chemotherapy.",
        present_illness="Admitted electively for cycle 1 of chemotherapy. Oral intake has been variable over the last days.",
        admission_diagnosis="Malignant neoplasm, for chemotherapy",
        variants=("stable-actual", "changing-adjusted", "stable-adjusted", "changing-actual"),
        sample=lambda rng, variant: _sample_onc(rng, variant, bsa),
        steps=steps,
        branches=(Branch("renal", "creatinine stable or changing over the admission", creat_changing, facts=("creatinine",)),
                  Branch("weight", "actual weight above 120% of ideal weight", obese_branch,
                         facts=("weight", "height", "sex"))),
        expect={"stable-actual": {"renal": "stable", "weight": "actual"},
                "changing-adjusted": {"renal": "changing", "weight": "adjusted"},
                "stable-adjusted": {"renal": "stable", "weight": "adjusted"},
                "changing-actual": {"renal": "changing", "weight": "actual"}},
        questions=questions,
    )


Q_CARBO = (
    "We are about to start platinum chemotherapy on this inpatient and pharmacy wants the dose checked. Work out "
    "which body weight we should be using given the patient's size, then estimate kidney function in the way that "
    "fits how the creatinine has behaved this admission (steady versus moving), cross-check against a standard "
    "eGFR, and calculate the platinum dose from the ordered exposure target. Use the most recent creatinine.",
    "Before cycle one goes up I want an independent check of the platinum dose. Please decide whether the patient "
    "is heavy enough that dosing should use an obesity-corrected weight, pick the right way to estimate clearance depending on "
    "whether the creatinine trend is stable or not, compare it with a population eGFR, and give me the dose for the "
    "target exposure written in the orders. Base it on the latest labs.",
    "Can you run the renal dosing workup for tomorrow's chemotherapy? I need the height-predicted weight, the obesity-corrected weight if "
    "it applies, a clearance estimate suited to the creatinine trajectory, the eGFR for comparison, and the resulting "
    "platinum dose for the prescribed target. Please go by the most recent values.",
)
Q_CARBO_BSA = (
    "This patient starts a two-drug regimen: a platinum agent dosed to an exposure target and a taxane dosed by the patient's "
    "surface area. Decide the weight to dose on given body habitus, estimate renal function appropriately for the "
    "creatinine trend, cross-check with eGFR, then calculate both doses from the orders. Use the latest results.",
    "Pharmacy asked me to double-check a carboplatin-paclitaxel plan. Please settle on the weight to dose on (adjusting "
    "for obesity if needed), choose a clearance estimate that respects whether kidney function is steady or changing, "
    "compare with the lab-style eGFR, and give me the platinum dose and the surface-area based taxane dose. "
    "Work from the most recent measurements.",
    "I'd like the full dosing calculation for the chemotherapy ordered today: weight strategy, kidney function "
    "estimate matched to the creatinine trajectory with an eGFR cross-check, the exposure-targeted platinum dose, and "
    "the partner drug's dose per surface area. Latest values please.",
)

SCENARIOS = [
    _onc("onc_carboplatin_renal_dosing", "Carboplatin dosing with weight and renal-function branches", False, Q_CARBO),
    _onc("onc_carbo_paclitaxel_dosing", "Carboplatin plus BSA-dosed taxane", True, Q_CARBO_BSA),
]
