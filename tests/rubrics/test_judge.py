"""The optional LLM-judge extractor against a local OpenAI-compatible stub (canned replies standing
in for an external LLM), compared with the deterministic parser on the same fixtures."""
from __future__ import annotations

import json

import pytest

from medcalc_rubrics import parse_final_answer, score_episode
from medcalc_rubrics.judge import JUDGE_SYSTEM_PROMPT, JudgeExtractor
from tests._support.scripted_openai import Reply, ScriptedServer

NAMES = {"bmi": "bmi", "body mass index": "bmi", "cha2ds2-vasc score": "chads_vasc", "cha2ds2-vasc": "chads_vasc"}


def match(name):
    return NAMES.get(name.strip().lower())


GT = {"required": [
    {"calc_id": "bmi", "name": "Body Mass Index", "value": 24.2, "kind": "number", "abs_tol": 0.1},
    {"calc_id": "chads_vasc", "name": "CHA2DS2-VASc Score", "value": 4, "kind": "integer"},
]}

# (free-text answer, what the stub judge extracts from it)
FIXTURES = {
    "lines": ("Results:\n- BMI: 24.2 kg/m2\n- CHA2DS2-VASc Score: 4 points\n",
              [{"name": "BMI", "value": 24.2, "unit": "kg/m2"}, {"name": "CHA2DS2-VASc Score", "value": 4, "unit": "points"}]),
    "lines_wrong": ("BMI: 27.0 kg/m2\nCHA2DS2-VASc Score: 4\n",
                    [{"name": "BMI", "value": 27.0, "unit": "kg/m2"}, {"name": "CHA2DS2-VASc Score", "value": 4, "unit": ""}]),
    "prose": ("Her body mass index works out to roughly 24.2, and with hypertension, diabetes, age 70 and "
              "female sex the CHA2DS2-VASc comes to 4, so anticoagulation is advised.",
              [{"name": "Body Mass Index", "value": 24.2, "unit": ""}, {"name": "CHA2DS2-VASc", "value": 4, "unit": ""}]),
}


@pytest.fixture(scope="module")
def judge_server():
    def policy(messages, tools):
        assert messages[0]["content"] == JUDGE_SYSTEM_PROMPT
        text = messages[-1]["content"]
        for answer, extracted in FIXTURES.values():
            if answer in text:
                return Reply(content=json.dumps({"calculators": extracted, "summary": ""}))
        return Reply(content="not json at all")

    server = ScriptedServer(policy).start()
    yield server
    server.stop()


def verdicts(result):
    return [(c["calc_id"], c["selected"], c["value_ok"]) for c in result["details"]["calculators"]]


@pytest.mark.parametrize("key", ["lines", "lines_wrong"])
def test_judge_agrees_with_deterministic_parser_on_line_answers(judge_server, key):
    text, _ = FIXTURES[key]
    judge = JudgeExtractor(base_url=judge_server.base_url, model="stub-judge")
    det = score_episode(GT, text, [], match=match)
    jud = score_episode(GT, text, [], match=match, extractor=judge)
    assert det["details"]["answer"]["source"] == "lines"
    assert jud["details"]["answer"]["source"] == "judge"
    assert verdicts(det) == verdicts(jud)
    assert (det["CS"], det["QP"]) == (jud["CS"], jud["QP"])


def test_judge_reads_prose_the_parser_cannot(judge_server):
    text, _ = FIXTURES["prose"]
    assert not parse_final_answer(text, match).ok
    det = score_episode(GT, text, [], match=match)
    jud = score_episode(GT, text, [], match=match, extractor=JudgeExtractor(judge_server.base_url, "stub-judge"))
    assert det["TF"] == 0.0 and det["QP"] == 0.0
    assert (jud["TF"], jud["CS"], jud["QP"]) == (1.0, 1.0, 1.0)


def test_json_answers_never_go_to_the_judge(judge_server):
    before = len(judge_server.requests)
    text = '```json\n{"calculators": [{"name": "BMI", "value": 24.2}], "summary": ""}\n```'
    r = score_episode(GT, text, [], match=match, extractor=JudgeExtractor(judge_server.base_url, "stub-judge"))
    assert r["details"]["answer"]["source"] == "json" and len(judge_server.requests) == before


def test_judge_failures_fall_back_to_the_parser(judge_server):
    # an unreadable judge reply and an unreachable endpoint both leave the deterministic result
    text = "BMI: 24.2\nsomething the stub does not know"
    r = score_episode(GT, text, [], match=match, extractor=JudgeExtractor(judge_server.base_url, "stub-judge"))
    assert r["details"]["answer"]["source"] == "lines" and r["CS"] == 0.5
    dead = JudgeExtractor("http://127.0.0.1:9/v1", "x", timeout=2)
    r2 = score_episode(GT, text, [], match=match, extractor=dead)
    assert r2["details"]["answer"]["source"] == "lines" and "judge extractor failed" in r2["details"]["answer"]["error"]
