import Baselines
import Folio
import Foundation

// Computes the figures that are counts rather than times (views, bytes,
// configures, content on screen, bytes per page turn), reads the timings
// of ordo-one's run and of reader-vs-peers.py, and writes the report.
//
//   FolioFigures --benchmarks DIR [--reader FILE] [--output FILE] [--swift-version TEXT]
//
// `bash Benchmarks/run` calls it; see docs/readme/benchmarks.md.

// Bytes held are measured with mallinfo2, which counts chunks parked in
// glibc's per-thread cache as in use; run without that cache so small
// objects show up. Tunables are read at start-up, hence the re-exec.
if ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] == nil {
    setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=0", 1)
    let path = "/proc/self/exe"
    var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
    execv(path, &argv)
    // exec failed: carry on with the cache (bytes held may read low).
}

var arguments: [String: String] = [:]
var argv = CommandLine.arguments.dropFirst()
while let flag = argv.popFirst() {
    guard flag.hasPrefix("--"), let value = argv.popFirst() else {
        FileHandle.standardError.write(Data("usage: FolioFigures --benchmarks DIR [--reader FILE] [--output FILE] [--swift-version TEXT]\n".utf8))
        exit(2)
    }
    arguments[String(flag.dropFirst(2))] = value
}

var report = Report()

// 1. Drag updates (ordo-one): time and allocations per update.
var results: BenchmarkResults?
if let directory = arguments["benchmarks"] {
    do {
        results = try BenchmarkResults(directory: directory)
    } catch {
        FileHandle.standardError.write(Data("FolioFigures: cannot read the benchmark results in \(directory): \(error)\n".utf8))
        exit(1)
    }
}
if let results {
    report.section("Engine: a drag update (position change → slot operations, carried out on the views)")
    for name in ["10", "10^3", "10^6", "10^12", "10^15", "looping 10", "looping 10^15"] {
        let benchmark = "Drag update x1000, \(name) pages"
        let allocations = results.maximum(benchmark, "mallocCountTotal").map { $0 / 1_000 }
        report.row("Drag update, \(Report.pages(name)): time, median (fastest); allocations (most in any sample)",
                   folio: "\(results.time(benchmark, per: 1_000)); \(Report.number(allocations, digits: 3))")
    }
    for name in ["10", "10^3", "10^6", "10^12", "10^15", "looping 10", "looping 10^15"] {
        let benchmark = "Drag update x1000, \(name) pages, engine alone"
        let allocations = results.maximum(benchmark, "mallocCountTotal").map { $0 / 1_000 }
        report.row("Drag update, \(Report.pages(name)), the engine alone (effects read, no views): time, median (fastest); allocations",
                   folio: "\(results.time(benchmark, per: 1_000)); \(Report.number(allocations, digits: 3))")
    }

    // 2. Settles against the baselines, with views and bytes held.
    report.section("Engine against the seeds' approaches: (a) every view up front, hide-all loop on settle (seeds/000); (b) a view per page, made on first sight, never freed")
    for (name, pages) in [("10^3", 1_000), ("10^5", 100_000)] {
        let folio = "Settle x1000, \(name) pages, Folio"
        let upFront = "Settle x1000, \(name) pages, all views up front"
        let kept = "Settle x1000, \(name) pages, a view per page kept"
        for (label, baseline) in [("(a)", upFront), ("(b)", kept)] {
            report.row("Time per settle (fastest), \(Report.pages(name)), against \(label)",
                       folio: results.time(folio, per: 1_000), baseline: results.time(baseline, per: 1_000),
                       ratio: Report.ratio(results.median(baseline, "wallClock"), results.median(folio, "wallClock")))
        }

        let track = FolioHost.phone(.finite(pages))
        let folioHeld = held(reading: 0..<pages, make: { FolioHost(try! Pager(track: track)) },
                             settle: { $0.settle(on: $1) }, views: \.liveViews)
        // (a) holds every view from the start; reading every page would only
        // run its O(pages) settle loop pages times, changing nothing held.
        let upFrontHeld = held(reading: [0, pages / 2, pages - 1], make: { AllViewsUpFront(pageCount: pages, pageWidth: 375, pageHeight: 667) },
                               settle: { $0.settle(on: $1) }, views: \.liveViews)
        let keptHeld = held(reading: 0..<pages, make: { ViewPerPageKeptForever(pageCount: pages, pageWidth: 375, pageHeight: 667) },
                            settle: { $0.settle(on: $1) }, views: \.liveViews)
        for (label, baseline) in [("(a)", upFrontHeld), ("(b)", keptHeld)] {
            report.row("Live page views after reading all \(Report.pages(name)), against \(label)",
                       folio: "\(folioHeld.liveViews)", baseline: "\(baseline.liveViews)",
                       ratio: Report.ratio(Double(baseline.liveViews), Double(folioHeld.liveViews)))
            report.row("Bytes held after reading all \(Report.pages(name)), against \(label)",
                       folio: Report.bytes(folioHeld.bytes), baseline: Report.bytes(baseline.bytes),
                       ratio: Report.ratio(baseline.bytes.map(Double.init), folioHeld.bytes.map(Double.init)))
        }
    }
}

// 3. A fling across 1,000 pages.
let flung = try fling(pages: 1_000)
report.section("Engine: a fling across 1,000 pages (decelerating 0.998/ms, 60 frames per second)")
report.row("Configure operations, touch to rest (\(flung.pagesTravelled) pages, \(flung.frames) frames, "
           + "at most \(flung.mostConfiguresInAFrame) in a frame, pool \(flung.slotCount) slots), against one per page passed",
           folio: "\(flung.configures)", baseline: "\(flung.pagesTravelled)",
           ratio: Report.ratio(Double(flung.pagesTravelled), Double(flung.configures)))
let moved = try animatedMove(pages: 1_000)
report.row("Configure operations, an animated move 1,000 pages ahead (a far dot or chapter), against one per page passed",
           folio: "\(moved)", baseline: "1000", ratio: Report.ratio(1_000, Double(moved)))

// 4. Content: a read-through from a slow source.
report.section("Content pipeline: reading 10,000 pages at 3 pages per second from a source taking 5 ms a page (simulated clock)")
for prefetch in 0...2 {
    let read = try readThrough(pages: 10_000, pagesPerSecond: 3, loadSeconds: 0.005, prefetch: prefetch)
    report.row("Pages whose content was ready the first frame they showed, prefetch \(prefetch)",
               folio: Report.percent(read.readyAtFirstSight, of: read.pagesSeen))
    report.row("Slot configurations with content ready (no placeholder at all), prefetch \(prefetch) (\(read.loads) loads)",
               folio: Report.percent(read.readyAtConfigure, of: read.configuredShows))
}

// 5. The reader.
report.section("Terminal reader")
if let results, let time = results.median("Pagination, 16 MB real text, 200x50", "wallClock"),
   let fastest = results.minimum("Pagination, 16 MB real text, 200x50", "wallClock") {
    report.row("Pagination throughput (fastest), 16 MB of real text, 200×50 (two 99×48 pages)",
               folio: String(format: "%.0f MB/s (%.0f MB/s)", 16 / (time / 1e9), 16 / (fastest / 1e9)))
}
if let path = arguments["reader"], let text = try? String(contentsOfFile: path, encoding: .utf8) {
    // Lines from reader-vs-peers.py: KIND LABEL FOLIO PEER FLOOR FOLIO_RSS PEER_RSS FOLIO_ANON PEER_ANON RUNS
    for line in text.split(separator: "\n") {
        let f = line.split(separator: "\t").map(String.init)
        guard f.count == 10 else { continue }
        let kb = { (value: String) in Int(value).map { Report.bytes($0 * 1024) } ?? "n/a" }
        switch f[0] {
        case "first-screen":
            guard let folio = Double(f[2]), let less = Double(f[3]), let floor = Double(f[4]) else { continue }
            report.row("First full screen, \(f[1]), pseudo-terminal 200×50 (median of \(f[9]), programs and text in the page cache; harness floor, cat of a finished screen: \(Report.milliseconds(floor)))",
                       folio: Report.milliseconds(folio), baseline: "less " + Report.milliseconds(less), ratio: Report.ratio(less, folio))
            report.row("Memory with the first screen shown, \(f[1]): resident (anonymous)",
                       folio: "\(kb(f[5])) (\(kb(f[7])))", baseline: "less \(kb(f[6])) (\(kb(f[8])))")
        case "memory":
            report.row("Memory \(f[1]): resident (anonymous)", folio: "\(kb(f[5])) (\(kb(f[7])))",
                       baseline: "less \(kb(f[6])) (\(kb(f[8])))")
        case "plain":
            guard let folio = Double(f[2]), let fold = Double(f[3]), let floor = Double(f[4]),
                  let folioCPU = Double(f[5]), let foldCPU = Double(f[6]) else { continue }
            report.row("Plain output, \(f[1]): wall (CPU) time, median of \(f[9]); floor, true: \(Report.milliseconds(floor))",
                       folio: "\(Report.milliseconds(folio)) (\(Report.milliseconds(folioCPU)))",
                       baseline: "fold -w 100 \(Report.milliseconds(fold)) (\(Report.milliseconds(foldCPU)))",
                       ratio: Report.ratio(fold, folio))
        case "book":
            guard let first = Double(f[2]), let counted = Double(f[3]) else { continue }
            report.row("EPUB, \(f[1]): first full screen, then the complete page count, pseudo-terminal 200×50 (median of \(f[9]); goal: the first page under 100 ms)",
                       folio: "\(Report.milliseconds(first)), \(Report.milliseconds(counted))")
            report.row("Memory once the EPUB's pages are all counted, \(f[1]): resident (anonymous)",
                       folio: "\(kb(f[5])) (\(kb(f[7])))")
        default:
            continue
        }
    }
}
if let text = RealText.make(byteCount: 1 << 20) {
    let turn = pageTurnBytes(text: text, columns: 200, rows: 50, turns: 20)
    report.row("Bytes written per page turn, 200×50, all \(String(format: "%.0f", turn.framesPerTurn)) frames of the slide, against a full repaint",
               folio: Report.bytes(Int(turn.bytesPerTurn)), baseline: Report.bytes(Int(turn.repaintBytes)),
               ratio: Report.ratio(turn.repaintBytes, turn.bytesPerTurn))
    report.row("Bytes for the same page turn drawn as one diff (no slide), against a full repaint",
               folio: Report.bytes(Int(turn.directDiffBytes)), baseline: Report.bytes(Int(turn.repaintBytes)),
               ratio: Report.ratio(turn.repaintBytes, turn.directDiffBytes))
}

let markdown = report.markdown(swiftVersion: arguments["swift-version"])
if let output = arguments["output"] {
    try markdown.write(toFile: output, atomically: true, encoding: .utf8)
}
print(markdown)
