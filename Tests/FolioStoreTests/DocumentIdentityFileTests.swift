import Foundation
import Testing
import Folio
import FolioStore

@Suite struct DocumentIdentityFileTests {
    @Test func aFileIsIdentifiedByItsResolvedPathSizeAndTime() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/notes.md"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("# Notes\n".utf8)))
            try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
            let direct = try DocumentIdentity.file(atPath: path)
            #expect(try DocumentIdentity.file(atPath: directory + "/sub/../notes.md") == direct)
            #expect(try DocumentIdentity.file(atPath: directory + "/./notes.md") == direct)
            try FileManager.default.createSymbolicLink(atPath: directory + "/link.md", withDestinationPath: path)
            #expect(try DocumentIdentity.file(atPath: directory + "/link.md") == direct, "a link names its target")

            // The same values through the pure function: the helper adds only the stat.
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let size = try #require(attributes[.size] as? Int)
            let modified = try #require(attributes[.modificationDate] as? Date).timeIntervalSince1970
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            #expect(direct.key.hasPrefix("file size=\(size) mtime=\(Int64(modified.rounded(.down)))."), "\(direct)")
            #expect(direct.key.hasSuffix(" path=\(resolved)"), "\(direct)")

            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("more\n".utf8))
            try handle.close()
            #expect(try DocumentIdentity.file(atPath: path) != direct, "an edited file is a new document")
        }
    }

    @Test func aMissingFileIsATypedError() throws {
        try withTemporaryDirectory { directory -> Void in
            #expect(throws: PositionStoreError.cannotReadFileInfo(path: directory + "/gone.md", reason: "No such file or directory")) {
                try DocumentIdentity.file(atPath: directory + "/gone.md")
            }
        }
    }
}
