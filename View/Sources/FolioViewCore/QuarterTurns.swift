/// How far a reader turned a photo: a number of quarter turns clockwise, 0 … 3.
///
/// Turning is how the photo is shown, not what its file holds: the window
/// decodes the photo upright (by its EXIF orientation) at the size it is drawn
/// before turning (``shownSize(of:)`` swapped back), and draws it turned.
///
/// ```swift
/// let turns = QuarterTurns().turned(clockwise: true)      // 1: 90°
/// turns.shownSize(of: PixelSize(width: 900, height: 600)) // 600×900
/// turns.turned(clockwise: false).turned(clockwise: false) // 3: 270°, a quarter anticlockwise
/// ```
public struct QuarterTurns: Hashable, Sendable, CustomStringConvertible {
    /// Quarter turns clockwise, 0 … 3.
    public let clockwise: Int

    /// `clockwise` quarter turns clockwise (any integer; negative is anticlockwise), kept in 0 … 3.
    public init(clockwise: Int = 0) {
        self.clockwise = (clockwise % 4 + 4) % 4
    }

    /// Not turned.
    public static let none = QuarterTurns()

    /// A quarter turn more, clockwise or anticlockwise.
    public func turned(clockwise: Bool) -> QuarterTurns {
        QuarterTurns(clockwise: self.clockwise + (clockwise ? 1 : -1))
    }

    /// The angle clockwise, degrees: 0, 90, 180 or 270.
    public var degrees: Int { clockwise * 90 }

    /// Whether width and height swap.
    public var swapsSides: Bool { clockwise % 2 == 1 }

    /// The size of a picture of `size` once turned (and, turning is its own inverse on sizes, the size before turning of one shown at `size`).
    public func shownSize(of size: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `90° clockwise`, or `upright`.
    public var description: String { clockwise == 0 ? "upright" : "\(degrees)° clockwise" }
}
