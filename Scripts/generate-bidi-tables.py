#!/usr/bin/env python3
"""Generates Sources/FolioReading/Text/BidiTables.swift from the Unicode
Character Database (Debian's unicode-data package puts it in
/usr/share/unicode): what the bidirectional algorithm (UAX #9) needs to
know of each character.

  classes:  Bidi_Class of every code point, as ranges. From
            extracted/DerivedBidiClass.txt when it is there (its @missing
            lines give the unassigned code points' defaults); else from
            UnicodeData.txt, with the defaults DerivedBidiClass.txt states
            for unassigned code points (Unicode 15.0: R and AL blocks, ET for
            currency symbols, BN for default ignorables and noncharacters, L
            elsewhere).
  brackets: Bidi_Paired_Bracket and its type, from BidiBrackets.txt; a pair
            is named by its opening bracket, canonically decomposed (U+2329
            and U+3008 open the same pair, as rule BD16 asks).
  mirrors:  Bidi_Mirroring_Glyph, from BidiMirroring.txt (rule L4).

Run: python3 Scripts/generate-bidi-tables.py [UCD_DIR]
"""
import os
import re
import sys

from unicode_data import code_points, unicode_data, version as ucd_version

ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"

# The order of BidiClass's cases in Swift (its raw values).
CLASSES = ["L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
           "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"]
LONG_NAMES = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
    "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
    "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS", "Other_Neutral": "ON",
    "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO", "Right_To_Left_Embedding": "RLE",
    "Right_To_Left_Override": "RLO", "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI",
    "Right_To_Left_Isolate": "RLI", "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}

# DerivedBidiClass-15.0.0.txt's defaults for unassigned code points, for when only UnicodeData.txt is there.
UNASSIGNED_AL = [(0x0600, 0x07BF), (0x0860, 0x08FF), (0xFB50, 0xFDCF), (0xFDF0, 0xFDFF), (0xFE70, 0xFEFF),
                 (0x10D00, 0x10D3F), (0x10EC0, 0x10EFF), (0x10F30, 0x10F6F), (0x1EC70, 0x1ECBF), (0x1ED00, 0x1ED4F), (0x1EE00, 0x1EEFF)]
UNASSIGNED_R = [(0x0590, 0x05FF), (0x07C0, 0x085F), (0xFB1D, 0xFB4F), (0x10800, 0x10CFF), (0x10D40, 0x10EBF),
                (0x10F00, 0x10F2F), (0x10F70, 0x10FFF), (0x1E800, 0x1EC6F), (0x1ECC0, 0x1ECFF), (0x1ED50, 0x1EDFF), (0x1EF00, 0x1EFFF)]
UNASSIGNED_ET = [(0x20A0, 0x20CF)]


def property_points(path, name):
    """Code points a property file (PropList.txt, DerivedCoreProperties.txt) lists under `name`."""
    points = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#", 1)[0].split(";")]
            if len(fields) >= 2 and fields[1] == name:
                points.update(code_points(fields[0]))
    return points


def classes_from_derived(path):
    classes = [None] * 0x110000
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    # The @missing lines first, in order (a later one overrides an earlier), then the listed ones.
    for line in lines:
        found = re.match(r"#\s*@missing:\s*([0-9A-F.]+)\s*;\s*(\w+)", line)
        if found:
            value = LONG_NAMES.get(found.group(2), found.group(2))
            for cp in code_points(found.group(1)):
                classes[cp] = value
    for line in lines:
        fields = [x.strip() for x in line.split("#", 1)[0].split(";")]
        if len(fields) >= 2 and fields[0]:
            for cp in code_points(fields[0]):
                classes[cp] = fields[1]
    return classes


def classes_from_unicode_data():
    classes = ["L"] * 0x110000
    for ranges, value in ((UNASSIGNED_AL, "AL"), (UNASSIGNED_R, "R"), (UNASSIGNED_ET, "ET")):
        for a, b in ranges:
            for cp in range(a, b + 1):
                classes[cp] = value
    ignorable = property_points(os.path.join(ucd, "DerivedCoreProperties.txt"), "Default_Ignorable_Code_Point")
    ignorable |= property_points(os.path.join(ucd, "PropList.txt"), "Noncharacter_Code_Point")
    for cp in ignorable:
        classes[cp] = "BN"
    for span, fields in unicode_data(ucd):
        for cp in span:
            classes[cp] = fields[4]
    return classes


def canonical_singletons():
    """Code points whose canonical decomposition is a single code point (U+2329 → U+3008)."""
    singles = {}
    for span, fields in unicode_data(ucd):
        decomposition = fields[5].split()
        if len(decomposition) == 1 and not decomposition[0].startswith("<"):
            singles[span.start] = int(decomposition[0], 16)
    return singles


def pairs(path):
    """The first two fields of each data line, as code points, with the rest of the fields."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = [x.strip() for x in line.split("#", 1)[0].split(";")]
            if len(fields) >= 2 and fields[0]:
                rows.append((int(fields[0], 16), int(fields[1], 16), fields[2:]))
    return rows


derived = os.path.join(ucd, "extracted", "DerivedBidiClass.txt")
source = "extracted/DerivedBidiClass.txt" if os.path.exists(derived) else "UnicodeData.txt and DerivedBidiClass's defaults"
classes = classes_from_derived(derived) if os.path.exists(derived) else classes_from_unicode_data()
runs = []
for cp, value in enumerate(classes):
    if not runs or runs[-1][1] != value:
        runs.append((cp, value))

singles = canonical_singletons()
brackets = []
for cp, pair, rest in pairs(os.path.join(ucd, "BidiBrackets.txt")):
    opening = cp if rest[0] == "o" else pair
    brackets.append((cp, singles.get(opening, opening), rest[0] == "c"))
mirrors = [(cp, mirror) for cp, mirror, _ in pairs(os.path.join(ucd, "BidiMirroring.txt"))]

version = ucd_version(ucd)


def rows(values, per_line):
    lines = [", ".join(values[i:i + per_line]) for i in range(0, len(values), per_line)]
    return "".join(f"        {line},\n" for line in lines)


target = os.path.join(os.path.dirname(__file__), "..", "Sources", "FolioReading", "Text", "BidiTables.swift")
with open(target, "w", encoding="utf-8") as f:
    f.write("// Generated by Scripts/generate-bidi-tables.py from the Unicode Character\n")
    f.write(f"// Database ({version}; classes from {source}). Do not edit by hand.\n\n")
    f.write("/// What the bidirectional algorithm knows of each character, as flat arrays of\n")
    f.write("/// plain integers (the compiler lays them out in the binary), sorted by code point.\n")
    f.write("enum BidiTables {\n")
    f.write("    /// Bidi_Class by ranges covering every code point: each entry is a range's first\n")
    f.write("    /// code point shifted left 5, or'ed with its class (``BidiClass``'s raw value);\n")
    f.write("    /// the range runs to the next entry's first code point.\n")
    f.write("    static let classes: [UInt32] = [\n")
    f.write(rows([f"0x{cp << 5 | CLASSES.index(value):08X}" for cp, value in runs], 8))
    f.write("    ]\n\n")
    f.write("    /// Paired brackets (rule BD16): pairs of entries, the bracket and its pair's name,\n")
    f.write("    /// the pair's opening bracket canonically decomposed, or'ed with 1 << 31 for a closing one.\n")
    f.write("    static let brackets: [UInt32] = [\n")
    f.write(rows([f"0x{cp:05X}, 0x{opening | (1 << 31 if closing else 0):08X}" for cp, opening, closing in brackets], 4))
    f.write("    ]\n\n")
    f.write("    /// Mirrored glyphs (rule L4): pairs of entries, a character and the one drawn for it\n")
    f.write("    /// at a right-to-left level.\n")
    f.write("    static let mirrors: [UInt32] = [\n")
    f.write(rows([f"0x{cp:05X}, 0x{mirror:05X}" for cp, mirror in mirrors], 6))
    f.write("    ]\n")
    f.write("}\n")
print(f"classes: {len(runs)} ranges from {source}, brackets: {len(brackets)}, mirrors: {len(mirrors)}")
