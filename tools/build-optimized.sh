#!/usr/bin/env bash
# Builds the module for speed: as contrib/mptcp of an ns-3 source tree configured with
# --build-profile=optimized (ns-3's -O3 profile, no asserts, no logging), the build that
# doc/mptcp.rst "Speed" compares with Debian's libns3-dev (tools/mptcp-ns3 bench
# --optimized-binary PATH).
#
#   tools/build-optimized.sh [NS3_TREE]
#
# NS3_TREE: an ns-3 source tree to use (it is configured in place: its cmake-cache/ changes to the
# optimized profile). Default: Debian 12's ns-3.37 source (apt-get source ns3), fetched once into
# $MPTCP_CACHE_DIR/optimized (default /var/cache/mptcp-ns3/optimized), apart from the tree of the
# in-tree CI stage. Only the modules the module needs are built, and only mptcp-fattree and
# mptcp-file-transfer (and ns-3's MPI support when Open MPI is installed); ccache ($MPTCP_CACHE_DIR/ccache) when installed. About 15 minutes on two
# cores the first time. The last line of the output is the path of the optimized mptcp-fattree.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
export CCACHE_DIR=${CCACHE_DIR:-$cache/ccache}
say() { echo "[build-optimized.sh] $*" >&2; }

if [ $# -gt 1 ]; then echo "usage: tools/build-optimized.sh [NS3_TREE]" >&2; exit 2; fi
if [ $# -eq 1 ]; then
  tree=$1
  [ -x "$tree/ns3" ] || { echo "build-optimized.sh: $tree is not an ns-3 tree (no ./ns3)" >&2; exit 2; }
else
  tree=$(MPTCP_CACHE_DIR=$cache/optimized bash "$repo/tools/ci/ns3-source.sh")
fi
tree=$(cd "$tree" && pwd)
say "ns-3 tree: $tree ($(cat "$tree/VERSION" 2>/dev/null || echo '?'))"

bash "$repo/tools/ci/sync-module.sh" "$tree/contrib/mptcp" >&2

# The module's ns-3 dependencies, listed explicitly (ns-3 resolves --enable-modules by scanning
# for literal ${lib<name>} tokens, ours are generated in a loop).
deps=$(python3 "$repo/tools/ci/module-lists.py" "$repo" cmake-list MPTCP_NS3_DEPENDENCIES | paste -sd ';')
# With Open MPI installed (Debian: libopenmpi-dev), the tree is configured with ns-3's MPI support
# too (--enable-mpi and its mpi module), for distributed runs of the same binaries.
mpi=()
modules="mptcp;$deps"
if command -v mpicxx >/dev/null; then mpi=(--enable-mpi); modules="$modules;mpi"; fi
cd "$tree"
say "configure: --build-profile=optimized ${mpi[*]} --enable-modules='$modules'"
./ns3 configure -G Ninja --build-profile=optimized "${mpi[@]}" --enable-examples --disable-tests \
  --enable-modules="$modules" >&2
say "build: mptcp-fattree mptcp-file-transfer"
cmake --build cmake-cache -j2 --target mptcp-fattree mptcp-file-transfer >&2
bin=$(find "$tree/build" -type f -perm -u+x -name "*mptcp-fattree*" | head -n 1)
[ -n "$bin" ] || { echo "build-optimized.sh: no mptcp-fattree program under $tree/build" >&2; exit 1; }
"$bin" --help >/dev/null 2>&1 || { echo "build-optimized.sh: $bin does not run" >&2; exit 1; }
echo "$bin"
