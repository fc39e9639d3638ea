import Testing
import PropertyBased
import Folio
import FolioTestSupport
@testable import FolioReading

/// One input to a reading session, as the property test generates it.
enum SessionStep: Sendable, CustomStringConvertible {
    case turn(Int)
    case goToPage(Int)
    case goToPercent(Int)
    case search(Int, backward: Bool)
    case next(reversed: Bool)
    case drag(from: Int, to: Int, seconds: Double)
    case click(x: Int, y: Int)
    case resize(width: Int, height: Int)
    case key(ReadingKey)
    case frames(Int)
    case receive(Int)
    case endInput
    case toggle(vertical: Bool)

    static let patterns = ["Paragraph 1", "lorem", "ips?um [a-d]", "^#", "Chapter 3", "zzz", "licence grants"]
    static let keys: [ReadingKey] = [.character("j"), .character("k"), .character("G"), .character("g"), .character("5"),
                                     .character("%"), .character("/"), .character("a"), .enter, .escape, .character("H"),
                                     .character("n"), .character("N"), .character("?"), .character("]"), .character("["),
                                     .end, .home, .backspace, .character("="), .character("x"),
                                     .character(":"), .character("m"), .character("'")]

    init(kind: Int, a: Int, b: Int) {
        switch kind {
        case 0, 1: self = .turn(a % 3 == 0 ? -1 : 1 + (b % 3))
        case 2: self = .goToPage(abs(a) % 400)
        case 3: self = .goToPercent(abs(a) % 101)
        case 4: self = .search(abs(a) % Self.patterns.count, backward: b % 2 == 0)
        case 5: self = .next(reversed: b % 3 == 0)
        case 6: self = .drag(from: abs(a) % 120, to: b % 120, seconds: Double(b % 50) / 100)
        case 7: self = .click(x: abs(a) % 140, y: b % 30)
        case 8: self = .resize(width: 20 + abs(a) % 200, height: 5 + b % 60)
        case 9: self = .key(Self.keys[abs(a) % Self.keys.count])
        case 10, 11: self = .frames(1 + abs(a) % 40)
        case 12: self = .receive(abs(a) % 5_000)
        case 13: self = .endInput
        default: self = .toggle(vertical: b % 4 == 0)
        }
    }

    var description: String {
        switch self {
        case .turn(let n): "turn(\(n))"
        case .goToPage(let p): "goToPage(\(p))"
        case .goToPercent(let p): "\(p)%"
        case .search(let i, let back): "search(\(Self.patterns[i])\(back ? ", back" : ""))"
        case .next(let reversed): reversed ? "N" : "n"
        case .drag(let from, let to, let s): "drag(\(from)→\(to) in \(s)s)"
        case .click(let x, let y): "click(\(x),\(y))"
        case .resize(let w, let h): "resize(\(w)×\(h))"
        case .key(let key): "key(\(key))"
        case .frames(let n): "frames(\(n))"
        case .receive(let n): "receive(\(n) bytes)"
        case .endInput: "endInput"
        case .toggle(let vertical): vertical ? "toggleVertical" : "toggleRightToLeft"
        }
    }
}

/// A document a property run reads.
enum SessionDocument: Int, CaseIterable, Sendable, CustomStringConvertible {
    case prose, markdown, licence, tiny, empty, stream, coloured

    static let streamSource = Array(Sample.text(paragraphs: 60, markdown: true).utf8)

    func make() -> Document {
        switch self {
        case .prose: Sample.document(paragraphs: 60)
        case .markdown: Sample.document(paragraphs: 160, markdown: true)
        case .licence: Document(title: "LICENCE", bytes: Array(Sample.wrapped(columns: 72, lines: 300).utf8))
        case .tiny: Document(title: "tiny", bytes: Array("one line\n".utf8))
        case .empty: Document(title: "empty", bytes: [])
        case .stream: Document(title: "stdin", format: .markdown, text: StreamText())
        case .coloured:
            Document(title: "log", bytes: Array((0..<300).map { "\u{1B}[33mcommit \($0)\u{1B}[m\nA\u{08}Au\u{08}ut\u{08}th\u{08}ho\u{08}or: _\u{08}x\n\n" }.joined().utf8))
        }
    }

    var description: String { "\(self.rawValue)" }
}

@Suite struct SessionPropertyTests {
    static let steps = zip(Gen.int(in: 0...14), Gen.int(in: -1_000...1_000), Gen.int(in: 0...1_000))
        .map { SessionStep(kind: $0, a: $1, b: $2) }
        .array(of: 1...30)

    /// Random command sequences over several documents; after every step the
    /// session's slots are the pager's (no engine effect dropped), the page
    /// is in range, and at rest the remembered anchor is on screen; once
    /// input stops, the session comes to rest.
    @Test func everyCommandSequenceKeepsTheInvariants() async {
        await propertyCheck(count: 120, input: Gen.int(in: 0...(SessionDocument.allCases.count - 1)), Self.steps) { kind, steps in
            let document = SessionDocument(rawValue: kind)!
            let problems = run(document, steps)
            #expect(problems.isEmpty, "document \(document)\nsteps: \(steps)\nproblems: \(problems.prefix(4))")
        }
    }

    func run(_ kind: SessionDocument, _ steps: [SessionStep]) -> [String] {
        var driver = SessionDriver(kind.make(), width: 100, height: 30)
        var fed = 0
        for step in steps {
            apply(step, to: &driver, fed: &fed, kind: kind)
            let problems = audit(driver.session, after: step)
            if !problems.isEmpty { return problems }
        }
        // Input stops: it must come to rest, having done all its work.
        if case .pressing = driver.session.mode { driver.send(.release(x: 50, y: 10)) }
        if driver.session.isWaiting { driver.press(.escape) }
        let rested = driver.settle(limit: 20_000)
        if !rested { return ["still busy once input stopped: \(driver.session.mode), animating \(driver.session.isAnimating)"] }
        return audit(driver.session, after: nil, atRest: true)
    }

    func apply(_ step: SessionStep, to driver: inout SessionDriver, fed: inout Int, kind: SessionDocument) {
        switch step {
        case .turn(let n): driver.send(.turn(n))
        case .goToPage(let p): driver.send(.goToPage(p))
        case .goToPercent(let p): driver.send(.goToPercent(Double(p)))
        case .search(let i, let back): driver.send(.search(SessionStep.patterns[i], backward: back))
        case .next(let reversed): driver.send(reversed ? .searchPrevious : .searchNext)
        case .drag(let from, let to, let seconds):
            driver.send(.press(x: from, y: 5))
            let frames = max(1, Int(seconds * 60))
            for k in 1...frames {
                driver.time += 1.0 / 60
                driver.send(.drag(x: from + (to - from) * k / frames, y: 5))
            }
            driver.send(.release(x: to, y: 5))
        case .click(let x, let y):
            driver.send(.press(x: x, y: y))
            driver.send(.release(x: x, y: y))
        case .resize(let w, let h): driver.send(.resize(Viewport(width: w, height: h)))
        case .key(let key): driver.press(key)
        case .frames(let n): for _ in 0..<n { driver.frame() }
        case .receive(let n):
            guard kind == .stream, !driver.session.document.isComplete else { return }
            let source = SessionDocument.streamSource
            let end = min(source.count, fed + n)
            driver.receive(source[fed..<end])
            fed = end
        case .endInput:
            guard kind == .stream else { return }
            driver.endInput()
        case .toggle(let vertical): driver.send(vertical ? .toggleVertical : .toggleRightToLeft)
        }
    }

    func audit(_ session: ReadingSession, after step: SessionStep?, atRest: Bool = false) -> [String] {
        var problems: [String] = []
        let known = session.pagination.knownPages
        // The pages laid out for drawing are those in the page area, and none is stale (a
        // stream's open page laid out before more of it came): each is what laying it out now gives.
        let visible = Set(session.visiblePages.map(\.page))
        if Set(session.shown.pages.keys) != visible { problems.append("laid out \(session.shown), visible \(visible.sorted())") }
        for page in visible where session.shown[page] != session.pagination.layOutPage(page, in: session.document.text) {
            problems.append("page \(page)'s kept layout is stale")
        }
        if session.work.stalls > 0 { problems.append("background work stood still \(session.work.stalls) times: \(session.work)") }
        if !(0..<known).contains(session.currentPage) { problems.append("page \(session.currentPage) of \(known)") }
        for visible in session.visiblePages where visible.page >= known { problems.append("visible page \(visible.page) of \(known)") }
        if session.pager.track.pages.pages != known { problems.append("pager has \(session.pager.track.pages.pages) pages, pagination \(known)") }
        let percent = session.percent ?? 0
        if !(0...100).contains(percent) { problems.append("percent \(percent)") }
        if atRest, !session.isWaiting, let remembered = session.recorder.position?.anchor,
           remembered < session.document.text.count, !session.spreadBytes.contains(remembered) {
            problems.append("at rest, the remembered anchor \(remembered) is not on screen \(session.spreadBytes)")
        }
        if atRest, session.pager.activity != .idle { problems.append("not idle at rest") }
        if atRest, session.document.isComplete {
            // Resting means the work is done, not stuck.
            if !session.pagination.isComplete { problems.append("at rest with pagination unfinished") }
            if session.search?.isComplete == false { problems.append("at rest with the search unfinished") }
            if !session.survey.isSettled { problems.append("at rest with the line survey unfinished") }
        }
        return problems.map { "\($0) (after \(step.map { "\($0)" } ?? "settling"))" }
    }
}
