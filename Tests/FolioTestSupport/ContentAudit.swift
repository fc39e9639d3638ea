@testable import Folio

/// Content a test source makes: which page it is for and which load made it.
public struct PageText: Hashable, Sendable, CustomStringConvertible {
    public var page: Int
    public var serial: Int
    public init(page: Int, serial: Int) {
        self.page = page
        self.serial = serial
    }
    public var description: String { "text of page \(page) #\(serial)" }
}

/// A host for a content pipeline beside a pager: it does what the effects
/// say (what each slot shows, which loads run) and checks the pipeline's
/// promises after every update, independently of how the pipeline works.
public struct ContentAudit: Sendable {
    /// What each slot's view shows for each of its pages.
    public private(set) var shown: [[Int: PageDisplay<PageText>]]
    /// Configure and park effects seen per slot.
    private var generations: [Int]
    /// Loads started and neither finished nor cancelled.
    public private(set) var running: [LoadTicket] = []
    /// Loads that were cancelled or finished: their results must be ignored.
    public private(set) var retired: [LoadTicket] = []

    public init(slotCount: Int) {
        shown = Array(repeating: [:], count: slotCount)
        generations = Array(repeating: 0, count: slotCount)
    }

    /// Takes in the pager's slot operations (call before `content(_:)`).
    public mutating func pager(_ effects: Effects) {
        for effect in effects {
            switch effect {
            case .configure(let slot, _), .park(let slot):
                shown[slot] = [:]
                generations[slot] += 1
            case .place, .event:
                continue
            }
        }
    }

    /// Takes in the pipeline's effects; returns what was wrong with them.
    public mutating func content(_ effects: [ContentEffect<PageText>], pager: Pager) -> [String] {
        var problems: [String] = []
        for effect in effects {
            switch effect {
            case .show(let update):
                let spread = pager.spread(inSlot: update.slot)
                guard spread?.contains(page: update.page) == true else {
                    problems.append("\(effect) but slot \(update.slot) shows \(spread.map { "\($0)" } ?? "nothing")")
                    continue
                }
                if update.generation != generations[update.slot] {
                    problems.append("\(effect) but the slot was configured \(generations[update.slot]) times")
                }
                if case .content(let text) = update.display, text.page != update.page {
                    problems.append("\(effect): content of another page")
                }
                shown[update.slot][update.page] = update.display
            case .load(let ticket):
                if running.contains(where: { $0.page == ticket.page }) {
                    problems.append("\(effect) while another load of page \(ticket.page) runs")
                }
                running.append(ticket)
            case .cancel(let ticket):
                guard let i = running.firstIndex(of: ticket) else {
                    problems.append("\(effect) of a load that is not running")
                    continue
                }
                retired.append(running.remove(at: i))
            }
        }
        return problems
    }

    /// Marks `ticket` finished (its outcome was delivered).
    public mutating func finished(_ ticket: LoadTicket) {
        guard let i = running.firstIndex(of: ticket) else { return }
        retired.append(running.remove(at: i))
    }

    /// The pages the pager's slots show now.
    public static func window(of pager: Pager) -> [Int] {
        (0..<pager.slotCount).flatMap { pager.spread(inSlot: $0).map { Array($0.pages) } ?? [] }
    }

    /// Checks the state after an update: every configured slot shows
    /// something for each page, a placeholder only while its page loads,
    /// no load runs for a page further than `reach` pages from the window,
    /// and the cache keeps its bounds.
    public func check(_ pipeline: ContentPipeline<PageText>, pager: Pager) -> [String] {
        var problems: [String] = []
        for slot in 0..<pager.slotCount {
            let spread = pager.spread(inSlot: slot)
            let pages = spread.map { Set($0.pages) } ?? []
            if Set(shown[slot].keys) != pages {
                problems.append("slot \(slot) shows \(spread.map { "\($0)" } ?? "nothing") but has displays for pages \(shown[slot].keys.sorted())")
            }
            for (page, display) in shown[slot] {
                if case .placeholder = display, !running.contains(where: { $0.page == page }) {
                    problems.append("slot \(slot) shows a placeholder for page \(page) but no load of it runs")
                }
                if case .content(let text) = display, text.page != page {
                    problems.append("slot \(slot) shows \(text) as page \(page)")
                }
            }
        }
        let window = Self.window(of: pager)
        let reach = max(pipeline.prefetchAhead, pipeline.prefetchBehind)
        let count = pager.track.pages.pages
        let loops: Bool = if case .looping = pager.track.pages { true } else { false }
        for ticket in running {
            let near = window.contains { page in
                let d = abs(ticket.page - page)
                return min(d, loops ? count - d : d) <= reach
            }
            if !near { problems.append("load of page \(ticket.page) runs, more than \(reach) pages from the window \(window)") }
            if ticket.page < 0 || ticket.page >= count { problems.append("load of page \(ticket.page) outside the track") }
        }
        let cache = pipeline.cache
        if cache.count > cache.maximumCount || cache.totalCost > cache.maximumCost {
            problems.append("cache out of bounds: \(cache)")
        }
        return problems
    }
}
