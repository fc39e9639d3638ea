import Baselines
import Folio

/// What a reader saw while reading through with a content pipeline.
struct ContentFigures {
    var prefetch: Int
    var pagesSeen: Int
    /// Pages whose content was on screen the first frame any part of them showed.
    var readyAtFirstSight: Int
    var configuredShows: Int
    /// Slot configurations that found their content cached (no placeholder at all).
    var readyAtConfigure: Int
    var loads: Int
}

/// Reads `pages` pages at `pagesPerSecond`, one animated page turn at a
/// time, with frames at 60 per second on a simulated clock; each load takes
/// `loadSeconds` and finishes at that exact simulated time (loads run
/// concurrently, as `ContentLoader` runs them). The pipeline loads
/// `prefetch` pages ahead and none behind (the page behind is in a slot).
func readThrough(pages: Int, pagesPerSecond: Double, loadSeconds: Double, prefetch: Int) throws -> ContentFigures {
    let track = FolioHost.phone(.finite(pages))
    var pager = try Pager(track: track)
    var content = try ContentPipeline<Int>(maximumCount: 32, prefetchAhead: prefetch, prefetchBehind: 0)
    var figures = ContentFigures(prefetch: prefetch, pagesSeen: 0, readyAtFirstSight: 0,
                                 configuredShows: 0, readyAtConfigure: 0, loads: 0)
    var due: [(time: Double, ticket: LoadTicket)] = []   // kept in time order: loads take equal time
    var seen = Set<Int>()
    var now = 0.0

    func carryOut(_ effects: [ContentEffect<Int>], fromPager: Bool) {
        for effect in effects {
            switch effect {
            case .show(let update):
                guard fromPager else { break }
                figures.configuredShows += 1
                if case .content = update.display { figures.readyAtConfigure += 1 }
            case .load(let ticket):
                figures.loads += 1
                due.append((now + loadSeconds, ticket))
            case .cancel(let ticket):
                due.removeAll { $0.ticket == ticket }
            }
        }
    }
    func take(_ effects: Effects) {
        carryOut(content.apply(effects, of: pager), fromPager: true)
        // Which pages show now, and was each one's content there the first time?
        for slot in 0..<pager.slotCount {
            guard let spread = pager.spread(inSlot: slot), let x = pager.offset(ofSlot: slot),
                  x < track.viewportExtent, x + track.spreadExtent > 0 else { continue }
            for page in spread.firstPage..<(spread.firstPage + spread.pageCount) where seen.insert(page).inserted {
                figures.pagesSeen += 1
                if case .content = content.display(ofPage: page) { figures.readyAtFirstSight += 1 }
            }
        }
    }
    func finishLoads(upTo time: Double) {
        while let first = due.first, first.time <= time {
            due.removeFirst()
            now = first.time
            carryOut(content.loaded(first.ticket.page, cost: 1, for: first.ticket), fromPager: false)
        }
        now = time
    }

    take(pager.layout())
    let frame = 1.0 / 60
    let framesPerPage = Int((1 / pagesPerSecond / frame).rounded())
    var frameIndex = 0
    while pager.currentPage != pages - 1 || pager.isSettling {
        if frameIndex % framesPerPage == 0, !pager.isSettling, pager.currentPage != pages - 1 {
            take(pager.step(by: 1, animated: true, at: now))
        }
        frameIndex += 1
        finishLoads(upTo: Double(frameIndex) * frame)
        take(pager.advance(to: now))
    }
    return figures
}
