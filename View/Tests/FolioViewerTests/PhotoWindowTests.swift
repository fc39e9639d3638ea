import Foundation
import Testing

/// The real folio-view on a virtual X display, on real photos no one here
/// wrote (Debian's mate-backgrounds), driven with real X input.
@Suite(.serialized) struct PhotoWindowTests {
    static let nature = "/usr/share/backgrounds/mate/nature"
    static let abstract = "/usr/share/backgrounds/mate/abstract"

    /// The photos of a folder in the order folio-view should show them (natural order, by this test's own rule).
    static func photos(in folder: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.lowercased().hasSuffix(".jpg") || $0.lowercased().hasSuffix(".png") }
        return names.sorted { naturalKey($0) < naturalKey($1) }.map { folder + "/" + $0 }
    }

    /// The name in lower case with every run of digits padded to 20 places, so plain string order is natural order.
    static func naturalKey(_ name: String) -> String {
        var key = "", digits = ""
        for c in name.lowercased() {
            if c.isASCII && c.isNumber { digits.append(c); continue }
            if !digits.isEmpty { key += String(repeating: "0", count: max(0, 20 - digits.count)) + digits; digits = "" }
            key.append(c)
        }
        if !digits.isEmpty { key += String(repeating: "0", count: max(0, 20 - digits.count)) + digits }
        return key
    }

    /// Saves both images when a comparison fails, and says where.
    func expectShows(_ shot: Image, _ expected: Image, photo: String, _ comment: String) {
        // The middle of the window, clear of the bottom bar.
        let difference = shot.difference(from: expected, x: 340, y: 200, width: 600, height: 360)
        if difference >= 12 {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-\(UUID().uuidString.prefix(8))").path
            shot.save(base + "-actual.png")
            expected.save(base + "-expected.png")
            Issue.record("\(comment): the screen differs from \(photo) by \(difference) per channel (actual and expected in \(base)-*.png)")
        }
    }

    @Test func theFirstPhotoAndTheDotsShowBeforeAnyInputThenKeysAndADragTurn() throws {
        let photos = try Self.photos(in: Self.nature)
        try #require(photos.count >= 4, "mate-backgrounds's nature photos are missing: run Scripts/test-view")
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", Self.nature], on: desktop)
        try viewer.waitFor("first frame with content")
        Thread.sleep(forTimeInterval: 0.2)

        // Before any input: photo 1, fitted and centred, not a placeholder.
        let first = try desktop.screenshot()
        #expect(first.spread(x: 340, y: 200, width: 600, height: 360) > 10, "the middle of the window is flat: a placeholder, not a photo")
        expectShows(first, try Image.fitted(photos[0], width: 1280, height: 800), photo: photos[0], "at start")
        // The dots: one per photo (up to 15) on the bottom bar, the current one white, and "1 / N" after them.
        let runs = first.brightRuns(y: 800 - 18, xs: 300..<980, threshold: 60)
        #expect(runs.count >= min(photos.count, 15), "dots and text on the bottom bar: \(runs)")
        let brightest = runs.map { first.pixel($0.lowerBound + $0.count / 2, 800 - 18).r }.max() ?? 0
        #expect(brightest >= 240, "the current dot is white")

        // A real key press: photo 2.
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("settled 2")
        Thread.sleep(forTimeInterval: 0.3)
        expectShows(try desktop.screenshot(), try Image.fitted(photos[1], width: 1280, height: 800), photo: photos[1], "after Right")

        // A real mouse drag to the left, past half the window: photo 3.
        try desktop.drag(from: (1100, 400), to: (300, 400))
        try viewer.waitFor("settled 3")
        Thread.sleep(forTimeInterval: 0.3)
        expectShows(try desktop.screenshot(), try Image.fitted(photos[2], width: 1280, height: 800), photo: photos[2], "after a drag")

        // A short drag springs back: still photo 3.
        try desktop.drag(from: (600, 400), to: (560, 400), steps: 4, pause: 0.1)
        try viewer.waitFor("settled 3", count: 2)
        // End, then Home.
        try desktop.xdotool("key", "End")
        try viewer.waitFor("settled \(photos.count)")
        try desktop.xdotool("key", "Home")
        try viewer.waitFor("settled 1")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    @Test func anImageOpensItsFolderAtItself() throws {
        let photos = try Self.photos(in: Self.abstract)
        let big = Self.abstract + "/Elephants_5640x3172.jpg"
        let index = try #require(photos.firstIndex(of: big))
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", big], on: desktop)
        let line = try viewer.waitFor("photos, first")
        #expect(line.hasSuffix("\(photos.count) photos, first \(index + 1)"))
        // Shrunk to the window as it is decoded: 1280 × 720 kept, not 5640 × 3172.
        // It was decoded alone (page 1 of 1) while the folder was listed, and not again.
        try viewer.waitFor("decoded Elephants_5640x3172.jpg 5640×3172 to 1280×720")
        try viewer.waitFor("page \(index + 1) / \(photos.count)")
        #expect(viewer.trace.components(separatedBy: "decoded Elephants_5640x3172.jpg").count == 2, "decoded once: \(viewer.trace)")
        try viewer.waitFor("first frame with content")
        Thread.sleep(forTimeInterval: 0.2)
        expectShows(try desktop.screenshot(), try Image.fitted(big, width: 1280, height: 800), photo: big, "the opened photo")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Escape")
        #expect(try viewer.waitForExit() == 0)
    }

    /// Paging through 500 large photos (mate-backgrounds' JPEGs and PNGs of
    /// 1600 × 1200 to 5640 × 3172, linked over and over; their full-size
    /// decodes add up to about 7 GB), each one shown decoded before the next
    /// key, keeps the resident set under 320 MB (about 240 MB measured): only
    /// window-sized copies are kept, a dozen at most (45 MB), and a JPEG is
    /// decoded at a reduced scale, never whole. The rest is the window itself
    /// (about 145 MB under Xvfb with a tiny photo). Pages turn without
    /// animation (`--transition none`) so the test takes the decodes' time, not the slides'.
    @Test func pagingThroughFiveHundredLargePhotosKeepsMemoryBounded() throws {
        let sources = try (Self.photos(in: Self.abstract) + Self.photos(in: Self.nature)).compactMap { path in
            (try? Image.size(of: path)).flatMap { $0.width * $0.height >= 1600 * 1200 ? (path, $0.width * $0.height) : nil }
        }
        #expect(sources.count >= 10, "large photos to page through: \(sources.count)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-many-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var fullSize = 0
        for i in 0..<500 {
            let (source, pixels) = sources[i % sources.count]
            let ext = (source as NSString).pathExtension
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("photo\(i + 1).\(ext)").path,
                                                       withDestinationPath: source)
            fullSize += pixels * 4
        }
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", "--transition", "none", folder.path], on: desktop)
        try viewer.waitFor("first frame with content")
        try desktop.xdotool("mousemove", "640", "400")
        var peak = 0
        for page in 2...500 {
            try desktop.xdotool("key", "Right")
            try viewer.waitFor("page \(page) / 500")
            try viewer.waitFor("decoded photo\(page).")
            peak = max(peak, viewer.memory.rss)
        }
        let memory = viewer.memory
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
        #expect(peak < 320 << 20, "resident set peaked at \(peak >> 20) MB while paging (VmHWM \(memory.peak >> 20) MB)")
        print("folio-view paging 500 large photos: RSS at most \(peak >> 20) MB, VmHWM \(memory.peak >> 20) MB, full-size decodes \(fullSize >> 20) MB")
    }

    /// Double-click zooms to 100 % toward the pointer, a drag pans the zoomed
    /// photo instead of turning, `-` zooms out, and a turned page comes back at fit.
    @Test func doubleClickZoomsAndADragPansTheZoomedPhoto() throws {
        let photos = try Self.photos(in: Self.nature)
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", Self.nature], on: desktop)
        try viewer.waitFor("first frame with content")
        let fitted = try Image.fitted(photos[0], width: 1280, height: 800)
        try desktop.xdotool("mousemove", "400", "300")
        try desktop.xdotool("click", "--repeat", "2", "--delay", "80", "1")
        let zoomed = try viewer.waitFor("zoom 100%")
        Thread.sleep(forTimeInterval: 0.3)
        let close = try desktop.screenshot()
        #expect(close.difference(from: fitted, x: 340, y: 200, width: 600, height: 360) > 12, "the photo is magnified: \(zoomed)")
        // A drag moves the magnified photo; no page turns.
        try desktop.drag(from: (700, 400), to: (500, 400), steps: 5, pause: 0.03)
        Thread.sleep(forTimeInterval: 0.5)
        let panned = try desktop.screenshot()
        #expect(panned.difference(from: close, x: 340, y: 200, width: 600, height: 360) > 5, "the drag panned the photo")
        #expect(!viewer.trace.contains("settled 2"), "a drag on a zoomed photo does not turn the page")
        try desktop.xdotool("key", "minus")
        try viewer.waitFor("zoom 80%")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("settled 2")
        try desktop.xdotool("key", "Left")
        try viewer.waitFor("settled 1")
        Thread.sleep(forTimeInterval: 0.3)
        expectShows(try desktop.screenshot(), fitted, photo: photos[0], "back on photo 1 at fit")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// A photo stored on its side with EXIF orientation 6 (an APP1 block
    /// written here into a JPEG ImageMagick made) is shown upright: as
    /// ImageMagick shows the stored pixels turned a quarter clockwise.
    @Test func aPhotoStoredOnItsSideIsShownUpright() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-exif-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("plain.jpg").path, photo = folder.appendingPathComponent("sideways.jpg").path
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: Desktop.which("convert") ?? "/usr/bin/convert")
        convert.arguments = [Self.nature + "/Garden.jpg", "-resize", "900x", "-strip", plain]
        try convert.run()
        while convert.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        // EXIF, big-endian: IFD0 with one entry, Orientation (0x0112) = 6.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]
        let app1: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        let sideways = Array(bytes[0..<2]) + [0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1 + Array(bytes[2...])
        try Data(sideways).write(to: URL(fileURLWithPath: photo))
        try FileManager.default.removeItem(atPath: plain)

        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", photo], on: desktop)
        let decoded = try viewer.waitFor("decoded sideways.jpg ")
        // Fitted to the window a pixel either way, as the two roundings (fitting, shrinking) fall.
        #expect(["500×800", "501×800", "500×799"].contains { decoded.contains("563×900 to \($0)") }, "decoded upright: \(decoded)")
        try viewer.waitFor("first frame with content")
        Thread.sleep(forTimeInterval: 0.2)
        let upright = try Image.fitted(photo, width: 1280, height: 800, extra: ["-strip", "-rotate", "90"])
        let shot = try desktop.screenshot()
        expectShows(shot, upright, photo: photo + " turned a quarter clockwise", "upright")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// With --transition curl a drag bends the photo over the next one, and release turns it.
    @Test func theCurlBendsAPhotoUnderTheMouse() throws {
        let photos = try Self.photos(in: Self.nature)
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", "--transition", "curl", Self.nature], on: desktop)
        try viewer.waitFor("first frame with content")
        try viewer.waitFor("decoded \((photos[1] as NSString).lastPathComponent) ")
        Thread.sleep(forTimeInterval: 0.2)
        let flat = try desktop.screenshot()
        try desktop.drag(from: (1200, 400), to: (800, 400), steps: 8, pause: 0.03, release: false)
        Thread.sleep(forTimeInterval: 0.3)
        let bent = try desktop.screenshot()
        // Right of the curl, photo 2 shows; the left of the window still shows photo 1.
        let second = try Image.fitted(photos[1], width: 1280, height: 800)
        #expect(bent.difference(from: second, x: 1180, y: 200, width: 90, height: 360) < 40, "photo 2 beneath, at the right")
        #expect(bent.difference(from: flat, x: 40, y: 200, width: 300, height: 360) < 12, "photo 1 still at the left")
        try desktop.xdotool("mousemove", "300", "400")
        try desktop.xdotool("mouseup", "1")
        try viewer.waitFor("settled 2")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// A burst of wheel notches (a spun wheel, a touchpad swipe) turns one
    /// photo; a notch after a pause turns the next.
    @Test func theWheelTurnsOnePhotoPerGesture() throws {
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", Self.nature], on: desktop)
        try viewer.waitFor("first frame with content")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("click", "--repeat", "6", "--delay", "30", "5")
        try viewer.waitFor("settled 2")
        Thread.sleep(forTimeInterval: 0.6)
        #expect(!viewer.trace.contains("settled 3"), "one gesture, one photo")
        try desktop.xdotool("click", "5")
        try viewer.waitFor("settled 3")
        try desktop.xdotool("click", "4")
        try viewer.waitFor("settled 2", count: 2)
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// A corrupt photo is an error page naming the reason; paging goes on past it.
    @Test func aCorruptPhotoIsAnErrorPageAndPagingGoesOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-bad-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]).write(to: folder.appendingPathComponent("a1.jpg"))
        let good = try Self.photos(in: Self.nature)[0]
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a2.jpg").path, withDestinationPath: good)
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", folder.path], on: desktop)
        try viewer.waitFor("page 1 says: photo 1 (a1.jpg) not a picture folio can read")
        Thread.sleep(forTimeInterval: 0.3)
        let shot = try desktop.screenshot()
        let reddish = (360..<440).contains { y in (400..<880).contains { x in let p = shot.pixel(x, y); return p.r > 200 && p.g < 160 } }
        #expect(reddish, "the error's headline is drawn in the middle")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("settled 2")
        Thread.sleep(forTimeInterval: 0.3)
        expectShows(try desktop.screenshot(), try Image.fitted(good, width: 1280, height: 800), photo: good, "past the corrupt one")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    /// A folder opens at the photo last shown in it, whether it was paged in the folder or
    /// from one photo of it; a photo opened alone starts at itself.
    @Test func aFolderOpensAtThePhotoLastShown() throws {
        let photos = try Self.photos(in: Self.nature)
        try #require(photos.count >= 6)
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-state-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path]
        let desktop = try Desktop()
        var viewer = try Viewer([Self.nature], on: desktop, environment: environment)
        try viewer.waitFor("first frame with content")
        try desktop.xdotool("mousemove", "640", "400")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("settled 2")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("settled 3")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)

        // Nobody touches it: the folder again, at photo 3.
        viewer = try Viewer([Self.nature], on: desktop, environment: environment)
        let first = try viewer.waitFor("photos, first")
        #expect(first.hasSuffix("\(photos.count) photos, first 3"), "\(first)")
        try viewer.waitFor("first frame with content")
        Thread.sleep(forTimeInterval: 0.2)
        expectShows(try desktop.screenshot(), try Image.fitted(photos[2], width: 1280, height: 800), photo: photos[2], "the place kept")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)

        // Photo 5 opened alone starts there, whatever the folder's place; paged on to 6, it is the folder's place.
        viewer = try Viewer([photos[4]], on: desktop, environment: environment)
        try viewer.waitFor("page 5 / \(photos.count)")
        try desktop.xdotool("key", "Right")
        try viewer.waitFor("settled 6")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
        viewer = try Viewer([Self.nature], on: desktop, environment: environment)
        #expect(try viewer.waitFor("photos, first").hasSuffix("photos, first 6"))
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }

    @Test func withoutADisplayItSaysSoInOneLine() throws {
        let process = Process()
        process.executableURL = Viewer.executable
        process.arguments = [Self.nature]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = nil; env["WAYLAND_DISPLAY"] = nil; env["SDL_VIDEODRIVER"] = nil
        process.environment = env
        let err = Pipe()
        process.standardError = err
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        while process.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        #expect(process.terminationStatus == 1)
        #expect(message.split(separator: "\n").count == 1 && message.contains("no display"), "\(message)")
    }
}

