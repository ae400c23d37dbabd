"""The scenario task suite: clinical workflows, synthetic patients in the EHR, exact ground truth,
and a reference solver.

Layout
    ``catalog``      the nine tables' columns, the lab catalogue (names, units, SI alternatives,
                     reference ranges, panels), vital columns, free-text fact phrases
    ``spec``         :class:`Scenario`, :class:`Step`, :class:`Branch` and input references
                     ``F`` (EHR fact), ``O`` (earlier output), ``D`` (derived), ``K`` (constant)
    ``library/``     scenario families, one module each (``SCENARIOS = [...]``)
    ``registry``     ``all_scenarios()``, ``loadable()`` (calculators present, inputs bind, a trial
                     generation succeeds), ``skipped()`` -> {id: reason}
    ``engine``       ``write_patient`` (rows of the nine tables + a :class:`RecordView` of what was
                     written) and ``compute_ground_truth(scenario, view)``
    ``generate``     ``generate(scenario, seed, split) -> Generated(task, written, gt)``
    ``distractors``  ``distractor_tables(n=10_000, seed=0)`` -> row generators per table
    ``build``        splits and files: ``load_tasks(split)``, ``as_dataset(split)``, ``train_tasks(n)``,
                     ``build_ehr(distractors=10_000, train=0, ...)`` (rows for
                     ``medmcp_calc.db.builder.build_database``), ``main`` (``python -m
                     medmcp_calc.scenarios.build --split test [--check]``)
    ``solver``       ``ReferencePolicy(task).next_action(history)`` -> ``ToolCall`` | ``FinalAnswer``;
                     ``solve(task, tools)``; ``LocalTools(db)`` (the agent's tools in-process)
    ``leaks``        question and database leak checks

A task record (one JSONL line) carries ``task_id, split, scenario_id, scenario_version, family,
title, domain, seed, variant, patient_id, visit_id, admission_time, timepoint, question, prompt,
required_calculators`` and ``ground_truth = {required, calculators, evidence, branches, skipped}``:
``required`` and ``evidence`` are the rubric's format (``medcalc_rubrics.score_episode``);
``calculators`` adds, per step, the inputs with their sources (evidence id, earlier step, derived
rule or constant), the output kind, rounding and tolerances (interpretation texts are left out so that
rewording a calculator's risk band does not change the frozen split).
"""
