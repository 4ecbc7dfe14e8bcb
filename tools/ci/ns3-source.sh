#!/usr/bin/env bash
# Fetch Debian 12's ns-3.37 source tree (apt-get source ns3) into the persistent cache directory.
# Prints the path of the ns-3.37 tree on stdout. Idempotent: a tree already unpacked is reused.
set -euo pipefail
CACHE=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
mkdir -p "$CACHE/src"
tree="$CACHE/src/ns3-3.37/ns-3.37"
if [ -x "$tree/ns3" ]; then echo "$tree"; exit 0; fi
if ! apt-cache showsrc ns3 2>/dev/null | grep -q "^Version: 3\.37"; then
  uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=http://deb.debian.org/debian
  cat > /etc/apt/sources.list.d/ns3-src.sources <<EOS
Types: deb-src
URIs: $uri
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
  apt-get update -q >&2
fi
command -v dpkg-source >/dev/null || apt-get install -y -q dpkg-dev >&2
# ns3/bookworm: Debian 12's 3.37 even where a newer suite's deb-src line is configured too.
(cd "$CACHE/src" && apt-get source -q ns3/bookworm >&2)
[ -x "$tree/ns3" ] || { echo "ns3-source.sh: $tree not found after apt-get source" >&2; exit 1; }
echo "$tree"
