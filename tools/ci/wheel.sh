#!/usr/bin/env bash
# The ns-3.44 check: build the module standalone against the headers and libraries of PyPI's
# ns3==3.44.post0 wheel (no ns-3 build needed) and run its tests with ctest (test-runner suites,
# the build-list check and the example smoke runs of test/examples-to-run.py), with -Werror.
#
#   tools/ci/wheel.sh            # from anywhere; builds in <repo>/build/ns3-3.44
#
# Environment: MPTCP_CACHE_DIR (default /var/cache/mptcp-ns3): the wheel is downloaded once to
#              $MPTCP_CACHE_DIR/wheel and unpacked to $MPTCP_CACHE_DIR/wheel/x;
#              MPTCP_WHEEL_BUILD_DIR (default <repo>/build/ns3-3.44);
#              MPTCP_NO_INSTALL=1 skips apt-get/pip install of the build tools;
#              MPTCP_PREPARE_ONLY=1 downloads and unpacks the wheel and stops.
set -euo pipefail

WHEEL_SPEC=ns3==3.44.post0
repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
wdir=$cache/wheel
build=${MPTCP_WHEEL_BUILD_DIR:-$repo/build/ns3-3.44}

say() { echo "[wheel.sh] $*"; }
# shellcheck source=tools/ci/lib.sh
source "$repo/tools/ci/lib.sh"

# --- tools -----------------------------------------------------------------------------------
ci_install g++ cmake ninja-build unzip libssl-dev libsqlite3-dev libboost-dev python3 python3-pip

# pip: prefer the python3 on PATH; Debian's own python3 refuses "pip install" (PEP 668) but
# "pip download" works everywhere.
pip_cmd=()
if python3 -m pip --version >/dev/null 2>&1; then
  pip_cmd=(python3 -m pip)
elif command -v pip3 >/dev/null 2>&1; then
  pip_cmd=(pip3)
else
  say "no pip found (install python3-pip)"; exit 1
fi

# --- the wheel (cached) -----------------------------------------------------------------------
mkdir -p "$wdir"
whl=$(ls "$wdir"/ns3-3.44.post0-*.whl 2>/dev/null | head -n1 || true)
if [ -z "$whl" ]; then
  say "downloading $WHEEL_SPEC to $wdir"
  # The wheel is cp311-only: ask for it explicitly so that pip on another Python still gets it.
  "${pip_cmd[@]}" download --no-deps --only-binary=:all: --python-version 3.11 \
      --platform manylinux_2_28_x86_64 "$WHEEL_SPEC" -d "$wdir"
  whl=$(ls "$wdir"/ns3-3.44.post0-*.whl | head -n1)
fi
ns3dir=$wdir/x/ns3
stamp=$wdir/x/.unpacked-$(basename "$whl")
if [ ! -f "$stamp" ]; then
  say "unpacking $(basename "$whl")"
  rm -rf "$wdir/x"
  mkdir -p "$wdir/x"
  unzip -q "$whl" -d "$wdir/x"
  touch "$stamp"
fi
[ -f "$ns3dir/include/ns3/core-module.h" ] || { say "$ns3dir has no include/ns3"; exit 1; }
# MPTCP_PREPARE_ONLY=1: only download and unpack the wheel (tools/test-all.sh, in the background).
if [ "${MPTCP_PREPARE_ONLY:-0}" = 1 ]; then say "wheel ready in $ns3dir"; exit 0; fi

# --- build and test ---------------------------------------------------------------------------
say "configure: cmake -S $repo -B $build -DMPTCP_NS3_WHEEL=$ns3dir"
cmake -S "$repo" -B "$build" -G Ninja -DMPTCP_NS3_WHEEL="$ns3dir" -DMPTCP_WARNINGS_AS_ERRORS=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG"   # no -g, as in tools/test-all.sh
say "build"
cmake --build "$build" -j2
say "test"
cd "$build"
ctest -j2 --output-on-failure --no-tests=error
