"""One module per calculator (or small family). Each module calls ``register(...)``.

Convention (see ``bmi.py``): build ``Calculator(...)`` objects with typed inputs
(with units, ranges and EHR sources), a ``compute`` function written from the
published definition, an ``Output`` with rounding and grading tolerance, a
Markdown ``reference`` page written for this project, and optional adapters for
MedCalc-Bench rows (``medcalc_bench_id`` + ``from_medcalc_bench``) and official
MedMCP-Calc answers (``official_names`` + ``from_official``).
"""
