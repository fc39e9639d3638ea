import CSDL2
import FolioViewCore

@MainActor
public final class BookViewer: Scene {
    public var needsDraw = true
    public private(set) var wantsQuit = false
    public var isAnimating: Bool { false }
    public var trace: ((String) -> Void)?
    init(screen: Screen, path: String, transition: Transition, forget: Bool) throws {}
    public func handle(_ event: SDL_Event, at now: Double) {}
    public func tick(at now: Double) {}
    public func draw() {}
    public func quit() { wantsQuit = true }
    public func close() {}
}
