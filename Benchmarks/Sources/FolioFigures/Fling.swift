import Foundation
import Baselines
import Folio

/// What a long fling costs the host.
struct FlingFigures {
    var pagesTravelled: Int
    var configures: Int
    var frames: Int
    var mostConfiguresInAFrame: Int
    var slotCount: Int
}

/// A fling across about `pages` pages of a million-page track: a short
/// drag, a release at the velocity whose decelerating rest is `pages`
/// away (UIScrollView's 0.998 per millisecond), then frames at 60 per
/// second until the pager rests. Counts every configure from touch to rest.
func fling(pages: Int) throws -> FlingFigures {
    var physics = Physics()
    physics.snap = .decelerating(rate: 0.998, maximumSpreads: 5_000)
    let track = FolioHost.phone(.finite(1_000_000))
    var host = FolioHost(try Pager(track: track, physics: physics, page: 0))
    let start = host.configures
    var t = 0.0
    var frames = 0
    var most = 0
    func frame(_ effects: Effects, _ host: inout FolioHost) {
        let before = host.configures
        host.apply(effects)
        most = max(most, host.configures - before)
        frames += 1
    }
    frame(host.pager.dragBegan(at: t), &host)
    for _ in 0..<3 { t += 1.0 / 60; frame(host.pager.dragMoved(by: -40, at: t), &host) }
    // Rest = release + v / (1000 · −ln 0.998) spreads, v in spreads per second; forward is leftward (negative).
    let spreadsPerSecond = Double(pages) * 1_000 * -log(0.998)
    frame(host.pager.dragEnded(velocity: -spreadsPerSecond * track.stride, at: t), &host)
    while host.pager.isSettling {
        t += 1.0 / 60
        frame(host.pager.advance(to: t), &host)
    }
    return FlingFigures(pagesTravelled: host.pager.settledPage ?? 0, configures: host.configures - start,
                        frames: frames, mostConfiguresInAFrame: most, slotCount: host.pager.slotCount)
}

/// Configures for an animated move `pages` ahead (a tap on a far dot, a chapter):
/// the engine jumps to the target's neighbour first, so the pages between are never shown.
func animatedMove(pages: Int) throws -> Int {
    var host = FolioHost(try Pager(track: FolioHost.phone(.finite(1_000_000)), page: 0))
    let start = host.configures
    var t = 0.0
    host.apply(host.pager.move(toPage: pages, animated: true, at: t))
    while host.pager.isSettling {
        t += 1.0 / 60
        host.apply(host.pager.advance(to: t))
    }
    return host.configures - start
}
