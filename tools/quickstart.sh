#!/usr/bin/env bash
# The main job, in one command on a fresh Debian 12 machine (as root):
#   installs what it needs (tools/deps.sh quickstart), builds the module and mptcp-fattree
#   against Debian's ns-3.37 (only those: `cmake --build build` builds the rest), runs the
#   FatTree experiment of Raiciu et al. (SIGCOMM 2011, Fig. 2 and 3): k=8 (128 hosts,
#   100 Mb/s), permutation traffic, single-path TCP and MPTCP with 1..8 subflows, 1 s each
#   (0.4 s warm-up), two runs at a time, then stores every run in results/fattree.db and draws
#   results/fig2-*.png, fig3-*.png (mptcp-ns3 fattree: the Python tools, installed by
#   tools/deps.sh from tools/pyproject.toml; mptcp-ns3 --help lists the other experiments).
# Environment: DURATION and WARMUP (simulated seconds), K, JOBS, RUNS override the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/deps.sh quickstart
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build build -j"$(nproc)" --target mptcp-fattree
mkdir -p results
python3 -m mptcp_ns3 fattree --binary build/mptcp-fattree --k "${K:-8}" \
  --duration "${DURATION:-1.0}" --warmup "${WARMUP:-0.4}" --runs "${RUNS:-1}" \
  --jobs "${JOBS:-2}" --db results/fattree.db --out results
