#!/usr/bin/env bash
# Copy the module's sources (the repository without .git/, build*/, results/ and Python caches) to
# DEST, for a build there (tools/ci/intree.sh: <tree>/contrib/mptcp; tools/ci/newest.sh: the sid
# root's /src/mptcp). Prints one line per file updated or removed.
#
#   tools/ci/sync-module.sh DEST
#
# Only files whose content changed are rewritten (and get a new modification time, so ninja
# rebuilds exactly what changed); files gone from the repository are deleted, except under
# DEST/build (a build folder of DEST's own). Keeping the source's modification times instead
# would be wrong: a file older than the object built from a previous, different copy would not be
# recompiled.
set -euo pipefail
dest=${1:?usage: sync-module.sh DEST}
repo=$(cd "$(dirname "$0")/../.." && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
tar -C "$repo" --exclude=./.git --exclude='./build' --exclude='./build-*' --exclude=./results \
    --exclude='__pycache__' --exclude='*.pyc' -cf - . | tar -C "$stage" -xf -
mkdir -p "$dest"
(cd "$dest" && find . -path ./build -prune -o -type f -print) | while IFS= read -r f; do
  [ -e "$stage/$f" ] || { rm -f "$dest/$f"; echo "  removed $f"; }
done
(cd "$stage" && find . -type f) | while IFS= read -r f; do
  if ! cmp -s "$stage/$f" "$dest/$f"; then
    mkdir -p "$(dirname "$dest/$f")"
    rm -f "$dest/$f"
    cp "$stage/$f" "$dest/$f"
    echo "  updated $f"
  fi
done
find "$dest" -mindepth 1 -depth -type d -empty -not -path "$dest/build" -not -path "$dest/build/*" \
  -delete
