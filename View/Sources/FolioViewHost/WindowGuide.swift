import FolioReading

/// The document `folio-view` opens when it is given nothing: a short guide to the window, written
/// for a mouse and a proportional font (the terminal reader has its own, ``FolioReading/Guide``).
/// Paragraphs are single lines, so they reflow at any width and any text size.
public enum WindowGuide {
    /// The guide's title (the window's title while it is read).
    public static let title = "Folio guide"

    /// The guide as a Markdown document, whose headings are the chapters in the strip.
    public static var document: Document {
        Document(title: title, format: .markdown, bytes: Array(text.utf8))
    }

    /// The guide's Markdown text.
    public static let text = #"""
# Welcome

This is folio-view, the window of Folio, a paging engine written in pure Swift. Every page you see moves through a small pool of recycled page views, whether a book has ten pages or a million.

Turn the page by dragging it: it curls under the pointer like paper, and a quick flick turns it even if it moved only a little. Let go halfway and it settles on the nearer page. The wheel, the arrow keys, Space and Page Down turn pages too; a click in the left or right third of a page goes back or on.

The row at the top lists the chapters: click one to go there. The dots at the bottom show where you are in the book; click a dot to jump. Press F1 or H at any time for every key, and Esc or q to leave. Your place is kept for next time.

# Reading comfortably

Ctrl and + makes the text larger, Ctrl and − smaller, Ctrl and 0 brings back the standard size. The book is set again and you stay on the words you were reading.

Ctrl and T turns the paper light, sepia or dark. Ctrl and S sets the text in a serif face or a sans serif one. Ctrl and J sets full lines flush with both margins, as a printed book does, or ragged on the right. Ctrl and ] makes lines longer, Ctrl and [ shorter: lines hold about seventy characters at most, a comfortable measure, and stand in the middle of a wide page. Ctrl and M widens the margins, and after the widest comes back to the narrowest.

Each book remembers its own choices. A book you open for the first time starts as you left the last one.

F11 fills the screen. In a wide window two pages stand side by side like an open book, with the spine between them; make the window narrower and one page remains, with your place on it.

# Finding your way

Type / and a word, then Enter, to search forward; ? searches backward. Every match on the page is marked, and n and N go to the next and previous one. A search in lower case ignores case; a capital letter makes it exact. Searches are regular expressions: /chapter [0-9]+ finds chapter 7 and chapter 12.

Tab chooses a link on the page, with a ring round it, and Enter follows it. Two quotes ('') bring you back. m and a letter mark a place; a quote and the letter go back to it.

A number before a key counts: 42g goes to page 42, 50% half way. [ and ] go to the previous and next chapter; = says where you are.

# Books, comics and photos

Open a text, Markdown, EPUB, PDF or comic book (CBZ, CBR, CB7) and it pages as a book, at the place the terminal reader folio left it. A picture in a book is drawn in the flow of the text; a full-page picture or a cover is a page of its own.

On a picture page, Ctrl and + zooms in toward the middle, Ctrl and the wheel toward the pointer, and a double-click toggles between the whole page and its pixels one to one. Drag to look around.

Open a folder of photos, or one photo and its folder comes with it, in natural order (photo 2 before photo 10). i shows a photo's name, size and date; Ctrl and R turns it; s starts a slideshow. An animated GIF plays by itself. Delete moves a photo to the trash, and Ctrl and Z puts it back. The folder remembers the last photo you looked at.

Chinese, Japanese and Korean are drawn with an installed font that has them, Arabic letters join, and Hebrew and Arabic paragraphs stand flush right with their numbers in order.

# Your place

Folio remembers where you were in each document, under your state directory ($XDG_STATE_HOME/folio, or ~/.local/state/folio), shared with the terminal reader: a book left on a page in one opens on it in the other. It keeps the first character on the page, not the page number, so your place survives a larger text, another window size or a switch between one and two pages.

Start folio-view with --forget to read without remembering, --spread single or double to choose the pages, --transition slide or none to turn them without the curl (t switches while you read).

# The end

That is all there is to it. Press Home to start over, or Esc to close the window.
"""#
}
