import Folio

/// The pages of a document at one layout, found incrementally.
///
/// A page is known by the byte offset it starts at and the style there, so
/// a document of any size costs a few bytes per page. ``extend(_:budget:)``
/// lays out more pages a budget at a time, so a reader shows the first page
/// at once and keeps paginating between frames. Until ``isComplete`` the
/// page count is a lower bound; for a growing stream the last page stays
/// open (its end unknown) until more text or the end of the stream arrives.
public struct Pagination: Sendable {
    /// The layout pages are cut with.
    public let layout: TextLayout
    /// The byte offset each known page starts at, ascending; page 0 starts at 0.
    public private(set) var pageStarts: [Int] = [0]
    /// The style at each page start.
    public private(set) var pageStyles: [TextStyle] = [.plain]
    /// Whether every page is known.
    public private(set) var isComplete = false
    /// The text's size when pagination last looked.
    public private(set) var textCount = 0

    /// Starts paginating with `layout`.
    public init(layout: TextLayout) {
        self.layout = layout
    }

    /// The pages known so far (at least 1: an empty document has one empty page).
    public var knownPages: Int { pageStarts.count }

    /// The offset up to which pages are known: the start of the last known
    /// page, or the text's size once complete.
    public var frontier: Int { isComplete ? textCount : pageStarts[pageStarts.count - 1] }

    /// The bytes to hand ``TextLayout/page(in:from:style:collect:)`` for one page:
    /// a page's most bytes and the look-ahead of its last character.
    public static let pageWindow = PageGeometry.maximumPageBytes + TextDecoder.maximumSequenceLength + 8

    /// Lays out pages until about `budget` more bytes are covered, the text
    /// ends, or a stream runs out of what has arrived. Returns whether the
    /// page count or completeness changed. O(budget).
    @discardableResult
    public mutating func extend(_ text: some TextStorage, budget: Int) -> Bool {
        guard !isComplete else { return false }
        textCount = text.count
        let before = pageStarts.count
        var covered = 0
        while covered < max(1, budget) {
            let start = pageStarts[pageStarts.count - 1]
            let style = pageStyles[pageStyles.count - 1]
            let available = text.count
            if start >= available {
                if text.isComplete { isComplete = true }
                break
            }
            var final = false
            let page: PageLayout? = text.withWindow(start..<(start + Self.pageWindow)) { window in
                final = window.isFinal && window.end <= available
                return layout.page(in: window, from: start, style: style, collect: false)
            }
            guard let page else { break }  // a stream: wait for more of it
            covered += page.end - start
            if page.isFull && page.end < available {
                pageStarts.append(page.end)
                pageStyles.append(page.endStyle)
                continue
            }
            // The page reaches the end of what there is.
            if final && (text.isComplete || text.change != nil) { isComplete = true }
            break
        }
        return pageStarts.count != before || isComplete
    }

    /// Marks the text as ended where pagination stands (a file that shrank, a stream cut short).
    public mutating func finish() { isComplete = true }

    /// The byte range page `page` (0 ..< knownPages) shows; the last page
    /// runs to the text's end as far as it is known.
    public func bytes(ofPage page: Int) -> Range<Int> {
        let start = pageStarts[page]
        let end = page + 1 < pageStarts.count ? pageStarts[page + 1] : textCount
        return start..<max(start, end)
    }

    /// Where byte `anchor` is: on a known page, or past what is known.
    /// O(log pages).
    public func lookup(_ anchor: Int) -> PageLookup {
        PageLookup(anchor: anchor, pageStarts: pageStarts, isComplete: isComplete)
    }

    /// The page holding byte `offset`, or nil when pagination has not reached it yet. O(log pages).
    public func page(containing offset: Int) -> Int? {
        if case .onPage(let page) = lookup(offset) { return page }
        return nil
    }

    /// Lays out page `page` with its lines, to draw it. The last page of
    /// an unfinished stream shows what has arrived. O(bytes on the page).
    public func layOutPage(_ page: Int, in text: some TextStorage) -> PageLayout {
        let start = pageStarts[page]
        let style = pageStyles[page]
        return text.withBytes(start..<(start + Self.pageWindow)) { bytes in
            let window = TextWindow(bytes: bytes, base: start, isFinal: true)
            return layout.page(in: window, from: start, style: style, collect: true)
                ?? PageLayout(lines: [], end: start, endStyle: style, isFull: false)
        }
    }
}
