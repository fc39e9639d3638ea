import CSDL2
import FolioReading
import FolioViewCore

/// Photos sent to the trash and brought back, as in Eye of GNOME:
///
/// - Delete moves the photo shown to the freedesktop.org trash (``Trash``): it leaves the list,
///   the next one is shown (the one before, after the last), and the bar says
///   `Moved photo.jpg to the trash — Ctrl Z puts it back`.
/// - Ctrl+Z puts the last photo trashed back: its file where it was, its record gone, the photo
///   in its place in the list (natural order), shown. Several come back, the last trashed first.
/// - The only photo left stays: there would be nothing to show. A book's pages are never
///   trashed: these keys are photos' alone (Ctrl+Z is the reader's own in a book).
///
/// The new list takes over through the loop (``FolioReading/ReadingLoop/adopt(_:showingPart:)``),
/// as a folder listed after its one photo does; a key pressed before it has is not taken.
extension BookViewer {
    /// A photo this window moved to the trash: the file there, and its path as the list named it.
    struct TrashedPhoto {
        /// Where it went.
        let trashed: Trash.Trashed
        /// The photo's path in the list.
        let listed: String
    }

    /// Delete and Ctrl+Z over photos: true when the key was one of them.
    func trashKey(_ keysym: SDL_Keysym, at now: Double) -> Bool {
        guard look.statusOverPages, session.document.book?.source is PhotoAlbum else { return false }
        let mod = keysym.mod, ctrl = mod & UInt16(KMOD_CTRL.rawValue) != 0
        switch UInt32(bitPattern: keysym.sym) {
        case SDLK_DELETE.rawValue where !ctrl && mod & UInt16(KMOD_SHIFT.rawValue) == 0:
            if !reading.isAdopting { trashShownPhoto(at: now) }
        case SDLK_z.rawValue where ctrl:
            if !reading.isAdopting { restoreTrashedPhoto(at: now) }
        default:
            return false
        }
        return true
    }

    /// Moves the photo shown to the trash and shows the list without it.
    func trashShownPhoto(at now: Double) {
        guard let path = shownPhotoPath, let album = session.document.book?.source as? PhotoAlbum else { return }
        let name = PhotoAlbum.name(of: path)
        guard album.list.count > 1 else {
            tell(Notice("\(name) is the only photo here: it stays", kind: .problem), at: now)
            return
        }
        let moved: Trash.Trashed
        do {
            moved = try trash.moveToTrash(path)
        } catch {
            tell(Notice("Cannot move \(name) to the trash: \(error)", kind: .problem), at: now)
            return
        }
        trashedPhotos.append(TrashedPhoto(trashed: moved, listed: path))
        trace?("trashed \(moved)")
        var names = album.list.names
        let index = names.firstIndex(of: path) ?? session.currentPage
        names.remove(at: index)
        show(names, opening: names[min(index, names.count - 1)], of: album, saying: Notice("Moved \(name) to the trash — Ctrl Z puts it back"), at: now)
    }

    /// Puts the last photo trashed back where it was, and shows it in its place in the list.
    func restoreTrashedPhoto(at now: Double) {
        guard let album = session.document.book?.source as? PhotoAlbum else { return }
        guard let last = trashedPhotos.last else {
            tell(Notice("No photo to put back"), at: now)
            return
        }
        let name = PhotoAlbum.name(of: last.listed)
        do {
            try trash.restore(last.trashed)
        } catch {
            tell(Notice("Cannot put \(name) back: \(error)", kind: .problem), at: now)
            return
        }
        trashedPhotos.removeLast()
        trace?("restored \(last.trashed.original)")
        show(album.list.names + [last.listed], opening: last.listed, of: album, saying: Notice("Put \(name) back"), at: now)
    }

    /// The photos `names` (put in natural order) in place of `album`'s, showing `opened`, and
    /// `notice` said now and again once they have taken over.
    func show(_ names: [String], opening opened: String, of album: PhotoAlbum, saying notice: Notice, at now: Double) {
        let list = PhotoList(names: names, opened: opened, extensions: PhotoList.imageExtensions.union(PhotoList.drawingExtensions))
        endZoom()
        reading.adopt(Document(book: PhotoAlbum(list: list, title: album.title), path: session.document.path), showingPart: list.firstIndex)
        noticeOnTakeover = notice
        tell(notice, at: now)
    }

    /// Says `notice` in the bar.
    func tell(_ notice: Notice, at now: Double) {
        apply(reading.session.show(notice, at: now))
        needsDraw = true
    }
}
