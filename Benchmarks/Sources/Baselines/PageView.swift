/// A page view as a UI toolkit keeps one: a heap object with a frame, a
/// visibility flag and the page it shows.
///
/// The same class stands for the views of Folio's host and of both
/// baselines, so bytes held compare view counts, not view designs. A real
/// toolkit view (a layer, a backing store) costs far more per view; these
/// bytes are a floor.
public final class PageView {
    /// The page shown; −1 for none.
    public var page: Int
    /// The frame's left edge along the track, in points.
    public var x: Double
    /// The frame's top edge, in points.
    public var y = 0.0
    /// The frame's size, in points.
    public var width: Double
    public var height: Double
    /// Whether the view is off screen (hidden, or parked).
    public var isHidden = true

    /// A view for `page`, hidden, at the origin.
    public init(page: Int, width: Double, height: Double) {
        self.page = page
        x = 0
        self.width = width
        self.height = height
    }
}
