import Baselines
import CopyCounter
import Folio

// Drag updates for an instruction count: callgrind counts what a run costs,
// whatever else the machine is doing. `Benchmarks/drag-instructions` runs this
// twice (N and N + 10,000 updates) and divides the difference.
//   DragInstructions UPDATES [PAGES]   (PAGES: 10, 1e6, 1e15 or loop1e15; default all)
//   DragInstructions --copied-bytes    bytes memcpy copies per update, by page count

let counts: [(String, PageCount)] = [
    ("10", .finite(10)), ("1e6", .finite(1_000_000)), ("1e15", .finite(1_000_000_000_000_000)),
    ("loop1e15", .looping(1_000_000_000_000_000)),
]

/// The benchmark's drag ("Drag update x1000"): back and forth between pages
/// 5 and 8, recycling slots on the way, effects kept in the host's one buffer.
func drag(_ pages: PageCount, updates: Int) throws -> Double {
    var host = FolioHost(try Pager(track: FolioHost.phone(pages), page: 5))
    host.dragBegan(at: 0)
    var t = 0.0
    for i in 0..<updates {
        // After a warm-up of 80 updates (the slots' first configures), count what is copied.
        if i == 80 { copy_counter_enable(1) }
        t += 0.016
        host.dragMoved(by: i % 40 < 20 ? -61 : 61, at: t)
    }
    copy_counter_enable(0)
    return host.views[0].x
}

if CommandLine.arguments.dropFirst().first == "--copied-bytes" {
    print("pages\tbytes copied by memcpy per drag update\tcalls per update")
    for (name, pages) in counts {
        let before = (copy_counter_bytes(), copy_counter_calls())
        _ = try drag(pages, updates: 10_080)
        let bytes = Double(copy_counter_bytes() - before.0) / 10_000
        let calls = Double(copy_counter_calls() - before.1) / 10_000
        print("\(name)\t\(bytes)\t\(calls)")
    }
} else {

    let arguments = CommandLine.arguments.dropFirst()
    let updates = arguments.first.flatMap { Int($0) } ?? 1_000
    let chosen = arguments.dropFirst().first.map { name in counts.filter { $0.0 == name } } ?? counts
    var checksum = 0.0
    for (_, pages) in chosen { checksum += try drag(pages, updates: updates) }
    print(checksum)
}
