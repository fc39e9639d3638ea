/// One titled entry of a ``MenuStrip``: a chapter in a reader, a tab in a window.
///
/// `id` identifies the item across updates: when the host replaces the
/// items, the selection stays on the item with the same `id`. Identifiers
/// must be unique within a strip.
///
/// ```swift
/// let item = MenuItem(id: 3, title: "Chapter 3: The Storm")
/// ```
public struct MenuItem<ID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// What identifies the item across updates; unique within a strip.
    public var id: ID
    /// The text the host draws; its width comes from the strip's measuring function.
    public var title: String

    /// Creates an item with an identifier and a title.
    public init(id: ID, title: String) {
        self.id = id
        self.title = title
    }

    /// A compact, readable form for logs and test failures, e.g. `"Intro" (id 0)`.
    public var description: String { "\"\(title)\" (id \(id))" }
}
