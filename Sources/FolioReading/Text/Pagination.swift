import Folio

/// The pages of a document at one layout, found incrementally.
///
/// ``extend(_:budget:)`` lays out more pages a budget at a time, so a reader
/// shows the first page at once and keeps paginating between frames. Until
/// ``isComplete`` the page count is a lower bound; for a growing stream the
/// last page stays open (its end unknown) until more text or the end of the
/// stream arrives.
///
/// Memory stays flat whatever the document's size: only every
/// ``pagesPerMark``th page start is kept (with the style there), and the
/// pages between two marks are laid out again when asked for — a block of
/// 64 pages, a few hundred kilobytes of text, well under a millisecond. The
/// blocks a reader is on are kept by ``keepBlocks(holding:)`` (a `mutating`
/// call: reading a pagination never changes it, so copies never share a
/// cache). A 100 MB text at 200 × 50 keeps about 600 marks, 12 KB; every
/// page start would take 800 KB.
public struct Pagination {
    /// The layout pages are cut with.
    public let layout: TextLayout
    /// Pages per mark: a page start is kept for pages 0, 64, 128, …
    public static let pagesPerMark = 64
    /// The start and style of every ``pagesPerMark``th page.
    var marks: [Int] = [0]
    var markStyles: [TextStyle] = [.plain]
    /// The starts and styles of the pages from the last mark on (1 … ``pagesPerMark`` of them).
    var tail: [Int] = [0]
    var tailStyles: [TextStyle] = [.plain]
    /// Whether every page is known.
    public private(set) var isComplete = false
    /// The text's size when pagination last looked.
    public private(set) var textCount = 0
    /// Whether the last ``extend(_:budget:)`` stopped for want of text (a stream's open last
    /// page), not for its budget: no page can be added until the text grows or ends.
    public private(set) var waitsForText = false
    /// The text paginated, to lay a block out again.
    var text: (any TextStorage)?
    /// The blocks of page starts laid out again and kept (``keepBlocks(holding:)``), most recent last.
    var kept: [Block] = []
    /// The most blocks kept: the reader's pages and the slots' around them, across a block's edge.
    static let keptBlocks = 4

    /// The starts and styles of the ``pagesPerMark`` pages from one mark.
    struct Block {
        var mark: Int
        var starts: [Int]
        var styles: [TextStyle]
    }

    /// Starts paginating with `layout`.
    public init(layout: TextLayout) {
        self.layout = layout
    }

    /// The pages known so far (at least 1: an empty document has one empty page).
    public var knownPages: Int { (marks.count - 1) * Self.pagesPerMark + tail.count }

    /// The offset up to which pages are known: the start of the last known
    /// page, or the text's size once complete.
    public var frontier: Int { isComplete ? textCount : tail[tail.count - 1] }

    /// The byte offset each known page starts at, ascending; page 0 starts at 0.
    /// A collection computed on demand (see the type's discussion). O(1) for
    /// pages near the last ones asked for.
    public var pageStarts: PageStarts { PageStarts(pagination: self) }

    /// The bytes to hand ``TextLayout/page(in:from:style:collect:)`` for one page:
    /// a page's most bytes and the look-ahead of its last character.
    public static let pageWindow = PageGeometry.maximumPageBytes + TextDecoder.maximumSequenceLength + 8

    /// The bytes tried first for a page: what almost every page needs. A
    /// page is laid out in this window when it fits (the layout says when it
    /// would need more of an unfinished window), else in the whole
    /// ``pageWindow``: the first screen then reads no further into a file
    /// than its first block (``FileText/firstBlockSize``).
    public static let typicalPageWindow = 16 * 1024

    /// A page laid out from a window of the text: the page (nil when the window ran out before
    /// the page ended), whether the window was the text's last, and where the window ended.
    ///
    /// A struct rather than a tuple: it is what a text's `withWindow` returns, and a generic
    /// call returning a tuple makes the runtime build the tuple's type at the first page
    /// (some 30,000 instructions before the first screen); a struct's type is built in.
    struct WindowedPage {
        var page: PageLayout?
        var isFinal: Bool
        var end: Int
    }

    /// The page of `layout` at `start` in `style`, from `text`: in a window
    /// of ``typicalPageWindow`` bytes when it fits there, else in the whole
    /// ``pageWindow`` (as `final`, or as the text says when `asTheTextSays`),
    /// with whether the window it was laid out in was final and where it ended.
    static func page(of layout: TextLayout, in text: some TextStorage, from start: Int, style: TextStyle, collect: Bool,
                     asTheTextSays: Bool) -> WindowedPage {
        func laidOut(_ window: TextWindow) -> WindowedPage {
            WindowedPage(page: layout.page(in: window, from: start, style: style, collect: collect), isFinal: window.isFinal, end: window.end)
        }
        let quick = text.withWindow(start..<(start + typicalPageWindow), laidOut)
        if quick.page != nil { return quick }
        if asTheTextSays { return text.withWindow(start..<(start + pageWindow), laidOut) }
        return text.withBytes(start..<(start + pageWindow)) { laidOut(TextWindow(bytes: $0, base: start, isFinal: true)) }
    }

    /// Lays out pages until about `budget` more bytes are covered, the text
    /// ends, or a stream runs out of what has arrived. Returns whether the
    /// page count or completeness changed. O(budget).
    @discardableResult
    public mutating func extend(_ text: some TextStorage, budget: Int) -> Bool {
        self.text = text
        guard !isComplete else { return false }
        textCount = text.count
        let before = knownPages
        var covered = 0
        waitsForText = true  // unless the budget runs out first
        while covered < max(1, budget) {
            let start = tail[tail.count - 1]
            let style = tailStyles[tailStyles.count - 1]
            let available = text.count
            if start >= available {
                if text.isComplete { isComplete = true }
                break
            }
            let laid = Self.page(of: layout, in: text, from: start, style: style, collect: false, asTheTextSays: true)
            guard let page = laid.page else { break }  // a stream: wait for more of it
            let final = laid.isFinal && laid.end <= available
            covered += page.end - start
            if page.isFull && page.end < available {
                append(page.end, page.endStyle)
                continue
            }
            // The page reaches the end of what there is.
            if final && (text.isComplete || text.change != nil) { isComplete = true }
            break
        }
        if covered >= max(1, budget) { waitsForText = false }
        return knownPages != before || isComplete
    }

    /// Whether ``extend(_:budget:)`` can add pages now: not once complete, nor while it waits
    /// for a stream to grow past the open last page (until `text` grows, ends or changes).
    public func canExtend(_ text: some TextStorage) -> Bool {
        !isComplete && (!waitsForText || text.count > textCount || text.isComplete || text.change != nil)
    }

    /// Adds a page start: to the tail, or as a new mark when the tail is full.
    private mutating func append(_ start: Int, _ style: TextStyle) {
        if tail.count == Self.pagesPerMark {
            marks.append(start)
            markStyles.append(style)
            tail = [start]
            tailStyles = [style]
        } else {
            tail.append(start)
            tailStyles.append(style)
        }
    }

    /// Marks the text as ended where pagination stands (a file that shrank, a stream cut short).
    public mutating func finish() { isComplete = true }

    /// Opens the last page again: the text grew after it ended (a followed file). The pages
    /// known stay; the next ``extend(_:budget:)`` lays the last one out again with the new bytes.
    public mutating func reopen() { isComplete = false }

    // MARK: Pages

    /// The byte offset page `page` (0 ..< knownPages) starts at.
    public func start(ofPage page: Int) -> Int {
        let (mark, index) = page.quotientAndRemainder(dividingBy: Self.pagesPerMark)
        if mark == marks.count - 1 { return tail[index] }
        return block(mark).starts[index]
    }

    /// The style in effect where page `page` starts.
    public func style(ofPage page: Int) -> TextStyle {
        let (mark, index) = page.quotientAndRemainder(dividingBy: Self.pagesPerMark)
        if mark == marks.count - 1 { return tailStyles[index] }
        return block(mark).styles[index]
    }

    /// The starts and styles of the pages of mark `mark` (a full block, before the tail):
    /// kept, or laid out again from the mark (and not kept: see ``keepBlocks(holding:)``).
    func block(_ mark: Int) -> Block {
        if let kept = kept.last(where: { $0.mark == mark }) { return kept }
        var starts = [marks[mark]], styles = [markStyles[mark]]
        starts.reserveCapacity(Self.pagesPerMark)
        styles.reserveCapacity(Self.pagesPerMark)
        if let text {
            while starts.count < Self.pagesPerMark {
                let start = starts[starts.count - 1], style = styles[styles.count - 1]
                let page = Self.page(of: layout, in: text, from: start, style: style, collect: false, asTheTextSays: false).page
                // The text changed under the reader (a truncated file): fill the block, never trap.
                let end = max(page.map(\.end) ?? start, start + 1)
                starts.append(end)
                styles.append(page?.endStyle ?? style)
            }
        } else {
            while starts.count < Self.pagesPerMark { starts.append(starts[starts.count - 1] + 1); styles.append(.plain) }
        }
        return Block(mark: mark, starts: starts, styles: styles)
    }

    /// Keeps the blocks of page starts that hold `pages`, laid out once, so that reading
    /// those pages' starts, bytes and layouts costs O(1) instead of a block's layout. The
    /// last ``keptBlocks`` blocks asked for are kept; pages of the tail need none.
    public mutating func keepBlocks(holding pages: some Sequence<Int>) {
        for page in pages where page >= 0 && page < knownPages {
            let mark = page / Self.pagesPerMark
            guard mark < marks.count - 1 else { continue }
            if let index = kept.firstIndex(where: { $0.mark == mark }) {
                if index != kept.count - 1 { kept.append(kept.remove(at: index)) }
                continue
            }
            let laid = block(mark)
            if kept.count >= Self.keptBlocks { kept.removeFirst() }
            kept.append(laid)
        }
    }

    /// The byte range page `page` (0 ..< knownPages) shows; the last page
    /// runs to the text's end as far as it is known.
    public func bytes(ofPage page: Int) -> Range<Int> {
        let start = start(ofPage: page)
        let end = page + 1 < knownPages ? self.start(ofPage: page + 1) : textCount
        return start..<max(start, end)
    }

    /// Where byte `anchor` is: on a known page, or past what is known.
    /// O(log marks) and at most one block laid out.
    public func lookup(_ anchor: Int) -> PageLookup {
        let last = knownPages - 1
        let lastStart = tail[tail.count - 1]
        if anchor >= lastStart {
            return isComplete || anchor == lastStart ? .onPage(last) : .pending(lastKnownPage: last)
        }
        // The last mark at or before the anchor, then the page within its block.
        var low = 0, high = marks.count
        while low + 1 < high {
            let mid = (low + high) / 2
            if marks[mid] <= anchor { low = mid } else { high = mid }
        }
        let starts = low == marks.count - 1 ? tail : block(low).starts
        var page = 0
        for (index, start) in starts.enumerated() where start <= anchor { page = index }
        return .onPage(low * Self.pagesPerMark + page)
    }

    /// The page holding byte `offset`, or nil when pagination has not reached it yet. O(log pages).
    public func page(containing offset: Int) -> Int? {
        if case .onPage(let page) = lookup(offset) { return page }
        return nil
    }

    /// Lays out page `page` with its lines, to draw it. The last page of
    /// an unfinished stream shows what has arrived. O(bytes on the page).
    public func layOutPage(_ page: Int, in text: some TextStorage) -> PageLayout {
        let start = start(ofPage: page)
        let style = style(ofPage: page)
        return Self.page(of: layout, in: text, from: start, style: style, collect: true, asTheTextSays: false).page
            ?? PageLayout(lines: [], end: start, endStyle: style, isFull: false)
    }
}

/// The page starts of a ``Pagination`` as a collection, computed on demand.
public struct PageStarts: RandomAccessCollection {
    let pagination: Pagination

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of known pages.
    public var endIndex: Int { pagination.knownPages }
    /// The byte offset page `page` starts at.
    public subscript(page: Int) -> Int { pagination.start(ofPage: page) }

    /// Iterates the starts in order, laying each block out once (subscripting page by page
    /// would lay a block not kept out again for each of its pages).
    public func makeIterator() -> Iterator { Iterator(pagination: pagination) }

    /// The page starts in order.
    public struct Iterator: IteratorProtocol {
        let pagination: Pagination
        var page = 0
        var block: Pagination.Block?

        /// The next page start, or nil after the last known page.
        public mutating func next() -> Int? {
            guard page < pagination.knownPages else { return nil }
            defer { page += 1 }
            let (mark, index) = page.quotientAndRemainder(dividingBy: Pagination.pagesPerMark)
            if mark == pagination.marks.count - 1 { return pagination.tail[index] }
            if block?.mark != mark { block = pagination.block(mark) }
            return block!.starts[index]
        }
    }
}
