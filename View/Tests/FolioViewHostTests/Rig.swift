import CSDL2
import Foundation
import FolioViewCore
@testable import FolioViewHost
import Testing

/// A headless window driven by a script: SDL's dummy video driver and
/// software renderer, input pushed through `SDL_PushEvent` and read back
/// through SDL's own queue, and an injected clock that moves only when the
/// script says so (a frame is 1/60 s), so every frame is the same on every run.
///
/// Work a scene does off the main thread (decoding photos) really runs; the
/// rig waits for it on the wall clock, with a limit, before it looks.
@MainActor
final class Rig {
    let screen: Screen
    /// The scene's clock, seconds.
    private(set) var now = 1000.0
    static let frame = 1.0 / 60

    init(size: PixelSize) {
        // Hints, not environment variables: the end-to-end tests in this process start folio-view on X.
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
        screen = try! Screen(title: "rig", size: size)
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {}
    }

    var windowID: UInt32 { SDL_GetWindowID(screen.window) }

    /// Hands every queued event to `scene` at the current time.
    func pump(_ scene: some Scene) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 { deliver(event, to: scene) }
    }

    /// Hands `event` to `scene` at the current time, unless it is another window's.
    private func deliver(_ event: SDL_Event, to scene: some Scene) {
        if event.type == SDL_WINDOWEVENT.rawValue, event.window.windowID != windowID { return }
        scene.handle(event, at: now)
    }

    /// Pushes `event` through SDL's queue and hands it to `scene`.
    func send(_ event: SDL_Event, to scene: some Scene) {
        var event = event
        SDL_PushEvent(&event)
        pump(scene)
    }

    /// Moves the clock on by `count` frames, ticking `scene` and drawing it when it asks, as the event loop does.
    func frames(_ count: Int, _ scene: some Scene) {
        for _ in 0..<count {
            now += Self.frame
            pump(scene)
            if scene.isAnimating || isDue(scene) { scene.tick(at: now) }
            drawIfNeeded(scene)
        }
    }

    /// Whether `scene` asked to be woken by now (``Scene/wakeTime``), as the event loop wakes it.
    func isDue(_ scene: some Scene) -> Bool {
        scene.wakeTime.map { now >= $0 } ?? false
    }

    /// Moves the clock on by `seconds`, a frame at a time (``frames(_:_:)``).
    func seconds(_ seconds: Double, _ scene: some Scene) {
        frames(Int((seconds / Self.frame).rounded(.up)), scene)
    }

    /// Draws `scene` when it changed, as the event loop does (a page drawn starts its pictures' decodes).
    func drawIfNeeded(_ scene: some Scene) {
        guard scene.needsDraw else { return }
        scene.draw()
        scene.needsDraw = false
    }

    /// Runs frames until nothing moves (at most `limit` seconds of the scene's clock).
    func settle(_ scene: some Scene, limit: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) {
        let end = now + limit
        while scene.isAnimating, now < end { frames(1, scene) }
        #expect(!scene.isAnimating, "still moving after \(limit) s", sourceLocation: sourceLocation)
    }

    /// Waits on the wall clock (at most `timeout` seconds) for `condition`, handing events to `scene`.
    func wait(for what: String, _ scene: some Scene, timeout: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
              until condition: () -> Bool) {
        let end = Date().addingTimeInterval(timeout)
        while !condition(), Date() < end {
            var event = SDL_Event()
            if SDL_WaitEventTimeout(&event, 20) != 0 {
                deliver(event, to: scene)
                pump(scene)
            }
            if scene.isAnimating || isDue(scene) { scene.tick(at: now) }
            drawIfNeeded(scene)
        }
        #expect(condition(), "waited \(timeout) s for \(what)", sourceLocation: sourceLocation)
    }

    /// The frame `scene` draws now, as RGB bytes.
    func look(_ scene: some Scene) -> [UInt8] {
        scene.draw()
        scene.needsDraw = false
        return screen.readPixels()
    }

    /// Compares the frame `scene` draws now with the golden `name`.
    func expectFrame(_ scene: some Scene, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.compare(look(scene), size: screen.size, name: name, sourceLocation: sourceLocation)
    }

    // MARK: Input

    func press(x: Int, y: Int, clicks: Int = 1, _ scene: some Scene) {
        button(SDL_MOUSEBUTTONDOWN, x: x, y: y, clicks: clicks, scene)
    }

    func move(x: Int, y: Int, _ scene: some Scene) {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.windowID = windowID
        event.motion.state = 1  // SDL_BUTTON_LMASK, a macro Swift cannot import
        event.motion.x = Int32(x)
        event.motion.y = Int32(y)
        send(event, to: scene)
    }

    func release(x: Int, y: Int, _ scene: some Scene) {
        button(SDL_MOUSEBUTTONUP, x: x, y: y, clicks: 1, scene)
    }

    /// The left button going down or up at (`x`, `y`).
    private func button(_ type: SDL_EventType, x: Int, y: Int, clicks: Int, _ scene: some Scene) {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.windowID = windowID
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        event.button.clicks = UInt8(clicks)
        event.button.x = Int32(x)
        event.button.y = Int32(y)
        send(event, to: scene)
    }

    /// A drag from (`x0`, `y`) to (`x1`, `y`) in `steps` motions one frame apart; the button stays down.
    func drag(from x0: Int, to x1: Int, y: Int, steps: Int = 10, _ scene: some Scene) {
        press(x: x0, y: y, scene)
        for step in 1...steps {
            frames(1, scene)
            move(x: x0 + (x1 - x0) * step / steps, y: y, scene)
        }
    }

    /// One wheel notch: negative is towards the user (down).
    func wheel(_ notch: Int, _ scene: some Scene) {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.windowID = windowID
        event.wheel.y = Int32(notch)
        event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
        send(event, to: scene)
    }

    /// A key going down, with `modifiers` held (`with: [KMOD_CTRL, KMOD_SHIFT]`).
    func key(_ code: SDL_KeyCode, with modifiers: [SDL_Keymod] = [], _ scene: some Scene) {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(SDL_PRESSED)
        event.key.keysym.sym = SDL_Keycode(bitPattern: code.rawValue)
        event.key.keysym.mod = UInt16(modifiers.reduce(0) { $0 | $1.rawValue })
        send(event, to: scene)
    }

    /// Text typed (one SDL text event), as a keyboard with text input sends it.
    func type(_ text: String, _ scene: some Scene) {
        var event = SDL_Event()
        event.type = SDL_TEXTINPUT.rawValue
        event.text.windowID = windowID
        withUnsafeMutableBytes(of: &event.text.text) { raw in
            for (i, byte) in text.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        send(event, to: scene)
    }

    /// Resizes the window as a user would; SDL reports the new size through its queue.
    func resize(to size: PixelSize, _ scene: some Scene) {
        SDL_SetWindowSize(screen.window, Int32(size.width), Int32(size.height))
        pump(scene)
    }
}
