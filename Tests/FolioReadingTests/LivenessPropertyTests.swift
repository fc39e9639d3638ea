import Foundation
import Testing
import Folio
import FolioEPUB
import FolioTestSupport
@testable import FolioReading

/// One thing a reader does in a long session, as the liveness property generates it.
indirect enum LiveStep: Hashable, Sendable, CustomStringConvertible {
    /// `/pattern` Enter, or `?pattern` Enter.
    case search(Int, backward: Bool)
    /// `n`, or `N`.
    case next(reversed: Bool)
    /// `Ng` for the page this many thousandths of the way through the pages known.
    case goToPage(permille: Int)
    /// `N%`.
    case percent(Int)
    /// `g`, or `G`.
    case end(last: Bool)
    /// `]` or `[`.
    case chapter(forward: Bool)
    /// Turn this many spreads (negative: back).
    case turn(Int)
    /// The page area becomes `width` × `height`.
    case resize(width: Int, height: Int)
    /// `x` (right to left), or `v` (vertical).
    case toggle(vertical: Bool)
    /// `H`, and any key to close the help.
    case help
    /// A drag across the pages, from one column to another.
    case drag(from: Int, to: Int)
    /// `ma` then a later `'a`: set (or go to) mark a.
    case mark(set: Bool)
    /// More of a stream arrives.
    case grow(Int)
    /// The stream ends.
    case endInput
    /// `step`, then `frames` frames of the loop, then Esc: a wait stopped by the reader.
    case interrupted(LiveStep, frames: Int)
    /// `Ng` for the line this many thousandths of the way through the lines counted (a page where pages turn).
    case goToLine(permille: Int)
    /// `j`, `k`, `d` or `u`, `count` times.
    case lines(Int)
    /// → or ← (sideways with chopped lines).
    case sideways(right: Bool)
    /// `&pattern` Enter, or `&!pattern` Enter: only the lines that match, or the others.
    case filter(Int, keepsMatches: Bool)
    /// `&` Enter: every line again.
    case unfilter

    static let patterns = ["NEEDLE-LAST", "NEEDLE-MIDDLE", "NEEDLE-FIRST", "status=500", "chapter", "章", "zz+top", "^# Chapter 1[0-9]",
                           "SECTION", "acknowledged request"]

    /// A random step (`stream`: the document is a stream, so growth and its end are steps too).
    static func random(_ random: inout SplitMix, stream: Bool) -> LiveStep {
        switch random.next(stream ? 22 : 20) {
        case 15: return .goToLine(permille: random.next(1001))
        case 16: return .lines([1, -1, 3, -5, 12][random.next(5)])
        case 17: return .sideways(right: random.next(3) != 0)
        case 18: return .filter(random.next(patterns.count), keepsMatches: random.next(3) != 0)
        case 19: return .unfilter
        case 0, 1: return .search(random.next(patterns.count), backward: random.next(3) == 0)
        case 2: return .next(reversed: random.next(3) == 0)
        case 3: return .goToPage(permille: random.next(1001))
        case 4: return .percent(random.next(101))
        case 5: return .end(last: random.next(2) == 0)
        case 6: return .chapter(forward: random.next(3) != 0)
        case 7: return .turn(random.next(2) == 0 ? -1 - random.next(3) : 1 + random.next(3))
        case 8: return .resize(width: 20 + random.next(200), height: 5 + random.next(56))
        case 9: return .toggle(vertical: random.next(3) == 0)
        case 10: return .help
        case 11: return .drag(from: random.next(120), to: random.next(120))
        case 12: return .mark(set: random.next(2) == 0)
        case 13, 14:
            let inner: LiveStep = [.search(random.next(patterns.count), backward: random.next(2) == 0), .end(last: true),
                                   .resize(width: 20 + random.next(200), height: 5 + random.next(56)),
                                   .goToPage(permille: random.next(1001)), .percent(random.next(101)),
                                   .filter(random.next(patterns.count), keepsMatches: random.next(3) != 0)][random.next(6)]
            return .interrupted(inner, frames: random.next(6))
        case 20: return .grow(1 + random.next(600_000))
        default: return .endInput
        }
    }

    /// Smaller steps that might fail the same way.
    var simpler: [LiveStep] {
        switch self {
        case .interrupted(let inner, let frames): [inner] + (frames > 0 ? [.interrupted(inner, frames: 0)] : [])
        case .turn(let n) where abs(n) > 1: [.turn(n > 0 ? 1 : -1)]
        case .grow(let n) where n > 1_000: [.grow(n / 2)]
        default: []
        }
    }

    var description: String {
        switch self {
        case .search(let i, let backward): "\(backward ? "?" : "/")\(Self.patterns[i])"
        case .next(let reversed): reversed ? "N" : "n"
        case .goToPage(let permille): "page at \(permille)‰"
        case .percent(let p): "\(p)%"
        case .end(let last): last ? "G" : "g"
        case .chapter(let forward): forward ? "]" : "["
        case .turn(let n): "turn(\(n))"
        case .resize(let w, let h): "resize(\(w)×\(h))"
        case .toggle(let vertical): vertical ? "v" : "x"
        case .help: "H"
        case .drag(let from, let to): "drag(\(from)→\(to))"
        case .mark(let set): set ? "ma" : "'a"
        case .grow(let n): "grow(\(n) bytes)"
        case .endInput: "end of input"
        case .interrupted(let inner, let frames): "\(inner), \(frames) frames, Esc"
        case .goToLine(let permille): "line at \(permille)‰"
        case .lines(let n): "\(n) lines"
        case .sideways(let right): right ? "→" : "←"
        case .filter(let i, let keepsMatches): "&\(keepsMatches ? "" : "!")\(Self.patterns[i])"
        case .unfilter: "& Enter"
        }
    }
}

/// A document a liveness run reads.
enum LiveDocument: Hashable, Sendable, CustomStringConvertible {
    /// Generated text of `megabytes` MB, in memory.
    case generated(RealisticText.Kind, megabytes: Int)
    /// Generated Markdown in a file, read on demand.
    case file(megabytes: Int)
    /// Generated `git log` output arriving on a stream.
    case stream(megabytes: Int)
    /// A real book no one here wrote (Debian's live-manual, the Ubuntu packaging guide).
    case book(String)

    static let all: [LiveDocument] = [
        .generated(.log, megabytes: 3), .generated(.manual, megabytes: 1), .generated(.markdown, megabytes: 5),
        .generated(.cjk, megabytes: 2), .generated(.gitLog, megabytes: 8), .generated(.log, megabytes: 20),
        .file(megabytes: 3), .stream(megabytes: 2),
        .book("/usr/share/doc/live-manual/epub/live-manual.en.epub"),
        .book("/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub"),
    ]

    var isStream: Bool { if case .stream = self { true } else { false } }

    var description: String {
        switch self {
        case .generated(let kind, let mb): "\(mb) MB \(kind)"
        case .file(let mb): "\(mb) MB Markdown file"
        case .stream(let mb): "\(mb) MB git log stream"
        case .book(let path): (path as NSString).lastPathComponent
        }
    }
}

/// Liveness, checked the way a reader finds it: random command sequences on
/// documents of 1–20 MB and real books, driven through the loop the hosts
/// run (``ReadingLoop``) on a manual clock with a fixed budget per slice.
/// After every step the loop runs until it is idle, and then no wait may be
/// left, the reader's text must be on screen, and the page count final.
///
/// `FOLIO_LIVENESS_RUNS` sets the number of sequences (200 by default) and
/// `FOLIO_LIVENESS_SEED` the first seed (random by default, printed); a
/// failure prints its seed and the shrunk sequence. The long run:
///
///     FOLIO_LIVENESS_RUNS=10000 swift test -c release -Xswiftc -enable-testing --filter LivenessProperty
@Suite(.needs(.liveManual, .packagingGuide)) struct LivenessPropertyTests {
    static let viewport = Viewport(width: 120, height: 38)

    @Test func everyWaitEndsAndTheReadersTextStaysOnScreen() throws {
        let environment = ProcessInfo.processInfo.environment
        let runs = environment["FOLIO_LIVENESS_RUNS"].flatMap(Int.init) ?? 200
        let first = environment["FOLIO_LIVENESS_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64(UInt32.max))
        print("liveness: \(runs) sequences from seed \(first)")
        var prototypes: [LiveDocument: SessionDriver] = [:]
        var files: [String] = []
        defer { for file in files { try? FileManager.default.removeItem(atPath: file) } }
        for run in 0..<runs {
            let seed = first &+ UInt64(run)
            var random = SplitMix(seed: seed)
            let document = LiveDocument.all[random.next(LiveDocument.all.count)]
            let budget = [32 * 1024, 256 * 1024, 1 << 20, 4 << 20][random.next(4)]
            // Now and then lines chopped (-S) or numbered (-N), as a less user sets them.
            var options = ReadingOptions()
            options.chopsLongLines = random.next(5) == 0
            options.showsLineNumbers = random.next(5) == 0
            let steps = (0..<(1 + random.next(12))).map { _ in LiveStep.random(&random, stream: document.isStream) }
            var start = try self.start(document, prototypes: &prototypes, files: &files)
            if options.chopsLongLines || options.showsLineNumbers {
                start = SessionDriver(start.session.document, width: Self.viewport.width, height: Self.viewport.height, options: options)
                if !document.isStream { start.budget = 4 << 20; start.settle() }
            }
            guard let problem = Self.run(start, steps, budget: budget, document: document) else { continue }
            let shrunk = Shrinking.steps(steps, simpler: \.simpler) { Self.run(start, $0, budget: budget, document: document) != nil }
            let shrunkProblem = Self.run(start, shrunk, budget: budget, document: document) ?? problem
            Issue.record("""
                liveness broken on \(document) (\(options)), seed \(seed) (FOLIO_LIVENESS_SEED=\(seed) FOLIO_LIVENESS_RUNS=1), \(budget >> 10) KB slices
                steps: \(steps)
                shrunk: \(shrunk)
                problem: \(shrunkProblem)
                """)
            return
        }
    }

    /// A fresh session on `document`, at rest with its pages counted: a copy of one made once
    /// per document (a session is a value; a complete document is only read), or a new stream.
    func start(_ document: LiveDocument, prototypes: inout [LiveDocument: SessionDriver], files: inout [String]) throws -> SessionDriver {
        if let kept = prototypes[document] { return document.isStream ? fresh(kept) : kept }
        let opened: Document
        switch document {
        case .generated(let kind, let mb):
            opened = Document(title: "\(kind)", format: kind == .markdown ? .markdown : .plain,
                              bytes: RealisticText.make(kind, bytes: mb << 20, seed: UInt64(mb)))
        case .file(let mb):
            let path = NSTemporaryDirectory() + "folio-liveness-\(UInt64.random(in: 0...UInt64.max)).md"
            try Data(RealisticText.make(.markdown, bytes: mb << 20, seed: 7)).write(to: URL(fileURLWithPath: path))
            files.append(path)
            guard case .file(let file) = try Document.open(path: path) else { throw CocoaError(.fileReadUnknown) }
            opened = file
        case .stream:
            opened = Document(title: "stdin", format: .plain, text: StreamText())
        case .book(let path):
            try #require(FileManager.default.fileExists(atPath: path), "\(path) is missing: bash Scripts/test installs it")
            opened = Document(book: EPUBBookSource(book: try EPUBBook.open(path: path)), path: path)
        }
        var driver = SessionDriver(opened, width: Self.viewport.width, height: Self.viewport.height)
        driver.budget = 4 << 20
        driver.settle()
        prototypes[document] = driver
        return driver
    }

    /// A new stream session like `kept` (streams grow: each run needs its own).
    func fresh(_ kept: SessionDriver) -> SessionDriver {
        SessionDriver(Document(title: "stdin", format: .plain, text: StreamText()), width: Self.viewport.width, height: Self.viewport.height)
    }

    /// The stream a stream document's growth comes from.
    static let streamSource = RealisticText.make(.gitLog, bytes: 2 << 20, seed: 11)

    /// Runs `steps` from `start`; returns the first problem, or nil.
    static func run(_ start: SessionDriver, _ steps: [LiveStep], budget: Int, document: LiveDocument) -> String? {
        var driver = start
        driver.budget = budget
        var fed = 0
        for (index, step) in steps.enumerated() {
            // A relayout keeps the reader's text: the byte the reader was at stays on screen.
            let kept: Int? = switch step {
            case .resize, .toggle: driver.session.isWaiting || driver.session.document.text.count == 0 ? nil : driver.session.anchor
            default: nil
            }
            apply(step, to: &driver, fed: &fed)
            // The loop runs until it is idle: as many slices as the text needs, and then some.
            let limit = 4 * (max(driver.session.document.text.count, 1 << 20) / budget + 1) + 20_000
            if !driver.settle(limit: limit) {
                return "step \(index + 1) (\(step)): still busy after \(limit) frames: \(driver.session)"
            }
            if let problem = audit(driver.loop) { return "after step \(index + 1) (\(step)): \(problem)" }
            if let kept, !driver.session.isWaiting, !driver.session.spreadBytes.contains(kept) {
                return "after step \(index + 1) (\(step)): the reader's byte \(kept) left the screen, \(driver.session.spreadBytes)"
            }
        }
        return nil
    }

    static func apply(_ step: LiveStep, to driver: inout SessionDriver, fed: inout Int) {
        func keys(_ text: String) { driver.type(text) }
        switch step {
        case .search(let i, let backward):
            keys(backward ? "?" : "/")
            keys(LiveStep.patterns[i])
            driver.press(.enter)
        case .next(let reversed): keys(reversed ? "N" : "n")
        case .goToPage(let permille):
            let page = driver.session.pagination.knownPages * permille / 1000 + 1
            keys("\(page)g")
        case .percent(let p): keys("\(p)%")
        case .end(let last): keys(last ? "G" : "g")
        case .chapter(let forward): keys(forward ? "]" : "[")
        case .turn(let n): driver.send(.turn(n))
        case .resize(let w, let h): driver.send(.resize(Viewport(width: w, height: h)))
        case .toggle(let vertical): keys(vertical ? "v" : "x")
        case .help:
            keys("H")
            driver.settle(limit: 100)
            driver.press(.escape)
        case .drag(let from, let to):
            driver.send(.press(x: from, y: 5))
            for k in 1...6 {
                driver.time += 1.0 / 60
                driver.send(.drag(x: from + (to - from) * k / 6, y: 5))
            }
            driver.send(.release(x: to, y: 5))
        case .mark(let set): keys(set ? "ma" : "'a")
        case .grow(let n):
            guard !driver.loop.wholeSession.document.isComplete, fed < streamSource.count else { return }
            let end = min(streamSource.count, fed + n)
            driver.receive(streamSource[fed..<end])
            fed = end
        case .endInput:
            if !driver.loop.wholeSession.document.isComplete { driver.endInput() }
        case .goToLine(let permille):
            let lines = driver.session.work.lines.linesCounted ?? 0
            keys("\(max(1, lines * permille / 1000))g")
        case .lines(let n):
            keys(n > 0 ? "\(n)j" : "\(-n)k")
        case .sideways(let right): driver.press(right ? .right : .left)
        case .interrupted(let inner, let frames):
            apply(inner, to: &driver, fed: &fed)
            for _ in 0..<frames { driver.frame() }
            driver.press(.escape)
        case .filter(let i, let keepsMatches):
            keys("&" + (keepsMatches ? "" : "!") + LiveStep.patterns[i])
            driver.press(.enter)
        case .unfilter:
            keys("&")
            driver.press(.enter)
        }
    }

    /// What must hold once the loop is idle.
    static func audit(_ loop: ReadingLoop) -> String? {
        let session = loop.session
        let document = session.document
        // A stream may wait for more of itself (through a filter too); nothing else may wait at rest.
        let streamWaits = !loop.wholeSession.document.isComplete && loop.wantedInput > 0
        if case .waiting(let wait) = session.mode, !streamWaits { return "a wait is left at rest: \(wait)" }
        if loop.isLandingInFilter && !streamWaits { return "the landing in the filter is left at rest: \(loop)" }
        if session.work.stalls > 0 { return "background work stood still \(session.work.stalls) times: \(session.work)" }
        if loop.filterStalls > 0 { return "the filter's scan stood still \(loop.filterStalls) times: \(loop)" }
        if let kept = session.filteredText, loop.wholeSession.document.isComplete, !kept.isComplete {
            return "at rest, the filter's scan is unfinished: \(kept)"
        }
        if document.isComplete {
            if !session.pagination.isComplete { return "at rest, the page count is not final: \(session.statusLine.pages)" }
            if session.statusLine.pages.hasSuffix("+") { return "at rest, the dots say \(session.statusLine.pages)" }
            if session.search?.isComplete == false { return "at rest, the search is unfinished: \(session.finder)" }
        }
        guard !session.isWaiting, document.text.count > 0 else { return nil }
        let anchor = session.anchor
        let visible = Set(session.visiblePages.map(\.page))
        guard session.spreadBytes.contains(anchor) || (anchor >= document.text.count && session.currentPages.contains(session.pagination.knownPages - 1)) else {
            return "the reader's byte \(anchor) is not on the pages shown, \(session.spreadBytes)"
        }
        if let page = session.pagination.page(containing: min(anchor, document.text.count - 1)), !visible.contains(page) {
            return "the page holding the reader's byte \(anchor), \(page), is not in the page area (visible \(visible.sorted()))"
        }
        if let remembered = session.recorder.position?.anchor, remembered < document.text.count,
           !session.spreadBytes.contains(remembered), session.pager.activity == .idle {
            return "the remembered byte \(remembered) is not on screen \(session.spreadBytes)"
        }
        for page in visible where session.shown[page] != session.pagination.layOutPage(page, in: document.text) {
            return "page \(page) is drawn from a stale layout"
        }
        return nil
    }
}
