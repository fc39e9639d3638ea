import Foundation
import Testing
import FolioTestSupport
// ZipArchive is open to the fuzzer as SPI, which a testable import alone does not see.
@_spi(Fuzzing) @testable import FolioEPUB

/// Zip archives written by the tools people make books with (Info-ZIP's `zip`, Python's `zipfile`),
/// holding pictures and a chapter with an incompressible run — the entries whose deflated streams mix
/// compressed and stored blocks — read here and checked against Python's `zipfile`, the reference
/// reader: the same names, and every entry's bytes the same.
@Suite(.needs(.zip, .imageMagick)) struct ZipReferenceTests {
    /// A folder with two photos and a drawing made by ImageMagick, and a chapter with random bytes
    /// (as base64 and raw Latin-1 letters) inside it.
    func makeFiles(in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/OEBPS/images", withIntermediateDirectories: true)
        for (name, recipe) in [("plasma.jpg", ["-size", "900x700", "plasma:fractal", "-quality", "92"]),
                               ("noise.png", ["-size", "400x300", "xc:gray", "+noise", "Random"]),
                               ("gradient.png", ["-size", "600x200", "gradient:navy-gold"])] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["convert"] + recipe + ["\(folder)/OEBPS/images/\(name)"]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "ImageMagick's convert made \(name)")
        }
        _ = try runPython("""
            import base64, os, sys
            folder = sys.argv[1]; noise = os.urandom(120000)
            text = "<p>The reader turns the page.</p>\\n" * 800
            body = text + "<p>" + base64.b64encode(noise).decode() + "</p>" + text + "<p>" + noise.decode("latin-1") + "</p>"
            open(folder + "/OEBPS/chapter.xhtml", "w", encoding="utf-8").write("<html><body>" + body + "</body></html>")
            open(folder + "/OEBPS/random.bin", "wb").write(os.urandom(300000))
            """, arguments: [folder])
    }

    /// Every entry of the archive at `path` against Python's zipfile reading of the same file.
    func expectSameAsPython(_ path: String) throws {
        let archive = try ZipArchive.open(path: path, fileName: "book.epub", limits: EPUBLimits())
        let extracted = path + ".python"
        defer { try? FileManager.default.removeItem(atPath: extracted) }
        let listing = try runPython("""
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                z.extractall(sys.argv[2])
                for info in z.infolist():
                    if not info.is_dir(): print(info.compress_type, info.filename)
            """, arguments: [path, extracted])
        let expected = listing.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1).map(String.init) }
        let files = archive.entries.filter { !$0.name.hasSuffix("/") }
        #expect(files.map(\.name) == expected.map { $0[1] })
        #expect(expected.contains { $0[0] == "8" }, "some entries are deflated")
        var budget = Int.max
        for entry in files {
            let bytes = try archive.contents(of: entry, limits: EPUBLimits(), budget: &budget)
            let reference = try [UInt8](Data(contentsOf: URL(fileURLWithPath: extracted + "/" + entry.name)))
            #expect(bytes == reference, "\(entry.name) in \(path): \(bytes.count) bytes, Python's \(reference.count)")
        }
    }

    @Test(arguments: ["-1", "-6", "-9"])
    func infoZipArchivesReadAsPythonReadsThem(level: String) throws {
        let folder = NSTemporaryDirectory() + "zip-reference-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try makeFiles(in: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["zip", "-q", "-r", level, "book.epub", "OEBPS"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "zip made the book")
        try expectSameAsPython(folder + "/book.epub")
    }

    @Test func pythonZipfileArchivesReadAsPythonReadsThem() throws {
        let folder = NSTemporaryDirectory() + "zip-reference-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try makeFiles(in: folder)
        _ = try runPython("""
            import os, sys, zipfile
            folder = sys.argv[1]
            with zipfile.ZipFile(folder + "/book.epub", "w") as z:
                z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
                for level in (1, 6, 9):
                    for root, _, names in os.walk(folder + "/OEBPS"):
                        for name in sorted(names):
                            path = os.path.join(root, name)
                            z.write(path, f"level{level}/" + os.path.relpath(path, folder), zipfile.ZIP_DEFLATED, level)
            """, arguments: [folder])
        try expectSameAsPython(folder + "/book.epub")
    }
}
