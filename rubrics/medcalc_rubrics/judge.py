"""Optional LLM-judge extractor for free-form final answers (off by default).

The paper grades free-text answers with an LLM judge. We keep the judge's role narrow: it only
*extracts* per-calculator results from the agent's text into our JSON answer format; grading stays
deterministic (:func:`medcalc_rubrics.episode.score_episode` with ``extractor=...``). Any
OpenAI-compatible chat-completions endpoint works::

    judge = JudgeExtractor(base_url="http://localhost:8000/v1", model="my-judge")
    score_episode(gt, text, calls, match=match_name, extractor=judge)

The judge's reply is parsed like an agent answer (JSON only, no free-text fallback, never evaluated).
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from .answer import ParsedAnswer, parse_json_block

JUDGE_SYSTEM_PROMPT = """\
You convert a clinician's free-text write-up into structured data. Read the write-up and list
every medical calculator or score it reports a result for. Do not compute, correct or add
anything: copy the reported results only. Reply with one JSON object and nothing else:
{"calculators": [{"name": "<calculator name as written>", "value": <number, or string for a
category/date>, "unit": "<unit or empty string>"}], "summary": ""}
If the write-up reports no calculator result, reply {"calculators": [], "summary": ""}."""


@dataclass
class JudgeExtractor:
    base_url: str
    model: str
    api_key: str | None = None
    api_key_var: str = "JUDGE_API_KEY"
    timeout: float = 60.0
    max_chars: int = 30_000

    def messages(self, text: str) -> list[dict]:
        return [
            {"role": "system", "content": JUDGE_SYSTEM_PROMPT},
            {"role": "user", "content": "Write-up:\n\n" + text[-self.max_chars:]},
        ]

    def __call__(self, text: str) -> ParsedAnswer:
        import httpx

        key = self.api_key or os.environ.get(self.api_key_var) or "EMPTY"
        url = self.base_url.rstrip("/") + "/chat/completions"
        body = {"model": self.model, "messages": self.messages(text), "temperature": 0}
        try:
            resp = httpx.post(url, json=body, headers={"Authorization": f"Bearer {key}"}, timeout=self.timeout)
            resp.raise_for_status()
            content = resp.json()["choices"][0]["message"]["content"] or ""
        except (httpx.HTTPError, KeyError, IndexError, TypeError, ValueError) as e:
            raise RuntimeError(f"judge endpoint {url} failed: {e}") from e
        parsed = parse_json_block(content if "```" in content else f"```json\n{content}\n```")
        if parsed is None:
            return ParsedAnswer(source="judge", error="judge reply had no JSON answer object")
        parsed.source = "judge"
        return parsed
