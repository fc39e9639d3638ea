/// HTML5's named character references (the WHATWG list: `&amp;`, `&nbsp`,
/// `&NotNestedGreaterGreater;`…), looked up in a compact generated table
/// (`HTMLEntities+Table.swift`, written by Scripts/generate-html-entities.py).
///
/// The 2,231 names sit in one static string in byte order, so a lookup is
/// a binary search of at most 12 comparisons and nothing is built or
/// allocated on first use (a `[String: UInt32]` literal of this size would
/// hash 2,231 strings the first time a book has an `&`).
enum HTMLEntities {
    /// The one or two code points a name stands for.
    struct Value: Equatable {
        /// The first code point.
        var first: Unicode.Scalar
        /// The second, for the 93 names that stand for two (`&acE;` is U+223E U+0333).
        var second: Unicode.Scalar?
    }

    /// What `name` (with its `;` where it has one: `amp;`, or the legacy
    /// `amp`) stands for, or nil when it is not in the list.
    static func value<Name: Collection<UInt8>>(of name: Name) -> Value? {
        index(of: name).map(value(at:))
    }

    /// The longest name at the start of `text` (the bytes after an `&`), as
    /// HTML5's tokenizer matches it: the alphanumeric run with its `;` if that
    /// is a name, else the longest legacy name the run starts with
    /// (`&notit;` → `&not` then `it;`). Returns the bytes the name spans.
    static func longestMatch(at text: ArraySlice<UInt8>) -> (length: Int, value: Value)? {
        var run = 0
        var k = text.startIndex
        while k < text.endIndex, run < longestName, isAlphanumeric(text[k]) {
            run += 1
            k += 1
        }
        guard run > 0 else { return nil }
        if k < text.endIndex, text[k] == UInt8(ascii: ";"),
           let found = value(of: text[text.startIndex...k]) {
            return (run + 1, found)
        }
        for length in stride(from: min(run, longestLegacyName), through: 1, by: -1) {
            let prefix = text[text.startIndex..<(text.startIndex + length)]
            if let found = value(of: prefix) { return (length, found) }
        }
        return nil
    }

    /// The name at `index` in byte order, as bytes of ``names``.
    static func nameBytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : Int(nameEnds[index - 1])
        return UnsafeBufferPointer(start: names.utf8Start + start, count: Int(nameEnds[index]) - start)
    }

    /// What the name at `index` stands for.
    static func value(at index: Int) -> Value {
        let packed = values[index]
        let second = Int(packed >> 21)
        return Value(
            first: Unicode.Scalar(packed & 0x1F_FFFF) ?? "\u{FFFD}",
            second: second == 0 ? nil : Unicode.Scalar(secondScalars[second]))
    }

    /// The index of `name` in byte order, by binary search, or nil.
    private static func index<Name: Collection<UInt8>>(of name: Name) -> Int? {
        guard name.count <= longestName else { return nil }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            let candidate = nameBytes(at: middle)
            if candidate.elementsEqual(name) { return middle }
            if candidate.lexicographicallyPrecedes(name) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return nil
    }

    /// Whether `b` is an ASCII letter or digit, what a name is made of.
    static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z"))
    }
}
