"""The reference solver answers every test task (and seeded train tasks) through the real tools
against PostgreSQL, and the rubrics score it CS = EA = QP = TF = 1."""
from __future__ import annotations

import json


from medcalc_rubrics import score_episode
from medmcp_calc.calculators import match_name
from medmcp_calc.scenarios.build import load_tasks, train_tasks
from medmcp_calc.scenarios.solver import LocalTools, ReferencePolicy, FinalAnswer, solve

TRAIN_IN_DB = 500  # must match conftest.TRAIN_IN_DB


def _score(task, tr):
    calls = [{"name": c.name, "arguments": c.arguments, "result": r} for c, r in tr.steps]
    return score_episode(task["ground_truth"], tr.final, calls, match=match_name)


def _check(task, tr):
    assert tr.final is not None, f"{task['task_id']}: no final answer"
    for c, r in tr.steps:
        if c.name == "fetch":  # every calculator's reference page exists and was served
            assert r.startswith("# ") and c.arguments["url"].rsplit("/", 1)[-1] in r, (task["task_id"], r[:200])
        if c.name in ("run_read_only_sql", "describe_tables"):
            assert not r.startswith("Error"), (task["task_id"], r[:300])
    ans = json.loads(tr.final.split("```json", 1)[1].split("```", 1)[0])
    got = [(c["name"], c["value"]) for c in ans["calculators"]]
    want = [(c["name"], c["value"]) for c in task["ground_truth"]["calculators"]]
    # the answer is recomputed from what SQL returned: equal values mean every input agreed with the EHR
    assert got == want, f"{task['task_id']}: answer {got} != ground truth {want}"
    _check_python(task, tr)
    s = _score(task, tr)
    assert (s["TF"], s["CS"], s["QP"], s["EA"]) == (1, 1, 1, 1), (task["task_id"], {k: s[k] for k in ("TF", "CS", "QP", "EA")},
                                                                   s["details"].get("evidence"))
    return s


def _check_python(task, tr):
    """The arithmetic done in run_python (conversions, written-out formulas) agrees with the ground truth."""
    from medmcp_calc.scenarios.solver import FORMULAS

    outs = [r for c, r in tr.steps if c.name == "run_python"]
    if not outs:
        return
    text = outs[0]
    assert "Error" not in text and "Traceback" not in text, text
    for c in task["ground_truth"]["calculators"]:
        if c["id"] in FORMULAS:
            line = next(l for l in text.splitlines() if l.startswith(c["name"] + " "))
            got = float(line[len(c["name"]) + 1:])
            assert abs(got - c["value"]) <= max(c["abs_tol"], abs(c["value"]) * c["rel_tol"], 1e-9), (task["task_id"], line)


def test_reference_solver_scores_one_on_every_test_task(scenario_db):
    _, db = scenario_db
    tools = LocalTools(db)
    tasks = load_tasks("test")
    assert len(tasks) >= 118
    used = set()
    for task in tasks:
        tr = solve(task, tools)
        s = _check(task, tr)
        used.update(s["details"]["tool_counts"])
    # it used the whole tool kit: schema, SQL, reference pages, Python
    assert {"describe_tables", "run_read_only_sql", "fetch", "run_python"} <= used


def test_reference_solver_on_500_train_tasks(scenario_db):
    _, db = scenario_db
    tools = LocalTools(db, python=False)
    for task in train_tasks(TRAIN_IN_DB):
        _check(task, solve(task, tools))


def test_solver_policy_is_a_pure_function_of_the_transcript(scenario_db):
    _, db = scenario_db
    tools = LocalTools(db)
    task = load_tasks("test")[0]
    p1, p2 = ReferencePolicy(task), ReferencePolicy(task)
    hist = []
    while True:
        a1, a2 = p1.next_action(hist), p2.next_action(list(hist))
        assert a1 == a2
        if isinstance(a1, FinalAnswer):
            break
        hist.append((a1, tools[a1.name](a1.arguments)))
    assert hist[0][0].name == "describe_tables"


def test_wrong_patient_data_is_detected(scenario_db):
    """Feeding the policy another patient's SQL results changes its answer: values come from the EHR."""
    _, db = scenario_db
    tools = LocalTools(db, python=False)
    t1, t2 = load_tasks("test")[0], load_tasks("test")[1]
    assert t1["scenario_id"] == t2["scenario_id"]
    pol = ReferencePolicy(t1, use_python=False)
    hist = []
    for call in pol.plan():
        args = dict(call.arguments)
        if call.name == "run_read_only_sql":
            args["query"] = args["query"].replace(t1["patient_id"], t2["patient_id"])
        hist.append((call, tools[call.name](args)))
    final = pol.next_action(hist)
    s = score_episode(t1["ground_truth"], final.text, [{"name": c.name, "arguments": c.arguments, "result": r} for c, r in hist],
                      match=match_name)
    assert s["QP"] < 1 and s["EA"] < 1


def test_database_holds_no_answers(scenario_db):
    """Grep every table, for each task's patient, for the task's distinctive output values: values with
    four or more significant digits (and dates) must appear in no cell; shorter ones in no free-text cell
    (a 3-digit value such as 36.7 may legitimately be a temperature)."""
    import re

    from medmcp_calc.scenarios.catalog import TABLE_NAMES
    from medmcp_calc.scenarios.leaks import distinctive_outputs

    _, db = scenario_db
    checked = 0
    for task in load_tasks("test"):
        outs = distinctive_outputs(task)
        if not outs:
            continue
        pid = task["patient_id"]
        for table in TABLE_NAMES:
            res = db.query_rows(f"SELECT * FROM {table} WHERE patient_id = '{pid}'")
            assert res.error is None, res.error
            for row in res.rows:
                for col, cell in zip(res.columns, row):
                    if cell is None:
                        continue
                    text = str(cell)
                    for v in outs:
                        checked += 1
                        sig = len(v.replace(".", "").replace("-", "").lstrip("0"))
                        if sig >= 4 or "-" in v:
                            assert text != v, f"{task['task_id']}: output {v} is the value of {table}.{col}"
                        if isinstance(cell, str) and " " in text:
                            assert not re.search(r"(?<![\d.])" + re.escape(v) + r"(?![\d])", text), (
                                f"{task['task_id']}: output {v} written in {table}.{col}: {text[:200]}")
    assert checked > 1000
