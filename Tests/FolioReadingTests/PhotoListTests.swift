import Testing
import FolioReading

@Suite struct PhotoListTests {
    @Test func photoListKeepsImagesInNaturalOrderAndStartsOnTheOpenedOne() {
        let list = PhotoList(names: ["/p/img10.JPG", "/p/img2.png", "/p/notes.txt", "/p/img1.jpeg", "/p/dir.d/x"], opened: "/p/img10.JPG")
        #expect(list.names == ["/p/img1.jpeg", "/p/img2.png", "/p/img10.JPG"])
        #expect(list.firstIndex == 2)
        #expect(PhotoList(names: ["b.jpg", "a.jpg"], opened: "missing.jpg").firstIndex == 0)
        #expect(PhotoList(names: ["x.txt"]).isEmpty)
    }

    @Test func aPhotosFolderIsWhereItsPathSaysWithTheCurrentFolderForABareName() {
        #expect(PhotoList.folder(of: "trip/b.jpg") == ("trip", "trip/b.jpg"))
        #expect(PhotoList.folder(of: "b.jpg") == (".", "./b.jpg"))
        #expect(PhotoList.folder(of: "/b.jpg") == ("/", "/b.jpg"))
        #expect(PhotoList.join("trip/", "b.jpg") == "trip/b.jpg")
    }
}
