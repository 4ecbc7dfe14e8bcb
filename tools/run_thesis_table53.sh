#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs the setting of Table 5.3 of the MMPTCP thesis (Kheirkhah 2015): FatTree k=8 with 16 hosts
# per ToR (512 hosts, 4:1 oversubscribed), 100 Mb/s links, 20 us, DropTail 100 packets, MSS 1400,
# initial window 1 segment, every segment ACKed, RTOmin 200 ms, permutation matrix, Sim_Mix with
# 33% long-flow hosts and 70 KB short flows arriving at lambda = 256/s from 0.5 s on -- once per
# configuration of Table 5.1 (TCP_Pure, MPTCP_Pure, MPTCP_SFTCP, PS_Pure, PS_SFTCP, MMPTCP) and
# per RNG run, two runs at a time, into one database under one label; then prints the table and
# draws the plots with tools/fct_plots.py.
#
#   bash tools/run_thesis_table53.sh [DURATION_S [RUNS [DB [OUT]]]]
#   e.g. bash tools/run_thesis_table53.sh 2.5 1 results/table53.db results/table53
# The thesis simulates 20 s and 20 runs; one 2.5 s run of the six configurations takes about
# 25 minutes on a 2-core machine. Environment: MPTCP_FATTREE_ARGS="--scheduler=RoundRobin ..."
# adds options to every run (the thesis's own model: "--scheduler=StrictRoundRobin
# --firstDataRto=1.5s --shortFlowStop=2.3" with DURATION 5.5, doc/mptcp.rst), LABEL names the
# runs (default table53-iw1-DURATIONs), JOBS runs at a time (default 2), MPTCP_FATTREE the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-2.5}"
RUNS="${2:-1}"
DB="${3:-results/table53.db}"
OUT="${4:-results/table53}"
BIN="${MPTCP_FATTREE:-build/mptcp-fattree}"
JOBS="${JOBS:-2}"
LABEL="${LABEL:-table53-iw1-${DURATION}s}"
[[ -x "$BIN" ]] || { echo "run_thesis_table53.sh: error: $BIN not built (cmake --build build)" >&2; exit 1; }
mkdir -p "$(dirname "$DB")" "$OUT"
COMMON="--k=8 --hostsPerTor=16 --linkRate=100Mbps --delay=20us --queue=100 --mss=1400 \
--delAckCount=1 --initialCwnd=1 --minRto=200ms --matrix=permutation --workload=mix --shortFlowRate=256 \
--longFlowFraction=0.33 --shortFlowSize=70000 --shortFlowStart=0.5 --duration=$DURATION \
--warmup=0.5 --db=$DB --label=$LABEL --quiet ${MPTCP_FATTREE_ARGS:-}"
CONFIGS=(
  "TCP_Pure --transport=tcp"
  "MPTCP_Pure --transport=mptcp --subflows=8"
  "MPTCP_SFTCP --transport=mptcp --subflows=8 --shortTransport=tcp"
  "PS_Pure --transport=ps"
  "PS_SFTCP --transport=ps --shortTransport=tcp"
  "MMPTCP --transport=mmptcp --subflows=8 --switchThreshold=100000"
)
for run in $(seq 1 "$RUNS"); do
  for cfg in "${CONFIGS[@]}"; do
    echo "$run $cfg"
  done
done | xargs -P "$JOBS" -L 1 bash -c '
  run=$0; name=$1; shift
  echo "[$name run $run] $*" >&2
  '"$BIN"' '"$COMMON"' --RngRun=$run "$@" 2>"'"$OUT"'/$name-$run.log" | tail -1 \
    | sed "s/^/[$name run $run] /"'
python3 tools/fct_plots.py --db "$DB" --label "$LABEL" --out "$OUT"
