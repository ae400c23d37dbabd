"""Small helpers shared by the scenario families."""
from __future__ import annotations

import math
import random
from typing import Any

from ..spec import Ctx, Facts, pick, u

MALE, FEMALE = "male", "female"


def body(rng: random.Random, sex: str | None = None, age: tuple[int, int] = (35, 85), bmi: tuple[float, float] = (19, 34),
         ) -> dict[str, Any]:
    sex = sex or pick(rng, (MALE, FEMALE))
    h = round(rng.gauss(176 if sex == MALE else 163, 7))
    h = min(max(h, 148), 198)
    b = rng.uniform(*bmi)
    w = round(b * (h / 100) ** 2, 1)
    return {"age": rng.randint(*age), "sex": sex, "height": float(h), "weight": w}


def bmi_of(f: dict[str, Any]) -> float:
    return f["weight"] / (f["height"] / 100) ** 2


def ibw(sex: str, height_cm: float) -> float:
    inches = height_cm / 2.54
    return (50.0 if sex == MALE else 45.5) + 2.3 * (inches - 60)


def obese_branch(ctx: Ctx) -> str:
    """Actual weight above 120% of ideal -> adjusted weight (a common dosing rule)."""
    w, h, s = ctx.f("weight"), ctx.f("height"), ctx.f("sex")
    return "adjusted" if w > 1.2 * ibw(s, h) else "actual"


def creat_series(rng: random.Random, changing: bool, base: float | None = None, hours=(2.0, 26.0, 50.0)):
    """Creatinine over the stay: stable (within 10%) or rising by >= 50% and >= 0.3 mg/dL."""
    b = base if base is not None else u(rng, 0.8, 1.6, 2)
    if not changing:
        vals = [round(b * (1 + rng.uniform(-0.06, 0.06)), 2) for _ in hours]
    else:
        factor = rng.uniform(1.7, 2.6)
        vals = [round(b * (1 + (factor - 1) * i / (len(hours) - 1)), 2) for i in range(len(hours))]
    hh = [h + rng.uniform(-1.5, 1.5) for h in hours]
    return list(zip(hh, vals))


def creat_changing(ctx: Ctx) -> str:
    s = [v for _, v in ctx.series["creatinine"]]
    lo, hi = min(s), max(s)
    return "changing" if (hi - lo >= 0.3 and hi >= 1.5 * lo) else "stable"


def hx(rng: random.Random, keys: tuple[str, ...], p: float = 0.4) -> dict[str, bool]:
    return {k: rng.random() < p for k in keys}


def facts(values: dict[str, Any], **kw) -> Facts:
    return Facts(values=values, **kw)


def clamp(x: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, x))


def ceil_half(x: float) -> float:
    return math.ceil(x * 2) / 2


def ph_from(hco3: float, paco2: float) -> float:
    """Henderson-Hasselbalch: a pH consistent with the bicarbonate and PaCO2."""
    return round(6.1 + math.log10(hco3 / (0.03 * paco2)), 2)
