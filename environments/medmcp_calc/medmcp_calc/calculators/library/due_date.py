"""Estimated due date from the last menstrual period (Naegele's rule, cycle-length adjusted)."""
from __future__ import annotations

import datetime as dt

from ..base import SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from . import _mcb_reader as mcb


def _add_months(d: dt.date, months: int) -> dt.date:
    y, m = divmod(d.month - 1 + months, 12)
    year, month = d.year + y, m + 1
    day = d.day
    while True:
        try:
            return dt.date(year, month, day)
        except ValueError:
            day -= 1


def _due(lmp: dt.date, cycle_length_days: int, method: str):
    if not 1900 <= lmp.year <= 2200:
        raise CalculatorInputError(f"input 'lmp' (First day of the last menstrual period) = {lmp.isoformat()} "
                                   "is outside the supported years 1900-2200")
    shift = cycle_length_days - 28
    if method == "280_days":
        base = lmp + dt.timedelta(days=280)
    else:  # calendar form: + 1 year - 3 months + 7 days
        base = _add_months(lmp, 9) + dt.timedelta(days=7)
    return base + dt.timedelta(days=shift), {"cycle_adjustment_days": shift,
                                             "conception_estimate": (lmp + dt.timedelta(days=14 + shift)).isoformat()}


def _interpret(value: dt.date, **_: object) -> str:
    return f"estimated due date {value.strftime('%m/%d/%Y')} (40 weeks of gestation)"


def _lmp_from_entities(e: dict) -> str:
    v = mcb.get(e, ("Last menstrual date", "last menstrual period", "LMP"))
    if v is None:
        raise CalculatorInputError("MedCalc-Bench entities lack 'Last menstrual date'")
    return str(v)


def _cycle(e: dict) -> int:
    v = mcb.number(e, ("cycle length", "Cycle length"), name="cycle length")
    return int(round(v))  # type: ignore[arg-type]


DUE_DATE = Calculator(
    id="estimated_due_date",
    name="Estimated Due Date (Naegele's Rule)",
    aliases=("Estimated Due Date", "EDD", "due date by LMP", "Naegele's rule", "Naegele rule", "estimated date of delivery"),
    domains=(SPECIAL,),
    specialty="Obstetrics",
    purpose="Estimates the due date from the first day of the last menstrual period, adjusted for cycle length.",
    inputs=(
        Input("lmp", "First day of the last menstrual period", kind="date",
              ehr=EHRSource("history", ("last menstrual period", "LMP"))),
        Input("cycle_length_days", "Usual menstrual cycle length", kind="integer", unit="days", min=20, max=45,
              optional=True, default=28, ehr=EHRSource("history", ("cycle length", "menstrual cycle"))),
        Input("method", "Date arithmetic", kind="choice", choices=("280_days", "calendar"), optional=True,
              default="280_days",
              description="'280_days': LMP + 280 days (40 weeks, what electronic calculators do); "
                          "'calendar': LMP + 1 year - 3 months + 7 days (the hand form of the rule)",
              ehr=EHRSource("none")),
    ),
    output=Output("date"),
    compute=_due,
    interpret=_interpret,
    citation="Naegele FC. Lehrbuch der Geburtshülfe. Heidelberg; 1830. Cycle adjustment: Mittendorf R, et al. "
             "The length of uncomplicated human gestation. Obstet Gynecol. 1990;75(6):929-932.",
    reference="""# Estimated Due Date (Naegele's Rule)

**Purpose.** Dates a pregnancy from the first day of the last menstrual period (LMP) when no
early ultrasound is available, assuming ovulation 14 days before the next period.

**When to use.** Certain LMP and regular cycles. A first-trimester ultrasound crown-rump length
supersedes LMP dating when they differ by more than about 7 days.

**Inputs.** LMP date; usual cycle length (days, default 28).

**Rule.**
- Due date = LMP + 280 days (40 weeks)  [equivalently, LMP + 1 year - 3 months + 7 days];
- cycle-length adjustment: add (cycle length - 28) days (longer cycles ovulate later).

The two date-arithmetic forms can differ by 1-3 days depending on month lengths; option
`method` selects `280_days` (default) or `calendar`.

**Interpretation.** A date; only ~4-5% of births occur on it, ~90% within two weeks.

**Reference.** Naegele FC, 1830; cycle adjustment as used by obstetric wheels and ACOG
dating guidance (Committee Opinion 700, 2017).
""",
    medcalc_bench_id=13,
    # The benchmark asks for "Naegele's Rule"; its physician-corrected labels use the rule's calendar form
    # (+1 year -3 months +7 days, then +/- (cycle - 28) days) -- 13/13 dev rows -- while the original labels
    # add 280 days but apply the cycle adjustment with the wrong sign (see docs/conformance notes).
    from_medcalc_bench=lambda e: {"lmp": _lmp_from_entities(e), "cycle_length_days": _cycle(e), "method": "calendar"},
)

register(DUE_DATE)
