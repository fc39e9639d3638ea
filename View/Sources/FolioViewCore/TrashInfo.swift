/// What the freedesktop.org trash keeps about a file moved into it, and the
/// names it files it under — the specification's text, without touching a file.
///
/// A trash directory holds `files/NAME` (the file itself) and
/// `info/NAME.trashinfo`, a small key file saying where the file was and when
/// it was trashed, in local time, so a file manager can put it back:
///
/// ```
/// [Trash Info]
/// Path=/home/ann/Pictures/caf%C3%A9%201.jpg
/// DeletionDate=2026-12-07T09:41:05
/// ```
///
/// `Path` is percent-encoded as a URL's path is (``percentEncoded(_:)``). Two
/// trashed files called `photo.jpg` are filed as `photo.jpg` and `photo.2.jpg`
/// (``name(for:attempt:)``), as GLib names them.
public struct TrashInfo: Hashable, Sendable, CustomStringConvertible {
    /// The absolute path the file had.
    public let path: String
    /// When it was trashed, local time, `YYYY-MM-DDThh:mm:ss`.
    public let deletionDate: String

    /// The record of the file that was at `path` (absolute), trashed at `deletionDate` (``date(year:month:day:hour:minute:second:)``).
    public init(path: String, deletionDate: String) {
        precondition(path.hasPrefix("/"), "a trashed file's path is absolute")
        self.path = path
        self.deletionDate = deletionDate
    }

    /// The `.trashinfo` file's text.
    public var text: String {
        "[Trash Info]\nPath=\(Self.percentEncoded(path))\nDeletionDate=\(deletionDate)\n"
    }

    /// The text.
    public var description: String { text }

    /// `2026-12-07T09:41:05`: the date and time of day, local time, as the specification writes them
    /// (year 0…9999, month 1…12, day 1…31, hour 0…23, minute and second 0…59, or 60 for a leap second).
    public static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))"
    }

    /// `path` with every byte of its UTF-8 but letters, digits, `-._~` and `/` written `%XX` (upper-case hex):
    /// `/p/café 1.jpg` is `/p/caf%C3%A9%201.jpg`.
    public static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The name to file `name` under on `attempt` 1, 2, 3…: `name` itself first, then the
    /// number before its extension (`photo.2.jpg`), or at its end when it has none (`notes.2`).
    public static func name(for name: String, attempt: Int) -> String {
        precondition(attempt >= 1, "attempts are counted from 1")
        guard attempt > 1 else { return name }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "\(name).\(attempt)" }
        return "\(name[..<dot]).\(attempt)\(name[dot...])"
    }
}
