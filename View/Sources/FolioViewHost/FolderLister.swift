import CSDL2
import Dispatch
import Foundation
import FolioReading
import FolioViewCore
import Synchronization

/// Lists a folder's photos on a background queue while the photo that was
/// opened is already on its way to the screen: a folder of 10,000 files
/// costs the first frame nothing. When the list is ready it waits in
/// ``take()`` and an SDL event of ``eventType`` wakes the main loop.
public final class FolderLister: Sendable {
    /// The SDL event type posted when the list is ready.
    public let eventType: UInt32
    private let result = Mutex<PhotoList?>(nil)

    /// Starts listing `folder`, the list to open at `opened` (a path in it).
    public init(folder: String, opened: String, eventType: UInt32) {
        self.eventType = eventType
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let list = PhotoList.listing(folder: folder, opened: opened, extensions: ViewerCommand.pictureExtensions)
            result.withLock { $0 = list }
            var event = SDL_Event()
            event.type = eventType
            SDL_PushEvent(&event)
        }
    }

    /// The finished list, once (nil before it is ready and after it was taken).
    public func take() -> PhotoList? {
        result.withLock { list in
            defer { list = nil }
            return list
        }
    }
}
