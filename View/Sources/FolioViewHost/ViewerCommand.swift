#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Foundation
import FolioFormats
import FolioReading
import FolioViewCore

/// `folio-view`'s command line and start: photos for folders and images, a book for a document.
@MainActor
public struct ViewerCommand {
    /// The paths given.
    public var paths: [String] = []
    /// The transition asked for with `--transition`; nil for each kind's default.
    public var transition: Transition?
    /// The window size asked for with `--size WxH` (default 1280×800, shrunk to the display).
    public var size = PixelSize(width: 1280, height: 800)
    /// Whether `--trace` asked for a line on standard error per notable event.
    public var trace = false
    /// Whether to leave as soon as the first photo or page is on screen (`--exit-after-first-frame`), for timing.
    public var exitAfterFirstFrame = false
    /// Whether each frame is only cleared and shown (`--empty-frames`), for the floor of `--trace`'s frame times.
    public var emptyFrames = false
    /// Neither restore nor save the reading position (`--forget`).
    public var forget = false
    /// A PNG to write the first frame showing content to (`--screenshot PATH`).
    public var screenshot: String?
    /// The spreads asked for (`--spread single|double|auto`), as in the terminal reader; nil for
    /// each kind's default (a book's by the window's shape, a photo at a time).
    public var spread: ReadingOptions.SpreadChoice?

    /// What `--help` prints.
    public static let usage = """
        usage: folio-view [options] [PATH...]
          A folder or image files (SVG drawings too) page as photos (natural order; an image opens its folder
          at itself, a folder at the photo last shown); a text, Markdown, EPUB, PDF or comic
          pages as a book, at the place the terminal reader left it; with no PATH, the guide.
        options:
          --transition slide|curl|none   how pages turn (photos: slide, books: curl); t switches
          --size WxH                     the window's size (default 1280x800)
          --spread single|double|auto    pages: one, two facing, or two when wide enough
                                         (books: auto, photos: single)
          --forget                       neither restore nor save the reading position
          --screenshot PATH              write the first complete frame to PATH (PNG)
          --exit-after-first-frame       leave once the first photo or page is shown (timing)
          --trace                        a line on standard error per page change, decode and frame
          --empty-frames                 clear and show each frame without drawing it (timing: the floor
                                         of --trace's frame times)
        keys: the terminal reader's (arrows, Space, PgUp/PgDn, Home/End, g, /, n, Tab, R; F1 or H: help);
              books: Ctrl++ Ctrl+- Ctrl+0 text size, Ctrl+T theme, Ctrl+S serif/sans, Ctrl+J justify,
              Ctrl+] Ctrl+[ longer/shorter lines, Ctrl+M wider margins (kept per book);
              Ctrl+= Ctrl+- Ctrl+wheel zoom a picture (photos: + - 0 too), Ctrl+0 fit,
              Ctrl+1 100%, Ctrl+2 fit width, double-click fit <-> 100% (the bar says the zoom);
              photos: i the file's facts, Ctrl+R / Ctrl+Shift+R turn clockwise / anticlockwise,
              s slideshow (a photo every 4 s; a turn key or Esc stops it), Delete to the trash, Ctrl+Z back;
              t transition; f (photos) or F11 full screen; q or Esc quit (Esc first closes what is open)
        """

    /// Why the command line was refused, in words.
    public struct UsageError: Error, CustomStringConvertible {
        /// The message.
        public let description: String
    }

    /// Reads `arguments` (without the program name).
    public init(arguments: [String]) throws(UsageError) {
        var i = 0
        func value(_ name: String) throws(UsageError) -> String {
            i += 1
            guard i < arguments.count else { throw UsageError(description: "folio-view: \(name) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let a = arguments[i]
            switch a {
            case "--transition":
                let v = try value(a)
                guard let t = Transition(rawValue: v) else { throw UsageError(description: "folio-view: --transition is slide, curl or none, not \(v)") }
                transition = t
            case "--size":
                let v = try value(a)
                let parts = v.lowercased().split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts[0] >= 64, parts[1] >= 64 else { throw UsageError(description: "folio-view: --size is WIDTHxHEIGHT, at least 64x64") }
                size = PixelSize(width: parts[0], height: parts[1])
            case "--spread":
                let v = try value(a)
                guard let choice = ReadingOptions.SpreadChoice(rawValue: v) else { throw UsageError(description: "folio-view: --spread is single, double or auto, not \(v)") }
                spread = choice
            case "--trace": trace = true
            case "--forget": forget = true
            case "--exit-after-first-frame": exitAfterFirstFrame = true
            case "--empty-frames": emptyFrames = true
            case "--screenshot": screenshot = try value(a)
            case "-h", "--help": throw UsageError(description: Self.usage)
            default:
                guard !a.hasPrefix("--") else { throw UsageError(description: "folio-view: unknown option \(a)\n" + Self.usage) }
                paths.append(a)
            }
            i += 1
        }
    }

    /// What the paths ask for.
    public enum Content {
        /// Photos, in `folder` (nil: from several places); with `listing`, the list holds the
        /// opened photo alone and the rest of its folder is listed in the background.
        case photos(PhotoList, folder: String?, listing: Bool)
        /// A document read as a book; nil for the bundled guide.
        case book(path: String?)
    }

    /// What the window pages as photos: the reading layer's photos, and SVG drawings, which
    /// SDL_image draws (nanosvg) at the size they are shown.
    nonisolated public static let pictureExtensions = PhotoList.imageExtensions.union(PhotoList.drawingExtensions)

    /// Photos when the paths are a folder or image files; a book for one other file.
    public func content() throws(UsageError) -> Content {
        guard !paths.isEmpty else { return .book(path: nil) }
        let files = FileManager.default
        if paths.count == 1, !PhotoList.isImage(paths[0], extensions: Self.pictureExtensions) {
            var isDirectory: ObjCBool = false
            let path = paths[0]
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else { throw UsageError(description: "folio-view: \(path): no such file") }
            if !isDirectory.boolValue { return .book(path: path) }
            let list = PhotoList.listing(folder: path, extensions: Self.pictureExtensions)
            // A comic's folder keeps its pages in folders of their own: read as the terminal reads it.
            if list.isEmpty, (try? BookOpener.open(path: path)) != nil { return .book(path: path) }
            guard !list.isEmpty else { throw UsageError(description: "folio-view: \(path) holds no photos (\(Self.pictureExtensions.sorted().joined(separator: ", ")))") }
            return .photos(list, folder: path, listing: false)
        }
        for path in paths where !files.fileExists(atPath: path) { throw UsageError(description: "folio-view: \(path): no such file") }
        if paths.count == 1 {
            // One photo: shown at once, its whole folder listed while it decodes.
            let (folder, opened) = PhotoList.folder(of: paths[0])
            return .photos(PhotoList(names: [opened], opened: opened, extensions: Self.pictureExtensions), folder: folder, listing: true)
        }
        let list = PhotoList(names: paths, opened: paths.first, extensions: Self.pictureExtensions)
        guard !list.isEmpty else { throw UsageError(description: "folio-view: none of these is a photo") }
        return .photos(list, folder: nil, listing: false)
    }

    /// Returns freed blocks of 256 KB or more to the system at once (glibc), so
    /// RSS follows the photos kept rather than the largest ever decoded.
    public static func setMemoryPolicy() {
        folio_set_mmap_threshold(256 * 1024)
    }

    /// Runs the window; returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        let start = Date()
        let command: ViewerCommand
        do {
            command = try ViewerCommand(arguments: arguments)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return error.description.hasPrefix("usage") ? 0 : 1
        }
        let trace: ((String) -> Void)? = command.trace ? { line in
            let t = String(format: "%.3f", Date().timeIntervalSince(start))
            FileHandle.standardError.write(Data("[\(t)] \(line)\n".utf8))
        } : nil
        let opened = Result { () throws(UsageError) -> Content in try command.content() }
        // The first photo's first scan is read while the window opens: a large progressive JPEG
        // is then on screen with the window's first frame, not a decode later.
        if case .success(.photos(let list, _, _)) = opened, list.names.indices.contains(list.firstIndex) {
            PhotoDecoder.startEarlyPreview(of: list.names[list.firstIndex])
        }
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"] == nil && environment["WAYLAND_DISPLAY"] == nil && environment["SDL_VIDEODRIVER"] == nil {
            if case .failure(let error) = opened {
                FileHandle.standardError.write(Data((error.description + "\n").utf8))
                return 1
            }
            FileHandle.standardError.write(Data("folio-view: no display (neither DISPLAY nor WAYLAND_DISPLAY is set)\n".utf8))
            return 1
        }
        let screen: Screen
        do {
            screen = try Screen(title: "folio-view", size: command.size)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return 1
        }
        trace?("window \(screen.size) (\(screen.rendererName), pages in \(String(cString: SDL_GetPixelFormatName(screen.pageFormat))))")
        // What cannot be opened is said on standard error and in the window, which is all a
        // reader launching from a file manager sees.
        func refuse(_ message: String) -> Int32 {
            FileHandle.standardError.write(Data((message + "\n").utf8))
            let notice = NoticeScene(screen: screen, message: message)
            var loop = EventLoop(screen: screen)
            loop.afterDraw = { if command.exitAfterFirstFrame { notice.quit() } }
            trace?("notice: \(message)")
            loop.run(notice)
            return 1
        }
        let content: Content
        switch opened {
        case .success(let found): content = found
        case .failure(let error): return refuse(error.description)
        }
        var loop = EventLoop(screen: screen)
        loop.drawsEmptyFrames = command.emptyFrames
        var frames: [Double] = []
        if command.trace { loop.frameTimed = { frames.append($0) } }
        defer {
            if !frames.isEmpty {
                let sorted = frames.sorted()
                func ms(_ q: Double) -> String { String(format: "%.2f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] * 1000) }
                trace?("frames \(frames.count): median \(ms(0.5)) ms, 95th percentile \(ms(0.95)) ms, worst \(ms(1)) ms")
            }
        }
        var shotPending = command.screenshot
        var leave = false
        let firstFrame: () -> Void = {
            trace?("first frame with content after \(String(format: "%.1f", Date().timeIntervalSince(start) * 1000)) ms")
            if let path = shotPending {
                shotPending = nil
                // Saved whether or not the run is traced (an argument of `trace?(…)` is not evaluated without one).
                if screen.savePNG(path) {
                    trace?("screenshot \(path)")
                } else {
                    FileHandle.standardError.write(Data("folio-view: the screenshot \(path) was not written: \(Screen.lastError)\n".utf8))
                }
            }
            if command.exitAfterFirstFrame { leave = true }
        }
        let viewer: BookViewer
        do {
            switch content {
            case .photos(let list, let folder, let listing):
                let lister = listing ? folder.map { FolderLister(folder: $0, opened: list.names[list.firstIndex], eventType: SDL_RegisterEvents(1)) } : nil
                viewer = try BookViewer(screen: screen, photos: list, folder: folder, restores: true, lister: lister,
                                        transition: command.transition ?? .slide, forget: command.forget,
                                        options: ReadingOptions(spread: command.spread ?? .single))
                if !listing { trace?("\(list.count) photos, first \(viewer.session.currentPage + 1)") }
            case .book(let path):
                viewer = try BookViewer(screen: screen, path: path, transition: command.transition ?? .curl, forget: command.forget,
                                        options: ReadingOptions(spread: command.spread ?? .auto))
            }
        } catch {
            return refuse("\(error)")
        }
        viewer.trace = trace
        // Photos count from the first photo drawn; a book from its first frame.
        var first = false
        if case .photos = content { viewer.onFirstPicture = { first = true } } else { first = true }
        loop.afterDraw = {
            if first { first = false; firstFrame() }
            if leave { viewer.quit() }
        }
        loop.run(viewer)
        if let summary = viewer.pictureSummary { trace?(summary) }
        viewer.close()
        trace?("bye")
        return 0
    }
}
