import Foundation
import Testing

/// A virtual X display (Xvfb) with real input (xdotool) and screenshots
/// (ImageMagick's `import`), for end-to-end tests of the real folio-view.
/// Nothing is skipped: a missing tool fails the test with what to install
/// (Scripts/test-view installs them).
final class Desktop {
    let display: String
    let width = 1280, height = 800
    private let server: Process

    init() throws {
        for tool in ["Xvfb", "xdotool", "import", "convert"] {
            guard Self.which(tool) != nil else {
                throw Failure("\(tool) is missing: run Scripts/test-view, or apt-get install xvfb xdotool imagemagick")
            }
        }
        // The server picks a free display number itself (`-displayfd`) and writes it to its standard
        // output once it accepts connections. It decides by binding the display's socket, which the
        // kernel arbitrates, so servers starting at once never collide and the lock files a killed
        // server leaves behind in /tmp block nothing.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: Self.which("Xvfb")!)
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.run()
        self.server = server
        self.announced = announced
        guard let number = Self.displayNumber(from: announced.fileHandleForReading.fileDescriptor, within: 30) else {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            throw Failure("Xvfb did not announce a display within 30 s (exited: \(!server.isRunning))")
        }
        display = ":\(number)"
    }

    /// Keeps the server's standard output open: closing it could stop the server with SIGPIPE.
    private let announced: Pipe

    /// The display number a server writes to `descriptor` (digits, then a newline), or nil when
    /// nothing complete arrives within `seconds` or the server closes it first.
    private static func displayNumber(from descriptor: Int32, within seconds: Double) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        var text = ""
        while !text.hasSuffix("\n") {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = read(descriptor, &bytes, bytes.count)
            guard count > 0 else { return nil }
            text += String(decoding: bytes[..<count], as: UTF8.self)
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        // Polled rather than waitUntilExit, which can wait forever inside a test's task.
        server.terminate()
        let deadline = Date().addingTimeInterval(5)
        while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
    }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a tool on this display and waits; returns its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.which(tool) ?? tool)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        while process.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        guard process.terminationStatus == 0 else { throw Failure("\(tool) \(arguments.joined(separator: " ")) failed with \(process.terminationStatus)") }
        return data
    }

    /// `xdotool ARGS…`: real X input.
    func xdotool(_ arguments: String...) throws { try run("xdotool", arguments) }

    /// Drags with the left button from `from` to `to` in `steps` moves, `pause` seconds apart;
    /// with `release: false` the button stays down (to look at a page mid-curl).
    func drag(from: (Int, Int), to: (Int, Int), steps: Int = 8, pause: Double = 0.02, release: Bool = true) throws {
        try xdotool("mousemove", "\(from.0)", "\(from.1)")
        try xdotool("mousedown", "1")
        for i in 1...steps {
            let x = from.0 + (to.0 - from.0) * i / steps, y = from.1 + (to.1 - from.1) * i / steps
            try xdotool("mousemove", "\(x)", "\(y)")
            Thread.sleep(forTimeInterval: pause)
        }
        if release { try xdotool("mouseup", "1") }
    }

    /// The whole screen now.
    func screenshot() throws -> Image {
        let rgb = try run("import", ["-window", "root", "-depth", "8", "rgb:-"])
        return Image(width: width, height: height, rgb: [UInt8](rgb))
    }
}

/// RGB pixels, 3 bytes each, rows packed.
struct Image {
    let width: Int, height: Int
    let rgb: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    /// The mean absolute difference per channel with `other` over a rectangle, 0…255.
    func difference(from other: Image, x: Int, y: Int, width w: Int, height h: Int) -> Double {
        var total = 0
        for yy in y..<(y + h) { for xx in x..<(x + w) {
            let a = pixel(xx, yy), b = other.pixel(xx, yy)
            total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
        } }
        return Double(total) / Double(w * h * 3)
    }

    /// The standard deviation of brightness over a rectangle: 0 for a flat colour, tens for a photo.
    func spread(x: Int, y: Int, width w: Int, height h: Int) -> Double {
        var values: [Double] = []
        for yy in y..<(y + h) { for xx in x..<(x + w) { let p = pixel(xx, yy); values.append(Double(p.r + p.g + p.b) / 3) } }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
    }

    /// Runs of pixels on row `y` within `xs` brighter than `threshold` (drawn dots, letters).
    func brightRuns(y: Int, xs: Range<Int>, threshold: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int?
        for x in xs {
            let p = pixel(x, y)
            let bright = (p.r + p.g + p.b) / 3 > threshold
            if bright, start == nil { start = x }
            if !bright, let s = start { runs.append(s..<x); start = nil }
        }
        if let s = start { runs.append(s..<xs.upperBound) }
        return runs
    }

    /// Writes the image as PNG (for a failing test to leave behind).
    func save(_ path: String) {
        let raw = path + ".rgb"
        _ = FileManager.default.createFile(atPath: raw, contents: Data(rgb))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Desktop.which("convert") ?? "/usr/bin/convert")
        p.arguments = ["-size", "\(width)x\(height)", "-depth", "8", "rgb:" + raw, path]
        try? p.run()
        while p.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        try? FileManager.default.removeItem(atPath: raw)
    }

    /// The width and height stored in the image file at `path` (ImageMagick's `identify`).
    static func size(of path: String) throws -> (width: Int, height: Int) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Desktop.which("identify") ?? "/usr/bin/identify")
        p.arguments = ["-ping", "-format", "%w %h", path + "[0]"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let numbers = text.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else { throw Failure("identify cannot read \(path): \(text)") }
        return (numbers[0], numbers[1])
    }

    /// A photo as folio-view shows it at rest: fitted (never enlarged) and centred on black
    /// (ImageMagick's resize, so the test does not reuse the viewer's own code).
    static func fitted(_ path: String, width: Int, height: Int, background: String = "rgb(16,16,16)", extra: [String] = ["-auto-orient"]) throws -> Image {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Desktop.which("convert") ?? "/usr/bin/convert")
        p.arguments = [path] + extra + ["-resize", "\(width)x\(height)>", "-background", background, "-gravity", "center",
                       "-extent", "\(width)x\(height)", "-depth", "8", "rgb:-"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        while p.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        return Image(width: width, height: height, rgb: [UInt8](data))
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The real folio-view, started on a desktop with `--trace`, its trace read as it comes.
final class Viewer {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("folio-view")
    }

    /// The folio-view to run: beside the test bundle (swift-testing runs it from .build/<config>/), else the debug build's.
    static var executable: URL {
        if FileManager.default.fileExists(atPath: binary.path) { return binary }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/folio-view")
    }

    let process = Process()
    let traceFile: URL

    init(_ arguments: [String], on desktop: Desktop, environment: [String: String] = [:]) throws {
        traceFile = FileManager.default.temporaryDirectory.appendingPathComponent("folio-view-trace-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: traceFile.path, contents: nil)
        process.executableURL = Self.executable
        process.arguments = ["--trace"] + arguments
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = desktop.display
        env["SDL_VIDEODRIVER"] = nil  // on X, whatever the environment the tests run in
        env["SDL_RENDER_DRIVER"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardError = try FileHandle(forWritingTo: traceFile)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        }
        try? FileManager.default.removeItem(at: traceFile)
    }

    var trace: String { (try? String(contentsOf: traceFile, encoding: .utf8)) ?? "" }

    /// Waits until the trace has a line containing `text` (after `after` earlier ones); fails after `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let lines = trace.split(separator: "\n").filter { $0.contains(text) }
            if lines.count >= count { return String(lines[count - 1]) }
            if !process.isRunning { throw Failure("folio-view ended (status \(process.terminationStatus)) before \"\(text)\"; trace:\n\(trace)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw Failure("no \"\(text)\" within \(timeout) s; trace:\n\(trace)")
    }

    /// Waits for the process to end; returns its status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw Failure("folio-view did not exit; trace:\n\(trace)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return process.terminationStatus
    }

    /// The process's resident set now and at its peak, in bytes (from /proc).
    var memory: (rss: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func kb(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return fields.count > 1 ? (Int(fields[1]) ?? 0) * 1024 : 0
        }
        return (kb("VmRSS:"), kb("VmHWM:"))
    }
}
