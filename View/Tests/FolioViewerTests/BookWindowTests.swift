import Foundation
import Testing

/// A Markdown book in the real folio-view on a virtual X display: pages,
/// the strip, the dots, a real page curl with the mouse, and the place kept.
@Suite(.serialized) struct BookWindowTests {
    /// Ten chapters of prose paragraphs, each word naming its paragraph.
    static func book(in dir: URL) throws -> URL {
        let file = dir.appendingPathComponent("book.md")
        var text = ""
        for chapter in 1...10 {
            text += "# Chapter \(chapter)\n\n"
            for p in 1...12 {
                text += (1...(30 + (chapter * 7 + p * 13) % 40)).map { "word\(chapter).\(p).\($0)" }.joined(separator: " ") + "\n\n"
            }
        }
        try Data(text.utf8).write(to: file)
        return file
    }

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-book-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The page count and current page from a "page 3 / 40" trace line.
    static func page(_ line: String) -> (page: Int, count: Int)? {
        guard let range = line.range(of: "page ") else { return nil }
        let parts = line[range.upperBound...].split(separator: " ")
        guard parts.count >= 3, let page = Int(parts[0]), let count = Int(parts[2].trimmingCharacters(in: CharacterSet(charactersIn: "+"))) else { return nil }
        return (page, count)
    }

    /// Paper, ink, the spine, the strip and the dots before any input; a
    /// key turns; a real drag curls the page (a shadow on the page beneath)
    /// and turns it on release; a drag taken back cancels; the place is kept across a relaunch.
    @Test func aBookShowsTwoPagesCurlsUnderTheMouseAndKeepsItsPlace() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.book(in: dir)
        let environment = ["XDG_STATE_HOME": dir.appendingPathComponent("state").path]
        let desktop = try Desktop()
        let viewer = try Viewer([file.path], on: desktop, environment: environment)
        let start = try viewer.waitFor("(two pages)")
        #expect(Self.page(start)?.page == 1, "\(start)")
        try viewer.waitFor("first frame with content")
        Thread.sleep(forTimeInterval: 0.2)

        let shot = try desktop.screenshot()
        // Paper on both pages, ink on both, and the spine between them.
        let paper = shot.pixel(320, 760 - 40)
        #expect(paper.r > 230 && paper.g > 230, "paper at the foot of the left page: \(paper)")
        let leftInk = shot.brightRuns(y: 66, xs: 40..<600, threshold: 200).count
        let rightInk = (80..<700).contains { y in shot.brightRuns(y: y, xs: 680..<1240, threshold: 200).count > 3 }
        #expect(leftInk >= 1 && rightInk, "text on both pages")
        let spine = shot.pixel(640, 400)
        #expect(spine.r < 120, "the spine at the middle: \(spine)")
        // The chapter strip's first title and the dots are drawn.
        #expect(shot.brightRuns(y: 17, xs: 0..<400, threshold: 200).count >= 3, "chapter titles on the strip")
        #expect(shot.brightRuns(y: 800 - 17, xs: 8..<200, threshold: 60).count >= 5, "dots on the status row")

        // A real key: the next spread.
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("page 3 /")

        // A real drag from the right page's edge toward the spine: the page curls while the button is down.
        try desktop.drag(from: (1200, 420), to: (900, 420), steps: 6, pause: 0.03, release: false)
        Thread.sleep(forTimeInterval: 0.3)
        let curling = try desktop.screenshot()
        // The shadow: somewhere on the right page, a column much darker than paper through most of its height.
        let shadowColumn = (700..<1270).first { x in
            let samples = stride(from: 100, to: 700, by: 50).map { curling.pixel(x, $0) }
            return samples.allSatisfy { $0.r < 200 && $0.r > 40 }
        }
        #expect(shadowColumn != nil, "a shadow falls on the page beneath the curl")
        #expect(curling.difference(from: shot, x: 660, y: 60, width: 600, height: 680) > 5, "the right page changed while curling")
        for x in stride(from: 800, through: 200, by: -100) {
            try desktop.xdotool("mousemove", "\(x)", "420")
            Thread.sleep(forTimeInterval: 0.02)
        }
        try desktop.xdotool("mouseup", "1")
        try viewer.waitFor("page 5 /")

        // Curl and take it back: the page moves under the mouse, then settles where it was.
        try viewer.waitFor("settled 5")
        let settledAtFive = viewer.trace.split(separator: "\n").filter { $0.contains("settled 5") }.count
        Thread.sleep(forTimeInterval: 0.3)
        let atFive = try desktop.screenshot()
        try desktop.xdotool("mousemove", "1200", "420")
        try desktop.xdotool("mousedown", "1")
        for x in [1100, 1000, 900, 1000] {
            try desktop.xdotool("mousemove", "\(x)", "420")
            Thread.sleep(forTimeInterval: 0.03)
        }
        Thread.sleep(forTimeInterval: 0.2)
        let heldBack = try desktop.screenshot()
        #expect(heldBack.difference(from: atFive, x: 660, y: 60, width: 600, height: 680) > 5, "the drag curls the page")
        // Back to where it was grabbed, slowly (well under a flick), then let go.
        for x in stride(from: 1010, through: 1200, by: 6) {
            try desktop.xdotool("mousemove", "\(x)", "420")
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.2)
        try desktop.xdotool("mouseup", "1")
        // The pages came to rest again, on page 5, and look as they did before the drag.
        try viewer.waitFor("settled 5", count: settledAtFive + 1)
        Thread.sleep(forTimeInterval: 0.3)
        let pages = viewer.trace.split(separator: "\n").filter { $0.contains("] page ") }.map(String.init)
        #expect(pages.last.flatMap { Self.page($0)?.page } == 5, "a drag taken back leaves the page: \(pages)")
        let after = try desktop.screenshot()
        #expect(after.difference(from: atFive, x: 40, y: 60, width: 1200, height: 680) < 1, "the spread as it was before the drag")

        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)

        // The same store as the terminal reader: a file under $XDG_STATE_HOME/folio, and a relaunch opens there.
        let stored = try FileManager.default.subpathsOfDirectory(atPath: dir.appendingPathComponent("state").path)
        #expect(stored.contains { $0.hasSuffix(".json") }, "a saved position: \(stored)")
        let again = try Viewer([file.path], on: desktop, environment: environment)
        let reopened = try again.waitFor("(two pages)")
        #expect(Self.page(reopened)?.page == 5, "reopened at \(reopened)")
        try desktop.xdotool("key", "q")
        #expect(try again.waitForExit() == 0)
    }

    /// A file that cannot be opened is said in the window too (a launch from a file manager has no
    /// standard error): the notice stays until a key, and the exit status says it failed.
    @Test func aFileThatCannotBeOpenedIsSaidInTheWindow() throws {
        let desktop = try Desktop()
        let viewer = try Viewer(["/nonexistent/folder/missing-book.epub"], on: desktop)
        try viewer.waitFor("notice: ")
        #expect(viewer.trace.contains("missing-book.epub: no such file"), "\(viewer.trace)")
        // Untouched, the window shows the headline in its colour, and waits.
        var shown = 0
        let deadline = Date().addingTimeInterval(10)
        while shown < 50 && Date() < deadline {
            let shot = try desktop.screenshot()
            shown = 0
            for y in stride(from: 0, to: shot.height, by: 2) {
                for x in stride(from: 0, to: shot.width, by: 2) {
                    let p = shot.pixel(x, y)
                    if abs(p.r - 240) < 30 && abs(p.g - 120) < 30 && abs(p.b - 100) < 30 { shown += 1 }
                }
            }
        }
        #expect(shown >= 50, "no notice on screen")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(viewer.process.isRunning, "the notice closed by itself")
        try desktop.xdotool("key", "Escape")
        #expect(try viewer.waitForExit() == 1)
    }

    /// `--screenshot` writes the first frame without `--trace` too (it was written only when traced).
    @Test func theScreenshotIsWrittenWithoutTheTrace() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.book(in: dir)
        let shot = dir.appendingPathComponent("first.png").path
        let process = Process()
        process.executableURL = Viewer.executable
        process.arguments = ["--forget", "--size", "480x320", "--screenshot", shot, "--exit-after-first-frame", file.path]
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["SDL_RENDER_DRIVER"] = "software"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "folio-view said: \(said)")
        #expect(said.isEmpty, "an untraced run said: \(said)")
        let size = try Image.size(of: shot)
        #expect(size.width == 480 && size.height == 320)
    }

    /// --transition picks the transition and t cycles it (slide → curl → none); keys still turn.
    @Test func theTransitionOptionAndKeyCycleAndKeysStillTurn() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.book(in: dir)
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", "--transition", "slide", file.path], on: desktop)
        try viewer.waitFor("first frame with content")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "t")
        try viewer.waitFor("transition curl")
        try desktop.xdotool("key", "t")
        try viewer.waitFor("transition none")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("page 3 /")
        try desktop.xdotool("key", "Escape")
        #expect(try viewer.waitForExit() == 0)
    }
}
