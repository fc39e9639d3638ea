import Testing
import PropertyBased
@testable import Folio

/// A text of `length` bytes and a pagination of it: page starts drawn at random, always including 0.
struct RandomPagination: Sendable, CustomStringConvertible {
    let length: Int
    let starts: [Int]

    init(length: Int, raw: [Int]) {
        self.length = length
        starts = Array(Set(raw.map { $0 % length } + [0])).sorted()
    }

    /// The page holding `anchor`, by a linear scan, and the byte range it covers.
    func page(holding anchor: Int) -> (page: Int, bytes: Range<Int>) {
        let page = starts.lastIndex { $0 <= anchor } ?? 0
        return (page, starts[page]..<(page + 1 < starts.count ? starts[page + 1] : length))
    }

    var description: String { "\(length) bytes in pages starting at \(starts)" }
}

@Suite struct MemoryPropertyTests {
    static let lengths = Gen.int(in: 1...5_000)
    static let rawStarts = Gen.int(in: 0...1_000_000).array(of: 0...60)
    static let layouts = zip(Gen.int(in: 1...2), Gen.bool())

    /// 2,000 texts, each paginated twice at random, with an anchor anywhere:
    /// the position saved from the first pagination restores, in the second,
    /// to the page a linear scan finds and whose bytes hold the anchor, on a
    /// spread that shows that page. Fed the second pagination page by page,
    /// the lookup says "pending" exactly while the anchor's page is not
    /// certain yet, and its first firm answer is the final one.
    @Test func aSavedAnchorRestoresToThePageHoldingItInAnyNewPagination() async {
        await propertyCheck(count: 2_000, input: Self.lengths, Self.rawStarts, Self.rawStarts, Gen.int(in: 0...1_000_000), Self.layouts) {
            length, oldRaw, newRaw, anchorRaw, layout in
            let old = RandomPagination(length: length, raw: oldRaw)
            let new = RandomPagination(length: length, raw: newRaw)
            let anchor = anchorRaw % length
            let saved = ReadingPosition(anchor: anchor, page: old.page(holding: anchor).page, pageCount: old.starts.count)
            let want = new.page(holding: anchor)
            let context = "anchor \(anchor), saved \(saved) from \(old), restored in \(new)"

            let restored = saved.restore(in: new.starts, isComplete: true)
            #expect(restored == .onPage(want.page), "\(context): \(restored), a linear scan says page \(want.page)")
            #expect(want.bytes.contains(anchor), "\(context): page \(want.page) covers \(want.bytes)")

            let track = Track(pages: .finite(new.starts.count), pagesPerSpread: layout.0, coverStandsAlone: layout.1,
                              pageExtent: 40, viewportExtent: 80)
            let spread = restored.spread(on: track)
            #expect(spread?.contains(page: want.page) == true, "\(context), \(track): \(spread.map(\.description) ?? "no spread")")

            for known in 0...new.starts.count {
                let partial = saved.restore(in: new.starts[..<known], isComplete: false)
                let certain = known > 0 && (want.page < known - 1 || anchor == new.starts[known - 1])
                let name = "\(context), first \(known) pages known: \(partial)"
                if known == 0 {
                    #expect(partial == .pending(lastKnownPage: nil), "\(name)")
                } else if certain || partial.isFinal {
                    #expect(partial == .onPage(want.page), "\(name): the page is certain, \(want.page)")
                } else {
                    #expect(partial == .pending(lastKnownPage: known - 1), "\(name): not yet certain")
                }
            }
        }
    }

    /// 2,000 anchors carried through 2 to 6 random re-paginations, one or two
    /// pages per spread: a reader who only follows the lookups settles each
    /// time on a spread that shows the anchor, and the anchor never moves.
    @Test func followingTheLookupsNeverMovesTheAnchor() async {
        let paginations = Self.rawStarts.array(of: 2...6)
        await propertyCheck(count: 2_000, input: Self.lengths, paginations, Gen.int(in: 0...1_000_000), Self.layouts) {
            length, raws, anchorRaw, layout in
            let anchor = anchorRaw % length
            let first = RandomPagination(length: length, raw: raws[0])
            var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"),
                                            restoring: ReadingPosition(anchor: anchor, page: first.page(holding: anchor).page,
                                                                       pageCount: first.starts.count))
            for raw in raws {
                let pagination = RandomPagination(length: length, raw: raw)
                let track = Track(pages: .finite(pagination.starts.count), pagesPerSpread: layout.0,
                                  coverStandsAlone: layout.1, pageExtent: 40, viewportExtent: 80)
                let lookup = recorder.lookup(in: pagination.starts, isComplete: true)
                guard let spread = lookup.spread(on: track) else {
                    Issue.record("anchor \(anchor) in \(pagination): \(lookup) names no spread of \(track)")
                    return
                }
                _ = recorder.settled(onPages: spread.pages, pageStarts: pagination.starts)
                let position = recorder.position
                #expect(position?.anchor == anchor, "anchor \(anchor) moved to \(position.map(\.description) ?? "nothing") in \(pagination)")
                if let position {
                    #expect(pagination.page(holding: anchor).page == position.page,
                            "anchor \(anchor) saved on page \(position.page) in \(pagination)")
                }
            }
        }
    }

    /// 1,000 inputs hashed in two chunks at a random split hash the same as in one.
    @Test func hashingInChunksEqualsHashingAtOnce() async {
        await propertyCheck(count: 1_000, input: Gen.uint8().array(of: 0...200), Gen.int(in: 0...200)) { bytes, split in
            let cut = min(split, bytes.count)
            var chunked = FNV1a64()
            chunked.combine(bytes[..<cut])
            chunked.combine(bytes[cut...])
            #expect(chunked.value == FNV1a64.hash(bytes) && chunked.byteCount == bytes.count, "\(bytes) split at \(cut)")
        }
    }

    /// Contiguous bytes (hashed from their buffer) and the same bytes as a
    /// sequence with no storage of its own (byte by byte) hash the same.
    @Test func contiguousBytesHashAsASequenceDoes() async {
        await propertyCheck(count: 500, input: Gen.uint8().array(of: 0...300)) { bytes in
            var sequence = FNV1a64()
            sequence.combine(bytes.lazy.map { $0 })
            var buffer = FNV1a64()
            buffer.combine(bytes)
            #expect(sequence == buffer, "\(bytes)")
            #expect(buffer.byteCount == bytes.count)
        }
    }
}
