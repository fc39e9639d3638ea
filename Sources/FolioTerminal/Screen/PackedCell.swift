import FolioReading
/// How a ``Frame`` stores a cell: eight bytes (a scalar, a width, a style key), no heap.
///
/// `code` holds the cell's only scalar inline when the grapheme is one scalar
/// (almost always). A grapheme of several scalars (a base and its marks) is
/// spilled to the frame's cluster table and `code` holds `clusterTag | index`.
/// A continuation has width 0 and code 0. Scalars stop at U+10FFFF, so the
/// tag bit never clashes with a scalar.
///
/// The style is a ``StyleKey``: the style itself when its colours are the
/// defaults or the 256-colour palette (what text and the reader's chrome use),
/// else an index into the frame's table of other styles. A frame's cells are
/// thus half the size they would be with the style in full (a 200×50 frame
/// takes 20 pages of memory, not 40), and the checks the renderer makes on
/// every cell (is it a plain space, does it share a style) stay a compare of
/// one word.
struct PackedCell: Equatable, Sendable {
    /// `code` in bits 0 ..< 32, the width in 32 ..< 34, the style key in 34 ..< 64.
    private var bits: UInt64

    private static let codeMask: UInt64 = 0xFFFF_FFFF
    private static let widthShift: UInt64 = 32
    private static let keyShift: UInt64 = 34

    /// A cell of `code`, `width` columns wide, in the style `key` stands for.
    @inline(__always)
    init(code: UInt32, width: UInt8, key: StyleKey) {
        bits = UInt64(code) | UInt64(width & 3) << Self.widthShift | UInt64(key.raw) << Self.keyShift
    }

    static let clusterTag: UInt32 = 0x8000_0000
    static let space: UInt32 = 0x20

    /// The scalar value, or `clusterTag | index` into ``Frame/clusters``.
    var code: UInt32 {
        @inline(__always) get { UInt32(truncatingIfNeeded: bits) }
        set { bits = bits & ~Self.codeMask | UInt64(newValue) }
    }

    /// The look of the cell, as its frame keys it; a continuation repeats its lead's.
    var key: StyleKey { @inline(__always) get { StyleKey(raw: UInt32(truncatingIfNeeded: bits >> Self.keyShift)) } }

    /// 0 for a continuation, 1, or 2 for a wide character's lead cell.
    var width: UInt8 { @inline(__always) get { UInt8(truncatingIfNeeded: bits >> Self.widthShift) & 3 } }

    /// A space in the style `key` stands for.
    static func blank(_ key: StyleKey = .plain) -> PackedCell {
        PackedCell(code: space, width: 1, key: key)
    }

    /// The right half of a wide character drawn in the style `key` stands for.
    static func continuation(_ key: StyleKey) -> PackedCell {
        PackedCell(code: 0, width: 0, key: key)
    }

    /// Whether the text lives in the cluster table.
    var isCluster: Bool { code & Self.clusterTag != 0 }

    /// Whether the cell's bits say all it shows, so that equal bits mean the same look in
    /// any two frames: its text is inline and its style too (not an index into its frame's tables).
    @inline(__always)
    var isSelfContained: Bool { !isCluster && !key.isIndexed }

    /// The index into the cluster table; meaningful only when `isCluster`.
    var clusterIndex: Int { Int(code & ~Self.clusterTag) }

    /// The inline scalar; meaningful only when not `isCluster` and width > 0.
    var scalar: Unicode.Scalar { Unicode.Scalar(code) ?? "\u{FFFD}" }

    /// A plain one-column space, what erasing a line leaves: the word every such cell is.
    private static let plainBlankBits = UInt64(space) | 1 << widthShift

    /// Whether this is a plain one-column space, what erasing a line leaves.
    @inline(__always)
    var isPlainBlank: Bool { bits == Self.plainBlankBits }

    /// How far this cell is from a plain space, bit by bit: 0 exactly when it is one.
    /// (OR-ing it over a run of cells tells whether all are, with no branch a cell.)
    @inline(__always)
    var plainBlankDifference: UInt64 { bits ^ Self.plainBlankBits }

    /// Where the run of plain spaces from `start` in `cells` ends, at `end` at the latest:
    /// eight cells a step while all eight are plain spaces (a blank row, a page's margins), then
    /// one at a time. O(run).
    @inline(__always)
    static func plainBlankRunEnd(in cells: UnsafeBufferPointer<PackedCell>, from start: Int, to end: Int) -> Int {
        guard let base = UnsafeRawPointer(cells.baseAddress), start < end else { return start }
        // start ..< end lies in `cells`, so the offsets below stay in bounds and cannot overflow.
        var column = start
        let blank = SIMD8<UInt64>(repeating: plainBlankBits)
        let stride = MemoryLayout<PackedCell>.stride
        while column &+ 8 <= end {
            let block = (base + column &* stride).loadUnaligned(as: SIMD8<UInt64>.self)
            if any(block .!= blank) { break }
            column &+= 8
        }
        while column < end && cells[column].isPlainBlank { column &+= 1 }
        return column
    }

    /// The cells that join a run of one-column ASCII text begun by a given cell: in
    /// its style, ASCII, one column, and not a plain space (a gap, printed or moved
    /// over, not text). Two compares of a word a cell. (The cells are of one frame,
    /// whose keys stand for one style each.)
    struct ASCIIRun {
        /// The first cell's width and style key, with a code of 0.
        private let look: UInt64
        /// A plain space's bits when the run is plain (such a cell is a gap), else no cell's.
        private let gap: UInt64

        /// The run `first` begins; `first` is a one-column ASCII cell.
        @inline(__always)
        init(first: PackedCell) {
            look = first.bits & ~PackedCell.codeMask
            gap = first.key == .plain ? PackedCell.plainBlankBits : .max
        }

        /// Whether `cell` continues the run.
        @inline(__always)
        func joins(_ cell: PackedCell) -> Bool {
            // The code below 0x80 and the width and style the same, in one compare.
            cell.bits & 0xFFFF_FFFF_FFFF_FF80 == look && cell.bits != gap
        }
    }
}

/// A style as a ``Frame`` keeps it in a cell: 30 bits.
///
/// A style whose colours are the defaults or palette entries is the key
/// itself (attributes 0 ..< 8 in bits 0 ..< 8 and attributes 8 ..< 11 in bits
/// 26 ..< 29, the text colour in 8 ..< 17, the background in 17 ..< 26: 0 for the
/// default, `0x100 | index` for a palette entry), so such styles need no table, and a frame's cells can be compared
/// with another frame's. Any other style (24-bit colour) is an index into the
/// frame's table, with bit 29 set; the table keeps each style once, so within
/// a frame equal keys are equal styles.
struct StyleKey: Equatable, Sendable {
    var raw: UInt32

    /// The plain style's key: 0.
    static let plain = StyleKey(raw: 0)

    private static let indexedFlag: UInt32 = 1 << 29
    /// The most styles a frame's table holds.
    static let indexLimit = Int(indexedFlag)

    /// Whether the key is an index into its frame's table.
    var isIndexed: Bool { @inline(__always) get { raw & Self.indexedFlag != 0 } }

    /// The index into the frame's table; meaningful only when `isIndexed`.
    var index: Int { Int(raw & ~Self.indexedFlag) }

    init(raw: UInt32) { self.raw = raw }

    /// The key of the table's entry `index`.
    init(index: Int) { raw = Self.indexedFlag | UInt32(index) }

    /// The key that is `style` itself, or nil when a colour is 24-bit (it needs the table).
    @inline(__always)
    init?(inline style: Style) {
        let foreground = style.foregroundBits, background = style.backgroundBits
        // Tag 0 (default) or 1 (palette) in the top byte of each; an index in the low byte.
        let attributes = UInt32(style.attributes.rawValue)
        guard (foreground | background) >> 25 == 0, attributes >> 11 == 0 else { return nil }
        raw = attributes & 0xFF | Self.colour(foreground) << 8 | Self.colour(background) << 17 | (attributes >> 8) << 26
    }

    @inline(__always)
    private static func colour(_ packed: UInt32) -> UInt32 { packed >> 16 & 0x100 | packed & 0xFF }

    @inline(__always)
    private static func packed(_ colour: UInt32) -> UInt32 { (colour & 0x100) << 16 | colour & 0xFF }

    /// The style an inline key is; meaningful only when not `isIndexed`.
    var inlineStyle: Style {
        @inline(__always) get {
            Style(foregroundBits: Self.packed(raw >> 8 & 0x1FF), backgroundBits: Self.packed(raw >> 17 & 0x1FF),
                  attributes: Style.Attributes(rawValue: UInt16(raw & 0xFF | raw >> 18 & 0x700)))
        }
    }
}
