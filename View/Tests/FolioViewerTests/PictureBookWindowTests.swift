import Foundation
import FolioViewTestSupport
import Testing

/// A picture book in the real folio-view on a virtual X display, nobody
/// touching anything: two pages side by side, the first with its picture
/// in the flow at twice its size, the second a full-page picture filling it.
@Suite(.serialized) struct PictureBookWindowTests {
    /// A PNG of one colour written by ImageMagick.
    static func png(width: Int, height: Int, color: String, in dir: URL) throws -> [UInt8] {
        let path = dir.appendingPathComponent("\(color)-\(width)x\(height).png").path
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: Desktop.which("convert") ?? "/usr/bin/convert")
        convert.arguments = ["-size", "\(width)x\(height)", "xc:\(color)", "PNG24:\(path)"]
        try convert.run()
        convert.waitUntilExit()
        guard convert.terminationStatus == 0 else { throw Failure("convert could not write \(path)") }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The bounds of the pixels in `xs` × `ys` of `shot` close to `color`, or nil.
    static func region(of color: (Int, Int, Int), in shot: Image, xs: Range<Int>, ys: Range<Int>) -> (x: Range<Int>, y: Range<Int>)? {
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        for y in ys {
            for x in xs {
                let p = shot.pixel(x, y)
                guard abs(p.r - color.0) < 40, abs(p.g - color.1) < 40, abs(p.b - color.2) < 40 else { continue }
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX..<(maxX + 1), minY..<(maxY + 1))
    }

    @Test func aPictureBookShowsItsPicturesInTheFlowAndOnAPageOfTheirOwn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-pictures-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let book = try PictureEPUB.write(in: dir, red: try Self.png(width: 120, height: 80, color: "red", in: dir),
                                         blue: try Self.png(width: 300, height: 200, color: "blue", in: dir))
        let desktop = try Desktop()
        let viewer = try Viewer(["--forget", book], on: desktop)
        try viewer.waitFor("(two pages)")
        try viewer.waitFor("first frame with content")
        // The pictures decode in the background and their pages are drawn again: wait for both.
        var shot = try desktop.screenshot()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && (Self.region(of: (255, 0, 0), in: shot, xs: 0..<640, ys: 40..<760) == nil
                                    || Self.region(of: (0, 0, 255), in: shot, xs: 640..<1280, ys: 40..<760) == nil) {
            Thread.sleep(forTimeInterval: 0.2)
            shot = try desktop.screenshot()
        }
        // The left page (639 wide, 551 of text between its margins): the red picture at 240 × 160, centred in the text.
        let red = try #require(Self.region(of: (255, 0, 0), in: shot, xs: 0..<640, ys: 40..<760), "the red picture on the left page")
        #expect(abs(red.x.count - 240) <= 2 && abs(red.y.count - 160) <= 2, "red \(red.x) × \(red.y)")
        #expect(abs((red.x.lowerBound + red.x.upperBound) / 2 - (44 + 551 / 2)) <= 2, "centred in the column: \(red.x)")
        // The right page (x 641…1279, 732 tall under the strip): the blue picture at 600 × 400, centred on the page.
        let blue = try #require(Self.region(of: (0, 0, 255), in: shot, xs: 640..<1280, ys: 40..<760), "the blue picture on the right page")
        #expect(abs(blue.x.count - 600) <= 2 && abs(blue.y.count - 400) <= 2, "blue \(blue.x) × \(blue.y)")
        #expect(abs((blue.x.lowerBound + blue.x.upperBound) / 2 - (641 + 639 / 2)) <= 2
                && abs((blue.y.lowerBound + blue.y.upperBound) / 2 - (34 + 732 / 2)) <= 2, "centred on its page: \(blue.x) × \(blue.y)")
        try desktop.xdotool("key", "q")
        #expect(try viewer.waitForExit() == 0)
    }
}
