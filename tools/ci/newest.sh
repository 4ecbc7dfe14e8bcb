#!/usr/bin/env bash
# The newest-ns-3 check: build the module standalone against Debian's newest ns-3 (libns3-dev of
# the `sid` suite, pinned below) and run its tests with ctest (test-runner suites, the build-list
# check and the example smoke runs of test/examples-to-run.py), with -Werror (deprecations too).
#
# Debian 12 cannot install sid's libraries (they need sid's C library), so they are installed in a
# minimal sid root made by debootstrap under the cache directory; the build and the tests run
# there with chroot, in a private mount namespace (its /proc is mounted there and vanishes with
# it). Nothing on the host changes but the cache directory and the debootstrap package.
#
#   tools/ci/newest.sh           # from anywhere; sources copied to <root>/src/mptcp, built there
#
# Environment: MPTCP_CACHE_DIR (default /var/cache/mptcp-ns3): the sid root is
#              $MPTCP_CACHE_DIR/sid-root (made once, reused while it has the pinned version);
#              MPTCP_NO_INSTALL=1 skips apt-get install of debootstrap on the host;
#              MPTCP_PREPARE_ONLY=1 makes the sid root and stops.
#
# Why not in-tree: Debian's mirror reachable here serves sid's binary packages but not its source
# packages (apt-get source ns3=3.48-1 answers 404), so an ns-3.48 source tree cannot be had in CI;
# tools/ci/intree.sh builds the module in any ns-3 tree (MPTCP_NS3_TREE=...) when one is at hand.
set -euo pipefail

# The one place that names the newest ns-3 release tested: Debian's package version in sid.
NS3_NEWEST_DEBIAN_VERSION=3.48-1

repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
root=$cache/sid-root
say() { echo "[newest.sh] $*"; }

# --- debootstrap (host) ------------------------------------------------------------------------
if [ "${MPTCP_NO_INSTALL:-0}" != 1 ] && ! command -v debootstrap >/dev/null; then
  say "apt-get install debootstrap"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q debootstrap
fi
mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian

in_root() {
  # Run a shell command in the sid root, with /proc mounted in a private mount namespace.
  unshare -m sh -c 'mount -t proc proc "$1/proc" && exec chroot "$1" /bin/sh -c "$2"' in_root \
    "$root" "$1"
}

# --- the sid root with ns-3 -----------------------------------------------------------------------
pkgs="g++ cmake ninja-build libssl-dev libsqlite3-dev libboost-dev libns3-dev=$NS3_NEWEST_DEBIAN_VERSION"
pkgs="$pkgs ns3=$NS3_NEWEST_DEBIAN_VERSION"
have=$( [ -x "$root/usr/bin/dpkg-query" ] \
  && chroot "$root" dpkg-query -W -f='${Version}' libns3-dev 2>/dev/null || true)
if [ "$have" != "$NS3_NEWEST_DEBIAN_VERSION" ]; then
  if [ ! -x "$root/usr/bin/apt-get" ]; then
    say "debootstrap --variant=minbase sid $root $mirror"
    rm -rf "$root"
    mkdir -p "$cache"
    t0=$(date +%s)
    debootstrap --variant=minbase sid "$root" "$mirror" > "$cache/debootstrap.log" 2>&1 \
      || { tail -n 30 "$cache/debootstrap.log"; say "debootstrap failed"; exit 1; }
    say "debootstrap: $(( $(date +%s) - t0 )) s"
  fi
  cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  # The host's apt proxy settings, if any, apply in the root too.
  for f in /etc/apt/apt.conf.d/*proxy* /etc/apt/apt.conf; do
    [ -f "$f" ] && cp "$f" "$root/etc/apt/apt.conf.d/" || true
  done
  say "apt-get install $pkgs (in the sid root)"
  # The mirror may be a dated snapshot of sid, whose Release file has expired: accept it.
  in_root "export DEBIAN_FRONTEND=noninteractive
    apt-get -q -o Acquire::Check-Valid-Until=false update >/dev/null &&
    apt-get install -y -q --no-install-recommends $pkgs" \
    || { say "cannot install ns-3 $NS3_NEWEST_DEBIAN_VERSION in the sid root; sid has: \
$(in_root 'apt-cache policy libns3-dev' 2>/dev/null | awk '/Candidate/{print $2}')"; exit 1; }
  # ns-3's CMake package names the include folders of the Python and Boost its libraries were
  # built with (its targets fail to import where a folder is missing): install exactly those.
  extra=$(in_root 'grep -ho "/usr/include/python3\.[0-9]*" /usr/lib/*/cmake/ns3/ns3Targets.cmake \
                   | sort -u | sed "s|/usr/include/||;s|\$|-dev|"')
  say "apt-get install libboost-dev libgsl-dev libxml2-dev $extra (in the sid root)"
  in_root "export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends libboost-dev libgsl-dev libxml2-dev $extra \
      >/dev/null"
fi
# The module's own Boost headers (DatacenterPathGraph): a root made before they were needed may
# lack them (the install above runs only when ns-3's version changes).
if [ ! -f "$root/usr/include/boost/graph/adjacency_list.hpp" ]; then
  say "apt-get install libboost-dev (in the sid root)"
  in_root "export DEBIAN_FRONTEND=noninteractive
    apt-get -q -o Acquire::Check-Valid-Until=false update >/dev/null &&
    apt-get install -y -q --no-install-recommends libboost-dev >/dev/null"
fi
say "ns-3 in the sid root: libns3-dev $(chroot "$root" dpkg-query -W -f='${Version}' libns3-dev), \
$(in_root 'g++ --version | head -n1'), $(in_root 'cmake --version | head -n1')"

# MPTCP_PREPARE_ONLY=1: only make the sid root (tools/test-all.sh does that in the background
# while the first stages compile).
if [ "${MPTCP_PREPARE_ONLY:-0}" = 1 ]; then say "sid root ready"; exit 0; fi

# --- the module's sources ------------------------------------------------------------------------
bash "$repo/tools/ci/sync-module.sh" "$root/src/mptcp" > /dev/null

# --- build and test ------------------------------------------------------------------------------
say "configure, build (-Werror) and ctest in the sid root"
in_root 'cd /src/mptcp &&
  cmake -S . -B build -G Ninja -DMPTCP_WARNINGS_AS_ERRORS=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" &&
  cmake --build build -j2 &&
  cd build && ctest -j2 --output-on-failure --no-tests=error'
