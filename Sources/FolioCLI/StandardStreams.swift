#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error through the C library, so the binary
/// needs no Foundation (loading it and ICU would triple the start-up time).
enum StandardStreams {
    /// Writes every byte to descriptor `fd`, retrying short writes and EINTR;
    /// returns false when another error stops it (a closed pipe).
    @discardableResult
    static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + done, $0.count - done) }
            if written > 0 { done += written } else if errno != EINTR { return false }
        }
        return true
    }

    /// Writes a line to standard error.
    static func error(_ line: String) { write(Array((line + "\n").utf8), to: STDERR_FILENO) }

    /// Reads descriptor `fd` to its end.
    static func readAll(from fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { result.append(contentsOf: chunk[..<count]) } else if count == 0 || errno != EINTR { break }
        }
        return result
    }

    /// Seconds on a monotonic clock.
    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
