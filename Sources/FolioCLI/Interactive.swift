#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import Folio
import FolioStore
import FolioTerminal

extension FolioCommand {
    /// Runs the reader on the terminal until the reader quits.
    ///
    /// The loop: tick the reader, draw its frame (only the changed cells
    /// are written), then wait for input — 1/60 s while something moves or
    /// pagination runs, else until a key, a click or a resize arrives.
    func runInteractive(document: Document, options: ReaderOptions, identity: DocumentIdentity?) throws {
        let warnings = WarningLog()
        let store: JSONFilePositionStore? = forget ? nil : try? JSONFilePositionStore(
            environment: ProcessInfo.processInfo.environment, warn: { warnings.add("\($0)") })
        var anchor: Int?
        if let store, let identity { anchor = store.load(for: identity)?.anchor }

        let terminal: Terminal
        do {
            terminal = try Terminal.start(Terminal.Options(mouse: options.mouse))
        } catch {
            StandardStreams.error("folio: \(error)")
            throw ExitCodeError.failure
        }
        defer {
            terminal.stop()
            for warning in warnings.all { StandardStreams.error("folio: \(warning)") }
        }

        let start = StandardStreams.monotonicSeconds()
        func now() -> Double { StandardStreams.monotonicSeconds() - start }
        var size = terminal.size
        var reader = Reader(document: document, columns: size.columns, rows: size.rows, options: options, anchor: anchor)
        if let page { reader.handle(.goToPage(page - 1)) }
        let renderer = Renderer()
        var shown: Frame?
        var output: [UInt8] = []
        var saved = reader.anchor
        var budget = WorkBudget()
        var lastDrawn: (page: Int, offset: Int)?

        func save() {
            guard let store, let identity, reader.anchor != saved, reader.pagination.knownPages > 0 else { return }
            saved = reader.anchor
            let position = ReadingPosition(anchor: reader.anchor, page: reader.currentPage, pageCount: reader.pagination.knownPages)
            do { try store.save(position, for: identity) } catch { warnings.add("\(error)") }
        }
        defer { save() }

        reading: while true {
            reader.handle(.tick(now()))
            var frame = Frame(width: size.columns, height: size.rows)
            reader.render(into: &frame)
            output.removeAll(keepingCapacity: true)
            // While the pages slide, tell the renderer how far: it shifts rows in place.
            var shift = 0
            if let (page, offset) = lastDrawn, let now = reader.drawnOffset(ofPage: page) { shift = now - offset }
            lastDrawn = reader.drawnOffset(ofPage: reader.currentPage).map { (reader.currentPage, $0) }
            renderer.render(from: shown, to: frame, horizontalShift: shift, into: &output)
            if !output.isEmpty { try terminal.write(output) }
            shown = frame
            if reader.pager.activity == .idle { save() }  // at rest: a cheap check, a write only when the anchor moved

            if reader.hasWork { budget.run(&reader, now: now) }
            let events = try terminal.read(timeout: reader.isBusy ? 1.0 / 60 : nil)
            for event in events {
                switch event {
                case .key(let key, let modifiers):
                    if modifiers.contains(.control), key == .character("c") { break reading }
                    guard let readerKey = ReaderKey(key, modifiers) else { continue }
                    if !reader.handle(key: readerKey) { break reading }
                case .mouse(let mouse):
                    handle(mouse, in: &reader, at: now())
                case .resize(let newSize):
                    size = newSize
                    shown = nil
                    reader.handle(.resize(columns: size.columns, rows: size.rows))
                }
            }
        }
    }

    private func handle(_ mouse: MouseEvent, in reader: inout Reader, at time: Double) {
        switch mouse.action {
        case .press(.left): reader.handle(.dragBegan(column: mouse.column, row: mouse.row, time: time))
        case .drag(.left): reader.handle(.dragMoved(column: mouse.column, row: mouse.row, time: time))
        case .release: reader.handle(.dragEnded(column: mouse.column, row: mouse.row, time: time))
        case .scroll(.up): reader.handle(.turn(-1))
        case .scroll(.down): reader.handle(.turn(1))
        default: break
        }
    }
}

/// Sizes the reader's background work (pagination, search) to the time a
/// frame can spare: about 8 ms, or 40 ms while a jump waits for it, learning
/// the throughput as it goes (a debug build paginates some 30 times slower).
struct WorkBudget {
    var bytes = 64 * 1024

    mutating func run(_ reader: inout Reader, now: () -> Double) {
        let target = reader.isWaiting ? 0.040 : 0.008
        let start = now()
        reader.work(budget: bytes)
        let elapsed = max(now() - start, 0.0005)
        let scaled = Double(bytes) * min(max(target / elapsed, 0.5), 2)
        bytes = Int(min(max(scaled, 16 * 1024), 64 * 1024 * 1024))
    }
}

/// The reader's exit statuses.
enum ExitCodeError: Error {
    /// The terminal could not be set up (the message is already on stderr).
    case failure
}

/// Warnings gathered while the terminal shows the reader, printed after it is restored.
final class WarningLog: Sendable {
    private let warnings = Mutex<[String]>([])
    func add(_ warning: String) { warnings.withLock { $0.append(warning) } }
    var all: [String] { warnings.withLock { $0 } }
}

extension ReaderKey {
    /// The reader's key for a decoded terminal key, or nil for keys it does not use.
    init?(_ key: Key, _ modifiers: KeyModifiers) {
        guard !modifiers.contains(.control), !modifiers.contains(.alt) else { return nil }
        switch key {
        case .character(let c): self = .character(c)
        case .enter: self = .enter
        case .escape: self = .escape
        case .backspace: self = .backspace
        case .left: self = .left
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        default: return nil
        }
    }
}
