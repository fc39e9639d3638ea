/// Why a reading position could not be saved, or a document not identified.
///
/// Every case names the path and the system's reason, and its
/// ``description`` says what a user can do about it. A host shows it once and
/// keeps reading: a position that cannot be saved never stops the reader.
public enum PositionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Neither `XDG_STATE_HOME` nor `HOME` names an absolute folder, so there is no place for the store.
    case noStateDirectory
    /// The store's folder (or one of its parents, `path`) could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// The position file at `path` could not be written or moved into place.
    case cannotWrite(path: String, reason: String)
    /// The size and modification time of the document at `path` could not be read.
    case cannotReadFileInfo(path: String, reason: String)

    /// What went wrong and what to do about it, in a sentence or two.
    public var description: String {
        switch self {
        case .noStateDirectory:
            "Cannot tell where to keep reading positions: neither XDG_STATE_HOME nor HOME is set to an absolute path. "
                + "Set XDG_STATE_HOME to a folder you can write to."
        case .cannotCreateDirectory(let path, let reason):
            "Cannot create the folder \(path) for reading positions: \(reason). "
                + "Make it writable, or set XDG_STATE_HOME to a folder you can write to."
        case .cannotWrite(let path, let reason):
            "Cannot save the reading position to \(path): \(reason). "
                + "Check that its folder is writable and the disk is not full."
        case .cannotReadFileInfo(let path, let reason):
            "Cannot read the size and modification time of \(path): \(reason)."
        }
    }
}
