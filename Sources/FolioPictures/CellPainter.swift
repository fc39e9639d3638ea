import CFolioChafa
import FolioReading
import FolioTerminal

/// Turns a picture into terminal cells with chafa: each cell the block
/// character (`▀ ▄ ▌ ▐ ▖ ▞ █ …`) and the two 24-bit colours that show
/// its part of the picture best.
///
/// ```swift
/// let cells = CellPainter.cells(of: picture, columns: 40, rows: 20)
/// ```
public enum CellPainter {
    /// `picture` scaled to exactly `columns` × `rows` cells (the caller keeps its
    /// aspect: a cell is about half as wide as it is tall). Transparent pixels show black.
    public static func cells(of picture: DecodedPicture, columns: Int, rows: Int) -> CellPicture {
        var out = CellPicture(columns: columns, rows: rows)
        guard columns > 0, rows > 0, picture.width > 0, picture.height > 0 else { return out }
        let symbols = chafa_symbol_map_new()
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        defer { chafa_symbol_map_unref(symbols) }
        draw(picture, columns: columns, rows: rows, mode: CHAFA_PIXEL_MODE_SYMBOLS) { config in
            chafa_canvas_config_set_symbol_map(config, symbols)
            chafa_canvas_config_set_bg_color(config, 0x000000)
        } reading: { canvas in
            for y in 0..<rows {
                for x in 0..<columns {
                    let character = chafa_canvas_get_char_at(canvas, Int32(x), Int32(y))
                    var foreground: Int32 = 0, background: Int32 = 0
                    chafa_canvas_get_colors_at(canvas, Int32(x), Int32(y), &foreground, &background)
                    out[x, y] = CellPicture.Cell(scalar: Unicode.Scalar(character) ?? " ",
                                                 foreground: UInt32(bitPattern: max(0, foreground)),
                                                 background: UInt32(bitPattern: max(0, background)))
                }
            }
        }
        return out
    }

    /// Draws `picture` on a chafa canvas of `columns` × `rows` cells in 24-bit colour and `mode`,
    /// set up further by `configure`, and hands the canvas to `reading` before freeing it.
    private static func draw(_ picture: DecodedPicture, columns: Int, rows: Int, mode: ChafaPixelMode,
                             configure: (OpaquePointer?) -> Void, reading: (OpaquePointer?) -> Void) {
        let config = chafa_canvas_config_new()
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, mode)
        configure(config)
        let canvas = chafa_canvas_new(config)
        defer {
            chafa_canvas_unref(canvas)
            chafa_canvas_config_unref(config)
        }
        picture.pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(picture.width), Int32(picture.height), Int32(picture.width * 4))
        }
        reading(canvas)
    }
}

extension CellPainter {
    /// `picture` as pixels for `method` (sixel or kitty), `columns` × `rows` cells of `cell` pixels:
    /// the bytes to write with the cursor on the picture's top-left cell. Empty for blocks.
    public static func pixels(of picture: DecodedPicture, columns: Int, rows: Int, cell: ImageSize,
                              method: TerminalGraphics.Method) -> [UInt8] {
        let mode: ChafaPixelMode
        switch method {
        case .sixel: mode = CHAFA_PIXEL_MODE_SIXELS
        case .kitty: mode = CHAFA_PIXEL_MODE_KITTY
        case .iterm: mode = CHAFA_PIXEL_MODE_ITERM2
        case .blocks: return []
        }
        guard columns > 0, rows > 0, picture.width > 0, picture.height > 0 else { return [] }
        var bytes: [UInt8] = []
        draw(picture, columns: columns, rows: rows, mode: mode) { config in
            chafa_canvas_config_set_cell_geometry(config, Int32(cell.width), Int32(cell.height))
        } reading: { canvas in
            let database = chafa_term_db_get_default()
            let info = chafa_term_db_get_fallback_info(database)
            defer { chafa_term_info_unref(info) }
            guard let printed = chafa_canvas_print(canvas, info) else { return }
            defer { g_string_free(printed, 1) }
            guard let text = printed.pointee.str else { return }
            let length = Int(printed.pointee.len)
            bytes = text.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        return bytes
    }
}
