import Foundation
import Testing

/// A Debian package a test needs beyond what the build links: a reference tool (`pdftotext`,
/// ImageMagick), a real terminal (`tmux`), or data no one here wrote (Unicode's files, real books).
///
/// `Scripts/test` installs every one of them. A bare `swift test` on a machine without one skips the
/// tests that need it, naming the package; with `FOLIO_REQUIRE_SYSTEM_DATA=1` (which `Scripts/test`
/// and CI set) nothing is skipped, and a missing package fails the tests that need it.
public struct SystemPackage: Sendable, CustomStringConvertible {
    /// The Debian package's name, as `apt-get install` takes it.
    public let name: String
    /// Commands it puts on the `PATH`.
    public let commands: [String]
    /// Files it installs.
    public let files: [String]

    public init(_ name: String, commands: [String] = [], files: [String] = []) {
        self.name = name
        self.commands = commands
        self.files = files
    }

    public var description: String { name }

    /// Whether every command is on the `PATH` and every file is there (and the package is not
    /// named in `FOLIO_PRETEND_MISSING`, a comma-separated list, which tests the skipping itself).
    public var isInstalled: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let pretend = environment["FOLIO_PRETEND_MISSING"], pretend.split(separator: ",").contains(Substring(name)) { return false }
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return files.allSatisfy { FileManager.default.fileExists(atPath: $0) }
            && commands.allSatisfy { command in path.contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(command)") } }
    }

    /// Whether a missing package fails its tests instead of skipping them (`FOLIO_REQUIRE_SYSTEM_DATA=1`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["FOLIO_REQUIRE_SYSTEM_DATA"] == "1" }

    public static let tmux = SystemPackage("tmux", commands: ["tmux"])
    public static let unicodeData = SystemPackage("unicode-data", files: ["/usr/share/unicode/EastAsianWidth.txt", "/usr/share/unicode/NamesList.txt"])
    public static let sevenZip = SystemPackage("p7zip-full", commands: ["7z"])
    public static let zip = SystemPackage("zip", commands: ["zip"])
    public static let imageMagick = SystemPackage("imagemagick", commands: ["convert", "identify"])
    public static let poppler = SystemPackage("poppler-utils", commands: ["pdftotext", "pdftoppm"])
    public static let mupdfTools = SystemPackage("mupdf-tools", commands: ["mutool"])
    public static let less = SystemPackage("less", commands: ["less"], files: ["/usr/bin/lesspipe"])
    public static let man = SystemPackage("man-db", commands: ["man"])
    public static let git = SystemPackage("git", commands: ["git"])
    public static let liveManual = SystemPackage("live-manual-epub", files: ["/usr/share/doc/live-manual/epub/live-manual.en.epub"])
    public static let packagingGuide = SystemPackage(
        "ubuntu-packaging-guide-epub", files: ["/usr/share/doc/ubuntu-packaging-guide-epub/ubuntu-packaging-guide.epub"])
    public static let tasn1Manual = SystemPackage("libtasn1-doc", files: ["/usr/share/doc/libtasn1-doc/libtasn1.pdf"])
    public static let bashManual = SystemPackage("bash-doc", files: ["/usr/share/doc/bash/bashref.pdf"])
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where `packages` are installed; elsewhere it is skipped with a reason
    /// that names them. Under `FOLIO_REQUIRE_SYSTEM_DATA=1` it always runs.
    ///
    /// ```swift
    /// @Suite(.serialized, .needs(.tmux)) struct InteractiveTests { … }
    /// ```
    public static func needs(_ packages: SystemPackage...) -> Self {
        let missing = packages.filter { !$0.isInstalled }.map(\.name)
        let reason = missing.count == 1
            ? "needs the Debian package \(missing[0]) (bash Scripts/test installs it)"
            : "needs the Debian packages \(missing.joined(separator: ", ")) (bash Scripts/test installs them)"
        return .enabled(if: SystemPackage.isRequired || missing.isEmpty, Comment(rawValue: reason))
    }
}
