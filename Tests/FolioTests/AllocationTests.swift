import Testing
import FolioTestSupport
@testable import Folio

/// Steady-state updates must not touch the heap: measured with a counting
/// malloc (see Tests/AllocationCounter) on the test's own thread.
@Suite struct AllocationTests {
    static let counts: [PageCount] = [
        .finite(10), .finite(1_000), .finite(1_000_000), .finite(1_000_000_000_000),
        .finite(1_000_000_000_000_000), .looping(10), .looping(1_000_000_000_000_000), .unbounded,
    ]

    @Test func theCounterSeesAnAllocation() throws {
        let counted = try #require(allocations { _ = [Int](repeating: 7, count: 100) },
                                   "the counting malloc is missing on this platform")
        #expect(counted >= 1)
    }

    @Test(arguments: counts)
    func aDragUpdateAllocatesNothing(count: PageCount) throws {
        var pager = try Pager(track: phone(count), pool: Pool(size: 3, prefetch: 1), page: 5)
        _ = pager.layout()
        _ = pager.dragBegan(at: 0)
        var t = 0.0
        var placed = 0.0
        // Warm up: the first moves may configure slots for the first time.
        for _ in 0..<10 { t += 0.016; _ = pager.dragMoved(by: -37, at: t) }
        let counted = allocations {
            for i in 0..<2_000 {
                t += 0.016
                // Back and forth across page boundaries, so slots are recycled too.
                let effects = pager.dragMoved(by: i % 40 < 20 ? -61 : 61, at: t)
                for effect in effects { if case .place(_, let x) = effect { placed += x } }
            }
        }
        #expect(counted == 0, "\(count): \(counted ?? -1) allocations in 2,000 drag updates")
        #expect(placed != 0)
    }

    /// The host-owned buffer: a drag update written into one `Effects` the
    /// host keeps allocates nothing either, even after an update that spilled
    /// past the inline effects (the spill's storage is kept and reused).
    @Test(arguments: counts)
    func aDragUpdateIntoAKeptBufferAllocatesNothing(count: PageCount) throws {
        var pager = try Pager(track: phone(count), pool: Pool(size: 9, prefetch: 8), page: 5)
        var effects = Effects()
        effects = pager.layout()
        #expect(effects.count > 16, "the first layout of 17 slots spills: \(effects.count) effects")
        pager.dragBegan(at: 0, into: &effects)
        var t = 0.0
        var placed = 0.0
        for _ in 0..<10 { t += 0.016; pager.dragMoved(by: -37, at: t, into: &effects) }
        let counted = allocations {
            for i in 0..<2_000 {
                t += 0.016
                pager.dragMoved(by: i % 40 < 20 ? -61 : 61, at: t, into: &effects)
                for i in effects.indices { if case .place(_, let x) = effects[i] { placed += x } }
            }
        }
        #expect(counted == 0, "\(count): \(counted ?? -1) allocations in 2,000 drag updates into a kept buffer")
        #expect(placed != 0)
    }

    @Test(arguments: counts)
    func aSettleFrameAllocatesNothing(count: PageCount) throws {
        var pager = try Pager(track: phone(count), page: 5)
        _ = pager.layout()
        var t = 0.0
        let counted = allocations {
            for _ in 0..<47 {
                _ = pager.step(by: 1, animated: true, at: t)
                for _ in 0..<30 { t += 1.0 / 60; _ = pager.advance(to: t) }
            }
        }
        #expect(counted == 0, "\(count): \(counted ?? -1) allocations in 47 page turns")
        #expect(pager.settledPage != 5)
    }
}
