import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// The trash on real files in a temporary `XDG_DATA_HOME`: files and records
/// where the specification puts them, a second `photo.jpg` filed apart, a file
/// on another filesystem sent to that filesystem's own trash, and everything put
/// back; then Delete and Ctrl+Z on the photos in a headless window.
@MainActor
@Suite(.serialized) struct TrashTests {
    /// A temporary data home with its trash, and a folder of files to trash.
    struct Place {
        let root: URL
        var trash: Trash { Trash(environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path, "HOME": "/nonexistent"]) }
        var photos: URL { root.appendingPathComponent("photos") }

        init() throws {
            root = try MadePictures.folder("trash")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("photos/more"), withIntermediateDirectories: true)
        }

        /// Writes `text` as the file `name` among the photos; returns its path.
        func file(_ name: String, _ text: String = "bytes") throws -> String {
            let path = photos.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func aFileGoesToTheHomeTrashWithItsRecordAndComesBack() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let trash = place.trash
        #expect(trash.home == place.root.appendingPathComponent("data/Trash").path)
        #expect(Trash(environment: ["HOME": "/home/ann"]).home == "/home/ann/.local/share/Trash")
        let path = try place.file("café 1.jpg", "one")
        let before = time(nil)
        let moved = try trash.moveToTrash(path)
        #expect(!exists(path))
        #expect(moved.file == trash.home + "/files/café 1.jpg" && read(moved.file) == "one", "\(moved)")
        #expect(moved.info == trash.home + "/info/café 1.jpg.trashinfo")
        let real = try Trash.absolute(place.photos.path + "/x").dropLast(2)
        let record = try #require(read(moved.info))
        let lines = record.split(separator: "\n")
        #expect(lines.count == 3 && lines[0] == "[Trash Info]" && lines[1] == "Path=\(TrashInfo.percentEncoded(real + "/café 1.jpg"))", "\(record)")
        #expect(lines[1].contains("caf%C3%A9%201.jpg"))
        // The date is this minute's, local time: the one written within a second of the move.
        let dates = [before, time(nil)].map { "DeletionDate=" + Trash.localDate($0) }
        #expect(dates.contains(String(lines[2])), "\(lines[2]) not one of \(dates)")

        try trash.restore(moved)
        #expect(read(path) == "one" && !exists(moved.file) && !exists(moved.info))
    }

    @Test func aSecondFileOfTheSameNameIsFiledApart() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let trash = place.trash
        let first = try trash.moveToTrash(try place.file("photo.jpg", "first"))
        let second = try trash.moveToTrash(try place.file("more/photo.jpg", "second"))
        #expect(first.file.hasSuffix("/files/photo.jpg") && second.file.hasSuffix("/files/photo.2.jpg"), "\(first) \(second)")
        #expect(read(second.info)?.contains("/more/photo.jpg\n") == true)
        // A file in the way of the original: nothing is overwritten.
        _ = try place.file("photo.jpg", "new")
        #expect(throws: Trash.Failure.self) { try trash.restore(first) }
        #expect(read(first.file) == "first" && read(place.photos.appendingPathComponent("photo.jpg").path) == "new")
        try trash.restore(second)
        #expect(read(place.photos.appendingPathComponent("more/photo.jpg").path) == "second")
        #expect(throws: Trash.Failure.self) { try trash.moveToTrash(place.photos.appendingPathComponent("gone.jpg").path) }
    }

    /// /dev/shm (a tmpfs) is another filesystem than the temporary folder: its files go to /dev/shm/.Trash-UID.
    @Test func aFileOnAnotherFilesystemGoesToThatFilesystemsTrash() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        var shm = stat(), data = stat()
        try #require(stat("/dev/shm", &shm) == 0 && stat(place.root.path, &data) == 0, "no /dev/shm")
        try #require(shm.st_dev != data.st_dev, "/dev/shm is on the temporary folder's filesystem here")
        let topTrash = "/dev/shm/.Trash-\(getuid())", existed = exists(topTrash)
        defer { if !existed { try? FileManager.default.removeItem(atPath: topTrash) } }
        let path = "/dev/shm/folio-trash-\(UUID().uuidString.prefix(8)).png"
        try "png".write(toFile: path, atomically: false, encoding: .utf8)
        let moved = try place.trash.moveToTrash(path)
        #expect(moved.file.hasPrefix(topTrash + "/files/") && moved.info.hasPrefix(topTrash + "/info/"), "\(moved)")
        #expect(read(moved.info)?.contains("Path=\(path)\n") == true)
        #expect(!exists(place.trash.home), "the home trash is not made for it")
        try place.trash.restore(moved)
        #expect(read(path) == "png")
        try? FileManager.default.removeItem(atPath: path)
    }

    // MARK: In the window

    /// Three flat photos, red, green and blue, `a.png` `b.png` `c.png`, in `folder`.
    static func colouredPhotos(in folder: URL) throws -> [String] {
        try zip(["a", "b", "c"], ["red", "lime", "blue"]).map { name, colour in
            let path = folder.appendingPathComponent("\(name).png").path
            try MadePictures.convert(["-size", "300x200", "xc:\(colour)", path])
            return path
        }
    }

    @Test func deleteTrashesTheShownPhotoAndCtrlZPutsItBack() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let photos = try Self.colouredPhotos(in: place.photos)
        let scenes = SceneGoldenTests()
        let rig = Rig(size: SceneGoldenTests.photoSize)
        let viewer = try scenes.open(rig, PhotoList(names: photos), folder: place.photos.path)
        viewer.trash = place.trash
        rig.wait(for: "photo a", viewer) { scenes.decoded(viewer, 0) }
        func middle() -> [UInt8] {
            let frame = rig.look(viewer), i = (SceneGoldenTests.photoSize.height / 2 * SceneGoldenTests.photoSize.width + SceneGoldenTests.photoSize.width / 2) * 3
            return Array(frame[i..<(i + 3)])
        }
        #expect(middle() == [255, 0, 0])

        rig.key(SDLK_DELETE, viewer)
        rig.settle(viewer)
        rig.wait(for: "photo b", viewer) { scenes.decoded(viewer, 0) }
        #expect(scenes.album(viewer).names == [photos[1], photos[2]])
        #expect(viewer.session.currentPage == 0 && middle() == [0, 255, 0], "the next photo is shown")
        #expect(viewer.session.statusLine.message == "Moved a.png to the trash — Ctrl Z puts it back")
        #expect(!exists(photos[0]) && exists(place.trash.home + "/files/a.png") && exists(place.trash.home + "/info/a.png.trashinfo"))

        // The last photo trashed: the one before is shown.
        rig.key(SDLK_END, viewer)
        rig.settle(viewer)
        rig.key(SDLK_DELETE, viewer)
        rig.settle(viewer)
        #expect(scenes.album(viewer).names == [photos[1]] && viewer.session.currentPage == 0)
        // The only photo left stays.
        rig.key(SDLK_DELETE, viewer)
        rig.settle(viewer)
        #expect(exists(photos[1]) && viewer.session.statusLine.message == "b.png is the only photo here: it stays")

        // Ctrl+Z twice: c, then a, back in their places, each shown.
        rig.key(SDLK_z, with: [KMOD_CTRL], viewer)
        rig.settle(viewer)
        #expect(scenes.album(viewer).names == [photos[1], photos[2]] && viewer.session.currentPage == 1 && exists(photos[2]))
        #expect(viewer.session.statusLine.message == "Put c.png back")
        rig.key(SDLK_z, with: [KMOD_CTRL], viewer)
        rig.settle(viewer)
        rig.wait(for: "photo a", viewer) { scenes.decoded(viewer, 0) }
        #expect(scenes.album(viewer).names == photos && viewer.session.currentPage == 0 && middle() == [255, 0, 0])
        #expect(exists(photos[0]) && !exists(place.trash.home + "/info/a.png.trashinfo") && !exists(place.trash.home + "/files/a.png"))
        rig.key(SDLK_z, with: [KMOD_CTRL], viewer)
        #expect(viewer.session.statusLine.message == "No photo to put back")
    }

    /// In a book, Delete trashes nothing.
    @Test func aBookIsNeverTrashed() throws {
        let place = try Place()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let book = try place.file("book.txt", String(repeating: "A line of a book.\n", count: 200))
        let rig = Rig(size: SceneGoldenTests.photoSize)
        let viewer = try BookViewer(screen: rig.screen, path: book, transition: .slide, forget: true, at: rig.now)
        viewer.trash = place.trash
        rig.settle(viewer)
        rig.key(SDLK_DELETE, viewer)
        rig.settle(viewer)
        #expect(exists(book) && !exists(place.trash.home))
    }
}
