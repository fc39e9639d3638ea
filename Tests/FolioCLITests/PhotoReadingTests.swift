import Foundation
import FolioTestSupport
import Testing

/// Photos in the terminal with the real binary in tmux: a picture file opens as a photo among
/// its folder's, drawn in coloured cells, turned upright as its camera says, and paged with the
/// reader's keys; written to a pipe it stays its bytes.
@Suite(.serialized, .needs(.tmux, .imageMagick)) struct PhotoReadingTests {
    /// A JPEG of `width` × `height` by ImageMagick, its left half `left` and right half `right`, with
    /// an EXIF block saying `orientation` written in after its first two bytes.
    static func jpeg(_ fixtures: ComicFixtures, _ name: String, width: Int, height: Int, left: String, right: String,
                     orientation: UInt8 = 1) throws -> String {
        let plain = fixtures.folder.appendingPathComponent("plain-" + name).path
        try fixtures.run("/usr/bin/env", ["convert", "-size", "\(width / 2)x\(height)", "xc:\(left)", "-size", "\(width / 2)x\(height)",
                                          "xc:\(right)", "+append", "-quality", "95", plain])
        // EXIF, big-endian: IFD0 with one entry, Orientation (0x0112).
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0, 0, 0]
        let app1: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))
        let path = fixtures.folder.appendingPathComponent("photos/" + name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(Array(bytes[0..<2]) + [0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1 + Array(bytes[2...])).write(to: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: plain)
        return path
    }

    /// The rows of `screen` that hold a cell of `colour` (an SGR background such as `48;2;…`, matched loosely).
    static func rows(of screen: [String], where holds: (String) -> Bool) -> [Int] {
        screen.indices.filter { holds(screen[$0]) }
    }

    /// Whether `line` holds a 24-bit colour (fore- or background) near (`r`, `g`, `b`).
    static func holds(_ line: String, near rgb: (Int, Int, Int)) -> Bool {
        let numbers = line.split(whereSeparator: { !$0.isNumber && $0 != ";" }).flatMap { $0.split(separator: ";").map { Int($0) ?? -1 } }
        guard numbers.count >= 5 else { return false }
        for i in 0..<(numbers.count - 4) where (numbers[i] == 38 || numbers[i] == 48) && numbers[i + 1] == 2 {
            if abs(numbers[i + 2] - rgb.0) < 40 && abs(numbers[i + 3] - rgb.1) < 40 && abs(numbers[i + 4] - rgb.2) < 40 { return true }
        }
        return false
    }

    @Test func aPhotoOpensAmongItsFolderUprightAndPages() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        // Stored 120 × 60, left red and right blue, tagged 6 (shown turned a quarter clockwise): upright
        // it is 60 × 120, red on top and blue below.
        let sideways = try Self.jpeg(fixtures, "b2.jpg", width: 120, height: 60, left: "#d02020", right: "#2020d0", orientation: 6)
        _ = try Self.jpeg(fixtures, "b10.jpg", width: 80, height: 80, left: "#20c020", right: "#20c020")
        _ = try Self.jpeg(fixtures, "a1.jpg", width: 80, height: 80, left: "#e0e020", right: "#e0e020")
        try Data("notes, not a photo".utf8).write(to: fixtures.folder.appendingPathComponent("photos/notes.txt"))
        let tmux = try Tmux(columns: 80, rows: 30, command: [Folio.binary.path, "--forget", "--pictures=blocks", sideways])
        // Nobody touches it: b2 is shown, the second of three photos in natural order (a1, b2, b10).
        let status = try tmux.waitFor("the photo among its folder's") { StatusRow.pages($0)?.count == 3 }
        #expect(StatusRow.pages(status)?.page == 2, "\(StatusRow.status(status))")
        let screen = try tmux.waitFor("its colours", styled: true) { screen in
            screen.contains { Self.holds($0, near: (208, 32, 32)) } && screen.contains { Self.holds($0, near: (32, 32, 208)) }
        }
        let red = Self.rows(of: screen) { Self.holds($0, near: (208, 32, 32)) }
        let blue = Self.rows(of: screen) { Self.holds($0, near: (32, 32, 208)) }
        #expect(!red.isEmpty && !blue.isEmpty && red.max()! <= blue.min()! + 1, "upright: red above blue, rows \(red) and \(blue)")
        // Taller than wide, as shown upright: its rows (two pixels a cell's height) span more than its columns' width.
        #expect(red.count + blue.count >= 12, "the page's height: \(red.count + blue.count) rows")
        try tmux.send("Space")
        try tmux.waitFor("the third photo") { StatusRow.pages($0)?.page == 3 }
        try tmux.waitFor("the third's colours", styled: true) { screen in
            screen.contains { Self.holds($0, near: (32, 192, 32)) } && !screen.contains { Self.holds($0, near: (208, 32, 32)) }
        }
        try tmux.send("g")
        try tmux.waitFor("the first photo") { StatusRow.pages($0)?.page == 1 }
        try tmux.waitFor("the first's colours", styled: true) { screen in screen.contains { Self.holds($0, near: (224, 224, 32)) } }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        // To a pipe a photo is its bytes, as less and cat give them (on one page as tall as the file).
        let result = try Folio.runForBytes(["--height", "100000", sideways])
        #expect(result.status == 0)
        #expect(result.out == (try Data(contentsOf: URL(fileURLWithPath: sideways))), "the JPEG's own bytes")
    }
}
