"""Reading the Unicode Character Database's UnicodeData.txt, for the
generators in this folder (generate-display-widths.py, generate-bidi-tables.py)."""
import os
import re


def unicode_data(ucd):
    """Each entry of UnicodeData.txt as (code points, fields): a `<…, First>`
    and `<…, Last>` pair of lines is one entry spanning the range between them."""
    first = None
    with open(os.path.join(ucd, "UnicodeData.txt"), encoding="utf-8") as f:
        for line in f:
            fields = line.split(";")
            cp, name = int(fields[0], 16), fields[1]
            if name.endswith("First>"):
                first = cp
                continue
            yield (range(first, cp + 1) if name.endswith("Last>") else range(cp, cp + 1)), fields
            first = None


def version(ucd):
    """The database's version, from its ReadMe.txt: "Unicode 15.0.0"."""
    readme = open(os.path.join(ucd, "ReadMe.txt"), encoding="utf-8").read()
    found = re.search(r"Unicode(\d+\.\d+\.\d+)", readme)
    return "Unicode " + (found.group(1) if found else "version unknown")
