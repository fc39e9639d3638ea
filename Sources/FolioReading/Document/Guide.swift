/// The document a reader opens when it is given no file: a short guide to
/// the reader and to the engine behind it, written for this project.
/// Paragraphs are single lines, so they reflow at any width.
public enum Guide {
    /// The guide's title.
    public static let title = "Folio guide"

    /// The guide as a complete Markdown document.
    public static var document: Document {
        Document(title: title, format: .markdown, bytes: Array(text.utf8))
    }

    /// The guide's Markdown text.
    public static let text = #"""
# Welcome to Folio

You are reading this in folio, a terminal reader built on Folio, a paging engine written in pure Swift. Everything you see moves through a small pool of recycled page views: three of them, whether a document has ten pages or a million.

Turn the page with the right arrow, the space bar or Page Down. Go back with the left arrow, b or Page Up. Press q to leave; your place is kept for next time.

If the terminal is wide enough, two pages sit side by side like an open book. Make the window narrower and the pages reflow into one column; the text you were reading stays on screen.

# Keys

folio answers less's keys wherever they do not take a paging key away. A number before a key counts: 42g goes to page 42, 50% half way, 3 Space three pages on.

    Space, f, PgDn, Right, l, j     next page
    b, PgUp, Left, h, k, y          previous page
    g, Home        G, End           first and last page
    42g  50%                        page 42, half way through
    /word  ?word                    search forward, backward
    / Enter  n  N                   search again, next and previous match
    [  ]                            previous and next chapter
    =                               where you are in the file
    x                               right-to-left pages
    v                               vertical pages
    H                               this list, on top of the page
    q, Ctrl-C                       quit;  Ctrl-Z suspends

Searches are regular expressions: /chapter [0-9]+ finds chapter 7 and chapter 12. A search in lower case ignores case; a capital letter makes it exact.

With a mouse: the wheel turns pages, a click in the left or right third of the page goes back or forward, a click on a chapter in the top row goes there, and dragging the page sideways moves it under the pointer. Let go and it settles with the same physics a phone uses: a quick flick turns the page even if it moved only a little; a slow release returns to the nearest page.

# Reading anything

Give folio a file: folio notes.txt, or folio README.md. Markdown headings become the chapters in the top row. Pipe text in and folio reads it the way less does, as it arrives: git log --color=always | folio shows the colours, and a man page read with MANPAGER=folio shows its bold and underlined words.

Large files open at once. The page count at the bottom ends with a plus sign while folio is still counting pages; you can read, search and jump to a percentage before it finishes. A man page or a licence wrapped at 72 columns keeps its own lines: folio shows two pages side by side only when two of its width fit.

Wide characters such as 漢字 and emoji take two columns, Chinese and Japanese lines break between characters (never before 。 or 」), combining marks such as the accent in é take none, tabs line up on stops of eight, and a byte that is not valid UTF-8 shows as a replacement character. Nothing of the document is lost between pages: every character lands on exactly one page, in order.

# The engine

The engine is a value type. Every input — a drag, a tick of the clock, a key — is a mutating call that returns what the host must do: configure a slot with a page, place a slot at an offset, park a slot off screen, and the events that happened, in a fixed order and exactly once.

It never reads a clock. Time arrives as a number with each call, so tests replay exactly, and an animation is a pure function of the ticks it was given.

Positions are a whole page index plus a fraction. A Double alone resolves only an eighth of a page near page 10 to the 15th; Folio's positions stay exact there, and in loops that never end.

A fling across a thousand pages configures the pages it ends on, not the thousand between. A steady drag allocates no memory at all; the test suite counts every allocation to prove it.

# Spreads

A book shows one page at a time with its spine at the edge, or two pages with the spine in the middle. A spread starts on an even page, or on an odd page when the cover stands alone. Which one you get depends on the width of the terminal: two pages need room for two readable columns of text.

Right-to-left books turn the other way: press x to try it. Vertical paging (press v) stacks pages top to bottom, like a scroll.

# Your place

Folio remembers where you were in each document, under your state directory ($XDG_STATE_HOME/folio, or ~/.local/state/folio). It keeps the offset of the first character on the page, not the page number, so your place survives a different window size or a switch between one and two pages.

Run folio --forget to read without remembering.

# The end

That is all there is to it. Press Home to start over, or q to go back to your shell.
"""#
}
