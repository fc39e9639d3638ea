import FolioReading
/// How a ``Frame`` stores a cell: sixteen bytes (a scalar, a full style, a width), no heap.
///
/// `code` holds the cell's only scalar inline when the grapheme is one scalar
/// (almost always). A grapheme of several scalars (a base and its marks) is
/// spilled to the frame's cluster table and `code` holds `clusterTag | index`.
/// A continuation has width 0 and code 0. Scalars stop at U+10FFFF, so the
/// tag bit never clashes with a scalar.
struct PackedCell: Equatable, Sendable {
    /// The scalar value, or `clusterTag | index` into ``Frame/clusters``.
    var code: UInt32
    /// The look of the cell; a continuation repeats its lead's style.
    /// (Declared before the width so the width fills the style's tail padding: 16 bytes a cell, not 20.)
    var style: Style
    /// 0 for a continuation, 1, or 2 for a wide character's lead cell.
    var width: UInt8

    /// A cell of `code`, `width` columns wide, in `style`.
    init(code: UInt32, width: UInt8, style: Style) {
        self.code = code
        self.style = style
        self.width = width
    }

    static let clusterTag: UInt32 = 0x8000_0000
    static let space: UInt32 = 0x20

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

    /// Whether this is a plain one-column space, what erasing a line leaves.
    var isPlainBlank: Bool { code == Self.space && width == 1 && style.isPlain }
}
