/// Shrinks an image by averaging the source pixels each destination pixel
/// covers (a box filter): no aliasing at any factor, one pass over the source.
///
/// Works on raw rows of 3 or 4 bytes per pixel; the channel order is kept,
/// and 3-byte pixels get an opaque fourth byte. The result is 4 bytes per
/// pixel, rows packed (`pitch == width * 4`).
///
/// Cost: O(source pixels) time; the destination and one row of sums in
/// memory, nothing the size of the source.
public enum BoxResampler {
    /// Shrinks `source` (`size`, rows `pitch` bytes apart, `bytesPerPixel` 3 or 4) to `target`.
    ///
    /// - Precondition: `target` is no larger than `size` in either direction, and both are non-empty.
    public static func shrink(_ source: UnsafeRawBufferPointer, size: PixelSize, pitch: Int, bytesPerPixel: Int,
                              to target: PixelSize) -> [UInt8] {
        precondition(bytesPerPixel == 3 || bytesPerPixel == 4, "BoxResampler reads 3 or 4 bytes per pixel")
        precondition(target.width >= 1 && target.height >= 1 && target.width <= size.width && target.height <= size.height,
                     "BoxResampler only shrinks, to a non-empty size")
        precondition(source.count >= (size.height - 1) * pitch + size.width * bytesPerPixel, "source too short")
        let dw = target.width, dh = target.height
        // Source column spans per destination column.
        var columnStart = [Int](repeating: 0, count: dw + 1)
        for x in 0...dw { columnStart[x] = x * size.width / dw }
        var out = [UInt8](repeating: 255, count: dw * dh * 4)
        var sums = [UInt32](repeating: 0, count: dw * 4)
        let bpp = bytesPerPixel
        out.withUnsafeMutableBufferPointer { out in
            sums.withUnsafeMutableBufferPointer { sums in
                for dy in 0..<dh {
                    let y0 = dy * size.height / dh, y1 = max(y0 + 1, (dy + 1) * size.height / dh)
                    for i in 0..<sums.count { sums[i] = 0 }
                    for y in y0..<y1 {
                        let row = y * pitch
                        for dx in 0..<dw {
                            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                            var p = row + columnStart[dx] * bpp
                            let end = row + max(columnStart[dx] + 1, columnStart[dx + 1]) * bpp
                            while p < end {
                                r &+= UInt32(source[p]); g &+= UInt32(source[p + 1]); b &+= UInt32(source[p + 2])
                                a &+= bpp == 4 ? UInt32(source[p + 3]) : 255
                                p += bpp
                            }
                            sums[dx * 4] &+= r; sums[dx * 4 + 1] &+= g; sums[dx * 4 + 2] &+= b; sums[dx * 4 + 3] &+= a
                        }
                    }
                    let rows = UInt32(y1 - y0)
                    for dx in 0..<dw {
                        let n = rows * UInt32(max(1, columnStart[dx + 1] - columnStart[dx]))
                        let o = (dy * dw + dx) * 4
                        for c in 0..<4 { out[o + c] = UInt8((sums[dx * 4 + c] + n / 2) / n) }
                    }
                }
            }
        }
        return out
    }
}
