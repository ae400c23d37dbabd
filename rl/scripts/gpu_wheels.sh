#!/usr/bin/env bash
# Download the wheels a bare GPU machine (Python 3.12, x86-64, torch + transformers + accelerate +
# pyarrow + pandas preinstalled, no network) needs for bench/bench_rl.py --env smoke:
# trl and datasets (pure Python) and datasets' dill/multiprocess. Run it on a machine with PyPI access:
#
#   rl/scripts/gpu_wheels.sh [DEST=.whl]
#
# then, on the GPU machine, from the repository root:
#
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
#   python3 bench/bench_rl.py --env smoke --hidden 1024 --layers 12 --generations 8 --batch 16 \
#       --max-tokens-per-turn 128 --max-completion 1024 --steps 5 --results rl_gpu.md --json rl_gpu.json
#
# The versions are the ones the workspace pins (rl/pyproject.toml) and tests with.
set -euo pipefail
dest="${1:-.whl}"
py="${PYTHON:-python3}"
mkdir -p "$dest"
"$py" -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  --platform any -d "$dest" \
  "trl==1.16.0" "datasets==5.2.0" "dill==0.4.1" "multiprocess==0.70.19"
ls -l "$dest"
