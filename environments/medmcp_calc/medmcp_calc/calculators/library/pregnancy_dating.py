"""Pregnancy dating from the last menstrual period: estimated date of conception and gestational age."""
from __future__ import annotations

import datetime as dt

from ..base import SPECIAL, Calculator, CalculatorInputError, EHRSource, Input, Output, register
from ..officials import find_field, official_text, official_value
from ._entities import need, num

LMP = Input("lmp_date", "First day of the last menstrual period", kind="date",
            ehr=EHRSource("history", ("last menstrual period", "LMP"), note="menstrual history of the admission record"))
CYCLE = Input("cycle_length", "Usual menstrual cycle length", kind="integer", unit="days", min=20, max=45,
              optional=True, default=28, ehr=EHRSource("history", ("menstrual cycle",)))


def conception_date(lmp_date: dt.date, cycle_length: int) -> dt.date:
    """Ovulation (and conception) is taken as 14 days before the next expected period."""
    return lmp_date + dt.timedelta(days=cycle_length - 14)


EDC = Calculator(
    id="estimated_conception_date",
    name="Estimated Date of Conception",
    aliases=("Estimated Conception Date", "Date of conception", "conception date calculator", "Estimated of Conception"),
    domains=(SPECIAL,),
    specialty="Obstetrics",
    purpose="Estimates the date of conception from the last menstrual period and cycle length.",
    inputs=(LMP, CYCLE),
    output=Output("date"),
    compute=conception_date,
    interpret=lambda value, **_: f"estimated conception on {value.strftime('%m/%d/%Y')} (± a few days)",
    citation=("Wilcox AJ, Dunson D, Baird DD. The timing of the 'fertile window' in the menstrual cycle: day "
              "specific estimates from a prospective study. BMJ. 2000;321(7271):1259-1262."),
    reference="""# Estimated Date of Conception

**Purpose.** Dates conception from the menstrual history, for pregnancy dating and counselling.

**When to use.** A known first day of the last menstrual period (LMP) and usual cycle length;
an early ultrasound dates a pregnancy more accurately when the two disagree.

**Inputs.** First day of the LMP; usual cycle length in days (default 28).

**Formula.** Ovulation — and conception, within about a day of it — happens about 14 days before
the next period (the luteal phase is fairly constant), so
conception date = LMP + (cycle length − 14) days; for a 28-day cycle, LMP + 14 days.

**Interpretation.** An estimate: ovulation varies by several days even in regular cycles.
Estimated due date = conception + 266 days.

**Reference.** Wilcox AJ, Dunson D, Baird DD. BMJ. 2000;321:1259-1262 (timing of ovulation and the fertile window).
""",
    medcalc_bench_id=68,
    from_medcalc_bench=lambda e: {
        "lmp_date": need(e, "Last menstrual date", "LMP"),
        "cycle_length": int(num(e, "cycle length", default=28.0)),
    },
    from_official=lambda inputs: {
        "lmp_date": official_text(inputs, ("last menstrual period", "lmp")).strip()[:10],
        **({"cycle_length": int(official_value(inputs, ("cycle length",)))}
           if find_field(inputs, ("cycle length",)) else {}),
    },
)


CURRENT = Input("current_date", "Current date", kind="date", ehr=EHRSource("none", note="the visit or assessment date"))
LMP_OPT = Input("lmp_date", "First day of the last menstrual period", kind="date", optional=True,
                ehr=EHRSource("history", ("last menstrual period", "LMP")))
DUE_OPT = Input("due_date", "Estimated due date", kind="date", optional=True,
                ehr=EHRSource("history", ("due date", "EDD", "expected date of delivery")),
                description="used when no LMP is given: gestational age = 280 days - (due date - current date)")

MAX_DAYS = 45 * 7


def gestational_age(current_date: dt.date, lmp_date: dt.date | None, due_date: dt.date | None) -> tuple[int, int]:
    if lmp_date is not None:
        days = (current_date - lmp_date).days
        if days < 0:
            raise CalculatorInputError("input 'current_date' (Current date) is before 'lmp_date' (last menstrual period)")
    elif due_date is not None:
        days = 280 - (due_date - current_date).days
        if days < 0:
            raise CalculatorInputError("input 'due_date' (Estimated due date) is more than 280 days after 'current_date'")
    else:
        raise CalculatorInputError("Gestational Age: give 'lmp_date' (last menstrual period) or 'due_date' (estimated due date)")
    if days > MAX_DAYS:
        raise CalculatorInputError(
            f"gestational age of {days} days (> 45 weeks) is not plausible: check 'current_date' and 'lmp_date'/'due_date'"
        )
    return days // 7, days % 7


def _ga_interpret(value: tuple[int, int], **_: object) -> str:
    w = value[0]
    tri = "first trimester" if w < 14 else "second trimester" if w < 28 else "third trimester"
    term = ""
    if w >= 42:
        term = "; post-term (>= 42 weeks)"
    elif w >= 37:
        term = "; term (37-41 weeks)"
    return f"{value[0]} weeks {value[1]} days: {tri}{term}"


def _ga_official(inputs: list) -> dict:
    out = {"current_date": official_text(inputs, ("current date", "today")).strip()[:10]}
    if find_field(inputs, ("last menstrual period", "lmp")) is not None:
        out["lmp_date"] = official_text(inputs, ("last menstrual period", "lmp")).strip()[:10]
    if find_field(inputs, ("due date",)) is not None:
        out["due_date"] = official_text(inputs, ("due date",)).strip()[:10]
    return out


GESTATIONAL_AGE = Calculator(
    id="gestational_age",
    name="Estimated Gestational Age",
    aliases=("Gestational Age", "gestational age calculator", "GA", "weeks of pregnancy", "gestational age by LMP"),
    domains=(SPECIAL,),
    specialty="Obstetrics",
    purpose="Gestational age in weeks and days from the last menstrual period (or the due date) and today's date.",
    inputs=(CURRENT, LMP_OPT, DUE_OPT),
    output=Output("weeks_days"),
    compute=gestational_age,
    interpret=_ga_interpret,
    citation=("American College of Obstetricians and Gynecologists. Committee Opinion No. 700: Methods for "
              "estimating the due date. Obstet Gynecol. 2017;129(5):e150-e154."),
    reference="""# Estimated Gestational Age

**Purpose.** Expresses how far a pregnancy has progressed, in completed weeks and days, counted
from the first day of the last menstrual period (LMP) — the obstetric convention.

**When to use.** Every antenatal visit: timing screening tests, interpreting fetal growth, deciding
on term, preterm or post-term management.

**Inputs.** Current date; first day of the LMP — or, if only the due date is known, the estimated
due date (EDD).

**Formula.**
- From the LMP: days = current date − LMP; gestational age = days ÷ 7 weeks, remainder days.
- From the due date: days = 280 − (EDD − current date).

**Interpretation.** First trimester to 13+6 weeks, second 14+0 to 27+6, third from 28+0.
Preterm < 37+0 weeks, term 37+0 to 41+6, post-term ≥ 42+0. When early ultrasound (crown-rump length)
differs from LMP dating by more than the ACOG thresholds, ultrasound dating is used.

**Reference.** ACOG Committee Opinion No. 700: Methods for estimating the due date. Obstet Gynecol. 2017;129:e150-e154.
""",
    medcalc_bench_id=69,
    from_medcalc_bench=lambda e: {
        "current_date": need(e, "Current Date"),
        "lmp_date": need(e, "Last menstrual date", "LMP"),
    },
    official_names=("Gestational Age",),
    from_official=_ga_official,
    to_official=lambda r: f"{r.value[0]} Weeks {r.value[1]} Days",
)

register(EDC, GESTATIONAL_AGE)
