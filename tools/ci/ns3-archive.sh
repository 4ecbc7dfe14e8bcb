#!/usr/bin/env bash
# Unpack an unmodified ns-3 release from the project's archive folder ($MPTCP_NS3_ARCHIVES, else
# ../shared/ns3 beside the repository, else /work/shared/ns3 for a clone made elsewhere) into the
# persistent cache, after checking its SHA-256 against the folder's SHA256SUMS:
#
#   tools/ci/ns3-archive.sh 3.48     # -> $MPTCP_CACHE_DIR/src/ns-3.48/ns-3.48 (CMake, ./ns3)
#   tools/ci/ns3-archive.sh 3.35     # -> $MPTCP_CACHE_DIR/src/ns-3.35/ns-3.35 (waf)
#
# Prints the tree's path on stdout. Idempotent: a tree already unpacked from an archive with the
# same checksum is reused (its build folders, and so ccache's work, survive between runs).
# Exits 1 with one line on stderr when the archive is missing or its checksum differs.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cache=${MPTCP_CACHE_DIR:-/var/cache/mptcp-ns3}
if [ -n "${MPTCP_NS3_ARCHIVES:-}" ]; then
  archives=$MPTCP_NS3_ARCHIVES
elif [ -d "$repo/../shared/ns3" ]; then
  archives=$repo/../shared/ns3
else
  archives=/work/shared/ns3
fi
die() { echo "ns3-archive.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: tools/ci/ns3-archive.sh VERSION (e.g. 3.48)"
version=$1
case "$version" in
  3.[0-9]*) ;;
  *) die "VERSION must look like 3.48, not '$version'" ;;
esac
name=ns-$version
archive=$archives/$name.tar.xz
[ -f "$archive" ] || die "$archive not found (set MPTCP_NS3_ARCHIVES to the folder of $name.tar.xz)"
[ -f "$archives/SHA256SUMS" ] || die "$archives/SHA256SUMS not found"
want=$(awk -v f="$name.tar.xz" '$2 == f || $2 == "*" f { print $1 }' "$archives/SHA256SUMS")
[ -n "$want" ] || die "$name.tar.xz is not listed in $archives/SHA256SUMS"

dest=$cache/src/$name
tree=$dest/$name
stamp=$dest/.sha256
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$tree/VERSION" ]; then
  echo "$tree"
  exit 0
fi
have=$(sha256sum "$archive" | awk '{ print $1 }')
[ "$have" = "$want" ] || die "$archive: SHA-256 $have, SHA256SUMS says $want"
rm -rf "$dest"
mkdir -p "$dest"
tar -xJf "$archive" -C "$dest"
[ -f "$tree/VERSION" ] || die "$archive did not unpack to $name/"
echo "$want" > "$stamp"
echo "$tree"
