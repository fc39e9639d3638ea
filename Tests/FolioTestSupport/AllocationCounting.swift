import AllocationCounter

/// Counts the heap allocations `body` makes on the calling thread, or nil
/// where the counting malloc is not available (it is on Linux with glibc).
public func allocations(in body: () -> Void) -> Int? {
    guard folio_allocation_counting_supported() != 0 else { return nil }
    folio_allocation_counting_begin()
    body()
    return Int(folio_allocation_counting_end())
}
