/// How many terminal columns a character takes.
///
/// East Asian wide and fullwidth characters and emoji take 2; combining
/// marks, format controls (ZWJ, ZWSP) and Hangul trailing jamo take 0;
/// other printable characters take 1. Control characters (C0, DEL, C1)
/// are not printable and report `nil`: a caller shows them some other way.
/// The table comes from the Unicode Character Database through
/// `Scripts/generate-display-widths.py`.
public enum DisplayWidth {
    /// The columns `scalar` takes: 0, 1 or 2; nil for a control character.
    /// O(log r) in the number of table ranges (a few hundred).
    public static func columns(of scalar: Unicode.Scalar) -> Int? {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return nil }
        if v < 0x300 { return 1 }  // Latin and friends: no wide or zero-width characters below U+0300
        if contains(DisplayWidthTable.zero, v) { return 0 }
        if contains(DisplayWidthTable.wide, v) { return 2 }
        return 1
    }

    /// The columns a string takes when printed on one line, controls counted as 1
    /// (they are shown as visible pictures).
    public static func columns(of text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += columns(of: scalar) ?? 1 }
        return total
    }

    /// Whether `v` lies in one of `ranges` (flat pairs: first, last code point).
    private static func contains(_ ranges: [UInt32], _ v: UInt32) -> Bool {
        ranges.withUnsafeBufferPointer { ranges in
            // low ≤ mid < high ≤ count / 2, so every index below is in the table.
            let pairs = ranges.count / 2
            var low = 0, high = pairs
            while low < high {
                let mid = (low &+ high) &>> 1
                if ranges[2 &* mid &+ 1] < v { low = mid &+ 1 } else { high = mid }
            }
            return low < pairs && ranges[2 &* low] <= v
        }
    }
}
