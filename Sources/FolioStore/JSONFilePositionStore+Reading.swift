#if canImport(FoundationEssentials)
import FoundationEssentials  // no ICU: folio starts in a few milliseconds
#else
import Foundation
#endif
import Folio

extension JSONFilePositionStore {
    /// What the store found for a document, with the reason when it ignored a file.
    public enum Reading: Hashable, Sendable, CustomStringConvertible {
        /// Nothing is saved for the document.
        case missing
        /// The saved position.
        case found(ReadingPosition)
        /// A file is there but cannot be used; ``JSONFilePositionStore/load(for:)`` returns `nil` for it.
        case ignored(PositionStoreWarning)

        /// A compact, readable form for logs and test failures.
        public var description: String {
            switch self {
            case .missing: "missing"
            case .found(let position): "found \(position)"
            case .ignored(let warning): "ignored: \(warning)"
            }
        }
    }

    /// Reads the file for `identity` and says what it found, without calling `warn`.
    ///
    /// Cost: reads one file of at most ``maximumFileSize`` bytes.
    public func read(for identity: DocumentIdentity) -> Reading {
        readEntry(for: identity).reading
    }

    /// The position saved for `identity` if the fingerprint saved with it
    /// passes `accepts` (a file's beginning still matches); `nil` otherwise,
    /// and when nothing usable is saved (`warn` is told why for a damaged file).
    public func load(for identity: DocumentIdentity, accepting accepts: (ContentFingerprint?) -> Bool) -> ReadingPosition? {
        let (reading, fingerprint) = readEntry(for: identity)
        switch reading {
        case .missing: return nil
        case .found(let position): return accepts(fingerprint) ? position : nil
        case .ignored(let warning):
            warn(warning)
            return nil
        }
    }

    /// What the file for `identity` holds: the reading and the fingerprint saved with it.
    func readEntry(for identity: DocumentIdentity) -> (reading: Reading, fingerprint: ContentFingerprint?) {
        let path = path(for: identity)
        let bytes: [UInt8]
        do {
            switch try FileSystem.readSmallFile(path, limit: Self.maximumFileSize) {
            case .missing: return (.missing, nil)
            case .bytes(let contents): bytes = contents
            case .tooLarge(let limit): return (.ignored(.corrupt(path: path, reason: "it is larger than \(limit) bytes")), nil)
            case .notAFile: return (.ignored(.unreadable(path: path, reason: "it is not a regular file")), nil)
            }
        } catch {
            return (.ignored(.unreadable(path: path, reason: error.reason)), nil)
        }
        let decoder = JSONDecoder()
        let data = Data(bytes)
        do {
            let format = try decoder.decode(PositionFile.Probe.self, from: data).format
            guard format == PositionFile.currentFormat else { return (.ignored(.unsupportedFormat(path: path, format: format)), nil) }
            let file = try decoder.decode(PositionFile.self, from: data)
            guard file.document == identity else { return (.ignored(.otherDocument(path: path, stored: file.document)), nil) }
            return (.found(file.position), file.fingerprint)
        } catch let error as DecodingError {
            return (.ignored(.corrupt(path: path, reason: Self.summary(of: error))), nil)
        } catch {
            return (.ignored(.corrupt(path: path, reason: "\(error)")), nil)
        }
    }

    /// A short reason for a decoding failure, naming the field.
    static func summary(of error: DecodingError) -> String {
        // A field's name comes from the file (a mark's letter may be a line break): written as a
        // Swift string literal, so the warning stays one line.
        func field(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "the file" : "the field " + path.map(\.stringValue).joined(separator: ".").debugDescription
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(field(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            let expected = type == String.self ? "a string" : type == Int.self ? "an integer" : "a \(type)"
            return "\(field(context.codingPath)) is not \(expected)"
        case .valueNotFound(_, let context):
            return "\(field(context.codingPath)) is null"
        case .dataCorrupted(let context):
            guard !context.codingPath.isEmpty else { return "it is not valid JSON" }
            return "\(field(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
