#!/usr/bin/env bash
# CI stage "sanitizers": every test suite of the module under AddressSanitizer (with
# LeakSanitizer) and UndefinedBehaviorSanitizer.
#
#   tools/ci/sanitizers.sh [build-dir]     (default: build-asan, next to build/)
#
# Configures a separate standalone build against Debian's ns-3.37 (RelWithDebInfo, gcc,
# -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined, so that
# undefined behaviour stops the run too; ccache when it is installed), builds only test-runner
# (the module's library and its suites: ~25 min the first time on two cores, a minute with a warm
# ccache), then runs each suite listed by `test-runner --list` in a process of its own, the
# option-parser fuzz case of mptcp-option included. ns-3 itself is not instrumented; this
# module's code is, and ASan's allocator sees every allocation, ns-3's included.
#
# A suite fails if test-runner exits non-zero or its output holds any sanitizer report (ASan,
# LSan, UBSan "runtime error:"). One line per suite, "PASS <suite> <s>" or "FAIL <suite> <s>",
# then "sanitizer results: P passed, F failed" (tools/test-all.sh reads that line); the output
# of a failed suite is printed in full. Exits non-zero if any suite failed.
set -euo pipefail

cd "$(dirname "$0")/../.."
dir=${1:-build-asan}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_DIR=${CCACHE_DIR:-/var/cache/mptcp-ns3/ccache}
  mkdir -p "$CCACHE_DIR"
fi
if [ -f "$dir/CMakeCache.txt" ] && ! grep -q "^CMAKE_CXX_FLAGS:STRING=$flags$" "$dir/CMakeCache.txt"
then
  rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles" # configured otherwise: start again
fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS="$flags" \
    "${launcher[@]}"
fi
nice -n 10 cmake --build "$dir" -j2 --target test-runner

export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The standalone test-runner lists the module's suites only, one per line.
mapfile -t suites < <("$dir/test-runner" --list | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' \
                      | grep -v '^$')
if [ "${#suites[@]}" -eq 0 ]; then
  echo "sanitizers: test-runner --list gave no suite of the module"
  exit 1
fi
passed=0
failed=0
out=$(mktemp /tmp/mptcp-sanitizers.XXXXXX)
for suite in "${suites[@]}"; do
  t0=$(date +%s)
  rc=0
  "$dir/test-runner" --suite="$suite" >"$out" 2>&1 || rc=$?
  t1=$(date +%s)
  if [ "$rc" -eq 0 ] && ! grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]+Sanitizer" "$out"
  then
    echo "PASS $suite $((t1 - t0)) s"
    passed=$((passed + 1))
  else
    echo "FAIL $suite $((t1 - t0)) s (exit $rc)"
    cat "$out"
    failed=$((failed + 1))
  fi
done
rm -f "$out"
echo "sanitizer results: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
