"""Glasgow Coma Scale."""
from __future__ import annotations

from ..base import CRITICAL, NEURO, Calculator, CalculatorInputError, EHRSource, Input, Output, Result, register
from ..officials import find_field
from . import _mcb_reader as mcb
from ._official_extra import score_of

NT = "not testable"
EYE = {"spontaneous": 4, "to verbal command": 3, "to pain": 2, "none": 1, NT: None}
VERBAL = {"oriented": 5, "confused": 4, "inappropriate words": 3, "incomprehensible sounds": 2, "none": 1, NT: None}
MOTOR = {"obeys commands": 6, "localizes pain": 5, "withdraws from pain": 4, "abnormal flexion": 3,
         "extension": 2, "none": 1, NT: None}


def _gcs(eye: str, verbal: str, motor: str):
    e, v, m = EYE[eye], VERBAL[verbal], MOTOR[motor]
    nt = [name for name, x in (("eye", e), ("verbal", v), ("motor", m)) if x is None]
    # A component that cannot be tested (swelling, intubation, paralysis) is reported as NT; for the
    # numeric total it counts as its lowest value, 1, so the total is a lower bound.
    total = (e or 1) + (v or 1) + (m or 1)
    details = {"eye": e if e is not None else "NT", "verbal": v if v is not None else "NT",
               "motor": m if m is not None else "NT", "not_testable": nt,
               "notation": f"E{e if e is not None else '(NT)'} V{v if v is not None else '(NT)'} M{m if m is not None else '(NT)'}"}
    return total, details


def _interpret(value: int, **_: object) -> str:
    if value <= 8:
        return "GCS <= 8: severe brain injury / coma (consider airway protection)"
    if value <= 12:
        return "GCS 9-12: moderate brain injury"
    return "GCS 13-15: mild brain injury"


def _to_official(res: Result):
    d = res.details
    if d.get("not_testable"):
        return " ".join(f"{k[0].upper()}({d[k]})" for k in ("eye", "verbal", "motor"))
    return res.value


_MCB_EYE = {"spontaneous": "spontaneous", "verbal": "to verbal command", "speech": "to verbal command",
            "pain": "to pain", "no eye": "none", "not testable": NT}
_MCB_VERBAL = {"oriented": "oriented", "confused": "confused", "inappropriate": "inappropriate words",
               "incomprehensible": "incomprehensible sounds", "no verbal": "none", "not testable": NT}
_MCB_MOTOR = {"obeys": "obeys commands", "localiz": "localizes pain", "withdraw": "withdraws from pain",
              "flexion": "abnormal flexion", "extension": "extension", "no motor": "none", "not testable": NT}


def _pick(text: str, table: dict[str, str], what: str) -> str:
    t = text.strip().lower()
    for k, v in table.items():
        if k in t:
            return v
    raise CalculatorInputError(f"cannot read the {what} response from {text!r}")


def _official_component(inputs: list, keyword: str, points: dict[str, int | None], table: dict[str, str]) -> str:
    entry = find_field(inputs, (f"{keyword} response", keyword))
    if entry is None:
        raise CalculatorInputError(f"official GCS inputs have no {keyword} response")
    s = score_of(inputs, (f"{keyword} response", keyword))
    if s is not None:
        for name, p in points.items():
            if p == int(s):
                return name
    text = str(entry.get("value", "")).lower()
    if "not testable" in text or "(nt)" in text or "intubated" in text:
        return NT
    return _pick(text, table, keyword)


GCS = Calculator(
    id="glasgow_coma_scale",
    name="Glasgow Coma Scale (GCS)",
    aliases=("GCS", "Glasgow Coma Scale", "Glasgow Coma Score", "Glasgow coma scale score"),
    domains=(CRITICAL, NEURO),
    specialty="Neurology / Emergency Medicine",
    purpose="Grades the level of consciousness from the best eye, verbal and motor responses.",
    inputs=(
        Input("eye", "Best eye response", kind="choice", choices=tuple(EYE),
              description="spontaneous 4; to verbal command 3; to pain 2; none 1; not testable (NT)",
              ehr=EHRSource("exam", ("GCS", "eye opening"))),
        Input("verbal", "Best verbal response", kind="choice", choices=tuple(VERBAL),
              description="oriented 5; confused 4; inappropriate words 3; incomprehensible sounds 2; none 1; "
                          "not testable (intubated)", ehr=EHRSource("exam", ("GCS", "verbal response"))),
        Input("motor", "Best motor response", kind="choice", choices=tuple(MOTOR),
              description="obeys commands 6; localizes pain 5; withdraws from pain 4; abnormal flexion 3; "
                          "extension 2; none 1; not testable", ehr=EHRSource("exam", ("GCS", "motor response"))),
    ),
    output=Output("score", unit="points"),
    compute=_gcs,
    interpret=_interpret,
    citation="Teasdale G, Jennett B. Assessment of coma and impaired consciousness. A practical scale. "
             "Lancet. 1974;2(7872):81-84.",
    reference="""# Glasgow Coma Scale (GCS)

**Purpose.** A standard, reproducible description of the level of consciousness after brain
injury or in any acutely ill patient; serial scores track deterioration.

**When to use.** Head injury, stroke, intoxication, sepsis, any altered mental status. In
children under 2 use the paediatric GCS.

**Inputs.** Best eye, verbal and motor responses (or not testable).

**Components.**
| Eye opening | | Verbal response | | Motor response | |
|---|---|---|---|---|---|
| Spontaneous | 4 | Oriented | 5 | Obeys commands | 6 |
| To verbal command | 3 | Confused | 4 | Localizes pain | 5 |
| To pain | 2 | Inappropriate words | 3 | Withdraws from pain | 4 |
| None | 1 | Incomprehensible sounds | 2 | Abnormal flexion (decorticate) | 3 |
| | | None | 1 | Extension (decerebrate) | 2 |
| | | | | None | 1 |

Total 3-15. A component that cannot be assessed (eye swelling, intubation, paralysis) is
recorded as NT (e.g. "E3 V(NT) M5"); this library's numeric total counts an NT component as 1.

**Interpretation.** 13-15 mild, 9-12 moderate, 3-8 severe (coma; consider a definitive airway).

**Reference.** Teasdale G, Jennett B. Lancet. 1974;2:81-84.
""",
    medcalc_bench_id=21,
    from_medcalc_bench=lambda e: {
        "eye": _pick(str(mcb.get(e, "Best eye response")), _MCB_EYE, "eye"),
        "verbal": _pick(str(mcb.get(e, "Best verbal response")), _MCB_VERBAL, "verbal"),
        "motor": _pick(str(mcb.get(e, "Best motor response")), _MCB_MOTOR, "motor"),
    },
    official_names=("Glasgow Coma Scale (GCS)",),
    from_official=lambda inputs: {
        "eye": _official_component(inputs, "eye", EYE, _MCB_EYE),
        "verbal": _official_component(inputs, "verbal", VERBAL, _MCB_VERBAL),
        "motor": _official_component(inputs, "motor", MOTOR, _MCB_MOTOR),
    },
    to_official=_to_official,
)

register(GCS)
