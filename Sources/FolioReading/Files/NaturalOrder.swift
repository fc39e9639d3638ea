/// The order people expect file names in: runs of digits compare as numbers,
/// so `img2` comes before `img10`, and letters compare without regard to case.
///
/// Ties (`IMG1` and `img1`, `a01` and `a1`) fall back to the plain string
/// order, so the order is total and stable across runs.
///
/// ```swift
/// ["img10.jpg", "img2.jpg", "IMG1.jpg"].sorted(by: NaturalOrder.areInIncreasingOrder)
/// // ["IMG1.jpg", "img2.jpg", "img10.jpg"]
/// ```
///
/// Cost: O(length of the shorter name); allocates two small scalar arrays per comparison.
public enum NaturalOrder {
    /// Whether `a` comes before `b` in natural order.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        switch compare(a, b) {
        case .less: return true
        case .greater: return false
        case .same: return a < b
        }
    }

    /// How two names compare, ignoring case and leading zeros.
    enum Comparison { case less, same, greater }

    static func compare(_ a: String, _ b: String) -> Comparison {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                // Whole runs of digits, compared as numbers of any length.
                var ei = i, ej = j
                while ei < x.count, isDigit(x[ei]) { ei += 1 }
                while ej < y.count, isDigit(y[ej]) { ej += 1 }
                var si = i, sj = j
                while si < ei - 1, x[si] == "0" { si += 1 }
                while sj < ej - 1, y[sj] == "0" { sj += 1 }
                if ei - si != ej - sj { return ei - si < ej - sj ? .less : .greater }
                while si < ei {
                    if x[si] != y[sj] { return x[si].value < y[sj].value ? .less : .greater }
                    si += 1; sj += 1
                }
                i = ei; j = ej
            } else {
                let p = folded(x[i]), q = folded(y[j])
                if p != q { return p < q ? .less : .greater }
                i += 1; j += 1
            }
        }
        if i < x.count { return .greater }
        if j < y.count { return .less }
        return .same
    }

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

    /// ASCII letters folded to lower case; everything else as it is.
    static func folded(_ s: Unicode.Scalar) -> UInt32 {
        s.value >= 65 && s.value <= 90 ? s.value + 32 : s.value
    }
}
