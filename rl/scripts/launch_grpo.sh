#!/usr/bin/env bash
# One-node GRPO: vLLM server on VLLM_GPUS, trainer processes on TRAIN_GPUS (accelerate + DeepSpeed).
#   usage: rl/scripts/launch_grpo.sh <config.yaml> [zero2|zero3|ddp] [extra medcalc-rl args, e.g. --resume auto]
# env: VLLM_GPUS (0), TRAIN_GPUS (1,2,3,4,5,6,7), VLLM_TP (1), VLLM_PORT (8000), MODEL (overrides the
#      config's model.name_or_path for the server; it must be the same weights the trainer starts from)
set -euo pipefail
CONFIG="${1:?usage: $0 <config.yaml> [zero2|zero3|ddp] [args]}"; shift
DS="${1:-zero2}"; [[ $# -gt 0 ]] && shift
HERE="$(cd "$(dirname "$0")" && pwd)"
TRAIN_GPUS="${TRAIN_GPUS:-1,2,3,4,5,6,7}"
NPROC=$(awk -F, '{print NF}' <<<"$TRAIN_GPUS")
MODEL="${MODEL:-$(python -m medcalc_rl.cli show-config --config "$CONFIG" | python -c 'import json,sys; print(json.load(sys.stdin)["model"]["name_or_path"])')}"
PORT="${VLLM_PORT:-8000}"

VLLM_PORT="$PORT" "$HERE/launch_vllm_server.sh" "$MODEL" > "${VLLM_LOG:-vllm_server.log}" 2>&1 &
VLLM_PID=$!
trap 'kill $VLLM_PID 2>/dev/null || true' EXIT
echo "vLLM server pid $VLLM_PID on GPUs ${VLLM_GPUS:-0}, waiting for http://127.0.0.1:$PORT/health/ ..."
for _ in $(seq 1 180); do
  curl -sf "http://127.0.0.1:$PORT/health/" >/dev/null && break
  kill -0 $VLLM_PID 2>/dev/null || { echo "vLLM server died; see ${VLLM_LOG:-vllm_server.log}"; exit 1; }
  sleep 5
done

CUDA_VISIBLE_DEVICES="$TRAIN_GPUS" accelerate launch \
  --config_file "$HERE/../configs/accelerate/$DS.yaml" --num_processes "$NPROC" \
  -m medcalc_rl.cli grpo --config "$CONFIG" \
  -o grpo.vllm_server_base_url="http://127.0.0.1:$PORT" "$@"
