#!/usr/bin/env bash
# Coverage-guided fuzzing of the module's wire parsers with libFuzzer (clang-14, ASan + UBSan).
#
#   tools/fuzz.sh [SECONDS]   build the targets into build-fuzz/ and fuzz each for SECONDS
#                             (default 60), starting from a copy of its seed corpus
#   tools/fuzz.sh --build     build the targets only
#   tools/fuzz.sh --corpus    regenerate the seed corpus (fuzz/corpus/: the model's serializer,
#                             fuzz/make-corpus.cc, and a pcap of build/mptcp-two-hosts,
#                             fuzz/pcap-seeds.py) and test/mptcp-fuzz-corpus.h
#
# The targets (fuzz/fuzz-<name>.cc; their checks are test/mptcp-fuzz-targets.h) are option,
# tcp-header, dss-checksum, scatter and sdn-message; fuzz/README.md describes them. Only the model
# files that parse and checksum (mptcp-option.cc, mptcp-option-scatter.cc, mptcp-crypto.cc,
# sdn-server-message.cc and the three it links with) are compiled, with
# -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -g -O1, and linked with
# Debian's ns-3 (core, network, internet) and libcrypto: a minute, not the module's 20.
#
# Installs nothing: fails with one line naming the package if clang-14 or libFuzzer's runtime is
# missing (tools/deps.sh installs clang-14 and libclang-rt-14-dev). Exits non-zero if any target
# crashes, leaks, times out, runs out of memory or reports undefined behaviour; then prints the
# report, the input's path and the input minimised by libFuzzer (-minimize_crash=1), to be kept
# as a regression test in fuzz/regressions/<target>/ (then python3 fuzz/embed-corpus.py). A
# timeout whose input runs in time when run again (three times) is reported as a stall of the
# machine, not a failure. Ends with one line per target (executions, coverage, corpus) and
# "fuzz results: N passed, M failed".
#
# Environment: MPTCP_FUZZ_TARGETS (default: all five), MPTCP_FUZZ_DIR (default build-fuzz),
# MPTCP_FUZZ_CXX (default clang++-14), MPTCP_FUZZ_RSS_MB (default 2048), MPTCP_FUZZ_TIMEOUT
# (seconds per input, default 25), MPTCP_FUZZ_JOBS (parallel compiles, default 2), CCACHE_DIR
# (default $MPTCP_CACHE_DIR/ccache, i.e. /var/cache/mptcp-ns3/ccache),
# MPTCP_BUILD_DIR (--corpus: the module's build with mptcp-two-hosts, default build).
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
dir=${MPTCP_FUZZ_DIR:-build-fuzz}
[[ "$dir" == /* ]] || dir=$root/$dir
cxx=${MPTCP_FUZZ_CXX:-clang++-14}
rss=${MPTCP_FUZZ_RSS_MB:-2048}
timeout=${MPTCP_FUZZ_TIMEOUT:-25}
jobs=${MPTCP_FUZZ_JOBS:-2}
all_targets="option tcp-header dss-checksum scatter sdn-message"
targets=${MPTCP_FUZZ_TARGETS:-$all_targets}
model_sources="mptcp-option mptcp-option-scatter mptcp-crypto sdn-server-message
               ecmp-forwarding-table out-of-band-interfaces sdn-flow-table"

die() { echo "fuzz: $*" >&2; exit 1; }

mode=run
seconds=60
case "${1:-}" in
  --build) mode=build ;;
  --corpus) mode=corpus ;;
  -h|--help) sed -n '2,/^set /p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) [[ "$1" =~ ^[0-9]+$ ]] && [ "$1" -gt 0 ] \
       || die "usage: tools/fuzz.sh [SECONDS | --build | --corpus]"
     seconds=$1 ;;
esac
for t in $targets; do
  [[ " $all_targets " == *" $t "* ]] \
    || die "unknown target '$t' (MPTCP_FUZZ_TARGETS; targets: $all_targets)"
done

# ---- what the build needs -------------------------------------------------------------------
command -v "$cxx" >/dev/null \
  || die "$cxx not found: apt-get install clang-14 libclang-rt-14-dev (tools/deps.sh installs both)"
[ -f /usr/include/ns3/tcp-header.h ] \
  || die "ns-3's headers (/usr/include/ns3) not found: apt-get install libns3-dev (tools/deps.sh)"
[ -f /usr/include/openssl/evp.h ] \
  || die "OpenSSL's headers not found: apt-get install libssl-dev (tools/deps.sh)"
mkdir -p "$dir/obj" "$dir/include/ns3" || exit 1
probe=$dir/obj/probe
echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' \
  > "$probe.cc"
"$cxx" -fsanitize=fuzzer,address,undefined "$probe.cc" -o "$probe" 2>"$probe.log" \
  || die "$cxx cannot link a libFuzzer target (libFuzzer/ASan runtime missing?): apt-get install" \
         "libclang-rt-14-dev (tools/deps.sh); $(head -n1 "$probe.log")"

# ns-3's release: the model's MPTCP_NS3_MINOR and the C++ standard its headers need (as in
# CMakeLists.txt).
minor=$(sed -n 's/^#define NS3_VERSION_MINOR \([0-9]*\).*/\1/p' \
        /usr/include/ns3/version-defines.h 2>/dev/null)
minor=${minor:-37}
std=c++17
if [ "$minor" -ge 46 ]; then std=c++2b; elif [ "$minor" -ge 41 ]; then std=c++20; fi

# Headers as "ns3/<name>.h", as the module's build lays them out.
for h in $(find model -name '*.h'); do
  cmp -s "$h" "$dir/include/ns3/$(basename "$h")" || cp "$h" "$dir/include/ns3/"
done

# ccache, in CI's cache (as tools/ci/intree.sh) unless CCACHE_DIR says otherwise.
launcher=""
if command -v ccache >/dev/null; then
  launcher=ccache
  export CCACHE_DIR=${CCACHE_DIR:-${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}/ccache}
fi
flags="-std=$std -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
       -fno-sanitize-recover=undefined -DNS3_LOG_ENABLE -DNS3_ASSERT_ENABLE
       -DMPTCP_NS3_MINOR=$minor -I$dir/include -Wall -Wpedantic -Werror"
flags=$(echo $flags) # one line
libs="-lns3-internet -lns3-network -lns3-core -lcrypto"

# compile SOURCE OBJECT EXTRA-FLAGS: recompiled when the source, a header of the module, of the
# checks or of fuzz/, or the flags changed.
compile() {
  local src=$1 obj=$2 extra=$3
  local stamp="$flags $extra"
  if [ -f "$obj" ] && [ "$(cat "$obj.flags" 2>/dev/null)" = "$stamp" ] \
     && [ -z "$(find "$src" $(find model -name '*.h') test/mptcp-fuzz-targets.h fuzz/*.h \
                  -newer "$obj" \
                  2>/dev/null | head -n1)" ]
  then
    return 0
  fi
  echo "  compiling $src"
  # shellcheck disable=SC2086
  nice -n 10 $launcher "$cxx" $flags $extra -c "$src" -o "$obj" || return 1
  echo "$stamp" > "$obj.flags"
}
export -f compile
export flags launcher cxx

build() {
  local t0 t1 jobs_list=() ok=1
  t0=$(date +%s)
  echo "fuzz: building into $dir/ ($cxx, ns-3.$minor, $std)"
  for s in $model_sources; do
    jobs_list+=("$(find model -name "$s.cc") $dir/obj/$s.o -fsanitize=fuzzer-no-link")
  done
  for t in $all_targets; do
    jobs_list+=("fuzz/fuzz-$t.cc $dir/obj/fuzz-$t.o -fsanitize=fuzzer-no-link")
  done
  jobs_list+=("fuzz/make-corpus.cc $dir/obj/make-corpus.o -fsanitize=fuzzer-no-link")
  printf '%s\n' "${jobs_list[@]}" \
    | xargs -P "$jobs" -I{} bash -c 'set -f; a=({}); compile "${a[0]}" "${a[1]}" "${a[*]:2}"' \
    || ok=0
  [ "$ok" = 1 ] || { echo "fuzz: compilation failed" >&2; return 1; }
  local objs=""
  for s in $model_sources; do objs="$objs $dir/obj/$s.o"; done
  for t in $all_targets; do
    # shellcheck disable=SC2086
    nice -n 10 "$cxx" -fsanitize=fuzzer,address,undefined $objs "$dir/obj/fuzz-$t.o" $libs \
      -o "$dir/fuzz-$t" || return 1
  done
  # The corpus writer: the same objects, without libFuzzer's main.
  # shellcheck disable=SC2086
  nice -n 10 "$cxx" -fsanitize=fuzzer-no-link,address,undefined $objs "$dir/obj/make-corpus.o" \
    $libs -o "$dir/make-corpus" || return 1
  t1=$(date +%s)
  echo "fuzz: built $(for t in $all_targets; do printf '%s ' "$dir/fuzz-$t"; done)in $((t1 - t0)) s"
}

build || exit 1
[ "$mode" = build ] && exit 0

# ---- --corpus -------------------------------------------------------------------------------
if [ "$mode" = corpus ]; then
  bdir=${MPTCP_BUILD_DIR:-build}
  [ -x "$bdir/mptcp-two-hosts" ] \
    || die "$bdir/mptcp-two-hosts not found: build the module first (cmake --build $bdir)"
  for t in $all_targets; do
    mkdir -p "fuzz/corpus/$t"
    rm -f "fuzz/corpus/$t"/ser-*
  done
  ASAN_OPTIONS=detect_leaks=0 "$dir/make-corpus" fuzz/corpus || die "make-corpus failed"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # Two hosts, two subflows, DSS checksums on, 100-octet segments: every segment's DSS carries
  # the checksum of its own payload.
  "$bdir/mptcp-two-hosts" --subflows=2 --duration=0.25 --mss=100 --pcap="$tmp/two-hosts" \
    --ns3::MpTcpSocketBase::DssChecksum=true > "$tmp/run.log" 2>&1 \
    || { cat "$tmp/run.log"; die "mptcp-two-hosts failed"; }
  python3 fuzz/pcap-seeds.py fuzz/corpus "$tmp/two-hosts-a.pcap" "$tmp/two-hosts-b.pcap" \
    || die "pcap-seeds.py failed"
  # Every seed must pass its check in the fuzz build before it is kept.
  for t in $all_targets; do
    out=$(ASAN_OPTIONS=detect_leaks=0 "$dir/fuzz-$t" -runs=0 "fuzz/corpus/$t" 2>&1) \
      || { echo "$out" | tail -n 30; die "a seed of fuzz/corpus/$t fails its check"; }
  done
  python3 fuzz/embed-corpus.py || exit 1
  for t in $all_targets; do
    echo "  fuzz/corpus/$t: $(find "fuzz/corpus/$t" -type f | wc -l) files," \
         "$(cat "fuzz/corpus/$t"/* | wc -c) bytes"
  done
  exit 0
fi

# ---- fuzzing --------------------------------------------------------------------------------
python3 fuzz/embed-corpus.py --check || exit 1
passed=0
failed=0
report=()
for t in $targets; do
  run=$dir/run/$t
  rm -rf "$run"
  mkdir -p "$run/corpus" "$run/artifacts"
  for origin in corpus regressions; do
    if [ -d "fuzz/$origin/$t" ]; then
      find "fuzz/$origin/$t" -maxdepth 1 -type f ! -name README.md -exec cp {} "$run/corpus/" \;
    fi
  done
  seeds=$(find "$run/corpus" -type f | wc -l)
  echo
  echo "fuzz: target $t, $seconds s, $seeds seeds (log $run/log)"
  t0=$(date +%s)
  nice -n 10 "$dir/fuzz-$t" -max_total_time="$seconds" -rss_limit_mb="$rss" -timeout="$timeout" \
    -print_final_stats=1 -artifact_prefix="$run/artifacts/" "$run/corpus" > "$run/log" 2>&1
  rc=$?
  t1=$(date +%s)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/log" | tail -n1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$run/log" | tail -n1)
  peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$run/log" | tail -n1)
  last=$(grep -E '^#[0-9]+[[:space:]]+[A-Z]+.* cov: ' "$run/log" | tail -n1)
  cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
  corp=$(sed -nE 's/.* corp: ([0-9]+)\/.*/\1/p' <<<"$last")
  artifact=$(find "$run/artifacts" -type f \( -name 'crash-*' -o -name 'leak-*' \
             -o -name 'timeout-*' -o -name 'oom-*' \) | head -n1)
  # A timeout whose input then runs in time, three times over, is the machine stalling (a shared
  # runner short of memory: observed once, 12 s on a 7-octet input that takes microseconds), not
  # a finding; it is reported, and the target counts as passed.
  stalled=""
  if [[ "$(basename "${artifact:-x}")" == timeout-* ]] \
     && ! grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:|==mptcp-fuzz==" "$run/log" \
     && nice -n 10 "$dir/fuzz-$t" -timeout="$timeout" -rss_limit_mb="$rss" -runs=3 "$artifact" \
          > "$run/recheck.log" 2>&1
  then
    stalled=$artifact
    passed=$((passed + 1))
    status=passed
    echo "fuzz: target $t: WARNING: an input took more than $timeout s, then ran in time three"
    echo "      times ($run/recheck.log): the machine stalled, not a finding; fuzzing ended after" \
         "$((t1 - t0)) s. The input: $artifact"
  elif [ "$rc" -ne 0 ] || [ -n "$artifact" ] \
     || grep -qE "ERROR: (Address|Leak)Sanitizer|ERROR: libFuzzer|runtime error:|==mptcp-fuzz==" \
             "$run/log"
  then
    failed=$((failed + 1))
    status=FAILED
    echo "fuzz: target $t FAILED (exit $rc); the report:"
    grep -nE "==mptcp-fuzz==|ERROR:|runtime error:|SUMMARY:|aborted|msg=" "$run/log" | head -n 20
    grep -E "^    #[0-9]+ " "$run/log" | head -n 25
    if [ -n "$artifact" ]; then
      echo "fuzz: the input: $artifact"
      min=$run/minimized-$(basename "$artifact")
      nice -n 10 "$dir/fuzz-$t" -minimize_crash=1 -max_total_time=60 -timeout="$timeout" \
        -rss_limit_mb="$rss" -exact_artifact_path="$min" "$artifact" > "$run/minimize.log" 2>&1
      if [ -s "$min" ]; then
        echo "fuzz: minimised ($(stat -c %s "$min") bytes): $min"
      else
        min=$artifact
        echo "fuzz: not minimised (libFuzzer could not reproduce it: $run/minimize.log);" \
             "the input ($(stat -c %s "$min") bytes):"
      fi
      od -A d -t x1 "$min" | head -n 20
      echo "fuzz: keep it as a regression test: mkdir -p fuzz/regressions/$t &&"
      echo "        cp $min fuzz/regressions/$t/<name> && python3 fuzz/embed-corpus.py"
    fi
  else
    passed=$((passed + 1))
    status=passed
  fi
  format='fuzz target %-13s %-7s %10s execs (%s/s), cov %s, ft %s, corpus %s -> %s,'
  format+=' peak RSS %s MB, %s s%s'
  report+=("$(printf "$format" "$t:" "$status" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" \
    "$seeds" "${corp:-?}" "${peak:-?}" $((t1 - t0)) "${stalled:+ (stopped by a machine stall)}")")
done
echo
for line in "${report[@]}"; do echo "$line"; done
echo "fuzz results: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
