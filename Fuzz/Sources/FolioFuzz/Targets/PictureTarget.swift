import FolioPictures
import FolioReading

/// Pictures as both hosts read them: the reading layer's header reader
/// (``ImageHeader``, which sizes every picture page before it is decoded) and
/// the terminal's decoders (libjpeg, stb_image, libwebp, behind
/// `DecodedPicture`), on the same bytes.
///
/// Properties, for every input:
/// - decoding either gives `width × height × 4` bytes of pixels, both sides
///   at least 1, or throws a `DecodedPicture.Problem` whose message is one line;
/// - nothing over the pixel limit is decoded: a header asking for more is
///   refused before any pixel is (a decompression bomb costs nothing);
/// - two independent readers agree: where the header reader names a size and
///   the picture decodes whole, the decoded size is the header's (a PNG, GIF,
///   BMP or WebP, and a JPEG that libjpeg decodes at full scale);
/// - a JPEG decoded to fit a smaller box is no smaller than the box asks
///   (libjpeg's reduced scales stop at the first that still covers it) and no
///   larger than the whole picture.
enum PictureTarget: FuzzTarget {
    static let name = "picture"
    static let summary = "ImageHeader and DecodedPicture (JPEG, PNG, GIF, BMP, WebP): one-line errors, no bomb decoded, sizes agree"

    /// Small enough that a fuzzed header cannot make the run use much memory.
    static let maximumPixels = 1 << 22

    static func check(_ input: UnsafeRawBufferPointer) {
        let bytes = Array(input)
        let header = ImageHeader.size(of: bytes)
        let whole: DecodedPicture
        do {
            whole = try DecodedPicture(bytes: bytes, maximumPixels: maximumPixels)
        } catch {
            let message = error.description
            require(!message.isEmpty && !message.contains("\n"), "the problem \(error) is not one line: \(message)")
            if case .tooLarge(let width, let height) = error {
                require(width * height > maximumPixels, "refused \(width) × \(height) under the limit")
            }
            return
        }
        require(whole.width >= 1 && whole.height >= 1, "decoded to \(whole.width) × \(whole.height)")
        require(whole.width * whole.height <= maximumPixels, "decoded \(whole.width) × \(whole.height) past the limit")
        require(whole.pixels.count == whole.width * whole.height * 4, "\(whole.pixels.count) bytes for \(whole.width) × \(whole.height)")
        if let header {
            require(header.width == whole.width && header.height == whole.height,
                    "the header says \(header.width) × \(header.height), the decoder \(whole.width) × \(whole.height)")
        }
        guard bytes.starts(with: [0xFF, 0xD8]), whole.width >= 4, whole.height >= 4 else { return }
        let box = ImageSize(width: whole.width / 3, height: whole.height / 3)
        guard let fitted = try? DecodedPicture(bytes: bytes, fitting: box, maximumPixels: maximumPixels) else {
            require(false, "the JPEG decodes whole but not to fit \(box.width) × \(box.height)")
            return
        }
        require(fitted.width <= whole.width && fitted.height <= whole.height,
                "fitted \(fitted.width) × \(fitted.height) larger than the whole \(whole.width) × \(whole.height)")
        require(fitted.width >= box.width || fitted.height >= box.height,
                "fitted \(fitted.width) × \(fitted.height) smaller than the box \(box.width) × \(box.height)")
    }
}
