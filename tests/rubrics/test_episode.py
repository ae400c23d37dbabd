"""score_episode on hand-built trajectories: one test per rule."""
from __future__ import annotations

import pytest

from medcalc_rubrics import ANSWER_FORMAT_INSTRUCTIONS, parse_final_answer, score_episode
from medcalc_rubrics.episode import GroundTruth

NAMES = {
    "bmi": "bmi", "body mass index": "bmi", "body mass index (bmi)": "bmi",
    "cha2ds2-vasc": "chads_vasc", "cha2ds2-vasc score": "chads_vasc",
    "ckd stage": "ckd_stage", "gfr category": "ckd_stage",
    "egfr": "egfr", "ckd-epi egfr": "egfr",
    "creatinine clearance": "crcl",
    "due date": "due_date", "gestational age": "ga", "sirs criteria met": "sirs",
}


def match(name: str) -> str | None:
    return NAMES.get(name.strip().lower())


def block(*items: dict, summary: str = "ok") -> str:
    import json

    return "Here is my answer.\n```json\n" + json.dumps({"calculators": list(items), "summary": summary}) + "\n```"


GT = {
    "required": [
        {"calc_id": "bmi", "name": "Body Mass Index", "value": 24.2, "unit": "kg/m2", "kind": "number", "abs_tol": 0.1},
        {"calc_id": "chads_vasc", "name": "CHA2DS2-VASc Score", "value": 4, "unit": "points", "kind": "integer"},
    ],
    "evidence": [
        {"table": "labs", "row_id": 11, "column": "value", "value": 1.4},
        {"table": "vitals", "row_id": 12, "column": "charttime", "value": "2023-01-05 08:30:00"},
    ],
}
SQL_OK = [{"name": "run_read_only_sql", "arguments": {"sql": "select ..."},
           "result": "row_id | value | charttime\n11 | 1.40 | 2023-01-05T08:30:00+00:00"}]


def test_format_instructions_document_the_block():
    assert '"calculators"' in ANSWER_FORMAT_INSTRUCTIONS and "```json" in ANSWER_FORMAT_INSTRUCTIONS
    example = ANSWER_FORMAT_INSTRUCTIONS.split("```json")[1].split("```")[0]
    assert '"summary"' in example


def test_perfect_episode():
    r = score_episode(GT, block({"name": "BMI", "value": 24.25, "unit": "kg/m²"},
                                {"name": "CHA2DS2-VASc", "value": 4, "unit": "points"}), SQL_OK, match=match, turns=3)
    assert (r["TF"], r["CS"], r["QP"], r["EA"]) == (1.0, 1.0, 1.0, 1.0)
    assert r["details"]["extra"] == []
    assert r["details"]["tool_counts"] == {"run_read_only_sql": 1}
    assert r["details"]["turns"] == 3


def test_value_outside_tolerance_selected_but_not_precise():
    r = score_episode(GT, block({"name": "BMI", "value": 24.4}, {"name": "CHA2DS2-VASc", "value": 3}), SQL_OK, match=match)
    assert r["CS"] == 1.0 and r["QP"] == 0.0
    assert [c["value_ok"] for c in r["details"]["calculators"]] == [False, False]


def test_relative_tolerance():
    gt = {"required": [{"calc_id": "egfr", "name": "eGFR", "value": 60.0, "kind": "number", "rel_tol": 0.05}]}
    assert score_episode(gt, block({"name": "eGFR", "value": 62.9}), [], match=match)["QP"] == 1.0
    assert score_episode(gt, block({"name": "eGFR", "value": 63.1}), [], match=match)["QP"] == 0.0


def test_integer_kind_rounds_half_away():
    gt = {"required": [{"calc_id": "chads_vasc", "name": "x", "value": 3, "kind": "integer"}]}
    assert score_episode(gt, block({"name": "CHA2DS2-VASc", "value": 2.5}), [], match=match)["QP"] == 1.0
    assert score_episode(gt, block({"name": "CHA2DS2-VASc", "value": 2.4}), [], match=match)["QP"] == 0.0


def test_missing_calculator_and_extras():
    r = score_episode(GT, block({"name": "BMI", "value": 24.2}, {"name": "Wells' Criteria for PE", "value": 1.5}),
                      SQL_OK, match=match)
    assert r["CS"] == 0.5 and r["QP"] == 0.5
    assert [e["name"] for e in r["details"]["extra"]] == ["Wells' Criteria for PE"]
    assert r["details"]["extra"][0]["calc_id"] is None


def test_repeated_calculator_counts_once_per_required_entry():
    # required once, answered three times: CS counts 1 (not 3); the two surplus entries are extras
    gt = {"required": [{"calc_id": "bmi", "name": "BMI", "value": 24.2, "kind": "number", "abs_tol": 0.05}]}
    r = score_episode(gt, block({"name": "BMI", "value": 30}, {"name": "BMI", "value": 24.2}, {"name": "BMI", "value": 31}),
                      [], match=match)
    assert r["CS"] == 1.0 and r["QP"] == 1.0  # the agreeing entry is paired, whatever its position
    assert len(r["details"]["extra"]) == 2


def test_calculator_required_twice_needs_two_entries():
    gt = {"required": [
        {"calc_id": "bmi", "name": "BMI", "value": 24.2, "kind": "number", "abs_tol": 0.05},
        {"calc_id": "bmi", "name": "BMI", "value": 26.0, "kind": "number", "abs_tol": 0.05},
    ]}
    one = score_episode(gt, block({"name": "BMI", "value": 26.0}), [], match=match)
    assert one["CS"] == 0.5 and one["QP"] == 0.5
    both = score_episode(gt, block({"name": "BMI", "value": 26.0}, {"name": "Body Mass Index", "value": 24.2}), [], match=match)
    assert both["CS"] == 1.0 and both["QP"] == 1.0


def test_unit_variants():
    gt = {"required": [{"calc_id": "egfr", "name": "eGFR", "value": 60.0, "unit": "mL/min/1.73 m²", "kind": "number", "abs_tol": 1}]}
    same = score_episode(gt, block({"name": "eGFR", "value": 60, "unit": "ml/min/1.73m2"}), [], match=match)
    assert same["QP"] == 1.0 and same["details"]["calculators"][0]["unit_mismatch"] is False
    # a real unit difference: converted when a converter is supplied
    gt2 = {"required": [{"calc_id": "crcl", "name": "CrCl", "value": 60.0, "unit": "mL/min", "kind": "number", "abs_tol": 0.5}]}
    text = block({"name": "Creatinine Clearance", "value": 1.0, "unit": "mL/s"})

    def convert(v, frm, to):
        return v * 60.0 if (frm, to) == ("mL/s", "mL/min") else None

    assert score_episode(gt2, text, [], match=match)["QP"] == 0.0
    r = score_episode(gt2, text, [], match=match, convert=convert)
    assert r["QP"] == 1.0 and r["details"]["calculators"][0]["unit_mismatch"] is True
    # a value carrying its unit inside a string still reads as a number
    assert score_episode(gt2, block({"name": "Creatinine Clearance", "value": "60 mL/min"}), [], match=match)["QP"] == 1.0


@pytest.mark.parametrize("answer", ["stage III", "Stage 3", "STAGE-3", "stage three", "Stage 3."])
def test_categorical_equivalents(answer):
    gt = {"required": [{"calc_id": "ckd_stage", "name": "CKD stage", "value": "Stage 3", "kind": "category"}]}
    assert score_episode(gt, block({"name": "CKD stage", "value": answer}), [], match=match)["QP"] == 1.0


@pytest.mark.parametrize("answer", ["Stage 4", "stage II", "3a", "stage"])
def test_categorical_differences(answer):
    gt = {"required": [{"calc_id": "ckd_stage", "name": "CKD stage", "value": "Stage 3", "kind": "category"}]}
    assert score_episode(gt, block({"name": "CKD stage", "value": answer}), [], match=match)["QP"] == 0.0


def test_category_synonyms_via_accept():
    gt = {"required": [{"calc_id": "ckd_stage", "name": "CKD stage", "value": "G3a", "kind": "category",
                        "accept": ["Stage 3a", "moderately decreased (G3a)"]}]}
    assert score_episode(gt, block({"name": "GFR category", "value": "stage 3A"}), [], match=match)["QP"] == 1.0


def test_dates_weeks_days_booleans():
    gt = {"required": [
        {"calc_id": "due_date", "name": "Due date", "value": "2024-03-09", "kind": "date"},
        {"calc_id": "ga", "name": "Gestational age", "value": [12, 3], "kind": "weeks_days"},
        {"calc_id": "sirs", "name": "SIRS criteria met", "value": True, "kind": "boolean"},
    ]}
    good = block({"name": "Due date", "value": "03/09/2024"}, {"name": "Gestational age", "value": "12 weeks, 3 days"},
                 {"name": "SIRS criteria met", "value": "yes"})
    assert score_episode(gt, good, [], match=match)["QP"] == 1.0
    bad = block({"name": "Due date", "value": "03/10/2024"}, {"name": "Gestational age", "value": [12, 4]},
                {"name": "SIRS criteria met", "value": False})
    r = score_episode(gt, bad, [], match=match)
    assert r["CS"] == 1.0 and r["QP"] == 0.0


def test_evidence_partial_and_only_sql_tools_count():
    calls = [
        {"name": "run_read_only_sql", "arguments": {}, "result": "value\n1.4"},
        {"name": "run_python", "arguments": {}, "result": "2023-01-05 08:30:00"},  # not a SQL result
    ]
    r = score_episode(GT, block({"name": "BMI", "value": 24.2}), calls, match=match)
    assert r["EA"] == 0.5
    assert [e["seen"] for e in r["details"]["evidence"]] == [True, False]
    assert r["details"]["tool_counts"] == {"run_read_only_sql": 1, "run_python": 1}


def test_evidence_number_forms():
    calls = [{"name": "sql", "arguments": {}, "result": "creatinine 1.400 mg/dL; bun 14"}]
    gt = {"required": [], "evidence": [{"table": "l", "row_id": 1, "column": "v", "value": 1.4},
                                       {"table": "l", "row_id": 2, "column": "v", "value": "140"}]}
    r = score_episode(gt, block({"name": "x", "value": 1}), calls, match=match)
    assert [e["seen"] for e in r["details"]["evidence"]] == [True, False]


def test_truncated_tool_output_hides_evidence():
    filler = "x" * 12000
    truncated = ("Warning: truncated output (original token count: 9000)\nTotal output lines: 3\n\n"
                 f"value\n1.4\n{filler[:100]}\n[... 30000 bytes truncated ...]\n{filler[:100]}\n")
    gt = {"required": [], "evidence": [{"table": "l", "row_id": 1, "column": "v", "value": 1.4},
                                       {"table": "l", "row_id": 2, "column": "v", "value": 7.77}]}
    r = score_episode(gt, None, [{"name": "run_read_only_sql", "arguments": {}, "result": truncated}], match=match)
    assert [e["seen"] for e in r["details"]["evidence"]] == [True, False]
    assert r["EA"] == 0.5


def test_no_answer():
    r = score_episode(GT, None, SQL_OK, match=match, turn_limit_hit=True)
    assert (r["TF"], r["CS"], r["QP"]) == (0.0, 0.0, 0.0)
    assert r["EA"] == 1.0  # evidence is judged from the trajectory, answer or not
    assert r["details"]["turn_limit_hit"] is True
    r2 = score_episode(GT, "I could not finish.", [], match=match, error="model error")
    assert (r2["TF"], r2["CS"], r2["EA"]) == (0.0, 0.0, 0.0) and r2["details"]["error"] == "model error"


def test_empty_json_block_is_not_finished():
    r = score_episode(GT, block(), SQL_OK, match=match)
    assert r["TF"] == 0.0 and r["details"]["answer"]["error"]


def test_answer_given_despite_turn_limit_counts_as_finished():
    r = score_episode(GT, block({"name": "BMI", "value": 24.2}), [], match=match, turn_limit_hit=True)
    assert r["TF"] == 1.0


def test_free_text_fallback_lines():
    text = ("Assessment complete.\n- **BMI**: 24.2 kg/m2\n- CHA2DS2-VASc Score: 4 points\n"
            "Summary: anticoagulation indicated\nPatient: 67 years")
    r = score_episode(GT, text, SQL_OK, match=match)
    assert r["details"]["answer"]["source"] == "lines"
    assert (r["TF"], r["CS"], r["QP"]) == (1.0, 1.0, 1.0)
    items = parse_final_answer(text, match).items
    assert [(i.name, i.value, i.unit) for i in items] == [("BMI", 24.2, "kg/m2"), ("CHA2DS2-VASc Score", 4, "points")]


def test_bare_json_without_fence_and_think_stripped():
    text = '<think>{"calculators": [{"name": "BMI", "value": 1}]}</think> Final: {"calculators": [{"name": "BMI", "value": 24.2}], "summary": ""}'
    p = parse_final_answer(text)
    assert p.source == "json" and p.items[0].value == 24.2


def test_name_fallback_without_matcher():
    r = score_episode(GT, block({"name": "body mass index", "value": 24.2}, {"name": "CHA2DS2-VASc score", "value": 4}),
                      [], match=None)
    assert r["CS"] == 1.0


def test_a_failing_matcher_does_not_end_scoring():
    def bad(name):
        raise RuntimeError("boom")

    r = score_episode(GT, block({"name": "BMI", "value": 24.2}), [], match=bad)
    # falls back to name equality ("BMI" == calc_id "bmi"); CHA2DS2-VASc is missing
    assert r["TF"] == 1.0 and r["CS"] == 0.5


def test_bad_ground_truth_is_a_clear_error():
    with pytest.raises(ValueError, match="required"):
        GroundTruth.from_dict({"calculators": []})
    with pytest.raises(ValueError, match="kind"):
        GroundTruth.from_dict({"required": [{"calc_id": "x", "value": 1, "kind": "fraction"}]})


def test_trajectory_helpers_on_trace_messages():
    from medcalc_rubrics import assistant_turns, final_text_from_messages, tool_calls_from_messages

    # the shape of `nodes[*].message` in a verifiers traces.jsonl (flat tool calls) and of OpenAI (nested)
    messages = [
        {"role": "system", "content": "sys"},
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "looking", "tool_calls": [
            {"id": "a", "type": "function", "name": "run_read_only_sql", "arguments": '{"sql": "select 1"}'},
            {"id": "b", "type": "function", "function": {"name": "run_python", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "a", "content": "value\n1.4", "name": "run_read_only_sql"},
        {"role": "tool", "tool_call_id": "b", "content": [{"type": "text", "text": "42"}]},
        {"role": "assistant", "content": "BMI: 24.2"},
        {"role": "assistant", "content": ""},
    ]
    calls = tool_calls_from_messages(messages)
    assert calls == [{"name": "run_read_only_sql", "arguments": '{"sql": "select 1"}', "result": "value\n1.4"},
                     {"name": "run_python", "arguments": "{}", "result": "42"}]
    assert final_text_from_messages(messages) == "BMI: 24.2"
    assert assistant_turns(messages) == 3
    r = score_episode(GT, final_text_from_messages(messages), calls, match=match)
    assert r["EA"] == 0.5 and r["CS"] == 0.5
