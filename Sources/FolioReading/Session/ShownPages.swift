/// The laid-out pages in the page area, kept between frames so that drawing
/// never lays a page out twice.
///
/// They are part of the session's value, not a cache a read would write:
/// the session brings them up to date at the end of every input, from the
/// pages the engine's slots put in the page area (``keep(only:layOut:)``),
/// and forgets a page whose text changed (a stream's open last page). A
/// page asked for that is not kept is laid out afresh, every time.
struct ShownPages: CustomStringConvertible {
    /// The kept layouts by page.
    private(set) var pages: [Int: PageLayout] = [:]

    /// The layout kept for `page`, if any.
    subscript(page: Int) -> PageLayout? { pages[page] }

    /// Keeps the layouts of `visible` (laying out with `layOut` those not kept) and drops the rest.
    mutating func keep(only visible: some Collection<Int>, layOut: (Int) -> PageLayout) {
        if pages.count > visible.count || pages.keys.contains(where: { !visible.contains($0) }) {
            pages = pages.filter { visible.contains($0.key) }
        }
        for page in visible where pages[page] == nil { pages[page] = layOut(page) }
    }

    /// Forgets the layouts of `first` and every page after it (their text grew).
    mutating func forget(from first: Int) {
        if pages.keys.contains(where: { $0 >= first }) { pages = pages.filter { $0.key < first } }
    }

    /// Forgets every layout (the pagination changed).
    mutating func forgetAll() { pages.removeAll(keepingCapacity: true) }

    /// `pages 4, 5 laid out`.
    var description: String { "pages \(pages.keys.sorted().map(String.init).joined(separator: ", ")) laid out" }
}
