#!/usr/bin/env bash
# Runs the option codec and crypto test suites (mptcp-option, with its parser fuzz test, and
# mptcp-crypto) under AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tools/asan-options.sh [build-dir]     (default: build-asan, next to build/)
#
# Configures a separate build (RelWithDebInfo, -fsanitize=address,undefined
# -fno-omit-frame-pointer -fno-sanitize-recover=undefined, so that undefined behaviour stops the
# run too), builds only the library and test-runner (several minutes the first time on two cores,
# seconds afterwards), and runs the two suites. Exits non-zero if a suite fails or a sanitizer
# reports anything. Uses the same ns-3 as the normal build (libns3-dev 3.37 unless configured
# otherwise); ns-3 itself is not instrumented, this module's code is.
set -euo pipefail

cd "$(dirname "$0")/.."
dir=${1:-build-asan}
flags="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"

if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS="$flags"
fi
nice -n 10 cmake --build "$dir" -j2 --target test-runner

log=$(mktemp /tmp/mptcp-asan.XXXXXX)
status=0
for suite in mptcp-option mptcp-crypto; do
  ASAN_OPTIONS=abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    "$dir/test-runner" --suite="$suite" --verbose 2>&1 | tee -a "$log" || status=1
done
if grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]+Sanitizer" "$log"; then
  echo "sanitizer reports: see $log"
  status=1
fi
if [ "$status" -eq 0 ]; then
  echo "asan-options: mptcp-option and mptcp-crypto pass under ASan+UBSan, no sanitizer report"
  rm -f "$log"
fi
exit "$status"
