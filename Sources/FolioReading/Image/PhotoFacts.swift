#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What an image viewer's information panel says about a photo: its file's
/// name and size, its pixel size (upright, as shown), and when it was taken
/// (EXIF DateTimeOriginal), else when its file was last changed.
///
/// ```swift
/// let facts = PhotoFacts(path: "trip/IMG_2.jpg")
/// facts.lines   // ["IMG_2.jpg", "2.4 MB", "4032 × 3024 pixels", "Taken 2024-05-12 14:03"]
/// ```
public struct PhotoFacts: Hashable, Sendable, CustomStringConvertible {
    /// Where a date came from.
    public enum DateSource: Hashable, Sendable {
        /// The camera's EXIF DateTimeOriginal.
        case taken
        /// The file's modification time, in local time.
        case modified
    }

    /// The file's name (the last part of its path).
    public var name: String
    /// The file's size, bytes; nil when it cannot be read.
    public var bytes: Int?
    /// The picture's size as shown (turned upright), pixels; nil when its header cannot be read.
    public var size: ImageSize?
    /// `YYYY-MM-DD HH:MM`, and where it came from; nil when there is none.
    public var date: (text: String, source: DateSource)?

    /// The facts of the file at `path`: its status and its first 64 KB (the header and an EXIF block) read now.
    public init(path: String) {
        name = PhotoAlbum.name(of: path)
        var info = stat()
        let found = stat(path, &info) == 0
        bytes = found ? Int(info.st_size) : nil
        let head = PhotoAlbum.head(of: path, count: PhotoAlbum.headerBytes) ?? []
        size = ImageHeader.size(of: head).map { ExifOrientation.read(head).shownSize(of: $0) }
        if let taken = Self.dateTaken(head) {
            date = (taken, .taken)
        } else if found {
#if canImport(Darwin)
            let modified = Int(info.st_mtimespec.tv_sec)
#else
            let modified = Int(info.st_mtim.tv_sec)
#endif
            date = Self.localTime(modified).map { ($0, .modified) }
        }
    }

    /// The facts given (for tests and hosts that know them).
    public init(name: String, bytes: Int?, size: ImageSize?, date: (text: String, source: DateSource)?) {
        self.name = name
        self.bytes = bytes
        self.size = size
        self.date = date
    }

    /// The overlay's lines: name, size in bytes, pixels, and the date with where it came from.
    public var lines: [String] {
        var lines = [name]
        if let bytes { lines.append(Self.byteCount(bytes)) }
        if let size { lines.append("\(size.width) × \(size.height) pixels") }
        if let date { lines.append((date.source == .taken ? "Taken " : "Modified ") + date.text) }
        return lines
    }

    /// `bytes` as GNOME's file sizes say them, in powers of 1000: `512 bytes`, `2.4 kB`, `3.1 MB`, `1.2 GB`.
    public static func byteCount(_ bytes: Int) -> String {
        guard bytes >= 1000 else { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000, unit = 0
        while value >= 999.95, unit < units.count - 1 { value /= 1000; unit += 1 }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// The EXIF DateTimeOriginal (tag 0x9003 of the Exif IFD) of a JPEG's first bytes, as
    /// `YYYY-MM-DD HH:MM`; nil when there is none or it is not a date. O(bytes read).
    public static func dateTaken(_ bytes: [UInt8]) -> String? {
        guard let found = ExifOrientation.tiffBlock(bytes), let tiff = TIFFBlock(bytes, base: found.base, end: found.end) else { return nil }
        let b = bytes, base = tiff.base, end = tiff.end
        guard let ifd0 = tiff.u32(base + 4), let exifAt = tiff.entry(0x8769, in: ifd0), let exif = tiff.u32(exifAt + 8),
              let textAt = tiff.entry(0x9003, in: exif), let text = tiff.u32(textAt + 8), base + text + 19 <= end else { return nil }
        // "YYYY:MM:DD HH:MM:SS"
        let raw = b[(base + text)..<(base + text + 19)]
        let chars = raw.map { Character(Unicode.Scalar($0)) }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15]
        guard digits.allSatisfy({ chars[$0].isASCII && chars[$0].isNumber }), chars[4] == ":", chars[7] == ":", chars[10] == " ",
              String(chars[0..<4]) != "0000" else { return nil }
        return "\(String(chars[0..<4]))-\(String(chars[5..<7]))-\(String(chars[8..<10])) \(String(chars[11..<16]))"
    }

    /// `seconds` since 1970 as local `YYYY-MM-DD HH:MM`.
    static func localTime(_ seconds: Int) -> String? {
        var time = time_t(seconds), parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// Equal when every fact is.
    public static func == (a: PhotoFacts, b: PhotoFacts) -> Bool {
        a.name == b.name && a.bytes == b.bytes && a.size == b.size && a.date?.text == b.date?.text && a.date?.source == b.date?.source
    }

    /// Hashes the facts.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name); hasher.combine(bytes); hasher.combine(size); hasher.combine(date?.text)
    }

    /// The lines joined: `IMG_2.jpg · 2.4 MB · 4032 × 3024 pixels · Taken 2024-05-12 14:03`.
    public var description: String { lines.joined(separator: " · ") }
}
