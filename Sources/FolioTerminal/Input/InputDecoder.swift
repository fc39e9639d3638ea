/// Turns the bytes a terminal sends into ``InputEvent``s, however the bytes
/// are split across reads.
///
/// Feed every chunk read from the terminal to ``decode(_:)``; it returns the
/// events the chunk completed and keeps an unfinished sequence for the next
/// chunk. Decoding is a function of the byte stream alone: any split of the
/// same bytes gives the same events.
///
/// What it understands: UTF-8 text (one key per Unicode scalar; invalid bytes
/// become U+FFFD, one per maximal invalid subpart, as Swift's `String`
/// decoding does), control codes (Ctrl-letters, Enter, Tab, Backspace, Esc),
/// Alt+key as Esc followed by the key, CSI and SS3 keys (arrows, Home, End,
/// PgUp, PgDn, Insert, Delete, F1–F20, Shift+Tab, with xterm modifiers), SGR
/// mouse reports (`ESC [ < b ; x ; y M` or `m`) and the older X10 form
/// (`ESC [ M b x y`).
///
/// **A lone Esc.** Esc is also the first byte of every sequence, so the
/// decoder holds it until the next byte says what it is: `ESC [ A` is Up,
/// `ESC x` is Alt+x, `ESC ESC` is Esc and a new pending Esc. When no byte
/// follows, the host calls ``flush()`` after a short pause (25 ms is common;
/// ``Terminal`` does this itself): pending Esc becomes ``Key/escape``,
/// `ESC [` and `ESC O` become Alt+`[` and Alt+`O`, and a partial sequence is
/// dropped. Esc and a key arriving within the same pause are Alt+key.
///
/// **Garbage.** A sequence the decoder does not know is consumed and reports
/// nothing. A sequence interrupted by a byte that cannot continue it (a
/// control code, Esc, a non-ASCII byte) is dropped and that byte decodes
/// afresh, so Ctrl-C is never lost inside a broken sequence. The decoder never
/// holds more than ``maximumPendingBytes`` bytes: a longer run of sequence
/// bytes is dropped and decoding starts again after it.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.decode([0x1B, 0x5B])      // []: ESC [ is not finished
/// decoder.decode([0x41, 0x71])      // [.key(.up), .key(.character("q"))]
/// decoder.decode([0x1B])            // []: Esc or the start of a sequence?
/// decoder.flush()                   // [.key(.escape)] after the pause
/// ```
///
/// Cost: O(n · k) for n bytes, k the pending length (at most
/// ``maximumPendingBytes``, usually 0 or 1). The pending buffer is reserved
/// once; the only allocation per call is the returned array (use
/// ``decode(_:into:)`` to reuse one).
public struct InputDecoder: Hashable, Sendable, CustomStringConvertible {
    /// The most bytes the decoder holds between calls: a sequence that grows
    /// longer is dropped (no real key or mouse report comes close to it).
    public static let maximumPendingBytes = 32

    /// Bytes of an unfinished sequence, oldest first.
    private var pending: [UInt8] = []
    /// The button of the last X10 press: an X10 release does not say which button.
    private var lastX10Button: MouseButton = .left

    /// A decoder with nothing pending.
    public init() {
        pending.reserveCapacity(Self.maximumPendingBytes)
    }

    /// How many bytes are waiting for more input (0 ... ``maximumPendingBytes``).
    /// When it is above 0 after a read, the host should call ``flush()`` if no
    /// more bytes arrive within its Esc pause.
    public var pendingByteCount: Int { pending.count }

    /// Decodes `bytes` and returns the events they complete, in order.
    public mutating func decode(_ bytes: some Collection<UInt8>) -> [InputEvent] {
        var events: [InputEvent] = []
        decode(bytes, into: &events)
        return events
    }

    /// Decodes `bytes` and appends the events they complete to `events`.
    public mutating func decode(_ bytes: some Collection<UInt8>, into events: inout [InputEvent]) {
        // Through a buffer and an index loop: generic iteration allocates in unoptimised builds.
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            var i = 0
            while i < buffer.count {
                pending.append(buffer[i])
                drain(into: &events, atEnd: false)
                i += 1
            }
        }
        if contiguous == nil { decode(Array(bytes), into: &events) }
    }

    /// Ends the wait for more bytes: pending bytes become events as if the
    /// input stopped here (see the type's discussion of a lone Esc) and
    /// nothing stays pending.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        flush(into: &events)
        return events
    }

    /// ``flush()`` appending to `events`.
    public mutating func flush(into events: inout [InputEvent]) {
        drain(into: &events, atEnd: true)
    }

    /// For example `"InputDecoder(pending: 1B 5B)"`.
    public var description: String {
        let hex = pending.map { String($0, radix: 16, uppercase: true) }.map { $0.count < 2 ? "0" + $0 : $0 }
        return "InputDecoder(pending: \(hex.isEmpty ? "none" : hex.joined(separator: " ")))"
    }

    /// Scans the pending bytes, emitting every complete token; keeps the unfinished tail.
    private mutating func drain(into events: inout [InputEvent], atEnd: Bool) {
        var start = 0
        scanning: while start < pending.count {
            switch InputScanner(pending, from: start, atEnd: atEnd).scan() {
            case .incomplete:
                break scanning
            case .token(let token, let length):
                start += length
                switch token {
                case .none: break
                case .event(let event): events.append(event)
                case .x10Mouse(let b, let x, let y): if let event = x10Event(b, x, y) { events.append(event) }
                }
            }
        }
        // Drop the consumed bytes in place (removeFirst would allocate in debug builds).
        if start == pending.count {
            pending.removeAll(keepingCapacity: true)
        } else if start > 0 {
            for i in start..<pending.count { pending[i - start] = pending[i] }
            pending.removeLast(start)
        }
        assert(pending.count < Self.maximumPendingBytes, "the scanner must finish a sequence before it outgrows the pending buffer")
    }

    /// An X10 report (button, column and row bytes each offset by 32), whose release names no button.
    private mutating func x10Event(_ cb: UInt8, _ cx: UInt8, _ cy: UInt8) -> InputEvent? {
        let b = max(Int(cb) - 32, 0)
        let column = max(Int(cx) - 33, 0), row = max(Int(cy) - 33, 0)
        let action: MouseAction
        if b & (3 | 32 | 64 | 128) == 3 {
            action = .release(lastX10Button)
        } else if let decoded = MouseReport.action(b, released: false) {
            action = decoded
            if case .press(let button) = decoded { lastX10Button = button }
        } else {
            return nil
        }
        return .mouse(MouseEvent(action, column: column, row: row, modifiers: MouseReport.modifiers(b)))
    }
}
