import FolioViewCore
import Testing

/// The freedesktop.org trash's text: the record of a trashed file, its percent-encoded
/// path, its local date, and the names a second and third `photo.jpg` are filed under.
@Suite struct TrashInfoTests {
    @Test func theRecordSaysWhereTheFileWasAndWhen() {
        let info = TrashInfo(path: "/home/ann/Pictures/café 1.jpg", deletionDate: TrashInfo.date(year: 2026, month: 12, day: 7, hour: 9, minute: 4, second: 5))
        #expect(info.text == "[Trash Info]\nPath=/home/ann/Pictures/caf%C3%A9%201.jpg\nDeletionDate=2026-12-07T09:04:05\n")
        #expect(info.description == info.text)
    }

    @Test(arguments: [
        ("/a/b.jpg", "/a/b.jpg"),
        ("/a-b_c.d~e/F9", "/a-b_c.d~e/F9"),
        ("/p/100% #1?.png", "/p/100%25%20%231%3F.png"),
        ("/日本/写真.jpg", "/%E6%97%A5%E6%9C%AC/%E5%86%99%E7%9C%9F.jpg"),
        ("/x/a+b&c=d;e,f:g@h'i(j)k!l*m$", "/x/a%2Bb%26c%3Dd%3Be%2Cf%3Ag%40h%27i%28j%29k%21l%2Am%24"),
    ])
    func aPathIsPercentEncodedButForLettersDigitsAndSlashes(path: String, encoded: String) {
        #expect(TrashInfo.percentEncoded(path) == encoded, "\(path)")
    }

    @Test func datesArePaddedToTheirFields() {
        #expect(TrashInfo.date(year: 987, month: 1, day: 2, hour: 0, minute: 0, second: 0) == "0987-01-02T00:00:00")
        #expect(TrashInfo.date(year: 2026, month: 11, day: 30, hour: 23, minute: 59, second: 60) == "2026-11-30T23:59:60")
    }

    @Test func aTakenNameIsNumberedBeforeItsExtension() {
        #expect((1...3).map { TrashInfo.name(for: "photo.jpg", attempt: $0) } == ["photo.jpg", "photo.2.jpg", "photo.3.jpg"])
        #expect(TrashInfo.name(for: "archive.tar.gz", attempt: 2) == "archive.tar.2.gz")
        #expect(TrashInfo.name(for: "notes", attempt: 2) == "notes.2")
        #expect(TrashInfo.name(for: ".hidden", attempt: 2) == ".hidden.2")
    }
}
