"""Pure scoring for medical-calculator agents (no database, no verifiers import).

- :mod:`.answer` — the final-answer format (:data:`ANSWER_FORMAT_INSTRUCTIONS`) and its parser;
- :mod:`.values` — numbers, categories, dates, (weeks, days), tolerances;
- :mod:`.evidence` — did a database value appear in tool output;
- :mod:`.episode` — :func:`score_episode` → TF / CS / QP / EA + details;
- :mod:`.judge` — optional LLM-judge extractor (OpenAI-compatible endpoint);
- :mod:`.medcalc_bench` — MedCalc-Bench answer extraction and grading rules.
"""
from .answer import ANSWER_FORMAT_INSTRUCTIONS, AnswerItem, ParsedAnswer, parse_final_answer
from .episode import (
    EvidenceItem,
    GroundTruth,
    RequiredCalc,
    assistant_turns,
    final_text_from_messages,
    score_episode,
    tool_calls_from_messages,
    tool_usage,
)
from .evidence import value_in_text
from .values import normalize_category, values_match

__all__ = [
    "ANSWER_FORMAT_INSTRUCTIONS", "AnswerItem", "ParsedAnswer", "parse_final_answer",
    "EvidenceItem", "GroundTruth", "RequiredCalc", "score_episode", "tool_usage", "tool_calls_from_messages",
    "final_text_from_messages", "assistant_turns",
    "value_in_text", "normalize_category", "values_match",
]
