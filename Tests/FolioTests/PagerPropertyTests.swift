import Testing
import PropertyBased
import FolioTestSupport
@testable import Folio

/// One input to a pager, as a property test generates it.
enum Step: Sendable, CustomStringConvertible {
    case dragBegan
    case dragMoved(Double, after: Double)
    case dragEnded(velocity: Double?)
    case tick(after: Double)
    case move(page: Int, animated: Bool)
    case step(Int, animated: Bool)
    case resize(scale: Double)
    case insert(at: Int, count: Int)
    case delete(from: Int, count: Int)
    case setCount(Int)
    case reload(Int)
    case pagesPerSpread(Int)
    case orientation(Orientation)
    case edge(last: Bool)
    case moveTo(index: Int, lines: Int, animated: Bool)

    init(kind: Int, a: Int, b: Int) {
        switch kind {
        case 0: self = .dragBegan
        case 1, 2: self = .dragMoved(Double(a) / 2, after: Double(b) / 20_000)
        case 3: self = .dragEnded(velocity: b % 3 == 0 ? nil : Double(a) * 5)
        case 4, 5: self = .tick(after: Double(b) / 10_000)
        case 6: self = .move(page: a, animated: b % 2 == 0)
        case 7: self = .step(a % 3, animated: b % 2 == 0)
        case 8: self = .resize(scale: 0.5 + Double(b) / 1_000)
        case 9:
            switch abs(a) % 4 {
            case 0: self = .insert(at: b, count: abs(a) % 3 + 1)
            case 1: self = .delete(from: b, count: abs(a) % 3 + 1)
            case 2: self = .setCount(b % 7)
            default: self = .reload(b)
            }
        case 10: self = .pagesPerSpread(abs(a) % 2 + 1)
        case 11: self = .orientation(Orientation.allCases[abs(a) % 4])
        case 13, 14: self = .moveTo(index: a, lines: b % 38, animated: b % 3 != 0)
        default: self = .edge(last: b % 2 == 0)
        }
    }

    var description: String {
        switch self {
        case .dragBegan: "dragBegan"
        case .dragMoved(let d, let dt): "dragMoved(\(d), +\(dt)s)"
        case .dragEnded(let v): "dragEnded(\(v.map { "\($0)" } ?? "estimated"))"
        case .tick(let dt): "tick(+\(dt)s)"
        case .move(let p, let a): "move(\(p)\(a ? ", animated" : ""))"
        case .step(let n, let a): "step(\(n)\(a ? ", animated" : ""))"
        case .resize(let s): "resize(×\(s))"
        case .insert(let at, let n): "insert(\(n) at \(at))"
        case .delete(let from, let n): "delete(\(n) from \(from))"
        case .setCount(let n): "setCount(\(n))"
        case .reload(let p): "reload(\(p))"
        case .pagesPerSpread(let n): "pagesPerSpread(\(n))"
        case .orientation(let o): "orientation(\(o))"
        case .edge(let last): last ? "last" : "first"
        case .moveTo(let index, let lines, let a): "move(to: \(index) + \(lines)/38\(a ? ", animated" : ""))"
        }
    }
}

/// The track, pool and physics a property run starts from.
struct Setup: Sendable, CustomStringConvertible {
    var track: Track
    var pool: Pool
    var physics: Physics

    init(count: Int, loop: Bool, orientation: Int, perSpread: Int, cover: Bool, geometry: Int, prefetch: Int, deceleration: Bool) {
        let pages: PageCount = switch count {
        case 0...5: loop ? .looping(count) : .finite(count)
        case 6: loop ? .looping(1_000_000_000_000_000) : .finite(1_000_000_000_000_000)
        default: .unbounded
        }
        let (page, spacing, peek): (Double, Double, Double) = switch geometry {
        case 0: (100, 0, 0)
        case 1: (80, 8, 0)
        default: (50, 4, 30)
        }
        track = Track(orientation: Orientation.allCases[orientation], pages: pages, pagesPerSpread: perSpread,
                      coverStandsAlone: cover, pageExtent: page, spacing: spacing,
                      viewportExtent: page * Double(perSpread) + peek)
        // Room for the widest viewport a resize can make (scale up to 1.5).
        var wide = track
        wide.viewportExtent *= 1.5
        wide.pagesPerSpread = 2
        pool = Pool(size: max(3, wide.maximumVisibleSpreads), prefetch: prefetch)
        physics = Physics()
        if deceleration { physics.snap = .decelerating(rate: 0.998, maximumSpreads: 50) }
    }

    var description: String { "\(track), \(pool), \(physics.snap)" }
}

@Suite struct PagerPropertyTests {
    static let setups = zip(
        Gen.int(in: 0...7), Gen.bool(), Gen.int(in: 0...3), Gen.int(in: 1...2),
        Gen.bool(), Gen.int(in: 0...2), Gen.int(in: 0...2), Gen.bool()
    ).map { Setup(count: $0, loop: $1, orientation: $2, perSpread: $3, cover: $4, geometry: $5, prefetch: $6, deceleration: $7) }

    static let steps = zip(Gen.int(in: 0...14), Gen.int(in: -1_000...1_000), Gen.int(in: 0...1_000))
        .map { Step(kind: $0, a: $1, b: $2) }
        .array(of: 1...40)

    /// 10,000 random input sequences; after every step the audit checks the
    /// pool invariants, event order and exactly-once rules, finite positions,
    /// the current page in range, and at rest a position on a spread — or
    /// between two where a move asked to rest there (a page area scrolled by lines).
    @Test func everyInputSequenceKeepsTheInvariants() async {
        await propertyCheck(count: 10_000, input: Self.setups, Self.steps) { setup, steps in
            let problems = run(setup, steps)
            #expect(problems.isEmpty, "\(setup)\nsteps: \(steps)\nfirst problems: \(problems.prefix(4))")
        }
    }

    func run(_ setup: Setup, _ steps: [Step]) -> [String] {
        guard var h = try? Harness(track: setup.track, pool: setup.pool, physics: setup.physics) else {
            return ["setup refused: \(setup)"]
        }
        for step in steps {
            apply(step, to: &h)
            if !h.problems.isEmpty { return h.problems }
        }
        // Let go and let it rest: it must settle on a spread.
        if h.pager.isDragging { h.dragEnded(velocity: 0) }
        h.settle(limit: 30)
        if h.pager.activity != .idle { return h.problems + ["still \(h.pager.activity) after 30 s"] }
        return h.problems
    }

    func apply(_ step: Step, to h: inout Harness) {
        let pages = h.pager.track.pages.pages
        switch step {
        case .dragBegan: h.dragBegan()
        case .dragMoved(let d, let dt): h.drag(by: d, seconds: dt)
        case .dragEnded(let v): h.dragEnded(velocity: v)
        case .tick(let dt): h.tick(dt)
        case .move(let page, let animated):
            // Near either end of the track, so huge tracks are exercised at both.
            let target = page >= 0 ? page : pages + page
            h.move(toPage: target, animated: animated)
        case .step(let n, let animated): h.step(by: n, animated: animated)
        case .resize(let scale):
            let t = h.pager.track
            let result = Result { () throws(ConfigurationError) in
                try h.pager.resize(viewportExtent: t.viewportExtent * scale, pageExtent: t.pageExtent * scale)
            }
            if case .success(let effects) = result { h.record(effects) }
        case .insert(let at, let count):
            if let effects = try? h.pager.insertPages(at: min(at, pages), count: count) { h.record(effects, input: .dataChange) }
        case .delete(let from, let count):
            let lower = min(from, pages)
            if let effects = try? h.pager.deletePages(in: lower..<min(lower + count, pages)) {
                h.record(effects, input: .dataChange)
            }
        case .setCount(let n):
            if let effects = try? h.pager.setPageCount(h.pager.track.pages.with(pages: n)) { h.record(effects, input: .dataChange) }
        case .reload(let page): h.record(h.pager.reloadPage(page), input: .dataChange)
        case .pagesPerSpread(let n):
            if let effects = try? h.pager.setPagesPerSpread(n, coverStandsAlone: h.pager.track.coverStandsAlone) {
                h.record(effects, input: .dataChange)
            }
        case .orientation(let o): h.record(h.pager.setOrientation(o))
        case .edge(let last):
            h.record(last ? h.pager.moveToLast(animated: true, at: h.time) : h.pager.moveToFirst(animated: true, at: h.time))
        case .moveTo(let index, let lines, let animated):
            // A page area scrolled by lines: a rest `lines` of 38 lines past a spread, near either end.
            let spreads = max(h.pager.track.spreadCount, 1)
            let base = index >= 0 ? index : spreads + index
            h.move(to: Position(index: base, fraction: Double(lines) / 38), animated: animated)
        }
    }
}
