#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONFilePositionStore {
    /// The standard folder for reading positions: `$XDG_STATE_HOME/folio`,
    /// or `$HOME/.local/state/folio` when `XDG_STATE_HOME` is unset, empty or
    /// relative (the XDG Base Directory spec says to ignore relative paths).
    ///
    /// Takes the environment as a value so tests need not change the process's.
    ///
    /// ```swift
    /// try JSONFilePositionStore.defaultDirectory(environment: ["HOME": "/home/ada"])
    /// // "/home/ada/.local/state/folio"
    /// ```
    ///
    /// Throws ``PositionStoreError/noStateDirectory`` when neither variable is an absolute path.
    public static func defaultDirectory(environment: [String: String]) throws(PositionStoreError) -> String {
        func joined(_ base: String, _ rest: String) -> String {
            (base.hasSuffix("/") ? base : base + "/") + rest
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return joined(state, "folio") }
        if let home = environment["HOME"], home.hasPrefix("/") { return joined(home, ".local/state/folio") }
        throw .noStateDirectory
    }

    /// The variables ``defaultDirectory(environment:)`` reads, taken from this
    /// process's environment — only those two: Foundation's whole
    /// `ProcessInfo.environment` costs more instructions than drawing the first page.
    ///
    /// ```swift
    /// let store = try JSONFilePositionStore(environment: JSONFilePositionStore.stateVariables)
    /// ```
    public static var stateVariables: [String: String] {
        var found: [String: String] = [:]
        for name in ["XDG_STATE_HOME", "HOME"] {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }
}
