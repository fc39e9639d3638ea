import Foundation

/// Pictures the window's tests make for themselves with ImageMagick's `convert`
/// (Scripts/test-view installs it), in a folder of their own.
public enum MadePictures {
    /// Which of the made pictures' pure colours (r, g, b) is `r` `g` `b`: `r`, `g` or `b`, else `?`.
    public static func primary(_ r: Int, _ g: Int, _ b: Int) -> Character {
        if r > 200 && g < 60 && b < 60 { return "r" }
        if g > 200 && r < 60 && b < 60 { return "g" }
        if b > 200 && r < 60 && g < 60 { return "b" }
        return "?"
    }

    /// Why a picture could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// A new empty folder in the temporary folder, named after `name` and unique to this run.
    public static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `convert` with `arguments` and waits for it.
    public static func convert(_ arguments: [String]) throws {
        _ = try imageMagick("convert", arguments)
    }

    /// What `identify` with `arguments` writes (`-format "%w %h"`, say), once it is done.
    public static func identify(_ arguments: [String]) throws -> String {
        try imageMagick("identify", arguments)
    }

    /// Runs ImageMagick's `tool` with `arguments`; returns what it wrote, or throws what it said when it failed.
    private static func imageMagick(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let wrote = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
        }
        return String(decoding: wrote, as: UTF8.self)
    }

    /// An animated GIF at `path`, `width` × `height`, one flat frame per colour of `colours`
    /// (ImageMagick's names: `red`, `lime`, `blue`), each shown `hundredths` of a second, looping for ever.
    public static func animatedGIF(at path: String, width: Int, height: Int, colours: [String], hundredths: Int) throws {
        try convert(["-delay", "\(hundredths)", "-size", "\(width)x\(height)"] + colours.map { "xc:\($0)" } + ["-loop", "0", path])
    }

    /// The first `fraction` of the bytes of the file at `source`, written to `path`: a file cut short.
    public static func cut(_ source: String, to path: String, keeping fraction: Double) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: URL(fileURLWithPath: path))
    }
}
