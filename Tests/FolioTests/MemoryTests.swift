import Testing
import FolioTestSupport
@testable import Folio

/// The simple model the lookup is checked against: a linear scan over the page starts.
///
/// The anchor's page is the last page starting at or before it (page 0 when
/// none does). While the pagination is incomplete, an anchor past the start of
/// the last known page cannot be placed yet.
func linearLookup(anchor: Int, pageStarts: [Int], isComplete: Bool) -> PageLookup {
    guard !pageStarts.isEmpty else { return isComplete ? .empty : .pending(lastKnownPage: nil) }
    var page = 0
    for (index, start) in pageStarts.enumerated() where start <= anchor { page = index }
    let last = pageStarts.count - 1
    if !isComplete, page == last, anchor > pageStarts[last] { return .pending(lastKnownPage: last) }
    return .onPage(page)
}

/// Page starts for a text of `length` bytes cut every `bytesPerPage` bytes (a toy paginator).
func evenPageStarts(length: Int, bytesPerPage: Int) -> [Int] {
    Array(stride(from: 0, to: max(length, 1), by: bytesPerPage))
}

@Suite struct MemoryTests {
    // MARK: FNV-1a 64

    @Test func fnvMatchesThePublishedTestVectors() {
        // From the FNV reference test suite (Fowler, Noll, Vo: fnv_test.c / draft-eastlake-fnv).
        let vectors: [(String, UInt64)] = [
            ("", 0xcbf2_9ce4_8422_2325),
            ("a", 0xaf63_dc4c_8601_ec8c),
            ("foobar", 0x8594_4171_f739_67e8),
        ]
        for (text, expected) in vectors {
            #expect(FNV1a64.hash(text.utf8) == expected, "FNV-1a 64 of \"\(text)\"")
        }
        var hash = FNV1a64()
        hash.combine("foo".utf8)
        hash.combine("bar".utf8)
        #expect(hash.value == 0x8594_4171_f739_67e8 && hash.byteCount == 6, "\(hash)")
        #expect(hash.hex == "85944171f73967e8")
        #expect(FNV1a64().hex == "cbf29ce484222325")
    }

    @Test func fnvHexIsAlwaysSixteenDigits() {
        // Small values need zero padding: the decimal numbers 0..<1000 as text include some.
        let hashes = (0..<1_000).map { number in
            var hash = FNV1a64()
            hash.combine(String(number).utf8)
            return hash
        }
        #expect(hashes.contains { $0.value >> 60 == 0 }, "a value with a leading zero digit is tested")
        for (number, hash) in hashes.enumerated() {
            #expect(hash.hex.count == 16 && UInt64(hash.hex, radix: 16) == hash.value, "\"\(number)\": \(hash)")
        }
    }

    // MARK: Document identity

    @Test func fileIdentitiesDifferWhenAnyPartDiffers() {
        // Paths that try to imitate the other fields must not collide.
        let paths = ["/a", "/a b", "/a size=1 mtime=2.000000000 path=/a", ""]
        let sizes = [0, 1, 10]
        let times: [(Int64, Int)] = [(0, 0), (0, 1), (1, 0), (1_717_171_717, 250_000_000)]
        var seen: [DocumentIdentity: String] = [:]
        for path in paths {
            for size in sizes {
                for (seconds, nanos) in times {
                    let id = DocumentIdentity.file(path: path, size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanos)
                    let name = "path \(path) size \(size) time \(seconds)+\(nanos)ns"
                    #expect(seen[id] == nil, "\(name) has the same identity as \(seen[id] ?? "")")
                    seen[id] = name
                    #expect(id == DocumentIdentity.file(path: path, size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanos),
                            "\(name) is the same identity every time")
                }
            }
        }
        #expect(seen.count == paths.count * sizes.count * times.count)
    }

    @Test func fileIdentityReadsLikeItsParts() {
        let id = DocumentIdentity.file(path: "/home/ada/notes.md", size: 18_204,
                                       modifiedSeconds: 1_717_171_717, modifiedNanoseconds: 250_000_000)
        #expect(id.description == "file size=18204 mtime=1717171717.250000000 path=/home/ada/notes.md")
    }

    @Test func contentIdentityDependsOnlyOnTheBytes() {
        let text = Array("It was a dark and stormy night.\n".utf8)
        #expect(DocumentIdentity.content(of: text) == DocumentIdentity.content(of: text))
        #expect(DocumentIdentity.content(of: text) != DocumentIdentity.content(of: text.dropLast()))
        #expect(DocumentIdentity.content(of: []) != DocumentIdentity.content(of: [0]))
        var chunked = FNV1a64()
        chunked.combine(text[..<7])
        chunked.combine(text[7...])
        #expect(DocumentIdentity.content(chunked) == DocumentIdentity.content(of: text))
        #expect(DocumentIdentity.content(of: "foobar".utf8).key == "content bytes=6 fnv1a64=85944171f73967e8")
    }

    @Test func fingerprintIsTheFNVHashOfTheKey() {
        let id = DocumentIdentity(key: "foobar")
        #expect(id.fingerprint.value == 0x8594_4171_f739_67e8)
    }

    // MARK: Reading position

    @Test func badPositionValuesAreClampedIntoRange() {
        for anchor in -2...2 {
            for page in -2...2 {
                for count in -2...3 {
                    let p = ReadingPosition(anchor: anchor, page: page, pageCount: count)
                    let name = "anchor \(anchor) page \(page) count \(count) → \(p)"
                    #expect(p.anchor >= 0 && p.page >= 0 && p.page < p.pageCount, "\(name)")
                    if anchor >= 0, page >= 0, page < count {
                        #expect(p.anchor == anchor && p.page == page && p.pageCount == count, "valid values kept: \(name)")
                    }
                    #expect((0..<1).contains(p.progress), "\(name): progress \(p.progress)")
                }
            }
        }
    }

    @Test func marksComeWithThePositionAndANegativeOneIsClamped() {
        let p = ReadingPosition(anchor: 10, page: 1, pageCount: 3, marks: ["a": 400, "'": -7])
        #expect(p.marks == ["a": 400, "'": 0])
        #expect(ReadingPosition(anchor: 10, page: 1, pageCount: 3).marks.isEmpty, "none unless given")
        let marked = ReadingPosition(anchor: 10, page: 1, pageCount: 3).marking(["b": 9])
        #expect(marked == ReadingPosition(anchor: 10, page: 1, pageCount: 3, marks: ["b": 9]))
        #expect(marked != ReadingPosition(anchor: 10, page: 1, pageCount: 3), "marks are part of what is saved")
        #expect(marked.marking([:]) == ReadingPosition(anchor: 10, page: 1, pageCount: 3))
    }

    @Test func aPositionAtAPageStartsAtThatPage() {
        let starts = [0, 90, 170, 260]
        for page in -1...4 {
            let p = ReadingPosition(page: page, pageStarts: starts)
            if (0..<4).contains(page) {
                #expect(p == ReadingPosition(anchor: starts[page], page: page, pageCount: 4), "page \(page)")
            } else {
                #expect(p == nil, "page \(page) is not in the pagination")
            }
        }
        #expect(ReadingPosition(page: 1, pageStarts: starts[1...]) == ReadingPosition(anchor: 170, page: 1, pageCount: 3),
                "a slice counts pages from its own start")
    }

    // MARK: Lookup

    /// Every strictly increasing list of starts drawn from 0..<7 (with or
    /// without page 0 at 0), every anchor from −1 to 8, complete or not, read
    /// from an array and from a collection without contiguous storage.
    @Test func lookupAgreesWithALinearScanExhaustively() {
        var checked = 0
        for mask in 0..<(1 << 7) {
            let starts = (0..<7).filter { mask & (1 << $0) != 0 }
            for anchor in -1...8 {
                for complete in [true, false] {
                    let got = PageLookup(anchor: anchor, pageStarts: starts, isComplete: complete)
                    let want = linearLookup(anchor: anchor, pageStarts: starts, isComplete: complete)
                    #expect(got == want, "starts \(starts), anchor \(anchor), \(complete ? "complete" : "incomplete"): \(got), want \(want)")
                    let lazy = PageLookup(anchor: anchor, pageStarts: starts.lazy.map { $0 }, isComplete: complete)
                    #expect(lazy == got, "starts \(starts) through a non-contiguous collection, anchor \(anchor): \(lazy)")
                    if case .onPage(let page) = got, anchor >= starts[0] {
                        let end = page + 1 < starts.count ? starts[page + 1] : Int.max
                        #expect(starts[page] <= anchor && anchor < end, "page \(page) holds \(anchor) in \(starts)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 128 * 10 * 2)
    }

    @Test func lookupEdgeCasesReadAsDocumented() {
        #expect(PageLookup(anchor: 250, pageStarts: [0, 100, 200], isComplete: true) == .onPage(2))
        #expect(PageLookup(anchor: 250, pageStarts: [0, 100, 200], isComplete: false) == .pending(lastKnownPage: 2))
        #expect(PageLookup(anchor: 200, pageStarts: [0, 100, 200], isComplete: false) == .onPage(2),
                "an anchor exactly at the last known start is on that page, whatever its end")
        #expect(PageLookup(anchor: 150, pageStarts: [0, 100, 200], isComplete: false) == .onPage(1))
        #expect(PageLookup(anchor: 9, pageStarts: [Int](), isComplete: true) == .empty)
        #expect(PageLookup(anchor: 9, pageStarts: [Int](), isComplete: false) == .pending(lastKnownPage: nil))
        #expect(PageLookup(anchor: 5_000, pageStarts: [0, 100], isComplete: true) == .onPage(1), "a shorter document")
        #expect(PageLookup(anchor: 5, pageStarts: [10, 20], isComplete: true) == .onPage(0), "before the first page")
        #expect(PageLookup.onPage(3).page == 3 && PageLookup.onPage(3).isFinal)
        #expect(PageLookup.pending(lastKnownPage: 2).page == 2 && !PageLookup.pending(lastKnownPage: 2).isFinal)
        #expect(PageLookup.empty.page == nil && PageLookup.pending(lastKnownPage: nil).page == nil)
        #expect("\(PageLookup.pending(lastKnownPage: nil))" == "pending (no pages yet)")
    }

    /// Page counts 0…7, one or two pages per spread, cover alone or not:
    /// the spread a lookup names holds the anchor's page.
    @Test func theRestoredSpreadHoldsTheAnchorsPage() {
        for count in 0...7 {
            let starts = (0..<count).map { $0 * 10 }
            for perSpread in 1...2 {
                for cover in [false, true] {
                    let track = Track(pages: .finite(count), pagesPerSpread: perSpread, coverStandsAlone: cover,
                                      pageExtent: 40, viewportExtent: 80)
                    for anchor in 0..<(count * 10 + 5) {
                        let lookup = PageLookup(anchor: anchor, pageStarts: starts, isComplete: true)
                        let name = "\(track), anchor \(anchor), \(lookup)"
                        guard let page = lookup.page else {
                            #expect(count == 0 && lookup.spread(on: track) == nil, "\(name)")
                            continue
                        }
                        let spread = lookup.spread(on: track)
                        #expect(spread?.contains(page: page) == true, "\(name): \(spread.map(\.description) ?? "no spread")")
                        #expect((spread?.index ?? -1) < track.spreadCount, "\(name)")
                    }
                }
            }
        }
        let short = Track(pages: .finite(2), pageExtent: 40, viewportExtent: 40)
        #expect(PageLookup.onPage(5).spread(on: short) == nil, "a page the track does not have")
    }

    // MARK: Stores

    @Test func theInMemoryStoreRoundTrips() {
        var store = InMemoryPositionStore()
        let a = DocumentIdentity.file(path: "/a.txt", size: 10, modifiedSeconds: 1)
        let b = DocumentIdentity.content(of: [1, 2, 3])
        #expect(store.load(for: a) == nil)
        store.save(ReadingPosition(anchor: 640, page: 3, pageCount: 90), for: a)
        store.save(ReadingPosition(anchor: 7, page: 1, pageCount: 2), for: b)
        store.save(ReadingPosition(anchor: 700, page: 4, pageCount: 90), for: a)
        #expect(store.load(for: a) == ReadingPosition(anchor: 700, page: 4, pageCount: 90), "the last save wins")
        #expect(store.load(for: b) == ReadingPosition(anchor: 7, page: 1, pageCount: 2))
        #expect(store.description == "InMemoryPositionStore(2 documents)")
        #expect(roundTrip(ReadingPosition(anchor: 1, page: 0, pageCount: 1), through: &store, as: a)
                == ReadingPosition(anchor: 1, page: 0, pageCount: 1))
    }

    /// Saves and loads through any store, as a host would.
    func roundTrip<Store: PositionStore>(_ position: ReadingPosition, through store: inout Store, as id: DocumentIdentity) -> ReadingPosition? {
        do { try store.save(position, for: id) } catch { return nil }
        return store.load(for: id)
    }

    // MARK: Recorder

    @Test func theRecorderSavesEachNewRestingPlaceOnce() {
        let starts = [0, 100, 200, 300]
        var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"))
        #expect(recorder.lookup(in: starts, isComplete: true) == .onPage(0), "nothing remembered: the start")
        var saves: [ReadingPosition?] = []
        saves.append(recorder.settled(onPages: 1...1, pageStarts: starts))
        saves.append(recorder.settled(onPages: 1...1, pageStarts: starts))
        saves.append(recorder.settled(onPages: 2...2, pageStarts: starts))
        saves.append(recorder.settled(onPages: 9...9, pageStarts: starts))
        saves.append(recorder.settled(onPages: 0...0, pageStarts: starts))
        #expect(saves == [
            ReadingPosition(anchor: 100, page: 1, pageCount: 4),
            nil,
            ReadingPosition(anchor: 200, page: 2, pageCount: 4),
            nil,
            ReadingPosition(anchor: 0, page: 0, pageCount: 4),
        ])
        #expect(recorder.position == ReadingPosition(anchor: 0, page: 0, pageCount: 4))
    }

    @Test func aRestoredAnchorDoesNotDriftAcrossResizes() {
        // Saved at byte 150 in a pagination of 100-byte pages.
        let saved = ReadingPosition(anchor: 150, page: 1, pageCount: 4)
        var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"), restoring: saved)
        var saves: [ReadingPosition?] = []
        // Wider: 140-byte pages. Page 1 (140..<280) holds byte 150.
        let wide = evenPageStarts(length: 400, bytesPerPage: 140)
        #expect(recorder.lookup(in: wide, isComplete: true) == .onPage(1))
        saves.append(recorder.settled(onPages: 1...1, pageStarts: wide))
        // Narrow again: 100-byte pages. Byte 150 is on page 1 again, and stays the anchor (not 140).
        let narrow = evenPageStarts(length: 400, bytesPerPage: 100)
        #expect(recorder.lookup(in: narrow, isComplete: true) == .onPage(1))
        saves.append(recorder.settled(onPages: 1...1, pageStarts: narrow))
        #expect(saves == [ReadingPosition(anchor: 150, page: 1, pageCount: 3), ReadingPosition(anchor: 150, page: 1, pageCount: 4)],
                "the anchor stays 150 through both re-paginations")
        // Moving away and back starts from the page's start.
        _ = recorder.settled(onPages: 2...2, pageStarts: narrow)
        #expect(recorder.settled(onPages: 1...1, pageStarts: narrow) == ReadingPosition(anchor: 100, page: 1, pageCount: 4))
    }

    @Test func aTwoPageSpreadKeepsTheAnchorOnEitherSide() {
        let starts = [0, 100, 200, 300, 400]
        for (anchor, page) in [(250, 2), (350, 3)] {
            var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"),
                                            restoring: ReadingPosition(anchor: anchor, page: 0, pageCount: 1))
            let track = Track(pages: .finite(5), pagesPerSpread: 2, pageExtent: 40, viewportExtent: 80)
            let lookup = recorder.lookup(in: starts, isComplete: true)
            #expect(lookup == .onPage(page))
            let spread = lookup.spread(on: track)
            #expect(spread == Spread(index: 1, firstPage: 2, pageCount: 2), "anchor \(anchor)")
            #expect(recorder.settled(onPages: 2...3, pageStarts: starts) == ReadingPosition(anchor: anchor, page: page, pageCount: 5),
                    "anchor \(anchor) stays, saved on the page of the spread that holds it")
        }
    }

    @Test func theRecorderFollowsAPagersSettledEvents() throws {
        // A 1,000-byte text in 100-byte pages, shown two pages at a time after the cover.
        let starts = evenPageStarts(length: 1_000, bytesPerPage: 100)
        let track = Track(pages: .finite(starts.count), pagesPerSpread: 2, coverStandsAlone: true,
                          pageExtent: 40, viewportExtent: 80)
        var pager = try Pager(track: track)
        var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"))
        var saves: [ReadingPosition?] = []
        saves.append(recorder.record(pager.layout(), track: pager.track, pageStarts: starts))
        saves.append(recorder.record(pager.move(toPage: 4, animated: false), track: pager.track, pageStarts: starts))
        saves.append(recorder.record(pager.move(toPage: 8, animated: false), track: pager.track, pageStarts: starts))
        #expect(saves == [
            nil,                                                   // laying out is not a change of place
            ReadingPosition(anchor: 300, page: 3, pageCount: 10),  // page 4 is on the spread of pages 3–4
            ReadingPosition(anchor: 700, page: 7, pageCount: 10),  // page 8: the spread of pages 7–8
        ])
    }

    /// A reader on page 7 of a narrow one-page layout widens the window: the
    /// text re-paginates into wider pages shown two at a time, and the pager
    /// opens on the spread that holds the first byte the reader saw.
    @Test func aResizeToTwoPagesRestoresTheSpreadHoldingTheAnchor() throws {
        let length = 10_000
        let narrow = evenPageStarts(length: length, bytesPerPage: 300)
        var pager = try Pager(track: Track(pages: .finite(narrow.count), pageExtent: 40, viewportExtent: 40))
        var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"))
        let save = recorder.record(pager.move(toPage: 7, animated: false), track: pager.track, pageStarts: narrow)
        #expect(save == ReadingPosition(anchor: 2_100, page: 7, pageCount: narrow.count))

        let wide = evenPageStarts(length: length, bytesPerPage: 700)
        _ = try pager.setPageCount(.finite(wide.count))
        _ = try pager.setPagesPerSpread(2, coverStandsAlone: false)
        _ = try pager.resize(viewportExtent: 160, pageExtent: 80)
        let lookup = recorder.lookup(in: wide, isComplete: true)
        #expect(lookup == .onPage(3), "byte 2,100 is on page 3 (2,100..<2,800)")
        guard let page = lookup.page else { return }
        let effects = pager.move(toPage: page, animated: false)
        #expect(pager.track.spread(at: pager.position.index).contains(page: 3), "shows \(pager.position)")
        #expect(recorder.record(effects, track: pager.track, pageStarts: wide) == ReadingPosition(anchor: 2_100, page: 3, pageCount: wide.count))
    }

    /// A lookup and a settle on a million-page pagination touch no heap, for an array or a slice.
    @Test func lookupsAndSettlesAllocateNothing() throws {
        let starts = Array(stride(from: 0, to: 100_000_000, by: 100))
        let prefix = starts[..<500_000]
        var recorder = PositionRecorder(identity: DocumentIdentity(key: "doc"),
                                        restoring: ReadingPosition(anchor: 31_415_926, page: 0, pageCount: 1))
        var found = 0
        var saved = 0
        func round(_ i: Int) {
            found &+= recorder.lookup(in: starts, isComplete: true).page ?? 0
            found &+= recorder.lookup(in: prefix, isComplete: false).page ?? 0
            found &+= PageLookup(anchor: i &* 99_991, pageStarts: starts, isComplete: true).page ?? 0
            if recorder.settled(onPages: i...(i + 1), pageStarts: starts) != nil { saved += 1 }
        }
        round(0)  // warm up: the runtime builds type metadata on first use
        let counted = try #require(allocations {
            for i in 1...1_000 { round(i) }
        }, "the counting malloc is missing on this platform")
        #expect(counted == 0, "\(counted) allocations in 3,000 lookups and 1,000 settles")
        #expect(found > 0 && saved == 1_001)
    }

    @Test func descriptionsReadLikeSentences() {
        let p = ReadingPosition(anchor: 5_120, page: 12, pageCount: 340)
        #expect(p.description == "byte 5120 (page 12 of 340)")
        #expect(p.marking(["b": 1, "a": 2, "'": 3]).description == "byte 5120 (page 12 of 340), marks ' a b")
        #expect(PageLookup.onPage(12).description == "on page 12")
        #expect(PositionRecorder(identity: DocumentIdentity(key: "k"), restoring: p).description
                == "PositionRecorder(k, at byte 5120 (page 12 of 340))")
        #expect(FNV1a64().description == "fnv1a64 cbf29ce484222325 over 0 bytes")
    }
}
