#!/usr/bin/env python3
"""Generates Sources/FolioReading/Search/CaseFoldingTable.swift from the
Unicode Character Database's CaseFolding.txt (Debian's unicode-data package
puts it in /usr/share/unicode).

Search ignores case by Unicode's simple case folding: the mappings of status
C (common) and S (simple), one scalar to one scalar. Status F (full: ß to
"ss") and T (Turkic dotted and dotless i) are left out.

Two tables, both per code point, as deltas (target minus code point; 0 where
nothing changes):
  fold   a scalar's simple case fold;
  orbit  the next member of its case class, the scalars that share one fold,
         in ascending order and back to the first (K → k → U+212A KELVIN
         SIGN → K), so a search can list every spelling of a letter.
Each is two stages: `blocks` maps a code point's 64-code-point block to a row,
and the rows hold 64 deltas each (row 0 all zeros; identical rows shared).
Run: python3 Scripts/generate-case-folding.py [UCD_DIR]
"""
import collections
import os

import unicode_data

ucd = unicode_data.directory()
SHIFT = 6
SIZE = 1 << SHIFT

fold = {}
with open(os.path.join(ucd, "CaseFolding.txt"), encoding="utf-8") as f:
    for line in f:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        code, status, mapping = [x.strip() for x in line.split(";")[:3]]
        if status in ("C", "S"):
            fold[int(code, 16)] = int(mapping, 16)

classes = collections.defaultdict(set)
for source, target in fold.items():
    classes[target].update((source, target))
orbit = {}
for members in classes.values():
    ordered = sorted(members)
    for i, v in enumerate(ordered):
        orbit[v] = ordered[(i + 1) % len(ordered)]

# CaseFolding.largestClass in Swift: a search lists a letter's spellings in four slots.
assert max(len(members) for members in classes.values()) <= 4, "a case class of more than four scalars"
last = max(orbit)
rows = [tuple([0] * SIZE * 2)]
row_of = {rows[0]: 0}
blocks = []
for block in range((last >> SHIFT) + 1):
    span = range(block << SHIFT, (block + 1) << SHIFT)
    row = tuple(fold.get(v, v) - v for v in span) + tuple(orbit.get(v, v) - v for v in span)
    if row not in row_of:
        row_of[row] = len(rows)
        rows.append(row)
    blocks.append(row_of[row])
assert len(rows) < 256, "row numbers are bytes"


def swift_array(name, kind, values, per_line):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append("        " + ", ".join(str(v) for v in values[i:i + per_line]) + ",")
    return f"    static let {name}: [{kind}] = [\n" + "\n".join(lines) + "\n    ]\n"


with unicode_data.generated("Sources/FolioReading/Search/CaseFoldingTable.swift", "generate-case-folding.py",
                            "'s CaseFolding.txt", ucd) as f:
    f.write("/// Unicode's simple case folding (statuses C and S) as two-stage tables of\n")
    f.write("/// deltas: the row of code point `v` is `blocks[v >> 6]` (past ``end``:\n")
    f.write("/// row 0, all zeros), and its delta is `fold[row * 64 + (v & 63)]` (or `orbit[…]`).\n")
    f.write("enum CaseFoldingTable {\n")
    f.write(f"    /// Code points from here on fold to themselves and are alone in their class.\n")
    f.write(f"    static let end: UInt32 = 0x{((last >> SHIFT) + 1) << SHIFT:X}\n\n")
    f.write("    /// The row of each 64-code-point block below ``end``.\n")
    f.write(swift_array("blocks", "UInt8", blocks, 32))
    f.write("\n    /// Per row, 64 deltas to each code point's simple case fold.\n")
    f.write(swift_array("fold", "Int32", [d for row in rows for d in row[:SIZE]], 16))
    f.write("\n    /// Per row, 64 deltas to the next member of each code point's case class (in\n")
    f.write("    /// ascending order, the last back to the first).\n")
    f.write(swift_array("orbit", "Int32", [d for row in rows for d in row[SIZE:]], 16))
    f.write("}\n")
print(f"{len(fold)} folds, {len(classes)} classes, {len(blocks)} blocks, {len(rows)} rows")
