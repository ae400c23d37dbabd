import pytest

from medmcp_calc.calculators import CalculatorInputError, compute, compute_official_answer, get

AS = {"back_pain": 4, "morning_stiffness": 2, "patient_global": 3, "peripheral_pain": 2}


def test_asdas_crp():
    # 0.48 + 0.12 + 0.33 + 0.14 + 0.58 x ln(2.2) (= 0.4573) = 1.527 -> 1.5 (low)
    r = compute("asdas_crp", {**AS, "crp_mg_l": 1.2})
    assert r.value == 1.5 and "low" in r.interpretation
    # all 8, CRP 30: 0.96 + 0.48 + 0.88 + 0.56 + 0.58 x ln 31 (= 1.9917) = 4.87 -> very high
    r = compute("asdas_crp", {k: 8 for k in AS} | {"crp_mg_l": 30})
    assert r.value == 4.9 and "very high" in r.interpretation


def test_asdas_esr():
    # 0.32 + 0.14 + 0.33 + 0.18 + 0.29 x sqrt(7) (= 0.7673) = 1.737 -> 1.7
    assert compute("asdas_esr", {**AS, "esr_mm_h": 7}).value == 1.7
    # zeros and ESR 0 -> 0 inactive
    r = compute("asdas_esr", {k: 0 for k in AS} | {"esr_mm_h": 0})
    assert r.value == 0 and "inactive" in r.interpretation


@pytest.mark.parametrize("v,band", [(1.29, "inactive"), (1.3, "low"), (2.09, "low"), (2.1, "high disease"),
                                    (3.5, "high disease"), (3.51, "very high")])
def test_asdas_bands(v, band):
    from medmcp_calc.calculators.library.rheum_psych_scales import _asdas_interp
    assert band in _asdas_interp(v)


def test_basdai():
    # (7 + 7 + 5 + 6 + (7 + 7) / 2) / 5 = 32 / 5 = 6.4
    names = [i.name for i in get("basdai").inputs]
    r = compute("basdai", dict(zip(names, (7, 7, 5, 6, 7, 7))))
    assert r.value == 6.4 and "active" in r.interpretation
    assert "below" in compute("basdai", dict(zip(names, (3, 3, 3, 3, 4, 4)))).interpretation  # 16/5 = 3.2
    with pytest.raises(CalculatorInputError, match="fatigue"):
        compute("basdai", dict(zip(names, (11, 0, 0, 0, 0, 0))))


def test_four_at():
    r = compute("four_at", {"alertness": 0, "amt4": 2, "attention": 1, "acute_change": 4})
    assert r.value == 7 and "delirium" in r.interpretation
    assert "cognitive impairment (1-3)" in compute("four_at", {"alertness": 0, "amt4": 1, "attention": 1,
                                                               "acute_change": 0}).interpretation
    assert "unlikely" in compute("four_at", {"alertness": 0, "amt4": 0, "attention": 0, "acute_change": 0}).interpretation
    with pytest.raises(CalculatorInputError, match="alertness"):
        compute("four_at", {"alertness": 2, "amt4": 0, "attention": 0, "acute_change": 0})


def test_epworth():
    names = [i.name for i in get("epworth_sleepiness").inputs]
    assert compute("epworth_sleepiness", dict(zip(names, (1, 2, 1, 2, 3, 0, 2, 1)))).value == 12
    for total, band in ((10, "normal"), (11, "mild"), (13, "moderate"), (16, "severe")):
        vals = [0] * 8
        left = total
        for k in range(8):
            vals[k] = min(3, left)
            left -= vals[k]
        assert band in compute("epworth_sleepiness", dict(zip(names, vals))).interpretation


def test_phq4():
    r = compute("phq4", {"nervous": 3, "worrying": 3, "little_interest": 3, "feeling_down": 3})
    assert r.value == 12 and "severe" in r.interpretation and "anxiety screen positive" in r.interpretation
    r = compute("phq4", {"nervous": 1, "worrying": 1, "little_interest": 2, "feeling_down": 1})
    assert r.value == 5 and "mild" in r.interpretation and "depression screen positive" in r.interpretation
    assert r.details == {"anxiety_subscale": 2, "depression_subscale": 3}
    a = {"name": "Patient Health Questionnaire-4 (PHQ-4)", "inputs": [
        {"field": "feeling nervous, anxious or on edge?", "value": "Several days"},
        {"field": "not being able to stop or control worrying?", "value": "Not at all"},
        {"field": "little interest or pleasure in doing things?", "value": "More than half the days"},
        {"field": "feeling down, depressed, or hopeless?", "value": "Nearly every day"}]}
    assert compute_official_answer(a) == 6  # 1 + 0 + 2 + 3


def test_who5():
    names = [i.name for i in get("who5").inputs]
    # raw 0 + 1 + 1 + 0 + 1 = 3 -> 12%
    r = compute("who5", dict(zip(names, (0, 1, 1, 0, 1))))
    assert r.value == 12 and r.details["raw_score"] == 3 and "likely depression" in r.interpretation
    assert "reduced" in compute("who5", dict(zip(names, (2, 2, 2, 3, 3)))).interpretation  # 12 -> 48
    assert "adequate" in compute("who5", dict(zip(names, (3, 3, 3, 2, 3)))).interpretation  # 14 -> 56


SAD = {"male": False, "age_lt_19_or_gt_45": False, "depression_hopelessness": False, "previous_attempts": False,
       "excessive_alcohol_drugs": False, "rational_thinking_loss": False, "separated_divorced_widowed": False,
       "organized_plan": False, "no_social_support": False, "stated_future_intent": False}


def test_sad_persons():
    assert compute("modified_sad_persons", {**SAD, "depression_hopelessness": True}).value == 2
    r = compute("modified_sad_persons", {k: True for k in SAD})
    assert r.value == 14 and "admission" in r.interpretation
    # male 1 + age 1 + depression 2 + plan 2 = 6 -> consultation
    r = compute("modified_sad_persons", {**SAD, "male": True, "age_lt_19_or_gt_45": True,
                                         "depression_hopelessness": True, "organized_plan": True})
    assert r.value == 6 and "consultation" in r.interpretation
