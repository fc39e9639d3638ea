import Foundation

/// Comics made in a test: pictures written as real PNG files, packed by the
/// real tools a reader's comics come from (Python's zipfile, tar, 7z).
public struct ComicFixtures {
    /// The folder everything is made in.
    public let folder: URL

    /// A new, empty folder.
    public init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-comics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A PNG of `width` × `height` in one colour (deflate's stored blocks: valid for every decoder).
    public static func png(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (200, 40, 40)) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for _ in 0..<height {
            raw.append(0)
            for _ in 0..<width { raw += [rgb.0, rgb.1, rgb.2] }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let count = min(65535, raw.count - at)
            let last: UInt8 = at + count >= raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[at..<(at + count)]
            at += count
        } while at < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += be32(b << 16 | a)
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(UInt32(data.count)) + body + be32(crc32(body))
        }
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// Only a PNG's header, claiming `width` × `height`: a picture bomb.
    public static func pngHeader(width: Int, height: Int) -> [UInt8] {
        Array(png(width: 1, height: 1).prefix(16)) + be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0, 0, 0, 0, 0]
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Writes `files` (relative path → bytes) under a new folder `name` and returns its path.
    public func folder(_ name: String, _ files: [(String, [UInt8])]) throws -> String {
        let root = folder.appendingPathComponent(name)
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root.path
    }

    /// A zip made by Python's zipfile (deflated), named `name`.
    public func zip(_ name: String, _ files: [(String, [UInt8])]) throws -> String {
        let source = try folder(name + ".d", files)
        let out = folder.appendingPathComponent(name).path
        let script = """
            import sys, zipfile
            src, out = sys.argv[1], sys.argv[2]
            names = sys.argv[3:]
            with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
                for n in names: z.write(src + '/' + n, n)
            """
        try run("/usr/bin/env", ["python3", "-c", script, source, out] + files.map(\.0))
        return out
    }

    /// A tar made by tar, named `name`.
    public func tar(_ name: String, _ files: [(String, [UInt8])]) throws -> String {
        let source = try folder(name + ".d", files)
        let out = folder.appendingPathComponent(name).path
        try run("/usr/bin/env", ["tar", "-cf", out, "-C", source] + files.map(\.0))
        return out
    }

    /// A 7-Zip archive (or zip, by `type`) made by 7z, named `name`; `password` encrypts it (headers too for 7z).
    public func sevenZip(_ name: String, _ files: [(String, [UInt8])], type: String = "7z", password: String? = nil) throws -> String {
        let source = try folder(name + ".d", files)
        let out = folder.appendingPathComponent(name).path
        var arguments = ["a", "-bd", "-t\(type)", out]
        if let password { arguments += ["-p\(password)"] + (type == "7z" ? ["-mhe=on"] : []) }
        try run("/usr/bin/env", ["7z"] + arguments + files.map(\.0), in: source)
        return out
    }

    /// A packing tool that failed, with what it said.
    public struct ToolFailure: Error, CustomStringConvertible {
        /// The tool and its message.
        public let description: String
    }

    /// Runs `tool` with `arguments` (in `directory`), throwing what it said when it fails.
    public func run(_ tool: String, _ arguments: [String], in directory: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else { throw ToolFailure(description: "\(arguments.first ?? tool) failed: \(said)") }
    }
}
