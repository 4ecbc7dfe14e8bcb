#!/usr/bin/env bash
# Installs what the module needs on Debian 12 (idempotent; run as root): Debian's ns-3.37
# (libns3-dev and the ns3 programs its CMake package names), the libraries the module links
# (OpenSSL's libcrypto, SQLite), Boost's headers (Boost.Graph: DatacenterPathGraph), the build
# tools and matplotlib for the figures: what the quick start needs (`tools/deps.sh quickstart`
# installs only that); and for the tests (no argument) also ccache, tshark
# (tools/tests/test_pcap_tshark.py), clang-14 and its libFuzzer/sanitizer runtimes
# (tools/fuzz.sh), unzip (the wheel stage) and Sphinx for the documentation.
set -euo pipefail
case "${1:-all}" in
  quickstart) all=0 ;;
  all) all=1 ;;
  *) echo "usage: tools/deps.sh [quickstart|all]" >&2; exit 2 ;;
esac
pkgs=(libns3-dev ns3 libgsl-dev libsqlite3-dev libxml2-dev python3-dev libssl-dev libboost-dev cmake
      ninja-build g++ python3 python3-pip)
if [ "$all" = 1 ]; then
  pkgs+=(ccache unzip tshark clang-14 libclang-rt-14-dev)
fi
need=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "deps: apt-get install ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  # wireshark-common asks whether non-root users may capture: no.
  echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections
  apt-get update -q >&2
  apt-get install -y -q "${need[@]}" >&2
fi
if [ "$all" = 1 ] && ! python3 -c "import sphinx" 2>/dev/null; then
  echo "deps: installing sphinx (tools/tests/test_docs.py builds doc/ with it)" >&2
  python3 -m pip install -q sphinx >&2 2>/dev/null \
    || python3 -m pip install -q --break-system-packages sphinx >&2 2>/dev/null \
    || { apt-get install -y -q python3-sphinx >&2 && python3 -c "import sphinx"; }
fi
if ! python3 -c "import matplotlib" 2>/dev/null; then
  echo "deps: installing matplotlib" >&2
  python3 -m pip install -q matplotlib >&2 2>/dev/null \
    || python3 -m pip install -q --break-system-packages matplotlib >&2 2>/dev/null \
    || { apt-get install -y -q python3-matplotlib >&2 && python3 -c "import matplotlib"; }
fi
# The Python tools as a package (tools/pyproject.toml): the mptcp-ns3 command on PATH, from any
# directory; editable, so that it is this checkout's code and data. Reinstalled when the
# installed one is another checkout's (tools/tests/conftest.py refuses to test that).
tools=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
if ! python3 -c "import os, sys, mptcp_ns3
sys.exit(os.path.realpath(os.path.dirname(mptcp_ns3.__file__)) != os.path.join(sys.argv[1], 'mptcp_ns3'))" \
    "$tools" 2>/dev/null; then
  echo "deps: installing the Python tools (python3 -m pip install -e tools/)" >&2
  python3 -m pip install -q -e "$tools" >&2 2>/dev/null \
    || python3 -m pip install -q --break-system-packages -e "$tools" >&2
fi
