#!/usr/bin/env bash
# Runs every test of the module, on a fresh Debian 12 machine as well as on a developer's:
#   1. deps        apt-get install of the build dependencies (and matplotlib for the plots);
#   2. python      pytest of the Python tools (tools/tests/: the mptcp-ns3 command line, the
#                  programs' CLI, golden check, docs build);
#   3. standalone  cmake -S . -B build against Debian's libns3-dev 3.37 + ctest
#                  (test-runner suites, build-list check, example smoke runs);
#      fuzz        the libFuzzer targets of the wire parsers (tools/fuzz.sh: clang-14, ASan +
#                  UBSan, a few model files against Debian's ns-3), 30 s each from their seed
#                  corpus; fails on any crash, leak, timeout or sanitizer report (~3 min);
#      sanitizers  every test-runner suite, each in its own process, built with AddressSanitizer
#                  (LeakSanitizer included) and UndefinedBehaviorSanitizer against Debian's ns-3
#                  (tools/ci/sanitizers.sh: build-asan/; fails on any sanitizer report);
#   4. wheel       the same build and ctest against PyPI's ns3==3.44.post0 (tools/ci/wheel.sh);
#   5. intree      contrib/mptcp of a real ns-3.48 source tree (../shared/ns3/ns-3.48.tar.xz,
#                  unpacked by tools/ci/ns3-archive.sh), ns-3's default profile, no warning
#                  in the module's files: ./test.py suites + examples + a 2-rank MPI run
#                  (tools/ci/intree.sh);
#   6. waf         contrib/mptcp of an ns-3.35 source tree (the last waf release,
#                  ../shared/ns3/ns-3.35.tar.xz), ./waf configure/build, ./test.py suites + examples
#                  (tools/ci/waf.sh): the debug profile's logs and asserts compiled at -O1 -g0.
# Not run by default (each adds a build of ns-3; CI's time limit): MPTCP_WITH_NEWEST=1 adds
# "newest", the standalone build against Debian sid's libns3-dev 3.48 in a debootstrap'ed root
# (tools/ci/newest.sh); MPTCP_INTREE_NS3=3.37 runs the intree stage on Debian 12's ns-3.37 source
# package (tools/ci/ns3-source.sh) instead of ns-3.48.
# The standalone builds (3, 4) compile with -Wall -Wpedantic -Werror, deprecations included.
# Each stage prints a header and its wall time. Exits non-zero if any stage failed; the last line
# is "N passed, N failed", counting test cases (pytest tests, ctest tests, in-tree suites, examples
# and checks); a stage that fails outside its tests (install, configure, build) counts as one
# failure.
#
# Developer switches (the default runs stages 1-6): MPTCP_SKIP_DEPS=1, MPTCP_SKIP_PYTHON=1,
# MPTCP_SKIP_STANDALONE=1, MPTCP_SKIP_FUZZ=1, MPTCP_SKIP_SANITIZERS=1, MPTCP_SKIP_WHEEL=1,
# MPTCP_SKIP_INTREE=1, MPTCP_SKIP_WAF=1. MPTCP_CACHE_DIR (default /var/cache/mptcp-ns3) holds the
# ns-3 source trees, the wheel and ccache.
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
repo=$(pwd)
say() { echo "deps: $*"; }
# shellcheck source=tools/ci/lib.sh
source tools/ci/lib.sh   # ci_install, the stage scripts' apt-get install of what is missing
logdir=$(mktemp -d /tmp/mptcp-test-all.XXXXXX)
total_passed=0
total_failed=0
summary=()
any_failed=0

stage_deps() {
  bash tools/deps.sh || return 1   # the one list of what the module needs (also the quick start's)
  python3 -c "import matplotlib; print('matplotlib', matplotlib.__version__)"
  # What only CI's later stages need on the host, installed now so that no stage runs apt-get
  # while the background preparation below (or another stage) does: debootstrap (newest),
  # dpkg-dev for apt-get source, Open MPI (intree), pkg-config (waf's configure).
  ci_install debootstrap dpkg-dev libopenmpi-dev openmpi-bin pkg-config || return 1
}

# The downloads and unpacking of the later stages (the PyPI wheel, the ns-3.48 and ns-3.35 trees;
# with the switches above sid's root and ns-3.37's source package) are network- and disk-bound:
# they run in the background while standalone, fuzz, sanitizers and python compile and test, and the wheel stage waits for them. Each script is
# idempotent: if the preparation failed, its stage tries again and reports the error itself.
prepare_pid=
start_prepare() {
  (
    t0=$(date +%s)
    [ "${MPTCP_WITH_NEWEST:-0}" != 1 ] || MPTCP_PREPARE_ONLY=1 bash tools/ci/newest.sh || true
    [ "${MPTCP_SKIP_WHEEL:-0}" = 1 ] || MPTCP_PREPARE_ONLY=1 bash tools/ci/wheel.sh || true
    [ "${MPTCP_SKIP_INTREE:-0}" = 1 ] || intree_tree || true
    [ "${MPTCP_SKIP_WAF:-0}" = 1 ] || bash tools/ci/ns3-archive.sh 3.35 || true
    echo "prepare: done in $(( $(date +%s) - t0 )) s"
  ) > "$logdir/prepare.log" 2>&1 &
  prepare_pid=$!
}
wait_prepare() {
  [ -n "$prepare_pid" ] || return 0
  local t0; t0=$(date +%s)
  wait "$prepare_pid" || true
  prepare_pid=
  echo "== background preparation (log $logdir/prepare.log; waited $(( $(date +%s) - t0 )) s):"
  sed 's/^/   /' "$logdir/prepare.log" | tail -n 8
}

stage_python() {
  # The Python tools' tests (tools/tests/test_*.py: the mptcp-ns3 command line, the programs'
  # CLI, the golden check, the docs build), with pytest.
  if ! python3 -m pytest --version >/dev/null 2>&1; then
    echo "installing pytest"
    python3 -m pip install -q pytest 2>/dev/null \
      || { apt-get install -y -q python3-pytest && python3 -m pytest --version; } || return 1
  fi
  python3 -m pytest -q -p no:cacheprovider tools/tests/
}

stage_standalone() {
  # A build/ configured with another generator cannot be reused.
  if [ -f build/CMakeCache.txt ] && ! grep -q "^CMAKE_GENERATOR:INTERNAL=Ninja$" build/CMakeCache.txt
  then
    rm -rf build/CMakeCache.txt build/CMakeFiles
  fi
  # Without debug information (-g made a model file a third slower to compile: 8.2 s, 5.4 s
  # without); the same in tools/ci/wheel.sh and newest.sh.
  cmake -S . -B build -G Ninja -DMPTCP_WARNINGS_AS_ERRORS=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" || return 1
  cmake --build build -j2 || return 1
  # Two tests at a time (each test is a process of its own: suites, examples, golden runs; the
  # examples append to one SQLite file, which takes concurrent writers): 101 s -> 52 s.
  (cd build && ctest -j2 --output-on-failure --no-tests=error)
}

# tools/fuzz.sh ends with "fuzz results: N passed, M failed" (one per target), counted below.
MPTCP_FUZZ_SECONDS=30
stage_fuzz() { bash tools/fuzz.sh "$MPTCP_FUZZ_SECONDS"; }
# tools/ci/sanitizers.sh ends with "sanitizer results: N passed, M failed" (one per suite).
stage_sanitizers() { bash tools/ci/sanitizers.sh; }
stage_wheel() { bash tools/ci/wheel.sh; }
stage_newest() { bash tools/ci/newest.sh; }
# The intree stage's ns-3: 3.48 from ../shared/ns3 (default), or 3.37 from Debian's source package.
# intree_tree fetches or unpacks it once (idempotent) and prints its path.
intree_ns3=${MPTCP_INTREE_NS3:-3.48}
intree_tree() {
  if [ "$intree_ns3" = 3.37 ]; then
    bash tools/ci/ns3-source.sh
  else
    bash tools/ci/ns3-archive.sh "$intree_ns3"
  fi
}
stage_intree() {
  local tree
  tree=$(intree_tree) || return 1
  MPTCP_NS3_TREE=$tree bash tools/ci/intree.sh
}
stage_waf() { bash tools/ci/waf.sh; }

run_stage() {
  local name=$1 skip=$2 title=$3
  echo
  echo "=================================================================================="
  echo "== stage $name: $title"
  echo "=================================================================================="
  if [ "$skip" = 1 ]; then
    echo "== stage $name: SKIPPED (switched off by the environment)"
    summary+=("$(printf '%-11s %-8s %7s  %s' "$name" skipped - "")")
    return
  fi
  local log=$logdir/$name.log t0 t1 rc p=0 f=0 line
  t0=$(date +%s)
  "stage_$name" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  t1=$(date +%s)
  # Test cases: ctest's "NN% tests passed, F tests failed out of T", intree's own result line.
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -n1 || true)
  if [ -n "$line" ]; then
    f=$(sed -E 's/.* ([0-9]+) tests? failed out of ([0-9]+).*/\1/' <<<"$line")
    p=$(( $(sed -E 's/.* failed out of ([0-9]+).*/\1/' <<<"$line") - f ))
  fi
  # pytest's closing line: "20 passed in 14.56s", "1 failed, 19 passed, 2 errors in 3.1s".
  line=$(grep -E "^=*[ ]*[0-9]+ (passed|failed|errors?)\b.* in [0-9.]+s" "$log" | tail -n1 || true)
  if [ -n "$line" ]; then
    p=$(grep -oE "[0-9]+ passed" <<<"$line" | grep -oE "[0-9]+" || echo 0)
    f=$(( $(grep -oE "[0-9]+ failed" <<<"$line" | grep -oE "[0-9]+" || echo 0) \
          + $(grep -oE "[0-9]+ errors?" <<<"$line" | grep -oE "[0-9]+" || echo 0) ))
  fi
  # intree.sh's, waf.sh's, fuzz.sh's and sanitizers.sh's own result lines.
  line=$(grep -E "^(in-tree|waf|fuzz|sanitizer) results: [0-9]+ passed, [0-9]+ failed$" "$log" | tail -n1 || true)
  if [ -n "$line" ]; then
    p=$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$line")
    f=$(sed -E 's/.* ([0-9]+) failed$/\1/' <<<"$line")
  fi
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    f=1   # failed outside its test cases (install, configure, build)
  fi
  total_passed=$((total_passed + p))
  total_failed=$((total_failed + f))
  local status=ok
  if [ "$rc" -ne 0 ]; then status=FAILED; any_failed=1; fi
  echo "== stage $name: $status (exit $rc) in $((t1 - t0)) s; $p passed, $f failed; log $log"
  summary+=("$(printf '%-11s %-8s %6ss  %s passed, %s failed' "$name" "$status" $((t1 - t0)) "$p" "$f")")
}

start=$(date +%s)
run_stage deps "${MPTCP_SKIP_DEPS:-0}" "install build dependencies (apt-get, pip)"
start_prepare
run_stage standalone "${MPTCP_SKIP_STANDALONE:-0}" "standalone build against libns3-dev 3.37 + ctest"
run_stage fuzz "${MPTCP_SKIP_FUZZ:-0}" "libFuzzer targets (clang-14), $MPTCP_FUZZ_SECONDS s each"
run_stage sanitizers "${MPTCP_SKIP_SANITIZERS:-0}" "every suite under AddressSanitizer + UndefinedBehaviorSanitizer"
run_stage python "${MPTCP_SKIP_PYTHON:-0}" "pytest of the Python tools (tools/tests/, CLI of build/mptcp-fattree)"
wait_prepare
run_stage wheel "${MPTCP_SKIP_WHEEL:-0}" "standalone build against the ns3==3.44.post0 wheel + ctest"
if [ "${MPTCP_WITH_NEWEST:-0}" = 1 ]; then
  run_stage newest 0 "standalone build against Debian's newest ns-3 (sid, 3.48) + ctest"
fi
run_stage intree "${MPTCP_SKIP_INTREE:-0}" "contrib/mptcp in an ns-$intree_ns3 source tree: test.py + examples"
run_stage waf "${MPTCP_SKIP_WAF:-0}" "contrib/mptcp in an ns-3.35 source tree (waf): test.py + examples"
end=$(date +%s)

echo
echo "=================================================================================="
echo "== summary (total $((end - start)) s; logs in $logdir)"
for s in "${summary[@]}"; do echo "   $s"; done
echo "=================================================================================="
echo "$total_passed passed, $total_failed failed"
[ "$any_failed" -eq 0 ] && [ "$total_failed" -eq 0 ]
