/// The images of a book as one page geometry sees them: for each image the
/// host draws, its natural size and the rows it takes, in text order.
///
/// Filled as the book is assembled: the assembler's images are looked at
/// once each (the measurer asked for its size once), and an image the
/// measurer gives no size — every image in the terminal — is left out, so
/// its placeholder stays one line of text and pagination keeps its plain path.
/// Pagination only lays out text that is in, and an image is known as soon
/// as its part is in, so pages come out the same however the work is sliced.
///
/// A reference shared by the copies of one ``TextLayout``, used on the
/// session's thread only (as the session's own caches are).
final class ImageRows: @unchecked Sendable {
    struct Entry {
        var image: BookImage
        var size: ImageSize
        var rows: Int
    }

    let book: BookAssembler
    let measurer: any TextMeasurer
    let geometry: PageGeometry
    /// The images drawn, by ascending offset.
    private(set) var entries: [Entry] = []
    /// How many of the assembler's images have been looked at.
    private var seen = 0

    init(book: BookAssembler, measurer: any TextMeasurer, geometry: PageGeometry) {
        self.book = book
        self.measurer = measurer
        self.geometry = geometry
    }

    /// Looks at the images assembled since the last call. O(1) when there are none.
    func update() {
        let images = book.images
        guard seen < images.count else { return }
        for image in images[seen...] {
            guard let size = measurer.imageSize(of: image, in: book.source) else { continue }
            let rows = image.isStandalone ? geometry.lines : size.rows(geometry: geometry, lineHeight: measurer.lineHeight)
            entries.append(Entry(image: image, size: size, rows: rows))
        }
        seen = images.count
    }

    /// Whether an image drawn may fall on a page starting at `offset`: one
    /// starts within the most bytes a page holds. O(log images) after an ``update()``.
    func hasImages(from offset: Int) -> Bool {
        update()
        guard let last = entries.last, last.image.offset >= offset else { return false }
        return entries[firstIndex(atOrAfter: offset)].image.offset < offset + PageGeometry.maximumPageBytes
    }

    /// The index of the first image at or after `offset`. O(log images).
    func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].image.offset < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
