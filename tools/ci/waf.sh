#!/usr/bin/env bash
# The waf-era check: the module as contrib/mptcp of an ns-3.35 source tree (the last waf release,
# unpacked from ../shared/ns3/ns-3.35.tar.xz by tools/ci/ns3-archive.sh; MPTCP_NS3_TREE names any
# other waf-era tree), built and run the way users of those releases do:
#   1. sync the repository (without build*/, .git/, results/) to <tree>/contrib/mptcp;
#   2. CXXFLAGS="-O1 -g0 -Wall" ./waf configure --enable-examples --enable-tests
#      --enable-modules=mptcp --disable-python --disable-werror (ns-3.35's own sources warn under
#      g++ 12), then ./waf build (ccache: $MPTCP_CACHE_DIR/ccache); no file of the module may
#      warn;
#   3. ./test.py -n -s <suite> for every TestSuite of MPTCP_TEST_SOURCES;
#   4. ./waf --run "<example> <args>" for every cpp_examples entry of test/examples-to-run.py;
#   5. the test and run lines of the README's recipe ("In a waf-era ns-3 tree"), as typed there.
# Prints "waf results: N passed, N failed" and exits non-zero if anything failed.
#
# Environment: MPTCP_CACHE_DIR (default /var/cache/mptcp-ns3); MPTCP_NS3_TREE (a waf-era ns-3
# tree to use instead of unpacking ns-3.35); MPTCP_WAF_CXXFLAGS (default "-O1 -g0 -Wall"; empty:
# the debug profile's own flags); MPTCP_NO_INSTALL=1 skips apt-get install.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
export CCACHE_DIR=$cache/ccache
say() { echo "[waf.sh] $*"; }
# shellcheck source=tools/ci/lib.sh
source "$repo/tools/ci/lib.sh"

ci_install g++ python3 pkg-config libsqlite3-dev libssl-dev libboost-dev ccache

if [ -n "${MPTCP_NS3_TREE:-}" ]; then
  tree=$MPTCP_NS3_TREE
else
  tree=$(MPTCP_CACHE_DIR=$cache bash "$repo/tools/ci/ns3-archive.sh" 3.35)
fi
[ -x "$tree/waf" ] && [ -f "$tree/test.py" ] || { say "$tree is not a waf-era ns-3 tree"; exit 1; }
tree=$(cd "$tree" && pwd)
say "ns-3 tree: $tree ($(cat "$tree/VERSION"))"

say "syncing $repo -> $tree/contrib/mptcp"
bash "$repo/tools/ci/sync-module.sh" "$tree/contrib/mptcp"

cd "$tree"
cxx=g++
command -v ccache >/dev/null && cxx="ccache g++"
t0=$(date +%s)
# ns-3.35's default profile (debug) compiles at -O0 -ggdb -g3: the suites then took about 30
# minutes. With CXXFLAGS set, waf adds none of the profile's flags but keeps its defines
# (NS3_LOG_ENABLE, NS3_ASSERT_ENABLE): with -O1 -g0 -Wall (MPTCP_WAF_CXXFLAGS) the whole stage
# took 419 s from a fresh unpack and an empty ccache (2026-11-28, build 338 s; 53/53 passed; on
# the slower machine of session 30 1,108 s, build 885 s).
cxxflags=${MPTCP_WAF_CXXFLAGS--O1 -g0 -Wall}
say "configure (CXX=$cxx, CXXFLAGS=$cxxflags)"
CXX=$cxx CXXFLAGS=$cxxflags ./waf configure --enable-examples --enable-tests \
  --enable-modules=mptcp --disable-python --disable-werror
t1=$(date +%s)
say "build"
buildlog=$(mktemp /tmp/mptcp-waf-build.XXXXXX)
trap 'rm -f "$buildlog"' EXIT
./waf build -j2 2>&1 | tee "$buildlog"
t2=$(date +%s)
say "configure $((t1 - t0)) s, build $((t2 - t1)) s"

# ns-3.35's sources warn under g++ 12 (hence --disable-werror), the module's must not: a warning
# in one of its files, or raised by an ns-3 macro expanded in one (waf and ccache print the
# compiler's output whole), fails the stage.
warns=$(grep -E "contrib/mptcp/[^ :]+:[0-9]+:[0-9]+: (warning|note: in expansion of macro)" \
  "$buildlog" | sort -u | head -n 40 || true)
ci_warnings "$warns" "on ns-3.35"

ci_suites "cd $tree && ./waf --run 'test-runner --suite=@SUITE@ --verbose'"
ci_examples ./waf --run
ci_recipe "In a waf-era ns-3 tree"
ci_summary waf
