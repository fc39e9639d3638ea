#!/usr/bin/env python3
"""Generates Sources/FolioReading/Text/LineBreakTable.swift from the Unicode
Character Database's LineBreak.txt (and UnicodeData.txt, for the side of a
quotation mark); Debian's unicode-data package puts them in /usr/share/unicode.

Each code point gets the LineBreakClass folio tells apart, from its UAX #14
class:
  opening         OP; QU that is initial punctuation (Pi: ‘ “ « ‹)
  closing         CL CP NS EX IS CJ IN; QU that is final punctuation (Pf: ’ ” » ›)
  ideographic     ID H2 H3 JL JV JT EB EM RI
  numeric         NU
  zeroWidthSpace  ZW
  hyphen          HY
  breakAfter      BA, but U+00AD
  softHyphen      U+00AD SOFT HYPHEN
  breakBefore     BB
  breakBoth       B2
  combining       CM ZWJ
  glue            GL WJ
  space           SP
  quotation       QU that is neither initial nor final punctuation (" ')
  other           everything else (AL HL SA AI XX SG CB PR PO SY BK CR LF NL)
The table is runs: each entry is a run's first code point shifted left by 8
bits, or-ed with the class's raw value (the order of CLASSES below, which is
LineBreakClass's order); a run lasts up to the next entry. For the Basic
Multilingual Plane, `blocks` gives the run each 256 code points begin in, so
a lookup there searches a few runs, not all.
Run: python3 Scripts/generate-line-break-classes.py [UCD_DIR]
"""
import os
import re

import unicode_data

ucd = unicode_data.directory()

# LineBreakClass's cases, in the order of their raw values.
CLASSES = ["other", "numeric", "ideographic", "opening", "closing", "zeroWidthSpace", "hyphen", "breakAfter",
           "softHyphen", "breakBefore", "breakBoth", "combining", "glue", "space", "quotation"]
GROUPS = {
    "OP": "opening", "CL": "closing", "CP": "closing", "NS": "closing", "EX": "closing", "IS": "closing",
    "CJ": "closing", "IN": "closing", "ID": "ideographic", "H2": "ideographic", "H3": "ideographic",
    "JL": "ideographic", "JV": "ideographic", "JT": "ideographic", "EB": "ideographic", "EM": "ideographic",
    "RI": "ideographic", "NU": "numeric", "ZW": "zeroWidthSpace", "HY": "hyphen", "BA": "breakAfter",
    "BB": "breakBefore", "B2": "breakBoth", "CM": "combining", "ZWJ": "combining", "GL": "glue", "WJ": "glue",
    "SP": "space",
}


uax = {}
default = "XX"
with open(os.path.join(ucd, "LineBreak.txt"), encoding="utf-8") as f:
    for line in f:
        missing = re.match(r"#\s*@missing:\s*([0-9A-F.]+)\s*;\s*(\w+)", line)
        if missing:
            assert missing.group(1) == "0000..10FFFF", "only a default for every code point is read"
            default = missing.group(2)
            continue
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        field, value = [x.strip() for x in line.split(";")[:2]]
        for cp in unicode_data.code_points(field):
            uax[cp] = value

category = unicode_data.categories(ucd)


def folio(cp):
    if cp == 0x00AD:
        return "softHyphen"
    value = uax.get(cp, default)
    if value == "QU":
        return {"Pi": "opening", "Pf": "closing"}.get(category.get(cp), "quotation")
    return GROUPS.get(value, "other")


runs = []
for cp in range(0x110000):
    cls = folio(cp)
    if not runs or runs[-1][1] != cls:
        runs.append((cp, cls))

with unicode_data.generated("Sources/FolioReading/Text/LineBreakTable.swift", "generate-line-break-classes.py",
                            "'s LineBreak.txt and UnicodeData.txt", ucd) as f:
    f.write("/// Every code point's ``LineBreakClass``, as runs sorted by their first code\n")
    f.write("/// point: an entry is that code point shifted left by 8 bits, or-ed with the\n")
    f.write("/// class's raw value; a run lasts up to the next entry's code point.\n")
    f.write("enum LineBreakTable {\n")
    f.write("    static let runs: [UInt32] = [\n")
    per_line = 6
    for i in range(0, len(runs), per_line):
        f.write("        " + " ".join(f"0x{cp:05X}_{CLASSES.index(cls):02X}," for cp, cls in runs[i:i + per_line]) + "\n")
    f.write("    ]\n\n")
    f.write("    /// For each 256 code points of the Basic Multilingual Plane (and one past\n")
    f.write("    /// it), the index of the run their first code point lies in.\n")
    f.write("    static let blocks: [UInt16] = [\n")
    starts = [cp for cp, _ in runs]
    index = [max(i for i, start in enumerate(starts) if start <= block << 8) for block in range(257)]
    for i in range(0, len(index), 16):
        f.write("        " + " ".join(f"{v}," for v in index[i:i + 16]) + "\n")
    f.write("    ]\n}\n")
print(f"{len(runs)} runs")
