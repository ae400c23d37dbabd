#!/usr/bin/env bash
# SFT warm start on all GPUs of one node.
#   usage: rl/scripts/launch_sft.sh <sft config.yaml> [zero2|zero3|ddp] [args, e.g. --resume auto]
set -euo pipefail
CONFIG="${1:?usage: $0 <config.yaml> [zero2|zero3|ddp] [args]}"; shift
DS="${1:-zero2}"; [[ $# -gt 0 ]] && shift
HERE="$(cd "$(dirname "$0")" && pwd)"
NPROC="${NPROC:-$(nvidia-smi -L | wc -l)}"
accelerate launch --config_file "$HERE/../configs/accelerate/$DS.yaml" --num_processes "$NPROC" \
  -m medcalc_rl.cli sft --config "$CONFIG" "$@"
