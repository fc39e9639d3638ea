#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The photos a ``PhotoAlbum`` pages through: image files in natural order
/// (``NaturalOrder``), and the one to show first.
///
/// Built from names a host listed; it reads no directory itself.
///
/// ```swift
/// let list = PhotoList(names: ["b10.jpg", "b2.png", "notes.txt"], opened: "b10.jpg")
/// list.names       // ["b2.png", "b10.jpg"]
/// list.firstIndex  // 1
/// ```
public struct PhotoList: Hashable, Sendable, CustomStringConvertible {
    /// The file extensions read as photos (lower case, without the dot).
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "gif", "bmp", "tif", "tiff", "tga", "qoi"]
    /// Drawings a host may page with the photos when it can draw them (the window draws SVG with
    /// SDL_image): a host that cannot leaves them out of its lists, and they open as text there.
    public static let drawingExtensions: Set<String> = ["svg"]

    /// The photos' names (or paths), in natural order.
    public let names: [String]
    /// The index in ``names`` of the photo to show first: the opened one, else 0.
    public let firstIndex: Int

    /// Keeps the image files of `names`, sorts them naturally, and finds `opened` among them.
    ///
    /// - Parameters:
    ///   - names: file names or paths; those without one of `extensions` are left out.
    ///   - opened: the name to start on; nil, or a name not in the list, starts on the first.
    ///   - extensions: what counts as an image: ``imageExtensions``, with ``drawingExtensions`` where the host draws them.
    public init(names: [String], opened: String? = nil, extensions: Set<String> = imageExtensions) {
        let sorted = names.filter { Self.isImage($0, extensions: extensions) }.sorted(by: NaturalOrder.areInIncreasingOrder)
        self.names = sorted
        firstIndex = opened.flatMap { sorted.firstIndex(of: $0) } ?? 0
    }

    /// The photos of `folder` (files with one of `extensions`), read now, to open at `opened` (a path in it).
    public static func listing(folder: String, opened: String? = nil, extensions: Set<String> = imageExtensions) -> PhotoList {
        PhotoList(names: paths(in: folder), opened: opened, extensions: extensions)
    }

    /// The entries of `folder`, as paths (`folder/name`), without `.` and `..`; none when it cannot be read.
    /// (The C library's directory reading: the static `folio` links no Foundation.)
    public static func paths(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var paths: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { paths.append(join(folder, name)) }
        }
        return paths
    }

    /// `folder/name`, or `./name` for the current folder's empty name.
    public static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? "./" + name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    /// The folder a photo at `path` is in (`.` for a bare name), and the path as ``listing(folder:opened:)`` names it.
    public static func folder(of path: String) -> (folder: String, photo: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", join("", path)) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, join(folder, String(path[path.index(after: slash)...])))
    }

    /// Whether `name` ends in one of `extensions` (any case; ``imageExtensions`` unless a host draws more).
    public static func isImage(_ name: String, extensions: Set<String> = imageExtensions) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The number of photos.
    public var count: Int { names.count }

    /// Whether there are no photos.
    public var isEmpty: Bool { names.isEmpty }

    /// A compact, readable form for logs and test failures.
    public var description: String { "PhotoList(\(names.count) photos, first \(firstIndex))" }
}
