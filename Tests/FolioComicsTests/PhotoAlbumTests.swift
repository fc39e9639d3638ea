import Folio
import FolioReading
import FolioTestSupport
import Foundation
import Testing

/// Photos as a book: an album's pages are its photos in natural order, each sized upright from
/// its header; a file that is no picture is a page that says so; and a folder listed after the
/// one photo opened takes over with that photo still on screen, never while the reader drags.
@Suite struct PhotoAlbumTests {
    /// A JPEG's first bytes as a camera writes them: SOI, an EXIF block with `orientation`, then a frame
    /// header of `width` × `height` (enough for a header reader; no picture data).
    static func jpegHeader(width: Int, height: Int, orientation: Int, padding: Int = 0) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0, 0, 0]
        let app1: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff + [UInt8](repeating: 0, count: padding)
        let length = app1.count + 2
        let sof: [UInt8] = [0xFF, 0xC0, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
                            1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + app1 + sof + [0xFF, 0xD9]
    }

    func settle(_ driver: inout SessionDriver) -> Bool { driver.settle() }

    @Test func pagesAreThePhotosInNaturalOrderSizedUpright() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let folder = try fixtures.folder("trip", [
            ("img10.png", ComicFixtures.png(width: 30, height: 20)),
            ("img2.jpg", Self.jpegHeader(width: 4032, height: 3024, orientation: 6, padding: 20_000)),  // the frame header after 4 KB
            ("notes.txt", Array("not a photo".utf8)),
            ("img3.png", Array("not a PNG at all".utf8)),
        ])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }
        let album = PhotoAlbum(list: PhotoList(names: names, opened: folder + "/img10.png"), title: "trip")
        #expect(album.list.names.map { PhotoAlbum.name(of: $0) } == ["img2.jpg", "img3.png", "img10.png"])
        #expect(album.list.firstIndex == 2)
        let stored = album.part(at: 0)
        #expect(stored.images.first?.size == ImageSize(width: 3024, height: 4032), "stored on its side, shown upright: \(stored.images)")
        #expect(stored.images.first?.isStandalone == true && album.file(stored.images[0].path) == folder + "/img2.jpg")
        let broken = album.part(at: 1)
        #expect(broken.images.isEmpty)
        #expect(String(decoding: broken.text, as: UTF8.self) == "[photo 2 (img3.png): not a picture folio can read]\n")
        #expect(album.part(at: 2).images.first?.size == ImageSize(width: 30, height: 20))
        #expect(album.contents.map(\.title) == ["trip"])
    }

    /// The one photo opened, then its folder of 40: the loop keeps the photo on screen while the
    /// folder is made ready, waits while the reader drags, and takes over with the photo at its
    /// place among the 40 once the drag is let go and has settled.
    @Test func aFolderTakesOverWithTheSamePhotoOnScreen() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let files = (1...40).map { ("p\($0).png", ComicFixtures.png(width: 30 + $0 % 7, height: 45)) }
        let folder = try fixtures.folder("many", files)
        let opened = folder + "/p27.png"
        let measurer = CellMeasurer(pictureCell: ImageSize(width: 10, height: 20))
        let alone = PhotoAlbum(list: PhotoList(names: [opened], opened: opened), title: "many")
        var driver = SessionDriver(Document(book: alone, path: folder), width: 60, height: 20, options: ReadingOptions(spread: .single),
                                   measurer: measurer)
        driver.budget = 4096  // a photo a slice: the takeover is spread over many turns
        #expect(settle(&driver))
        func shown(_ driver: SessionDriver) -> [String] {
            driver.session.visiblePages.flatMap { driver.session.images(onPage: $0.page).map { PhotoAlbum.name(of: $0.image.path) } }
        }
        #expect(shown(driver) == ["p27.png"])

        let names = try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }
        let list = PhotoList(names: names, opened: opened)
        #expect(list.firstIndex == 26)
        driver.send(.press(x: 50, y: 5))
        driver.send(.drag(x: 40, y: 5))
        driver.loop.adopt(Document(book: PhotoAlbum(list: list, title: "many"), path: folder), showingPart: list.firstIndex)
        var turns = 0
        while turns < 500 && driver.loop.isAdopting {
            driver.frame()
            turns += 1
            if turns % 10 == 0 { #expect(driver.session.document.book?.source.partCount == 1, "no takeover mid-drag") }
        }
        #expect(driver.loop.isAdopting, "the drag holds the takeover back")
        driver.send(.release(x: 40, y: 5))
        #expect(settle(&driver))
        #expect(!driver.loop.isAdopting)
        #expect(driver.session.document.book?.source.partCount == 40)
        #expect(shown(driver) == ["p27.png"], "the same photo, now the 27th of 40")
        #expect(driver.session.currentPage == 26 && driver.session.statusLine.pages.hasPrefix("27"), "\(driver.session.statusLine.pages)")
        #expect(driver.log.contains(.adopted) && driver.log.contains(.repaint))
        driver.press(.right)
        #expect(settle(&driver))
        #expect(shown(driver) == ["p28.png"], "its neighbours are there")
    }

    /// The folder's takeover never waits forever: with nobody touching anything it comes within
    /// the turns its work takes; a part the folder lacks leaves the session as it was.
    @Test func aTakeoverComesWithoutInputOrNotAtAll() throws {
        let fixtures = try ComicFixtures()
        defer { fixtures.remove() }
        let folder = try fixtures.folder("few", (1...5).map { ("p\($0).png", ComicFixtures.png(width: 20, height: 30)) })
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).map { folder + "/" + $0 }
        var driver = SessionDriver(Document(book: PhotoAlbum(list: PhotoList(names: [names[0]]), title: "few"), path: folder),
                                   options: ReadingOptions(spread: .single), measurer: CellMeasurer(pictureCell: ImageSize(width: 10, height: 20)))
        driver.loop.adopt(Document(book: PhotoAlbum(list: PhotoList(names: names), title: "few"), path: folder), showingPart: 3)
        #expect(settle(&driver))
        #expect(!driver.loop.isAdopting && driver.session.currentPage == 3 && driver.session.document.book?.source.partCount == 5)
        driver.loop.adopt(Document(book: PhotoAlbum(list: PhotoList(names: names), title: "few"), path: folder), showingPart: 9)
        #expect(settle(&driver))
        #expect(!driver.loop.isAdopting && driver.session.currentPage == 3, "no sixth photo: nothing changes")
    }
}
