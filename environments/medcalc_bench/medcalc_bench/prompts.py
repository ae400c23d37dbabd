"""Prompts for MedCalc-Bench (our wording)."""
from __future__ import annotations

from medcalc_rubrics.medcalc_bench import format_ground_truth

from .data import Row

ROLE = (
    "You are a meticulous clinical calculation assistant. You are given a patient note and a "
    "question that asks for one medical calculation. Extract the values the calculation needs "
    "from the note, apply the calculator exactly as it is defined, and report the result."
)

FORMATS = (
    "Write the final answer in the form the question needs:\n"
    "- a decimal value: the number only, e.g. {open}73.42{close}\n"
    "- an integer score or count: the whole number only, e.g. {open}4{close}\n"
    "- a date: MM/DD/YYYY, e.g. {open}08/31/2023{close}\n"
    "- a duration in weeks and days: (weeks, days), e.g. {open}(5 weeks, 2 days){close}\n"
    "Put no units, words, formulas or code in the final answer."
)

XML_RULE = "Finish with the final answer inside <answer> and </answer> tags; give exactly one such answer."
BOXED_RULE = "Finish with the final answer inside \\boxed{}; give exactly one boxed answer."
THINK_RULE = "First reason step by step inside <think> and </think>; after </think>, give the final answer."
PLAIN_REASONING = "Reason step by step before giving the final answer."

TOOLS_INTRO = "You can use these tools while working:"
PYTHON_TOOL = "- run_python: runs Python code in a sandbox and returns its printed output (use it for multi-step arithmetic)."
CALCULATOR_TOOL = "- calculator: evaluates one arithmetic expression; convert_units: converts a value between units."
TOOLS_OUTRO = "When you have the result, reply without calling a tool, ending with the final answer."


def wrap(answer: str, answer_format: str) -> str:
    return f"<answer>{answer}</answer>" if answer_format == "xml" else f"\\boxed{{{answer}}}"


def system_prompt(answer_format: str, use_think: bool, python_tool: bool, calculator_tool: bool,
                  example: Row | None = None, instructions: str | None = None) -> str:
    """The system prompt: instructions (ours, or ``instructions`` when given), then the tool list
    when tools are offered, then the one-shot example when given."""
    if answer_format not in ("xml", "boxed"):
        raise ValueError(f"answer_format must be 'xml' or 'boxed', got {answer_format!r}")
    open_, close = ("<answer>", "</answer>") if answer_format == "xml" else ("\\boxed{", "}")
    if instructions is not None:
        parts = [instructions.strip()]
    else:
        parts = [ROLE, THINK_RULE if use_think else PLAIN_REASONING,
                 XML_RULE if answer_format == "xml" else BOXED_RULE,
                 FORMATS.format(open=open_, close=close)]
    if python_tool or calculator_tool:
        lines = [TOOLS_INTRO]
        if python_tool:
            lines.append(PYTHON_TOOL)
        if calculator_tool:
            lines.append(CALCULATOR_TOOL)
        lines.append(TOOLS_OUTRO)
        parts.append("\n".join(lines))
    if example is not None:
        parts.append(one_shot_block(example, answer_format, use_think))
    return "\n\n".join(parts)


def one_shot_block(example: Row, answer_format: str, use_think: bool) -> str:
    answer = wrap(format_ground_truth(example.calculator_id, example.ground_truth), answer_format)
    reasoning = example.explanation.strip() or "(worked solution not available)"
    reply = f"<think>{reasoning}</think>\n{answer}" if use_think else f"{reasoning}\n{answer}"
    return (
        "Here is a solved example for the same calculator.\n\n"
        f"Example patient note:\n{example.patient_note}\n\n"
        f"Example question: {example.question}\n\n"
        f"Example response:\n{reply}"
    )


def user_prompt(row: Row) -> str:
    return f"Patient note:\n{row.patient_note}\n\nQuestion: {row.question}"
