import HeapBytes

/// The bytes the heap holds for the program now (glibc's `mallinfo2`:
/// in-use arena bytes plus mmapped blocks); nil where it is not available.
func liveHeapBytes() -> Int? {
    let bytes = folio_live_heap_bytes()
    return bytes < 0 ? nil : Int(bytes)
}

/// What a paging approach holds after reading every page once.
struct Held {
    var liveViews: Int
    /// Heap bytes for the views and the bookkeeping; nil without `mallinfo2`.
    var bytes: Int?
}

/// Builds a paging approach, settles on each of `pages` in order, and
/// measures the views it keeps and the heap it holds while still alive.
func held<Scroller>(reading pages: some Sequence<Int>, make: () -> Scroller, settle: (inout Scroller, Int) -> Void,
                    views: (Scroller) -> Int) -> Held {
    let before = liveHeapBytes()
    var scroller = make()
    for page in pages { settle(&scroller, page) }
    let after = liveHeapBytes()
    let result = Held(liveViews: views(scroller), bytes: before.flatMap { b in after.map { $0 - b } })
    withExtendedLifetime(scroller) {}
    return result
}
