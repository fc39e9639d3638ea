/// The modifier keys held with a key or a mouse event.
///
/// Terminals report Shift only where it is not already in the character
/// (arrows, Tab, mouse); Meta is reported as ``alt``.
public struct KeyModifiers: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The modifier bits.
    public let rawValue: UInt8

    /// Creates a set from its bits (1 shift, 2 alt, 4 control).
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0b111 }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1)
    /// Alt, Option or Meta (a terminal sends Esc before the key).
    public static let alt = KeyModifiers(rawValue: 2)
    /// Control.
    public static let control = KeyModifiers(rawValue: 4)

    /// The modifiers as a key chord prefix: `""`, `"Ctrl+"`, `"Ctrl+Alt+Shift+"`.
    public var description: String {
        (contains(.control) ? "Ctrl+" : "") + (contains(.alt) ? "Alt+" : "") + (contains(.shift) ? "Shift+" : "")
    }

    /// The modifiers an xterm-style parameter encodes: 1 + (1 shift, 2 alt, 4 control,
    /// 8 meta). Values below 2 (or absent) mean none; meta counts as alt.
    init(xtermParameter value: Int) {
        let bits = max(value - 1, 0)
        var set: KeyModifiers = []
        if bits & 1 != 0 { set.insert(.shift) }
        if bits & (2 | 8) != 0 { set.insert(.alt) }
        if bits & 4 != 0 { set.insert(.control) }
        self = set
    }
}
