#!/usr/bin/env python3
"""Generates Sources/FolioReading/Text/DisplayWidthTable.swift from the
Unicode Character Database (Debian's unicode-data package puts it in
/usr/share/unicode).

Rules, as terminals apply them (wcwidth):
  0 columns: general categories Mn, Me (combining marks) and Cf (format
             controls such as ZERO WIDTH SPACE and ZWJ), except U+00AD
             SOFT HYPHEN; Hangul medial vowels and final consonants
             U+1160..U+11FF; U+200B.
  2 columns: East Asian Width W or F, and Emoji_Presentation characters.
  1 column:  everything else that is printable.
Run: python3 Scripts/generate-display-widths.py [UCD_DIR]
"""
import os

import unicode_data

ucd = unicode_data.directory()


def ranges_from(path, keep):
    """Code points whose property (second field) satisfies keep()."""
    points = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            cps, prop = [x.strip() for x in line.split(";")[:2]]
            if keep(prop):
                points.update(unicode_data.code_points(cps))
    return points


def general_zero():
    points = {cp for cp, cat in unicode_data.categories(ucd).items() if cat in ("Mn", "Me", "Cf")}
    points.discard(0x00AD)
    points.update(range(0x1160, 0x1200))
    points.add(0x200B)
    return points


def compress(points):
    out = []
    for cp in sorted(points):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


zero = general_zero()
wide = ranges_from(os.path.join(ucd, "EastAsianWidth.txt"), lambda p: p in ("W", "F"))
wide |= ranges_from(os.path.join(ucd, "emoji", "emoji-data.txt"), lambda p: p == "Emoji_Presentation")
wide -= zero


def swift_array(name, ranges):
    # Flat pairs of plain integers, not ClosedRange: the compiler lays such an
    # array out in the binary, where ranges were built at run time, and building
    # [ClosedRange<UInt32>] made the runtime search its conformances on the first frame.
    rows = ",\n".join(f"        0x{a:05X}, 0x{b:05X}" for a, b in ranges)
    return f"    static let {name}: [UInt32] = [\n{rows},\n    ]\n"


with unicode_data.generated("Sources/FolioReading/Text/DisplayWidthTable.swift", "generate-display-widths.py", "", ucd) as f:
    f.write("/// Code point ranges by terminal column width, sorted and disjoint: each\n")
    f.write("/// range is two entries, its first and its last code point.\n")
    f.write("enum DisplayWidthTable {\n")
    f.write("    /// Combining marks, format controls and Hangul jamo that take no column.\n")
    f.write(swift_array("zero", compress(zero)))
    f.write("\n    /// East Asian wide and fullwidth characters and emoji shown as emoji: two columns.\n")
    f.write(swift_array("wide", compress(wide)))
    f.write("}\n")
print(f"zero: {len(compress(zero))} ranges, wide: {len(compress(wide))} ranges")
