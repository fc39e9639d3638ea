/// Names one load of one page, so its result can be matched to the request.
///
/// The pipeline hands out a new ticket each time it asks for a page; a
/// result is applied only while its ticket is the page's running load, so
/// a result that arrives after its load was cancelled or restarted is
/// dropped.
public struct LoadTicket: Hashable, Sendable, CustomStringConvertible {
    /// The page to load, ≥ 0.
    public let page: Int
    /// A serial number, unique within one pipeline (it wraps after 2^64 loads).
    public let serial: Int

    /// Creates a ticket; the pipeline makes them, tests may too.
    public init(page: Int, serial: Int) {
        self.page = page
        self.serial = serial
    }

    /// A compact, readable form for logs and test failures: `page 5 #3`.
    public var description: String { "page \(page) #\(serial)" }
}
