#!/usr/bin/env bash
# Start TRL's vLLM generation server (vLLM <= 0.31) for GRPO "server" mode.
#   usage: rl/scripts/launch_vllm_server.sh <model path or hub id> [extra `trl vllm-serve` args]
# env: VLLM_GPUS (default 0), VLLM_TP (tensor parallel, default 1), VLLM_DP (data parallel, default 1),
#      VLLM_PORT (8000), VLLM_MAX_LEN (16384), VLLM_MEM (0.9)
# The trainer connects with grpo.vllm_server_base_url=http://<host>:$VLLM_PORT and pushes its weights
# to the server after every optimizer step (NCCL group on port grpo.vllm_group_port, default 51216).
set -euo pipefail
MODEL="${1:?usage: $0 <model> [extra args]}"; shift || true
export CUDA_VISIBLE_DEVICES="${VLLM_GPUS:-0}"
exec trl vllm-serve \
  --model "$MODEL" \
  --tensor-parallel-size "${VLLM_TP:-1}" \
  --data-parallel-size "${VLLM_DP:-1}" \
  --host 0.0.0.0 --port "${VLLM_PORT:-8000}" \
  --gpu-memory-utilization "${VLLM_MEM:-0.9}" \
  --max-model-len "${VLLM_MAX_LEN:-16384}" \
  --dtype bfloat16 \
  --enable-prefix-caching true \
  "$@"
