/// Somewhere reading positions are kept between launches, one per document.
///
/// The engine never calls a store on its own: a host loads the position when
/// it opens a document and saves what ``PositionRecorder`` hands back. Folio
/// has ``InMemoryPositionStore``; the `FolioStore` module has a JSON file
/// store for the terminal reader. A store that cannot read a position it
/// holds (a corrupt file) answers `nil` — losing a place is better than
/// refusing to open a document — and reports why its own way.
public protocol PositionStore {
    /// Why a save can fail; `Never` for a store that cannot fail.
    associatedtype Failure: Error

    /// The position last saved for `identity`, or `nil` when there is none or it cannot be read.
    func load(for identity: DocumentIdentity) -> ReadingPosition?

    /// Keeps `position` for `identity`, replacing whatever was kept before.
    mutating func save(_ position: ReadingPosition, for identity: DocumentIdentity) throws(Failure)
}
