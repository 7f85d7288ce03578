#!/usr/bin/env bash
# Fetches the import bench's corpus: downloads the Debian packages named in corpus.json with
# `apt-get download`, unpacks each once (`dpkg -x`) and copies exactly the listed PDFs to
# <cache>/pdf/<package>/<path>, checking each file's SHA-1. The PDFs are never committed.
# Usage: fetchCorpus.sh [cache-dir]   (default $XDG_CACHE_HOME/refshelf/import-corpus)
# Needs apt-get and dpkg with the package lists present (`apt-get update` once); no root.
# A file whose SHA-1 differs (the archive moved to a newer version) is reported and left
# out, so the bench scores only the documents the ground truth was read from.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="${1:-${REFSHELF_IMPORT_CORPUS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/refshelf/import-corpus}}"
mkdir -p "$cache/pdf" "$cache/deb"

# "package<TAB>path<TAB>sha1" per document, read with node (always present in this project).
mapfile -t entries < <(node -e '
  const g = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  for (const d of g.documents) console.log([d.package, d.path, d.sha1].join("\t"));
' "$here/corpus.json")

have() { [ -f "$cache/pdf/$1/$2" ]; }
missing=()
for entry in "${entries[@]}"; do
  IFS=$'\t' read -r pkg path _ <<<"$entry"
  have "$pkg" "$path" || missing+=("$pkg")
done
if [ "${#missing[@]}" = 0 ]; then
  echo "import corpus complete in $cache/pdf (${#entries[@]} PDFs)"
  exit 0
fi

packages=$(printf '%s\n' "${missing[@]}" | sort -u)
cd "$cache/deb"
for pkg in $packages; do
  ls "${pkg}"_*.deb >/dev/null 2>&1 && continue
  apt-get download "$pkg" >/dev/null 2>&1 || { echo "apt-get download $pkg failed (run apt-get update?)" >&2; exit 1; }
done

changed=0
for pkg in $packages; do
  deb=$(ls "${pkg}"_*.deb | head -n1)
  tmp=$(mktemp -d)
  dpkg -x "$deb" "$tmp"
  for entry in "${entries[@]}"; do
    IFS=$'\t' read -r epkg path sha1 <<<"$entry"
    [ "$epkg" = "$pkg" ] || continue
    # A package that ships the PDF gzipped (path.gz): the truth names and hashes the unpacked PDF.
    if [ ! -f "$tmp/$path" ] && [ -f "$tmp/$path.gz" ]; then gunzip -c "$tmp/$path.gz" >"$tmp/$path"; fi
    if [ ! -f "$tmp/$path" ]; then echo "not in $deb: $path" >&2; changed=$((changed + 1)); continue; fi
    if [ "$(sha1sum "$tmp/$path" | cut -d' ' -f1)" != "$sha1" ]; then
      echo "changed in $deb (left out): $path" >&2
      changed=$((changed + 1))
      continue
    fi
    mkdir -p "$cache/pdf/$pkg/$(dirname "$path")"
    cp "$tmp/$path" "$cache/pdf/$pkg/$path"
  done
  rm -rf "$tmp"
done
echo "import corpus ready in $cache/pdf ($changed of ${#entries[@]} PDFs left out)"
