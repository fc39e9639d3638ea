// A small demo host until the terminal reader lands: it drives the engine
// through a drag, a fling and a far jump over a million pages and prints the
// slot operations and events a host would carry out.
import Folio

let track = Track(pages: .finite(1_000_000), pageExtent: 80, viewportExtent: 80)
var pager = try Pager(track: track, physics: { var p = Physics(); p.flickVelocity = 40; return p }())

func show(_ title: String, _ effects: Effects) {
    print("\(title):")
    for effect in effects { print("  \(effect)") }
}

show("attach", pager.layout())
show("drag began", pager.dragBegan(at: 0))
show("drag 30 columns left", pager.dragMoved(by: -30, at: 0.1))
show("release", pager.dragEnded(velocity: nil, at: 0.12))
var time = 0.12
var frames = 0
while pager.isSettling {
    time += 1.0 / 60
    frames += 1
    let effects = pager.advance(to: time)
    if !pager.isSettling { show("settle, frame \(frames)", effects) }
}
show("jump to page 999,999", pager.move(toPage: 999_999, animated: true, at: time))
while pager.isSettling { time += 1.0 / 60; _ = pager.advance(to: time) }
print("rest: page \(pager.currentPage ?? -1) of \(track.pages.pages), \(pager.slotCount) slots")
