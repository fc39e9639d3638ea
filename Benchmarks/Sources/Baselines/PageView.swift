/// A page view as a UI toolkit keeps one: a heap object with a frame, a
/// visibility flag and the page it shows.
///
/// The same class stands for the views of Folio's host and of both
/// baselines, so bytes held compare view counts, not view designs. A real
/// toolkit view (a layer, a backing store) costs far more per view; these
/// bytes are a floor.
public final class PageView {
    // The stored properties are internal and read from outside through the
    // public accessors below: whole-module optimisation then sees every
    // access and drops Swift's dynamic exclusivity checks on the writes,
    // which a public stored property of a class keeps (about 60
    // instructions a write). A toolkit's own view pays its own dispatch.
    var storedPage: Int
    var storedX: Double
    var storedIsHidden = true

    /// The page shown; −1 for none.
    public var page: Int { storedPage }
    /// The frame's left edge along the track, in points.
    public var x: Double { storedX }
    /// The frame's top edge, in points.
    public let y = 0.0
    /// The frame's size, in points.
    public let width: Double
    public let height: Double
    /// Whether the view is off screen (hidden, or parked).
    public var isHidden: Bool { storedIsHidden }

    /// A view for `page`, hidden, at the origin.
    public init(page: Int, width: Double, height: Double) {
        storedPage = page
        storedX = 0
        self.width = width
        self.height = height
    }
}
