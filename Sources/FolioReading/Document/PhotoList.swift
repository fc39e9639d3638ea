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

    /// The photos' names (or paths), in natural order.
    public let names: [String]
    /// The index in ``names`` of the photo to show first: the opened one, else 0.
    public let firstIndex: Int

    /// Keeps the image files of `names`, sorts them naturally, and finds `opened` among them.
    ///
    /// - Parameters:
    ///   - names: file names or paths; those without an image extension are left out.
    ///   - opened: the name to start on; nil, or a name not in the list, starts on the first.
    public init(names: [String], opened: String? = nil) {
        let sorted = names.filter(Self.isImage).sorted(by: NaturalOrder.areInIncreasingOrder)
        self.names = sorted
        firstIndex = opened.flatMap { sorted.firstIndex(of: $0) } ?? 0
    }

    /// Whether `name` ends in one of ``imageExtensions`` (any case).
    public static func isImage(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The number of photos.
    public var count: Int { names.count }

    /// Whether there are no photos.
    public var isEmpty: Bool { names.isEmpty }

    /// A compact, readable form for logs and test failures.
    public var description: String { "PhotoList(\(names.count) photos, first \(firstIndex))" }
}
