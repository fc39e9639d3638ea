import FolioReading
import FolioViewCore

extension BookViewer {
    /// How the window dresses its pages: a book's paper between a chapter strip and a
    /// status row, or photos edge to edge on a dark desk with the dots over their foot.
    public struct Look: Sendable {
        /// The chapter strip's height, pixels (0: none).
        public var stripHeight: Int
        /// The status row's height, pixels.
        public var statusHeight: Int
        /// Whether the status row lies over the pages' foot (translucent) rather than below them.
        public var statusOverPages: Bool
        /// Space above and below the text inside the page, pixels.
        public var pad: Int
        /// The margin left and right of the text inside a page, pixels.
        public var margin: Int
        /// The gap between facing pages, pixels.
        public var spine: Int
        /// The pages' colour, the ink on them, and the desk behind them.
        public var paper: (UInt8, UInt8, UInt8)
        public var ink: (UInt8, UInt8, UInt8)
        public var desk: (UInt8, UInt8, UInt8)
        /// Whether a picture smaller than its page is drawn larger (up to twice its size) to fill it.
        public var enlargesPictures: Bool

        /// A book: paper, margins, the strip on top and the status row below.
        public static let book = Look(stripHeight: 34, statusHeight: 34, statusOverPages: false, pad: 20, margin: 44, spine: 2,
                                      paper: (246, 243, 234), ink: (34, 32, 30), desk: (58, 54, 50), enlargesPictures: true)
        /// Photos: the whole window, no strip, the dots and `n / count` on a translucent bar over
        /// the foot; a photo is never drawn larger than it is; a page of words (a file that is no
        /// photo) is written in a warning's colour.
        public static let photos = Look(stripHeight: 0, statusHeight: 36, statusOverPages: true, pad: 0, margin: 0, spine: 2,
                                        paper: (16, 16, 16), ink: (240, 120, 100), desk: (16, 16, 16), enlargesPictures: false)

        /// The page area for a window of `size`: between the strip and the status row, less the padding.
        public func viewport(for size: PixelSize) -> Viewport {
            let below = statusOverPages ? 0 : statusHeight
            return Viewport(width: size.width, height: max(1, size.height - stripHeight - below - 2 * pad),
                            margin: margin, spine: spine, stripWidth: size.width)
        }
    }
}
