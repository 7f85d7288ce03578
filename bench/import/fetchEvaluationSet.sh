#!/usr/bin/env bash
# Downloads the Debian packages named in groundTruth.json and extracts exactly the PDFs it
# lists into a cache directory (default: $XDG_CACHE_HOME/refshelf/import-eval). The PDFs are
# not committed; they are the papers and vignettes shipped by r-cran-* packages.
# Usage: fetchEvaluationSet.sh [cache-dir]. Needs apt-get (Debian/Ubuntu) and dpkg, no root
# (apt-get download works as any user once the package lists are present).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/refshelf/import-eval}"
truth="$here/groundTruth.json"
mkdir -p "$cache/pdf" "$cache/deb"

# "package<TAB>path" per document, read with node (always present in this project).
mapfile -t entries < <(node -e '
  const g = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const d of g.documents) console.log(d.package + "\t" + d.path);
' "$truth")

missing=0
for entry in "${entries[@]}"; do
  path="${entry#*$'\t'}"
  [ -f "$cache/pdf/$path" ] || missing=1
done
if [ "$missing" = 0 ]; then
  echo "evaluation set complete in $cache/pdf"
  exit 0
fi

packages=$(printf '%s\n' "${entries[@]}" | cut -f1 | sort -u)
cd "$cache/deb"
for pkg in $packages; do
  if ! ls "${pkg}"_*.deb >/dev/null 2>&1; then
    apt-get download "$pkg" >/dev/null 2>&1 || { echo "apt-get download $pkg failed (run apt-get update?)" >&2; exit 1; }
  fi
done
# Each package is unpacked once, then the listed PDFs are copied out of it.
for pkg in $packages; do
  deb=$(ls "${pkg}"_*.deb | head -n1)
  tmp=$(mktemp -d)
  dpkg -x "$deb" "$tmp"
  for entry in "${entries[@]}"; do
    [ "${entry%%$'\t'*}" = "$pkg" ] || continue
    path="${entry#*$'\t'}"
    if [ ! -f "$tmp/$path" ]; then echo "$path is not in $deb" >&2; rm -rf "$tmp"; exit 1; fi
    mkdir -p "$cache/pdf/$(dirname "$path")"
    cp "$tmp/$path" "$cache/pdf/$path"
  done
  rm -rf "$tmp"
done
echo "evaluation set ready in $cache/pdf"
