/// Why a ``MenuStrip`` refused a configuration or a set of items. The strip
/// keeps what it had before; each message names the rule and the value.
public enum MenuError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A padding, inset or viewport width that is negative, infinite or NaN.
    case invalidLength(name: String, value: Double)
    /// The measuring function gave a width that is negative, infinite or NaN.
    case invalidTitleWidth(item: Int, title: String, width: Double)
    /// Two items share an identifier (shown with `String(describing:)`).
    case duplicateID(String, first: Int, second: Int)
    /// The chapter start pages do not match the items one to one.
    case startPageCount(items: Int, startPages: Int)
    /// A chapter start page below zero.
    case negativeStartPage(item: Int, page: Int)
    /// Chapter start pages out of order: item `item` starts before the item before it.
    case unsortedStartPages(item: Int, page: Int, previous: Int)

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .invalidLength(let name, let value):
            "The menu's \(name) must be a finite number ≥ 0, not \(value)."
        case .invalidTitleWidth(let item, let title, let width):
            "The measuring function gave item \(item) (\"\(title)\") a width of \(width); widths must be finite and ≥ 0."
        case .duplicateID(let id, let first, let second):
            "Items \(first) and \(second) share the id \(id); give every menu item its own id."
        case .startPageCount(let items, let pages):
            "\(items) menu items need \(items) start pages, not \(pages)."
        case .negativeStartPage(let item, let page):
            "Item \(item) starts at page \(page); start pages must be 0 or more."
        case .unsortedStartPages(let item, let page, let previous):
            "Item \(item) starts at page \(page), before the page the item before it starts at (\(previous)); sort the start pages."
        }
    }
}
