/// Why a PDF cannot be opened, in one line a reader understands.
public enum PDFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a PDF, or too damaged for MuPDF to repair; its words.
    case damaged(file: String, reason: String)
    /// It needs a password.
    case encrypted(file: String)
    /// It has no pages.
    case empty(file: String)

    /// The file the error is about.
    public var file: String {
        switch self {
        case .damaged(let file, _), .encrypted(let file), .empty(let file): file
        }
    }

    /// What went wrong, without the file.
    public var reason: String {
        switch self {
        case .damaged(_, let reason): "cannot be read as a PDF (\(reason))"
        case .encrypted: "is encrypted; folio cannot open a PDF that needs a password"
        case .empty: "has no pages"
        }
    }

    /// One line for standard error: `folio: FILE: REASON`.
    public var description: String { "folio: \(file): \(reason)" }
}
