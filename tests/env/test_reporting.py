"""Report aggregation on hand-built episodes: pass^k, errored rollouts, per-domain averages."""
from __future__ import annotations

import pytest

from medmcp_calc.reporting import pass_hat_k, summarize
from medmcp_calc.traces import Episode

D1 = "Internal Medicine & Organ Systems"
D2 = "Neurology & Psychiatry"


def ep(task, qp, tf=1.0, domain=D1, error=None, metrics=None):
    m = {"TF": tf, "CS": 1.0, "EA": 0.5, "QP": qp, "calls_sql": 2.0, "calls_total": 3.0, "turns": 4.0}
    return Episode(run="r", line=1, task_id=task, split="test", domain=domain, scenario="s", model="m",
                   metrics=m if metrics is None else metrics, reward=None, ok=error is None, stop_condition=None,
                   error=error, ground_truth={})


def test_pass_hat_k_by_hand():
    # task A solved 3 of 4 rollouts, task B 1 of 4, task C 4 of 4
    eps = [ep("A", q) for q in (1, 1, 1, 0)] + [ep("B", q) for q in (1, 0, 0, 0)] + [ep("C", 1) for _ in range(4)]
    # pass^1 = mean(3/4, 1/4, 1) = 2/3 ; pass^2 = mean(C(3,2)/C(4,2)=3/6, 0, 1) = 1/2 ; pass^4 = mean(0, 0, 1) = 1/3
    assert pass_hat_k(eps, 1) == pytest.approx(100 * 2 / 3)
    assert pass_hat_k(eps, 2) == pytest.approx(50.0)
    assert pass_hat_k(eps, 4) == pytest.approx(100 / 3)
    assert pass_hat_k(eps, 5) is None  # fewer than k rollouts
    # TF = 0 means not solved even with QP = 1
    assert pass_hat_k([ep("A", 1, tf=0.0)], 1) == 0.0
    s = summarize(eps)
    assert set(s["pass_k"]) == {1, 2, 3, 4}


def test_errored_rollouts_count_zero_not_dropped():
    eps = [ep("A", 1.0), ep("B", 0.0, error="context length exceeded", metrics={})]
    s = summarize(eps)
    assert s["overall"]["QP"] == pytest.approx(50.0)  # (1 + 0) / 2, not 1 / 1
    assert s["overall"]["TF"] == pytest.approx(50.0)
    assert s["errored"] == 1


def test_per_domain_and_tool_means():
    eps = [ep("A", 1.0, domain=D1), ep("B", 0.0, domain=D2), ep("C", 0.5, domain=D2)]
    s = summarize(eps)
    assert s[D1]["QP"] == pytest.approx(100.0) and s[D2]["QP"] == pytest.approx(25.0)
    assert s[D2]["n"] == 2
    assert s["tools"]["sql"] == pytest.approx(2.0) and s["tools"]["turns"] == pytest.approx(4.0)
    assert s["Critical Care & Perioperative Medicine"]["QP"] is None  # no tasks there: shown as "–"
