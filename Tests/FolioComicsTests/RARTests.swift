import FolioComics
import Foundation
import Testing

/// RAR 4 and RAR 5 through folio's comic archive, on archives RARLAB's `rar` made for libarchive's
/// own tests (Fixtures/README.md): entries and their bytes as libarchive's tests describe them,
/// an encrypted RAR 4 refused in one line, an encrypted RAR 5 entry an error.
@Suite struct RARTests {
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test func aRAR4ArchiveListsAndReadsItsFiles() throws {
        let archive = try ComicArchive.open(path: Self.fixture("test_read_format_rar.rar"))
        #expect(archive.names.contains("test.txt") && archive.names.contains("testdir/test.txt"), "\(archive.names)")
        for name in ["test.txt", "testdir/test.txt"] {
            #expect(try archive.bytes(of: name) == Array("test text document\r\n".utf8), "\(name)")
        }
        // Text files only: as a comic, it holds no pictures, in one line.
        #expect(throws: ComicError.noPictures(file: "test_read_format_rar.rar")) { try ComicBook(archive: archive) }
    }

    @Test func aRAR5ArchiveDecompressesItsFile() throws {
        let archive = try ComicArchive.open(path: Self.fixture("test_read_format_rar5_compressed.rar"))
        #expect(archive.names == ["test.bin"])
        // The data libarchive's test generates: 32-bit little-endian max(0, k² − 3k + 1), k = 1 … 300.
        let expected = (1...300).flatMap { k -> [UInt8] in
            let value = UInt32(max(0, k * k - 3 * k + 1))
            return [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        #expect(try archive.bytes(of: "test.bin") == expected)
    }

    @Test func anEncryptedRAR4IsRefusedInOneLine() throws {
        let name = "test_read_format_rar4_encrypted.rar"
        #expect(throws: ComicError.encrypted(file: name)) { try ComicArchive.open(path: Self.fixture(name)) }
        #expect(ComicError.encrypted(file: name).description == "folio: \(name): encrypted; folio cannot read protected comics")
    }

    /// In this RAR 5, `a.txt` and `c.txt` are plain and `b.txt` and `d.txt` encrypted (libarchive's test
    /// says so). Debian's libarchive 3.6 does not flag RAR 5 encryption: the plain entries read, and an
    /// encrypted one is an error (a page that says it cannot be read), never its scrambled bytes.
    @Test func anEncryptedRAR5EntryIsAnErrorNotBytes() throws {
        let archive = try ComicArchive.open(path: Self.fixture("test_read_format_rar5_encrypted.rar"))
        #expect(try archive.bytes(of: "a.txt") == Array("This is from a.txt".utf8))
        #expect(throws: ComicError.self) { try archive.bytes(of: "b.txt") }
        #expect(try archive.bytes(of: "c.txt") == Array("This is from c.txt".utf8))
    }
}
