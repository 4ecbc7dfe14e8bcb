#!/usr/bin/env bash
# The distributed-run check of issue 18 (ns-3's MPI distributed simulator, DatacenterPartition):
# the same mptcp-fattree run, sequential (no MPI) and on 2 MPI ranks (mpirun -np 2 ... --mpi),
# must give the same results: every row and column of every table of the results database
# except the wall-clock time and date (runs.wall_s, runs.created_utc).
#
#   tools/ci/mpi-check.sh MPTCP_FATTREE_BINARY [extra mptcp-fattree options]
#
# Default run: k=4 FatTree (16 hosts), MPTCP with 4 subflows, permutation, 0.6 s with a 0.2 s
# warm-up, hot spot of 2 links (so that the link, flow and hot-spot counters of both ranks are
# combined), and the same with --workload=mix (short flows: per-flow FCTs, RTO counts).
# Needs mpirun (Open MPI); runs as root with --allow-run-as-root. Exit 0 if all runs agree.
set -euo pipefail
bin=${1:?usage: tools/ci/mpi-check.sh MPTCP_FATTREE_BINARY [options]}
shift
extra=("$@")
command -v mpirun >/dev/null || { echo "mpi-check.sh: mpirun not found (apt-get install openmpi-bin)" >&2; exit 1; }
say() { echo "[mpi-check.sh] $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Open MPI in a container: root needs explicit consent; 2 ranks may exceed the detected slots;
# no ptrace-based single copy between ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_rmaps_base_oversubscribe=1

compare() {
  python3 - "$1" "$2" <<'EOF'
import sqlite3, sys
a, b = (sqlite3.connect(p) for p in sys.argv[1:3])
tables = [r[0] for r in a.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
bad = 0
rows_total = 0
for t in tables:
    cols = [r[1] for r in a.execute(f"PRAGMA table_info({t})")
            if r[1] not in ("wall_s", "created_utc")]
    q = f"SELECT {', '.join(cols)} FROM {t} ORDER BY rowid"
    ra, rb = a.execute(q).fetchall(), b.execute(q).fetchall()
    rows_total += len(ra)
    if ra != rb:
        bad += 1
        print(f"  table {t}: {len(ra)} rows sequential, {len(rb)} on 2 ranks")
        for x, y in zip(ra, rb):
            if x != y:
                for c, u, v in zip(cols, x, y):
                    if u != v:
                        print(f"    first difference: {c}: {u!r} (sequential) != {v!r} (2 ranks)")
                break
print(f"  {len(tables)} tables, {rows_total} rows compared")
sys.exit(1 if bad else 0)
EOF
}

failed=0
run_pair() {
  local name=$1
  shift
  local args=(--k=4 --transport=mptcp --subflows=4 --duration=0.6 --warmup=0.2 --hotspot=2
              --quiet=true "$@" "${extra[@]}")
  # --mpi orders same-instant arrivals at the switches by ingress port (--arrivalOrder=ingress,
  # so that the split does not change the results): the sequential run does the same.
  say "$name: $(basename "$bin") --arrivalOrder=ingress ${args[*]}"
  "$bin" --arrivalOrder=ingress "${args[@]}" --db="$tmp/$name-1.db" > "$tmp/$name-1.out"
  tail -n 1 "$tmp/$name-1.out"
  say "$name: mpirun -np 2 $(basename "$bin") --mpi ${args[*]}"
  mpirun -np 2 "$bin" --mpi "${args[@]}" --db="$tmp/$name-2.db" > "$tmp/$name-2.out"
  tail -n 1 "$tmp/$name-2.out"
  if compare "$tmp/$name-1.db" "$tmp/$name-2.db"; then
    say "PASS $name: same results sequential and on 2 ranks"
  else
    say "FAIL $name: results differ between the sequential run and 2 ranks"
    failed=1
  fi
}
run_pair long
run_pair mix --workload=mix --shortFlowRate=400 --shortTransport=tcp --shortFlowStart=0.25
exit $failed
