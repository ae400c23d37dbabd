"""``medcalc-rl``: GRPO / SFT training, SFT data export and evaluation.

    medcalc-rl export-sft --env medmcp_calc --split train --n 500 --out data/sft/train.jsonl
    medcalc-rl sft  --config rl/configs/sft_qwen3_4b.yaml [--resume auto]
    medcalc-rl grpo --config rl/configs/grpo_qwen3_4b.yaml [--resume auto] [-o grpo.learning_rate=5e-7 ...]
    medcalc-rl eval --config rl/configs/grpo_qwen3_4b.yaml --model runs/grpo-qwen3-4b/final --split test
    medcalc-rl show-config --config rl/configs/grpo_qwen3_4b.yaml

``-o section.key=value`` overrides any config entry (value parsed as YAML). Launch multi-GPU runs with
``accelerate launch`` (see rl/scripts/ and rl/README.md).
"""
from __future__ import annotations

import argparse
from pathlib import Path
import json
import logging
import sys

from .config import load_config, parse_overrides


def _env_kwargs(items):
    return parse_overrides(items) if items else {}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="medcalc-rl", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)

    def common(sp):
        sp.add_argument("--config", required=True, help="YAML run config (rl/configs/*.yaml)")
        sp.add_argument("-o", "--override", action="append", default=[], metavar="SECTION.KEY=VALUE")

    g = sub.add_parser("grpo", help="GRPO training with multi-turn tool rollouts")
    common(g)
    g.add_argument("--resume", default=None, help="checkpoint dir, or 'auto' for the latest in output_dir")
    s = sub.add_parser("sft", help="SFT warm start on exported reference trajectories")
    common(s)
    s.add_argument("--resume", default=None)
    e = sub.add_parser("export-sft", help="export reference-solver trajectories as chat SFT JSONL")
    e.add_argument("--env", default="medmcp_calc")
    e.add_argument("--split", default="train")
    e.add_argument("--n", type=int, default=None)
    e.add_argument("--seed", type=int, default=0)
    e.add_argument("--out", required=True)
    e.add_argument("--keep-unsolved", action="store_true")
    e.add_argument("--max-tool-output-chars", type=int, default=4000)
    e.add_argument("--env-kw", action="append", default=[], metavar="KEY=VALUE", help="environment constructor kwargs")
    v = sub.add_parser("eval", help="play a split once per task with HF generation and print metric means")
    common(v)
    v.add_argument("--model", default=None, help="checkpoint to evaluate (default: the config's model)")
    v.add_argument("--split", default="test")
    v.add_argument("--n", type=int, default=None)
    v.add_argument("--greedy", action="store_true")
    sc = sub.add_parser("show-config", help="print the resolved config")
    common(sc)

    a = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        return _dispatch(a)
    except KeyboardInterrupt:
        return 130
    except (FileNotFoundError, ValueError, KeyError, OSError) as e:  # bad config/paths/args: one clear line
        msg = str(e) if not isinstance(e, KeyError) else f"unknown key {e}"
        print(f"error: {type(e).__name__}: {msg}", file=sys.stderr)
        return 2


def _dispatch(a) -> int:
    if getattr(a, "model", None) and a.cmd == "eval" and not Path(a.model).exists() and a.model.startswith(("/", ".")):
        raise FileNotFoundError(f"checkpoint not found: {a.model}")
    if getattr(a, "config", None) and not Path(a.config).is_file():
        raise FileNotFoundError(f"config file not found: {a.config} (see rl/configs/*.yaml)")

    if a.cmd == "export-sft":
        from .envs import make_env
        from .sft import export_reference

        env = make_env(a.env, **_env_kwargs(a.env_kw))
        summary = export_reference(env, a.split, a.n, a.out, seed=a.seed, only_solved=not a.keep_unsolved,
                                   max_tool_output_chars=a.max_tool_output_chars)
        print(json.dumps(summary, indent=2))
        return 0 if summary["kept"] else 1

    cfg = load_config(a.config, parse_overrides(a.override))
    if a.cmd == "show-config":
        import dataclasses

        print(json.dumps(dataclasses.asdict(cfg), indent=2, default=str))
        return 0
    if a.cmd == "grpo":
        from .train_grpo import train

        train(cfg, resume_from_checkpoint=a.resume)
        return 0
    if a.cmd == "sft":
        from .sft import train_sft

        train_sft(cfg, resume_from_checkpoint=a.resume)
        return 0
    if a.cmd == "eval":
        from .evaluate import evaluate_split

        res = evaluate_split(cfg, a.split, n=a.n, model_path=a.model, greedy=a.greedy)
        print(json.dumps(res, indent=2))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
