import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// Picture books in a headless window (``Rig``), each frame compared with a golden image: a comic's
/// two-page spread, its double page across both pages, and a PDF's page drawn by MuPDF.
@MainActor
@Suite(.serialized) struct PictureGoldenTests {
    static let size = PixelSize(width: 720, height: 420)

    /// A PNG of `width` × `height` in `color`, with a white band across its top third so that
    /// a picture turned or stretched would show, written by SDL_image.
    static func png(width: Int, height: Int, color: (UInt8, UInt8, UInt8), in dir: URL) throws -> [UInt8] {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw GoldenError(description: "no surface: \(Screen.lastError)")
        }
        defer { SDL_FreeSurface(surface) }
        SDL_FillRect(surface, nil, SDL_MapRGBA(surface.pointee.format, color.0, color.1, color.2, 255))
        var band = SDL_Rect(x: 0, y: Int32(height / 3), w: Int32(width), h: Int32(height / 10))
        SDL_FillRect(surface, &band, SDL_MapRGBA(surface.pointee.format, 255, 255, 255, 255))
        let path = dir.appendingPathComponent("page-\(width)x\(height)-\(color.0).png").path
        guard IMG_SavePNG(surface, path) == 0 else { throw GoldenError(description: "cannot write \(path)") }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Waits for the pictures shown (decoded off the main thread), then settles.
    func waitForPictures(_ viewer: BookViewer, _ rig: Rig) {
        rig.settle(viewer)
        // A frame asks for the pictures shown (and, once they are made, the next ones'): twice over.
        for _ in 0..<2 {
            viewer.draw()
            rig.wait(for: "the pictures", viewer) { !viewer.isDecodingPictures }
        }
    }

    @Test func aComicSpreadAndItsDoublePage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-picture-golden-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Pages 1, 2 and 4 portrait, page 3 landscape: [1 2] [3] [4].
        let entries = [("p1.png", try Self.png(width: 300, height: 450, color: (200, 40, 40), in: dir)),
                       ("p2.png", try Self.png(width: 300, height: 450, color: (40, 160, 60), in: dir)),
                       ("p3.png", try Self.png(width: 600, height: 400, color: (40, 80, 200), in: dir)),
                       ("p4.png", try Self.png(width: 300, height: 450, color: (220, 190, 40), in: dir))]
        let path = dir.appendingPathComponent("spread.cbz").path
        try Data(StoredZip.archive(entries.map { (name: $0.0, bytes: $0.1) })).write(to: URL(fileURLWithPath: path))
        let rig = Rig(size: Self.size)
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .curl, forget: true,
                                    options: ReadingOptions(spread: .double), at: rig.now)
        waitForPictures(viewer, rig)
        #expect(viewer.session.frame.isTwoPages && viewer.session.currentPages == 0...1)
        try rig.expectFrame(viewer, "comic-spread")
        rig.key(SDLK_RIGHT, viewer)
        rig.settle(viewer)
        waitForPictures(viewer, rig)
        #expect(viewer.session.currentPages == 2...2 && viewer.session.spines.isEmpty)
        try rig.expectFrame(viewer, "comic-double-page")
    }

    @Test func aPDFPageDrawnByMuPDF() throws {
        let pdf = "/usr/share/doc/libtasn1-doc/libtasn1.pdf"
        try #require(FileManager.default.fileExists(atPath: pdf), "run Scripts/test-view (libtasn1-doc)")
        let rig = Rig(size: Self.size)
        let viewer = try BookViewer(screen: rig.screen, path: pdf, transition: .curl, forget: true,
                                    options: ReadingOptions(spread: .double), at: rig.now)
        waitForPictures(viewer, rig)
        try rig.expectFrame(viewer, "pdf-pages")
    }
}
