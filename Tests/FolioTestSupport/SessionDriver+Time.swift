import Folio
import FolioReading

extension SessionDriver {
    /// Lets `seconds` of the manual clock pass the way a host's loop spends them: it takes a
    /// turn when the loop's timeout says (at once while work is left, each frame while something
    /// moves, every ``ReadingSession/followPollInterval`` while a file is followed) and sleeps
    /// through the rest when the loop has no timeout (only input would wake it). A
    /// ``SessionEffect/reopen`` is carried out as the terminal does it: the document's path is
    /// opened again and the loop goes on with it. Returns the turns taken — the measure of how
    /// busy the loop was.
    @discardableResult
    public mutating func pass(_ seconds: Double, turnLimit: Int = 1_000_000) -> Int {
        let end = time + seconds
        var turns = 0
        while turns < turnLimit, let timeout = loop.timeout(now: time), time + max(0, timeout) <= end {
            time += max(0, timeout)
            let now = time
            let effects = loop.turn(at: now, clock: { now })
            log += effects
            turns += 1
            if effects.contains(.reopen) { reopen() }
        }
        time = max(time, end)
        return turns
    }

    /// Opens the document's path again and goes on with it, as a host does for
    /// ``SessionEffect/reopen``; false when it is no file or cannot be opened.
    @discardableResult
    public mutating func reopen() -> Bool {
        guard let path = session.document.path, case .file(let document)? = try? Document.open(path: path) else { return false }
        loop.reload(with: document, at: time)
        return true
    }
}
