#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Photos on disk read as a book: each photo is a part holding one
/// full-page picture, so the session pages photos with every command,
/// gesture, chapter strip, dot and saved place a comic has.
///
/// - The photos are a ``PhotoList``'s: image files in natural order.
/// - Each photo's size is read from the first bytes of its file when its
///   part is rendered, turned by its EXIF orientation (a phone's photo
///   stored on its side is a portrait page), so a host fits the picture
///   before decoding it. A file whose header cannot be read becomes a page
///   of text that says so; paging goes on past it.
/// - ``file(_:)`` names the picture's file, so a host decodes it from
///   there: turned upright, or only the part of it a zoom shows.
///
/// ```swift
/// let album = PhotoAlbum(list: PhotoList(names: paths, opened: "trip/IMG_2.jpg"), title: "trip")
/// let document = Document(book: album, path: "trip")
/// var loop = ReadingLoop(ReadingSession(document: document, measurer: measurer, viewport: area))
/// ```
public final class PhotoAlbum: BookSource {
    /// The photos.
    public let list: PhotoList
    /// The album's title: its folder's name.
    public let title: String

    /// The first bytes of a photo read for its size: a JPEG's EXIF block (with its thumbnail)
    /// comes before the frame header, and fits in 64 KB.
    public static let headerBytes = 64 << 10

    /// An album of `list`'s photos, titled `title`.
    public init(list: PhotoList, title: String) {
        self.list = list
        self.title = title
    }

    /// Nobody in particular.
    public var authors: [String] { [] }
    /// None.
    public var language: String? { nil }
    /// Photos turn left to right.
    public var isRightToLeft: Bool { false }
    /// One part per photo.
    public var partCount: Int { list.count }
    /// The album as one chapter, under its title.
    public var contents: [BookContentsEntry] { list.isEmpty ? [] : [BookContentsEntry(title: title, level: 1, part: 0)] }

    /// Photo `index` as a part: the picture as a page of its own, sized from its
    /// header and turned upright; or, when the header cannot be read, a line that says so.
    public func part(at index: Int) -> BookPart {
        let path = list.names[index]
        let label = "photo \(index + 1) (\(Self.name(of: path)))"
        // Most headers are in the first 4 KB; a JPEG's frame header may follow an EXIF block of up to 64 KB.
        guard var head = Self.head(of: path, count: 4096) else {
            return BookPart(text: Array("[\(label): cannot be read]\n".utf8))
        }
        if ImageHeader.size(of: head) == nil, head.count == 4096, let more = Self.head(of: path, count: Self.headerBytes) { head = more }
        // A drawing (SVG) is listed only by a host that draws it: sized by its own width and height.
        guard let stored = ImageHeader.size(of: head) ?? ImageHeader.drawingSize(of: head) else {
            return BookPart(text: Array("[\(label): not a picture folio can read]\n".utf8))
        }
        let size = ExifOrientation.read(head).shownSize(of: stored)
        return BookPart(text: Array("[image: \(label)]\n".utf8),
                        images: [BookImage(offset: 0, path: path, alt: label, isStandalone: true, size: size)])
    }

    /// The file's bytes.
    public func resource(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        return bytes
    }

    /// The photo's own file: its path.
    public func file(_ path: String) -> String? { path }

    /// What reading one photo's header costs against the assembler's budget: a file opened and read.
    public var partCost: Int { 4096 }

    /// The last part of `path`: the photo's file name.
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The title of an album of `folder`'s photos: its name, the current folder's for `.`.
    public static func title(ofFolder folder: String) -> String {
        guard folder == "." else { return name(of: folder) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return folder }
        return name(of: String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// The first `count` bytes of the file at `path`, or nil when it cannot be opened.
    static func head(of path: String, count: Int) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return Array(bytes.prefix(n))
    }
}
