extension RandomAccessCollection<Int> {
    /// Calls `body` with the number of page starts and a way to read the one
    /// at an offset from the start (0 ..< count).
    ///
    /// Contiguous collections (`Array`, `ArraySlice`, `ContiguousArray`,
    /// buffers) are read through their storage, so even an unoptimised build
    /// reads them without touching the heap; others through their indices.
    /// Cost: O(1) plus `body`'s reads, each O(1).
    func withStarts<Result>(_ body: (_ count: Int, _ start: (Int) -> Int) -> Result) -> Result {
        if let result = withContiguousStorageIfAvailable({ buffer in body(buffer.count) { buffer[$0] } }) {
            return result
        }
        return body(count) { self[index(startIndex, offsetBy: $0)] }
    }
}
