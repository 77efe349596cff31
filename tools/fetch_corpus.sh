#!/usr/bin/env bash
# Fetches the six public-domain novels the Attention Machine is trained on from
# Project Gutenberg (plain text, UTF-8) and checks them against tools/SHA256SUMS,
# the checksums of the exact editions our weights were trained on.
#
# Usage: tools/fetch_corpus.sh [--source-dir DIR] [DEST]
#   DEST          folder to fill (default: ../shared/corpus beside the checkout)
#   --source-dir  copy the files from DIR instead of downloading (offline use, tests)
#
# Then: build/attention-train --corpus DEST --out weights-runs/mine ...
#
# Exit status: 0 every file matches; 1 a file differs or could not be fetched.
# Project Gutenberg revises its files now and then (and adds or changes the licence
# header around the text). A file that differs still trains a good model — the trainer
# strips the header — but not bit-for-bit the weights we ship.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sums="$here/SHA256SUMS"
source_dir=""
dest=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --source-dir) source_dir="${2:?--source-dir needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fetch_corpus.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) dest="$1"; shift ;;
  esac
done
dest="${dest:-$here/../../shared/corpus}"

# Gutenberg eBook number -> file name used by the corpus (and by SHA256SUMS).
books=(11 1342 84 2701 120 74)

if [[ -z "$source_dir" ]]; then
  if command -v curl >/dev/null; then
    fetch() { curl --fail --location --silent --show-error --retry 3 -o "$2" "$1"; }
  elif command -v wget >/dev/null; then
    fetch() { wget --quiet --tries=3 -O "$2" "$1"; }
  else
    echo "fetch_corpus.sh: needs curl or wget" >&2
    exit 1
  fi
fi
command -v sha256sum >/dev/null || { echo "fetch_corpus.sh: needs sha256sum (coreutils)" >&2; exit 1; }
[[ -r "$sums" ]] || { echo "fetch_corpus.sh: missing $sums" >&2; exit 1; }

mkdir -p "$dest"
status=0
for n in "${books[@]}"; do
  file="pg$n.txt"
  target="$dest/$file"
  partial="$target.part"
  if [[ -n "$source_dir" ]]; then
    if ! cp "$source_dir/$file" "$partial" 2>/dev/null; then
      echo "MISSING  $file (not in $source_dir)"; status=1; rm -f "$partial"; continue
    fi
  else
    # The "Plain Text UTF-8" link of https://www.gutenberg.org/ebooks/$n
    url="https://www.gutenberg.org/ebooks/$n.txt.utf-8"
    if ! fetch "$url" "$partial"; then
      echo "FAILED   $file ($url)"; status=1; rm -f "$partial"; continue
    fi
  fi
  mv "$partial" "$target"  # a finished file only ever appears whole
  want="$(awk -v f="$file" '$2 == f { print $1 }' "$sums")"
  got="$(sha256sum "$target" | awk '{ print $1 }')"
  if [[ "$got" == "$want" ]]; then
    echo "OK       $file"
  else
    echo "DIFFERS  $file (sha256 $got, expected $want)"; status=1
  fi
done

if [[ $status -ne 0 ]]; then
  cat >&2 <<MSG

Some files are missing or differ from the editions the shipped weights were trained on.
Project Gutenberg revises files and their licence headers from time to time. The trainer
strips the header and front matter, so these files still train a model, but it will not
match the shipped weights bit for bit.
MSG
fi
echo "corpus folder: $dest"
exit $status
