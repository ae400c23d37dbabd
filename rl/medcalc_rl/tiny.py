"""Tiny, fully offline Qwen3-style model + tokenizer for CPU tests, CI and GPU smoke runs.

Nothing here touches a model hub: the tokenizer is a byte-level BPE trained on the fly with
``tokenizers`` on a small built-in corpus (plus any extra text passed in), carries the Qwen3 special
tokens, and uses TRL's Qwen3-Instruct-2507 chat template (the template of the paper's CalcMate base),
so tool calls render exactly as ``<tool_call>\\n{"name": ..., "arguments": ...}\\n</tool_call>`` and tool
results as ``<tool_response>`` blocks inside a user turn. The model is a ``Qwen3ForCausalLM`` built
from a ``Qwen3Config`` with random weights.

Only torch, transformers (and its ``tokenizers`` dependency) and trl are imported, so
``bench/bench_rl.py --env smoke`` can use this module on a machine without the rest of the workspace.
"""
from __future__ import annotations

from typing import Iterable

QWEN3_SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
# In Qwen3 these are added tokens but not "special": they must survive decode(skip_special_tokens=True).
QWEN3_TOOL_TOKENS = ["<tool_call>", "</tool_call>", "<tool_response>", "</tool_response>", "<think>", "</think>"]

_BASE_CORPUS = [
    "You are a clinical assistant. Use the tools to query the EHR database and compute clinical scores.",
    '{"name": "run_query", "arguments": {"sql": "SELECT * FROM lab_results WHERE patient_id = 12 ORDER BY charttime"}}',
    '{"name": "describe_tables", "arguments": {"table_names": ["patients", "admissions"]}}',
    '{"name": "python", "arguments": {"code": "print(round(140 - 67, 1) * 72.5 / (72 * 1.1))"}}',
    '{"name": "calculator", "arguments": {"expression": "(140 - 67) * 72.5 / (72 * 1.1)"}}',
    '{"name": "fetch", "arguments": {"page": "creatinine-clearance"}}',
    "patient_id | charttime | itemid | label | value | valuenum | valueuom",
    "creatinine 1.2 mg/dL  potassium 4.1 mmol/L  sodium 138 mEq/L  heart rate 92 bpm  MAP 65 mmHg",
    '```json\n{"calculators": [{"name": "Creatinine Clearance", "value": 61.2, "unit": "mL/min"}], "summary": "ok"}\n```',
    "error: the tool call could not be parsed as JSON. Expected <tool_call>{...}</tool_call>.",
    "0123456789 .,:;!?()[]{}<>=+-*/%_'\"#@&|\\ abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ",
]


def qwen3_chat_template() -> str:
    """TRL's copy of the Qwen3-Instruct-2507 chat template (tools, tool_call, tool_response)."""
    from trl.chat_template_utils import qwen3_instruct_2507_chat_template

    return qwen3_instruct_2507_chat_template


def qwen3_training_chat_template() -> str:
    """The same template with ``{% generation %}`` markers (assistant-only loss in SFT)."""
    from trl.chat_template_utils import qwen3_instruct_2507_training_chat_template

    return qwen3_instruct_2507_training_chat_template


def build_tiny_tokenizer(extra_texts: Iterable[str] = (), vocab_size: int = 1024):
    """Train a byte-level BPE tokenizer in memory and wrap it as a ``PreTrainedTokenizerFast``.

    ``extra_texts`` (e.g. rendered reference trajectories) are added to the training corpus so the
    tokenizer compresses the domain text a little; any string still encodes, byte-level.
    """
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=1,
        special_tokens=list(QWEN3_SPECIAL),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    corpus = list(_BASE_CORPUS) + [t for t in extra_texts if t]
    tok.train_from_iterator(corpus * 2, trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        additional_special_tokens=["<|im_start|>"],
    )
    fast.add_tokens(list(QWEN3_TOOL_TOKENS), special_tokens=False)
    fast.chat_template = qwen3_chat_template()
    fast.padding_side = "left"
    return fast


def build_tiny_model(tokenizer, *, hidden_size: int = 64, num_layers: int = 2, num_heads: int = 4,
                     num_kv_heads: int = 2, intermediate_size: int = 128, max_position_embeddings: int = 8192,
                     seed: int = 0, dtype=None):
    """A randomly initialised ``Qwen3ForCausalLM`` sized for CPU tests (defaults: 2 layers, d=64)."""
    import torch
    from transformers import GenerationConfig, Qwen3Config, Qwen3ForCausalLM

    torch.manual_seed(seed)
    cfg = Qwen3Config(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=intermediate_size,
        num_hidden_layers=num_layers,
        num_attention_heads=num_heads,
        num_key_value_heads=num_kv_heads,
        head_dim=hidden_size // num_heads,
        max_position_embeddings=max_position_embeddings,
        tie_word_embeddings=True,
        bos_token_id=None,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    model = Qwen3ForCausalLM(cfg)
    if dtype is not None:
        model = model.to(dtype)
    model.generation_config = GenerationConfig(
        eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, do_sample=True
    )
    return model
