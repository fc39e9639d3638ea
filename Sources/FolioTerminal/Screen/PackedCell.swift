import FolioReading
/// How a ``Frame`` stores a cell: sixteen bytes (a scalar, a full style, a width), no heap.
///
/// `code` holds the cell's only scalar inline when the grapheme is one scalar
/// (almost always). A grapheme of several scalars (a base and its marks) is
/// spilled to the frame's cluster table and `code` holds `clusterTag | index`.
/// A continuation has width 0 and code 0. Scalars stop at U+10FFFF, so the
/// tag bit never clashes with a scalar.
///
/// The parts are packed by hand into two words with no padding, so the checks
/// the renderer makes on every cell of a frame (is it a plain space, does it
/// share a style) are a compare or two of whole words.
struct PackedCell: Equatable, Sendable {
    /// `code` in the low 32 bits, the style's text colour in the high 32.
    private var low: UInt64
    /// The style's background colour in the low 32 bits, its attributes in the
    /// next 8, the width in the 8 above them; the top 16 bits are 0.
    private var high: UInt64

    /// A cell of `code`, `width` columns wide, in `style`.
    @inline(__always)
    init(code: UInt32, width: UInt8, style: Style) {
        low = UInt64(code) | UInt64(style.foregroundBits) << 32
        high = UInt64(style.backgroundBits) | UInt64(style.attributes.rawValue) << 32 | UInt64(width) << 40
    }

    static let clusterTag: UInt32 = 0x8000_0000
    static let space: UInt32 = 0x20

    /// The scalar value, or `clusterTag | index` into ``Frame/clusters``.
    var code: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: low) }
        set { low = low & 0xFFFF_FFFF_0000_0000 | UInt64(newValue) }
    }

    /// The look of the cell; a continuation repeats its lead's style.
    var style: Style {
        @inline(__always) get {
            Style(foregroundBits: UInt32(truncatingIfNeeded: low >> 32), backgroundBits: UInt32(truncatingIfNeeded: high),
                  attributes: Style.Attributes(rawValue: UInt8(truncatingIfNeeded: high >> 32)))
        }
    }

    /// 0 for a continuation, 1, or 2 for a wide character's lead cell.
    var width: UInt8 { @inline(__always) get { UInt8(truncatingIfNeeded: high >> 40) } }

    /// A space in `style`.
    static func blank(_ style: Style = .plain) -> PackedCell {
        PackedCell(code: space, width: 1, style: style)
    }

    /// The right half of a wide character drawn in `style`.
    static func continuation(_ style: Style) -> PackedCell {
        PackedCell(code: 0, width: 0, style: style)
    }

    /// Whether the text lives in the cluster table.
    var isCluster: Bool { code & Self.clusterTag != 0 }

    /// The index into the cluster table; meaningful only when `isCluster`.
    var clusterIndex: Int { Int(code & ~Self.clusterTag) }

    /// The inline scalar; meaningful only when not `isCluster` and width > 0.
    var scalar: Unicode.Scalar { Unicode.Scalar(code) ?? "\u{FFFD}" }

    /// A plain one-column space, what erasing a line leaves: the words every such cell has.
    private static let plainBlankLow = UInt64(space)
    private static let plainBlankHigh: UInt64 = 1 << 40

    /// Whether this is a plain one-column space, what erasing a line leaves.
    @inline(__always)
    var isPlainBlank: Bool { low == Self.plainBlankLow && high == Self.plainBlankHigh }

    /// How far this cell is from a plain space, bit by bit: 0 exactly when it is one.
    /// (OR-ing it over a run of cells tells whether all are, with no branch a cell.)
    @inline(__always)
    var plainBlankDifference: UInt64 { (low ^ Self.plainBlankLow) | (high ^ Self.plainBlankHigh) }

    /// The cells that join a run of one-column ASCII text begun by a given cell: in
    /// its style, ASCII, one column, and not a plain space (a gap, printed or moved
    /// over, not text). Three compares of words a cell.
    struct ASCIIRun {
        /// The first cell's text colour, with a code of 0.
        private let colour: UInt64
        /// The first cell's background, attributes and width.
        private let high: UInt64
        /// A plain space's low word when the run is plain (such a cell is a gap), else no cell's.
        private let gapLow: UInt64

        /// The run `first` begins; `first` is a one-column ASCII cell.
        @inline(__always)
        init(first: PackedCell) {
            colour = first.low & 0xFFFF_FFFF_0000_0000
            high = first.high
            gapLow = first.style.isPlain ? PackedCell.plainBlankLow : .max
        }

        /// Whether `cell` continues the run.
        @inline(__always)
        func joins(_ cell: PackedCell) -> Bool {
            // The code below 0x80 and the colour the same, in one compare of the low word.
            cell.low & 0xFFFF_FFFF_FFFF_FF80 == colour && cell.high == high && cell.low != gapLow
        }
    }
}
