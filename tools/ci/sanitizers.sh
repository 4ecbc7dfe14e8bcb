#!/usr/bin/env bash
# CI stage "sanitizers": the test suites of the module under AddressSanitizer (with
# LeakSanitizer) and UndefinedBehaviorSanitizer.
#
#   tools/ci/sanitizers.sh                          # every suite (the CI stage)
#   tools/ci/sanitizers.sh mptcp-option mptcp-soak  # only these suites
#
# Configures a separate standalone build against Debian's ns-3.37 in build-asan/ (another
# directory with MPTCP_ASAN_BUILD_DIR; gcc, -O1 -g (the level AddressSanitizer's documentation
# recommends, and quicker to compile: one test file took 22 s at -O1, 41 s at -O3),
# -fsanitize=address,undefined
# -fno-omit-frame-pointer -fno-sanitize-recover=undefined, so that undefined behaviour stops the
# run too; ccache when it is installed), builds only test-runner (the module's library and its
# suites), then runs each suite (every one listed by `test-runner --list` unless named) in a
# process of its own, two at a time (MPTCP_ASAN_JOBS), with the suites' default fullness (QUICK).
# Measured on two cores: the first build about 10 min, with ccache a minute; the 42 suites 2 min.
# ns-3 itself is not instrumented; this module's code is, and ASan's allocator sees every
# allocation, ns-3's included, so LeakSanitizer reports a leak of either at exit.
#
# A suite fails if test-runner exits non-zero or its output holds any sanitizer report (ASan,
# LSan, UBSan "runtime error:"). One line per suite, "PASS <suite> <s>" or "FAIL <suite> <s>",
# then "sanitizer results: P passed, F failed" (tools/test-all.sh reads that line); the output
# of a failed suite is printed in full. Exits non-zero if any suite failed.
set -euo pipefail

cd "$(dirname "$0")/../.."
dir=${MPTCP_ASAN_BUILD_DIR:-build-asan}
flags="-O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_DIR=${CCACHE_DIR:-/var/cache/mptcp-ns3/ccache}
  mkdir -p "$CCACHE_DIR"
  # CI builds a fresh clone at another path each time: paths under the clone are hashed relative
  # to it, and the working directory (hashed because of -g) is left out, so that the cache hits.
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  # The precompiled ns-3 headers (MPTCP_PRECOMPILE_HEADERS) are cached only with these.
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
fi
if [ -f "$dir/CMakeCache.txt" ] && ! grep -q "^CMAKE_CXX_FLAGS:STRING=$flags$" "$dir/CMakeCache.txt"
then
  rm -rf "$dir/CMakeCache.txt" "$dir/CMakeFiles" # configured otherwise: start again
fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS="$flags" \
    "${launcher[@]}"
fi
nice -n 10 cmake --build "$dir" -j2 --target test-runner

# malloc_context_size=2: allocation stacks of two frames (the allocator and its caller).
# ns-3 allocates on every packet and event; with ASan's default of 30 frames the stack depot made
# mptcp-transfer take 379 s (3 frames), against 69 s with none (5 times the 14 s of the normal
# build); 2 frames cost as little as none (mptcp-connection: 4.3 s, 3 frames 8.9 s, normal build
# 1.1 s), and LeakSanitizer needs at least one frame of the caller to report a leak (with 0 or 1
# it reported none of mptcp-xmp's). For the whole allocation stack of a report, run the suite
# again with ASAN_OPTIONS=malloc_context_size=30: the caller's ASAN_OPTIONS and UBSAN_OPTIONS
# come last and win.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:malloc_context_size=2${ASAN_OPTIONS:+:$ASAN_OPTIONS}
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}
# The standalone test-runner lists the module's suites only, one per line.
if [ "$#" -gt 0 ]; then
  suites=("$@")
else
  mapfile -t suites < <("$dir/test-runner" --list | sed -E 's/^[[:space:]]+//; s/[[:space:]]+$//' \
                        | grep -v '^$')
fi
if [ "${#suites[@]}" -eq 0 ]; then
  echo "sanitizers: test-runner --list gave no suite of the module"
  exit 1
fi
# Two suites at a time (MPTCP_ASAN_JOBS), each in a process of its own; the results are printed
# in the order of the list once all have run.
jobs=${MPTCP_ASAN_JOBS:-2}
tmp=$(mktemp -d /tmp/mptcp-sanitizers.XXXXXX)
export dir tmp
printf '%s\n' "${suites[@]}" | xargs -P "$jobs" -I{} bash -c '
  t0=$(date +%s); rc=0
  "$dir/test-runner" --suite="$1" >"$tmp/$1.out" 2>&1 || rc=$?
  echo "$rc $(( $(date +%s) - t0 ))" >"$tmp/$1.rc"' _ {}
passed=0
failed=0
for suite in "${suites[@]}"; do
  read -r rc secs <"$tmp/$suite.rc"
  if [ "$rc" -eq 0 ] \
     && ! grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]+Sanitizer" "$tmp/$suite.out"
  then
    echo "PASS $suite $secs s"
    passed=$((passed + 1))
  else
    echo "FAIL $suite $secs s (exit $rc)"
    cat "$tmp/$suite.out"
    failed=$((failed + 1))
  fi
done
rm -rf "$tmp"
echo "sanitizer results: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
