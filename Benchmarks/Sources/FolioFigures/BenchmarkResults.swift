import Foundation

/// The medians of a run of ordo-one's harness, read from its
/// `--format histogramPercentiles` export (one TSV per benchmark and metric).
struct BenchmarkResults {
    /// File name → its lines.
    private var files: [String: [Substring]] = [:]

    /// Reads every `*.histogram.percentiles.tsv` in `directory`.
    init(directory: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory)
        where name.hasSuffix(".histogram.percentiles.tsv") {
            let text = try String(contentsOfFile: "\(directory)/\(name)", encoding: .utf8)
            files[name] = text.split(separator: "\n")
        }
    }

    /// The median of `metric` (`wallClock` in nanoseconds, `mallocCountTotal`) for benchmark `name`;
    /// nil when the run did not have it.
    func median(_ name: String, _ metric: String) -> Double? {
        value(name, metric, percentile: 50)
    }

    /// The smallest sample of `metric` for benchmark `name`: the least disturbed by other work.
    func minimum(_ name: String, _ metric: String) -> Double? {
        value(name, metric, percentile: 0)
    }

    /// The largest sample of `metric` for benchmark `name`.
    func maximum(_ name: String, _ metric: String) -> Double? {
        value(name, metric, percentile: 100)
    }

    private func value(_ name: String, _ metric: String, percentile: Int) -> Double? {
        // The harness writes names with spaces as underscores.
        let key = ".FolioBenchmarks.\(name.replacingOccurrences(of: " ", with: "_")).\(metric).histogram.percentiles.tsv"
        guard let lines = files.first(where: { $0.key.hasSuffix(key) })?.value, let header = lines.first else { return nil }
        guard let row = lines.dropFirst().first(where: { $0.hasPrefix("\(percentile)\t") }),
              let raw = row.split(separator: "\t").last.flatMap({ Double($0) }) else { return nil }
        // Times are exported in the unit named in the header.
        let scale: Double = if header.contains("(ns)") { 1 } else if header.contains("(μs)") || header.contains("(us)") { 1e3 }
            else if header.contains("(ms)") { 1e6 } else if header.contains("(s)") { 1e9 } else { 1 }
        return raw * scale
    }

    /// "median (fastest)" of benchmark `name`'s wall-clock time, per one of the `count` updates a sample makes.
    func time(_ name: String, per count: Int) -> String {
        let n = Double(count)
        guard let median = median(name, "wallClock"), let fastest = minimum(name, "wallClock") else { return "not run" }
        return "\(Report.nanoseconds(median / n)) (\(Report.nanoseconds(fastest / n)))"
    }
}
