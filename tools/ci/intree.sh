#!/usr/bin/env bash
# The authoritative in-tree check: build the module as contrib/mptcp of a real ns-3 source tree
# (by default Debian 12's ns-3.37, fetched by tools/ci/ns3-source.sh; MPTCP_NS3_TREE names any
# other, e.g. an ns-3.48 tree) and run it the way ns-3 users do:
#   1. sync the repository (without build*/, .git/, results/) to <tree>/contrib/mptcp;
#   2. ./ns3 configure -G Ninja --enable-examples --enable-tests --enable-mpi
#      --enable-modules='mptcp;csma;mpi;<deps>' --filter-module-examples-and-tests=mptcp
#      -- -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" (ns-3's default profile, -Os with logs
#      and asserts, without debug information)
#      (ns-3's MPI distributed simulator, Debian's Open MPI; the test libraries and examples of
#      this module only) and cmake --build cmake-cache -j2 --target test-runner <examples> (only
#      what the module's suites and examples need; ccache: $MPTCP_CACHE_DIR/ccache);
#   3. check that nothing was compiled against Debian's /usr/include/ns3, that no binary
#      loads Debian's libns3-*.so (libns3-dev stays installed for the standalone job), and that
#      no file of the module warned while it was compiled;
#   4. ./test.py -n -s <suite> for every TestSuite of MPTCP_TEST_SOURCES (and check that
#      test-runner registers each of them under its own name: an ODR clash with an ns-3 test class
#      silently renames a suite);
#   5. ./ns3 run --no-build "<example> <args>" for every cpp_examples entry of
#      test/examples-to-run.py;
#   6. the test and run lines of the README's recipe ("In an ns-3 source tree"), as typed there;
#   7. tools/ci/mpi-check.sh: mptcp-fattree k=4 sequential and on 2 MPI ranks, same results.
# Prints "in-tree results: N passed, N failed" and exits non-zero if anything failed.
#
# Environment: MPTCP_CACHE_DIR (default /var/cache/mptcp-ns3); MPTCP_NS3_TREE (an ns-3 tree
# to use instead of fetching one); MPTCP_NO_INSTALL=1 skips apt-get install.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
export CCACHE_DIR=$cache/ccache
say() { echo "[intree.sh] $*"; }
# shellcheck source=tools/ci/lib.sh
source "$repo/tools/ci/lib.sh"

# --- tools -----------------------------------------------------------------------------------
ci_install g++ cmake ninja-build python3 libsqlite3-dev libgsl-dev libxml2-dev libssl-dev \
  libboost-dev ccache dpkg-dev libopenmpi-dev openmpi-bin

# --- the ns-3 tree -----------------------------------------------------------------------------
if [ -n "${MPTCP_NS3_TREE:-}" ]; then
  tree=$MPTCP_NS3_TREE
else
  tree=$(MPTCP_CACHE_DIR=$cache bash "$repo/tools/ci/ns3-source.sh")
fi
[ -x "$tree/ns3" ] && [ -f "$tree/test.py" ] || { say "$tree is not an ns-3 tree"; exit 1; }
tree=$(cd "$tree" && pwd)
say "ns-3 tree: $tree ($(cat "$tree/VERSION"))"

# Do not race another build of the same tree (e.g. a cache warm-up still running).
while :; do
  busy=
  for pid in $(pgrep -f "cmake --build cmake-cache|ninja -C cmake-cache" || true); do
    [ "$pid" = $$ ] && continue
    case "$(readlink "/proc/$pid/cwd" 2>/dev/null)/" in "$tree"/*) busy=$pid ;; esac
  done
  [ -z "$busy" ] && break
  say "waiting for build process $busy in $tree to finish ..."
  sleep 20
done

# --- 1. copy the module ------------------------------------------------------------------------
dest=$tree/contrib/mptcp
say "syncing $repo -> $dest"
# tools/ci/sync-module.sh rewrites only the files whose content changed, so that ninja rebuilds
# exactly what changed. A contrib/mptcp that this script did not sync last (fresh tree, or copied
# by hand) is rewritten whole, so that everything in it is newer than any object built from it
# before.
marker=$tree/cmake-cache/.mptcp-intree-synced
if [ ! -f "$marker" ]; then rm -rf "$dest"; fi
bash "$repo/tools/ci/sync-module.sh" "$dest"
if [ -d "$tree/cmake-cache" ]; then touch "$marker"; fi

# ns-3's --enable-modules resolves dependencies by scanning contrib/mptcp/CMakeLists.txt for
# literal ${lib<name>} tokens; ours are generated in a loop, so list them explicitly.
deps=$(ci_list cmake-list MPTCP_NS3_DEPENDENCIES | paste -sd ';')
modules="mptcp;csma;mpi${deps:+;$deps}"

# Debian's libns3-dev puts ns-3.37 headers in /usr/include/ns3, and ns-3's compile lines contain
# -I/usr: a header missing from the tree would silently come from there. Where possible, hide
# that folder from the configure and build (a private mount namespace; the system is unchanged).
can_hide=0
if [ -d /usr/include/ns3 ] \
   && unshare -m sh -c 'mount -t tmpfs -o ro,size=4k mptcp-hide-ns3 /usr/include/ns3' 2>/dev/null; then
  can_hide=1
fi
masked() {
  if [ "$can_hide" = 1 ]; then
    unshare -m bash -c 'mount -t tmpfs -o ro,size=4k mptcp-hide-ns3 /usr/include/ns3 && exec "$@"' \
      masked "$@"
  else
    "$@"
  fi
}
if [ -d /usr/include/ns3 ]; then
  if [ "$can_hide" = 1 ]; then
    say "/usr/include/ns3 exists (libns3-dev): hidden from the in-tree configure and build"
  else
    say "/usr/include/ns3 exists and cannot be hidden (no unshare/mount): checked after the build"
  fi
fi

# --- 2. configure and build -------------------------------------------------------------------
cd "$tree"
say "configure: --enable-modules='$modules' (CCACHE_DIR=$CCACHE_DIR)"
t0=$(date +%s)
# --filter-module-examples-and-tests=mptcp: the test libraries and examples of the module alone,
# not those of ns-3's own modules (test-runner links every test library that is built; building
# ns-3's took most of this stage's time on a fresh machine).
# The default profile (logs, asserts, -Os) without its debug information: ns-3 makes the profile's
# flags from CMAKE_CXX_FLAGS_RELWITHDEBINFO ("-O2 -g -DNDEBUG", -O2 replaced by -Os); set without
# -g they give -Os -DNDEBUG. (-g made a model file a third slower to compile, and the stage's
# largest cost is this build.) Passed to CMake after "--", where the tree's ns3 forwards it.
cmake_extra=()
if grep -q "Append CMake flags passed using the -- separator" ns3; then
  cmake_extra=(-- "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -DNDEBUG")
else
  say "this tree's ns3 forwards no CMake flags: the default profile with its debug information"
fi
masked ./ns3 configure -G Ninja --enable-examples --enable-tests --enable-mpi \
  --enable-modules="$modules" --filter-module-examples-and-tests=mptcp "${cmake_extra[@]}"
t1=$(date +%s)
# Only what the module's suites and examples need: test-runner (which links the module and the
# test libraries of the enabled modules) and the module's examples, not ns-3's own examples.
targets=(test-runner $(ci_list cmake-list MPTCP_EXAMPLES))
say "build: cmake --build cmake-cache -j2 --target ${targets[*]}"
buildlog=$(mktemp /tmp/mptcp-intree-build.XXXXXX)
trap 'rm -f "$buildlog"' EXIT
masked cmake --build cmake-cache -j2 --target "${targets[@]}" 2>&1 | tee "$buildlog"
t2=$(date +%s)
say "configure $((t1 - t0)) s, build $((t2 - t1)) s"
command -v ccache >/dev/null && ccache -s 2>/dev/null | grep -Ei "hits|misses|cache size" | head -n 6 || true

# --- 3. built against the tree, not against Debian's libns3-dev --------------------------------
bad_deps=$(ninja -C cmake-cache -t deps 2>/dev/null | awk '
  /^[^ ].*: #deps/ { obj = $1; sub(/:$/, "", obj) }
  /^    \/usr\/include\/ns3\// { print obj " <- " $1 }' | head -n 20)
if [ -n "$bad_deps" ]; then
  fail "headers: objects compiled against /usr/include/ns3 (libns3-dev) instead of the tree:"
  echo "$bad_deps"
else
  pass "headers: no object of the tree includes /usr/include/ns3"
fi

# Every ns-3 library our binaries load must come from the tree's build/lib. (Debian's source
# package names the tree's libraries libns3-<mod>-default.so.37; libns3-dev installs
# libns3-<mod>.so.37 in /usr/lib: look at where ldd resolves them, not at the names.)
bad_libs=
mptcp_bins=$(find build/lib build/contrib build/utils -maxdepth 3 -type f \
  \( -name 'libns3*mptcp*.so*' -o -name '*mptcp-fattree*' -o -name '*test-runner*' \) \
  2>/dev/null || true)
for f in $mptcp_bins; do
  outside=$(ldd "$f" 2>&1 | awk -v lib="$tree/build/lib/" '
    /libns3/ && ($2 != "=>" || index($3, lib) != 1) { print "  " $0 }')
  if [ -n "$outside" ]; then bad_libs+="$f:"$'\n'"$outside"$'\n'; fi
done
if [ -z "$mptcp_bins" ]; then
  fail "libraries: no mptcp library, example or test-runner was built"
elif [ -n "$bad_libs" ]; then
  fail "libraries: ns-3 libraries loaded from outside $tree/build/lib:"
  echo "$bad_libs"
else
  pass "libraries: $(echo "$mptcp_bins" | wc -w) binaries load only the tree's ns-3 libraries"
fi

# ns-3's default profile does not make warnings errors; the module's own files must not warn in
# a real tree either (the standalone builds use -Werror, but there ns-3's headers are system
# headers and warnings inside their macros, e.g. NS_TEST_ASSERT_MSG_EQ, are not shown).
# ninja prints each command's output after its "[n/N] Building CXX object <object>" line; a
# warning belongs to the module when that object is the module's (the warning itself may point
# into an ns-3 header, e.g. a macro of test.h expanded in a module test).
warns=$(awk '/^\[[0-9]+\/[0-9]+\] / { obj = $0 }
  / warning: / && obj ~ /contrib\/mptcp\// { print obj; print "    " $0 }' "$buildlog" \
  | head -n 40 || true)
ci_warnings "$warns" "in ns-3's default profile"

# --- 4. test suites --------------------------------------------------------------------------
ci_suites "cd $tree && ./ns3 run --no-build 'test-runner --suite=@SUITE@ --verbose'"

# --- 5. examples -----------------------------------------------------------------------------
ci_examples ./ns3 run --no-build

# --- 6. the README's recipe: its test and run lines as a new user types them --------------------
ci_recipe "In an ns-3 source tree" masked

# --- 7. a distributed run: the same results sequential and on 2 MPI ranks ----------------------
fattree=$(find build -type f -perm -u+x -name "*mptcp-fattree*" | head -n 1)
if [ -z "$fattree" ]; then
  fail "mpi: no mptcp-fattree program under $tree/build"
elif bash "$repo/tools/ci/mpi-check.sh" "$tree/$fattree"; then
  pass "mpi: mptcp-fattree k=4 sequential and on 2 MPI ranks (long, mix): same results"
else
  fail "mpi: mptcp-fattree k=4 sequential and on 2 MPI ranks differ (tools/ci/mpi-check.sh)"
fi

ci_summary in-tree
