#!/usr/bin/env bash
# GRPO with vLLM colocated in every trainer process (no separate server; shares each GPU).
#   usage: rl/scripts/launch_grpo_colocate.sh <config.yaml> [zero2|zero3|ddp] [args]
# env: TRAIN_GPUS (0,1,...,7), VLLM_MEM (0.3: fraction of each GPU for vLLM weights + KV cache)
set -euo pipefail
CONFIG="${1:?usage: $0 <config.yaml> [zero2|zero3|ddp] [args]}"; shift
DS="${1:-zero2}"; [[ $# -gt 0 ]] && shift
HERE="$(cd "$(dirname "$0")" && pwd)"
TRAIN_GPUS="${TRAIN_GPUS:-0,1,2,3,4,5,6,7}"
NPROC=$(awk -F, '{print NF}' <<<"$TRAIN_GPUS")
CUDA_VISIBLE_DEVICES="$TRAIN_GPUS" accelerate launch \
  --config_file "$HERE/../configs/accelerate/$DS.yaml" --num_processes "$NPROC" \
  -m medcalc_rl.cli grpo --config "$CONFIG" \
  -o grpo.vllm_mode=colocate -o grpo.vllm_gpu_memory_utilization="${VLLM_MEM:-0.3}" "$@"
# Keep grpo.vllm_enable_sleep_mode off: with sleep level 2 TRL re-pushes the weights before *every*
# generate call, i.e. once per turn of a multi-turn rollout.
