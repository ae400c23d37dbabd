import pytest

from medmcp_calc.calculators import CalculatorInputError, compute

ROSIER_NONE = {k: False for k in ("loss_of_consciousness", "seizure", "facial_weakness", "arm_weakness", "leg_weakness",
                                  "speech_disturbance", "visual_field_defect")}
NIHSS_ZERO = {k: 0 for k in ("loc_1a", "loc_questions_1b", "loc_commands_1c", "gaze_2", "visual_3", "facial_palsy_4",
                             "motor_left_arm_5a", "motor_right_arm_5b", "motor_left_leg_6a", "motor_right_leg_6b",
                             "limb_ataxia_7", "sensory_8", "language_9", "dysarthria_10", "extinction_11")}


def test_gcs_pupils():
    # E2 V2 M4 = 8; one unreactive pupil -> 7
    r = compute("gcs_pupils", {"eye": 2, "verbal": 2, "motor": 4, "unreactive_pupils": 1})
    assert r.value == 7 and r.details["gcs"] == 8
    assert compute("gcs_pupils", {"eye": 1, "verbal": 1, "motor": 1, "unreactive_pupils": 2}).value == 1  # floor of 1
    assert compute("gcs_pupils", {"eye": 4, "verbal": 5, "motor": 6, "unreactive_pupils": 0}).value == 15
    with pytest.raises(CalculatorInputError, match="unreactive_pupils"):
        compute("gcs_pupils", {"eye": 4, "verbal": 5, "motor": 6, "unreactive_pupils": 3})


def test_rosier():
    r = compute("rosier", {**ROSIER_NONE, "facial_weakness": True, "arm_weakness": True, "leg_weakness": True,
                           "speech_disturbance": True, "visual_field_defect": True})
    assert r.value == 5 and "likely" in r.interpretation
    assert compute("rosier", {**ROSIER_NONE, "loss_of_consciousness": True, "seizure": True}).value == -2
    r = compute("rosier", {**ROSIER_NONE, "seizure": True, "arm_weakness": True})
    assert r.value == 0 and "unlikely" in r.interpretation  # 0 is not > 0
    with pytest.raises(CalculatorInputError, match="seizure"):
        compute("rosier", {k: v for k, v in ROSIER_NONE.items() if k != "seizure"})


def test_nihss():
    assert compute("nihss", NIHSS_ZERO).value == 0
    # 2+2+2+2+2 + 3 (R arm) + 2 (R leg) + 1 + 2 + 1 = 19 -> moderate to severe
    items = {**NIHSS_ZERO, "loc_questions_1b": 2, "loc_commands_1c": 2, "gaze_2": 2, "visual_3": 2, "facial_palsy_4": 2,
             "motor_right_arm_5b": 3, "motor_right_leg_6b": 2, "sensory_8": 1, "language_9": 2, "dysarthria_10": 1}
    r = compute("nihss", items)
    assert r.value == 19 and "moderate to severe" in r.interpretation
    assert compute("nihss", {**NIHSS_ZERO, "language_9": 3, "visual_3": 1}).interpretation.startswith("minor")  # 4
    assert compute("nihss", {**NIHSS_ZERO, "motor_left_arm_5a": 4, "motor_left_leg_6a": 1}).interpretation.startswith("moderate")  # 5
    maxed = {"loc_1a": 3, "loc_questions_1b": 2, "loc_commands_1c": 2, "gaze_2": 2, "visual_3": 3, "facial_palsy_4": 3,
             "motor_left_arm_5a": 4, "motor_right_arm_5b": 4, "motor_left_leg_6a": 4, "motor_right_leg_6b": 4,
             "limb_ataxia_7": 2, "sensory_8": 2, "language_9": 3, "dysarthria_10": 2, "extinction_11": 2}
    assert compute("nihss", maxed).value == 42
    with pytest.raises(CalculatorInputError, match="gaze_2"):
        compute("nihss", {**NIHSS_ZERO, "gaze_2": 3})
