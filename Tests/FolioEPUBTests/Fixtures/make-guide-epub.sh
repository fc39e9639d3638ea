#!/usr/bin/env bash
# Rebuilds folio-guide.epub, a real EPUB 3 made by pandoc (which no one here
# wrote), from the guide text bundled in Sources/FolioReading/Document/Guide.swift.
#   bash Tests/FolioEPUBTests/Fixtures/make-guide-epub.sh
# Needs pandoc (apt-get install pandoc). SOURCE_DATE_EPOCH and a fixed
# identifier keep the output the same from run to run.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
guide="$here/../../../Sources/FolioReading/Document/Guide.swift"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The guide is the raw string literal between #""" and """#.
awk '/#"""$/ {on=1; next} /^"""#/ {on=0} on' "$guide" > "$work/guide.md"

SOURCE_DATE_EPOCH=1767225600 pandoc "$work/guide.md" \
    --from markdown --to epub3 --epub-chapter-level=1 \
    --metadata title="Folio guide" \
    --metadata author="The Folio project" \
    --metadata lang=en \
    --metadata identifier="urn:folio:guide" \
    --output "$here/folio-guide.epub"
echo "wrote $here/folio-guide.epub ($(wc -c < "$here/folio-guide.epub") bytes)"
