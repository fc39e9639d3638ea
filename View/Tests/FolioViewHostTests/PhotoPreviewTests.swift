import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// A large progressive JPEG is seen at once from its EXIF thumbnail, then its first scan, and
/// sharp when decoded: the preview is the photo at an eighth (checked against the whole decode
/// shrunk to its size), only large progressive photos get one, and the window draws them before
/// the photo is decoded.
@MainActor
@Suite(.serialized) struct PhotoPreviewTests {
    /// mate-backgrounds' 5640 × 3172 progressive JPEG of 16 MB (Scripts/test-view installs it).
    static let large = "/usr/share/backgrounds/mate/abstract/Elephants_5640x3172.jpg"
    static let box = PixelSize(width: 1280, height: 800)

    @Test func theFirstScanIsThePhotoAtAnEighth() throws {
        try #require(FileManager.default.fileExists(atPath: Self.large), "no \(Self.large) (Scripts/test-view installs mate-backgrounds)")
        let preview = try #require(PhotoDecoder.preview(path: Self.large, box: Self.box))
        #expect(preview.size == PixelSize(width: 705, height: 397) && preview.fullSize == PixelSize(width: 5640, height: 3172))
        // The whole decode, shrunk to the preview's size: the same picture, within what an 8×8 block's average leaves out.
        let whole = try PhotoDecoder.decode(path: Self.large, box: preview.size).get()
        #expect(whole.size == preview.size)
        var total = 0, far = 0
        for i in stride(from: 0, to: whole.rgba.count, by: 4) {
            for c in 0..<3 {
                let d = abs(Int(whole.rgba[i + c]) - Int(preview.rgba[i + c]))
                total += d
                if d > 64 { far += 1 }
            }
        }
        let mean = Double(total) / Double(whole.rgba.count / 4 * 3)
        #expect(mean < 12, "the preview differs from the photo by \(mean) a channel on average")
        #expect(far * 100 < whole.rgba.count / 4 * 3, "\(far) channels differ by more than 64")
        // Nothing else gets one: a baseline JPEG, a small progressive one, a PNG.
        for path in ["/usr/share/backgrounds/mate/nature/Storm.jpg", "/usr/share/backgrounds/mate/abstract/Elephants.jpg",
                     SceneGoldenTests.photos.appendingPathComponent("photo1.png").path] {
            #expect(PhotoDecoder.preview(path: path, box: Self.box) == nil, "\(path) has a preview")
        }
    }

    /// A camera's EXIF thumbnail is found where ImageMagick says it is, in every mate photo that
    /// has one, and the photo's size where its frame header says; the large photo's thumbnail is
    /// the photo, small (checked against the whole decode shrunk to its size).
    @Test func theExifThumbnailIsThePhotoSmall() throws {
        try #require(FileManager.default.fileExists(atPath: Self.large), "no \(Self.large) (Scripts/test-view installs mate-backgrounds)")
        let photos = try FileManager.default.subpathsOfDirectory(atPath: "/usr/share/backgrounds/mate")
            .filter { $0.hasSuffix(".jpg") }.map { "/usr/share/backgrounds/mate/" + $0 }
        var withThumbnails = 0
        for path in photos {
            let said = try MadePictures.identify(["-format", "%w %h %[EXIF:JPEGInterchangeFormat] %[EXIF:JPEGInterchangeFormatLength]", path])
                .split(separator: " ").compactMap { Int($0) }
            let head = PhotoDecoder.head(of: path)
            let facts = JPEGHead(head)
            #expect(facts.size == ImageSize(width: said[0], height: said[1]), "\(path): \(String(describing: facts.size)), ImageMagick \(said)")
            if said.count == 4, let tiff = ExifOrientation.tiffBlock(head) {
                withThumbnails += 1
                #expect(facts.thumbnail == (tiff.base + said[2])..<(tiff.base + said[2] + said[3]), "\(path)")
            } else if let found = facts.thumbnail {
                // ImageMagick leaves out a thumbnail whose IFD0 is empty (RainDrops.jpg's): the bytes
                // found must then be a picture of their own, as identify reads them.
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnail-\(UUID().uuidString).jpg")
                defer { try? FileManager.default.removeItem(at: file) }
                try Data(head[found]).write(to: file)
                #expect(try MadePictures.identify(["-format", "%m", file.path]) == "JPEG", "\(path): \(found)")
            }
        }
        #expect(withThumbnails >= 3, "mate's photos with a thumbnail: \(withThumbnails)")
        let thumbnail = try #require(PhotoDecoder.thumbnail(path: Self.large))
        #expect(thumbnail.fullSize == PixelSize(width: 5640, height: 3172) && thumbnail.size.width < 400)
        let whole = try PhotoDecoder.decode(path: Self.large, box: thumbnail.size).get()
        #expect(whole.size == thumbnail.size)
        var total = 0
        for i in stride(from: 0, to: whole.rgba.count, by: 4) {
            for c in 0..<3 { total += abs(Int(whole.rgba[i + c]) - Int(thumbnail.rgba[i + c])) }
        }
        let mean = Double(total) / Double(whole.rgba.count / 4 * 3)
        #expect(mean < 16, "the thumbnail differs from the photo by \(mean) a channel on average")
        // A small photo is decoded whole soon enough: no thumbnail for it.
        #expect(PhotoDecoder.thumbnail(path: "/usr/share/backgrounds/mate/abstract/Elephants.jpg") == nil)
    }

    /// The scan read from the program's start is the preview of that photo, pixel for pixel; one
    /// read for another photo (a place restored elsewhere) is let go, and each photo still gets its own.
    @Test func theScanReadAtTheStartIsThePhotosPreview() throws {
        try #require(FileManager.default.fileExists(atPath: Self.large), "no \(Self.large) (Scripts/test-view installs mate-backgrounds)")
        let reference = try #require(PhotoDecoder.preview(path: Self.large, box: Self.box))
        PhotoDecoder.startEarlyPreview(of: Self.large)
        // Its thumbnail is read first, and given without waiting for the scan: the same pixels.
        var thumbnail = PhotoDecoder.EarlyScan.thumbnail(for: Self.large)
        for _ in 0..<200 where thumbnail == nil {
            usleep(10_000)
            thumbnail = PhotoDecoder.EarlyScan.thumbnail(for: Self.large)
        }
        #expect(try #require(thumbnail).rgba == PhotoDecoder.thumbnail(path: Self.large)?.rgba)
        #expect(PhotoDecoder.EarlyScan.thumbnail(for: "/usr/share/backgrounds/mate/nature/Storm.jpg") == nil)
        let early = try #require(PhotoDecoder.preview(path: Self.large, box: Self.box))
        #expect(early.size == reference.size && early.fullSize == reference.fullSize)
        #expect(early.rgba == reference.rgba)
        // Started for a photo with no preview, then asked for another: each is answered as if alone.
        PhotoDecoder.startEarlyPreview(of: "/usr/share/backgrounds/mate/nature/Storm.jpg")
        let other = try #require(PhotoDecoder.preview(path: Self.large, box: Self.box))
        #expect(other.rgba == reference.rgba)
        PhotoDecoder.startEarlyPreview(of: "/usr/share/backgrounds/mate/nature/Storm.jpg")
        #expect(PhotoDecoder.preview(path: "/usr/share/backgrounds/mate/nature/Storm.jpg", box: Self.box) == nil)
    }

    /// In the window the preview is drawn first — the photo is on screen before it is decoded — and
    /// the decoded photo then takes its place; a neighbour decoded ahead gets none.
    @Test func theWindowShowsThePreviewUntilThePhotoIsDecoded() throws {
        try #require(FileManager.default.fileExists(atPath: Self.large), "no \(Self.large) (Scripts/test-view installs mate-backgrounds)")
        let rig = Rig(size: PixelSize(width: 640, height: 400))
        let viewer = try SceneGoldenTests().open(rig, PhotoList(names: [Self.large]))
        var trace: [String] = []
        viewer.trace = { trace.append($0) }
        rig.wait(for: "the photo", viewer) { viewer.images?.isReady(Self.large) == true }
        rig.frames(2, viewer)
        // The thumbnail first (196×110), then the first scan, then the photo decoded.
        let thumbnail = try #require(trace.firstIndex { $0.hasPrefix("preview of Elephants_5640x3172.jpg 5640×3172 to 196×110") }, "\(trace)")
        let preview = try #require(trace.lastIndex { $0.hasPrefix("preview of Elephants_5640x3172.jpg") }, "\(trace)")
        let drawn = try #require(trace.firstIndex { $0.hasPrefix("picture ") }, "\(trace)")
        let decoded = try #require(trace.firstIndex { $0.hasPrefix("decoded Elephants_5640x3172.jpg") }, "\(trace)")
        #expect(thumbnail < preview && thumbnail < drawn && preview < decoded && drawn < decoded, "\(trace)")
        #expect(!(viewer.images?.isPreviewed(Self.large) ?? true))
    }
}
