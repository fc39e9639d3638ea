import Foundation
import Synchronization
import FolioStore

/// A fresh, empty directory for one test, removed with everything in it afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try body(path)
}

/// The async form, for property tests.
func withTemporaryDirectory<T>(_ body: (String) async throws -> T) async throws -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("folio-store-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

/// The names in `directory`, sorted, hidden ones included.
func entries(of directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}

/// Collects the warnings a store reports, in order.
final class WarningLog: Sendable {
    private let storage = Mutex<[PositionStoreWarning]>([])

    /// Every warning so far.
    var warnings: [PositionStoreWarning] { storage.withLock { $0 } }

    /// Adds `warning` at the end.
    func record(_ warning: PositionStoreWarning) {
        storage.withLock { $0.append(warning) }
    }

    /// A store in `directory` that reports to this log.
    func store(in directory: String) -> JSONFilePositionStore {
        JSONFilePositionStore(directory: directory, warn: record)
    }
}
