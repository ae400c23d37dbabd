"""Fixtures for the RL tests: an offline tiny Qwen3 tokenizer (trained on the fly, TRL's Qwen3 template)."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")


@pytest.fixture(scope="session")
def tiny_tokenizer():
    from medcalc_rl.tiny import build_tiny_tokenizer

    return build_tiny_tokenizer()


@pytest.fixture(scope="session")
def codec(tiny_tokenizer):
    from medcalc_rl.chat import ChatCodec

    return ChatCodec(tiny_tokenizer)
