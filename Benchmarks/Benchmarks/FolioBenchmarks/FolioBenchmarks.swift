import Baselines
import Benchmark
import Folio
import FolioReading

// Timing and allocation benchmarks, run by ordo-one's harness:
//   swift package --package-path Benchmarks benchmark
// A sample of a "×1000" benchmark is 1,000 updates after its setup, so the
// figures it shows are per 1,000 updates; the report divides them (an
// allocation in one update of a thousand still counts as one).

/// The page counts a drag update is measured at.
let dragCounts: [(name: String, pages: PageCount)] = [
    ("10", .finite(10)), ("10^3", .finite(1_000)), ("10^6", .finite(1_000_000)),
    ("10^12", .finite(1_000_000_000_000)), ("10^15", .finite(1_000_000_000_000_000)),
    ("looping 10", .looping(10)), ("looping 10^15", .looping(1_000_000_000_000_000)),
]

/// The page counts the settle of Folio and of the baselines is measured at.
let settleCounts: [(name: String, pages: Int)] = [("10^3", 1_000), ("10^5", 100_000)]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )
    let iterations = 1_000

    // 1. A drag update: position change → slot operations, carried out on the views.
    for (name, pages) in dragCounts {
        Benchmark("Drag update x1000, \(name) pages") { benchmark in
            var host = FolioHost(try Pager(track: FolioHost.phone(pages), page: 5))
            // The host keeps one buffer for the effects of every update.
            host.dragBegan(at: 0)
            var t = 0.0
            // Back and forth over page boundaries, between pages 5 and 8 (so
            // no count rubber-bands), recycling slots on the way.
            func step(_ i: Int) {
                t += 0.016
                host.dragMoved(by: i % 40 < 20 ? -61 : 61, at: t)
            }
            // Warm up: the first moves configure the slots for the first time.
            for i in 0..<80 { step(i) }
            benchmark.startMeasurement()
            for i in 0..<iterations { step(i) }
            benchmark.stopMeasurement()
            blackHole(host.views[0].x)
        }
    }

    // 1b. The engine alone: the same drag, its effects read but carried out on no views
    // (what the host adds above is its own: a switch per effect and a property write).
    for (name, pages) in dragCounts {
        Benchmark("Drag update x1000, \(name) pages, engine alone") { benchmark in
            var pager = try Pager(track: FolioHost.phone(pages), page: 5)
            var effects = pager.layout()
            pager.dragBegan(at: 0, into: &effects)
            var t = 0.0
            var placed = 0.0
            func step(_ i: Int) {
                t += 0.016
                pager.dragMoved(by: i % 40 < 20 ? -61 : 61, at: t, into: &effects)
                for k in effects.indices { if case .place(_, let x) = effects[k] { placed += x } }
            }
            for i in 0..<80 { step(i) }
            benchmark.startMeasurement()
            for i in 0..<iterations { step(i) }
            benchmark.stopMeasurement()
            blackHole(placed)
        }
    }

    // 2. A settle: the work when paging comes to rest on the next page.
    for (name, pages) in settleCounts {
        Benchmark("Settle x1000, \(name) pages, Folio") { benchmark in
            var host = FolioHost(try Pager(track: FolioHost.phone(.finite(pages))))
            benchmark.startMeasurement()
            for page in 1...iterations { host.settle(on: page) }
            benchmark.stopMeasurement()
            blackHole(host.views[0].page)
        }
        Benchmark("Settle x1000, \(name) pages, all views up front") { benchmark in
            var scroller = AllViewsUpFront(pageCount: pages, pageWidth: 375, pageHeight: 667)
            benchmark.startMeasurement()
            for page in 1...iterations { scroller.settle(on: page) }
            benchmark.stopMeasurement()
            blackHole(scroller.zeroPage)
        }
        Benchmark("Settle x1000, \(name) pages, a view per page kept") { benchmark in
            var scroller = ViewPerPageKeptForever(pageCount: pages, pageWidth: 375, pageHeight: 667)
            benchmark.startMeasurement()
            for page in 1...iterations { scroller.settle(on: page) }
            benchmark.stopMeasurement()
            blackHole(scroller.liveViews)
        }
    }

    // 5. Pagination throughput: a whole real text cut into pages of a 200×50 reader.
    let megabytes = 16
    Benchmark(
        "Pagination, \(megabytes) MB real text, 200x50",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds,
                             maxDuration: .seconds(5), maxIterations: 10)
    ) { (benchmark: Benchmark, text: [UInt8]) in
        // Two pages of 99 × 48 cells, as folio shows a 200 × 50 terminal.
        var pagination = Pagination(layout: TextLayout(geometry: PageGeometry(columns: 97, rows: 48)))
        let storage = StreamText(complete: text)
        benchmark.startMeasurement()
        pagination.extend(storage, budget: .max)
        benchmark.stopMeasurement()
        blackHole(pagination.knownPages)
    } setup: {
        guard let text = RealText.make(byteCount: megabytes << 20) else {
            fatalError("no real text: /usr/share/common-licenses and /usr/share/unicode/NamesList.txt are missing")
        }
        return text
    }
}
