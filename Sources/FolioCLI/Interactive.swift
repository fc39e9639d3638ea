import Foundation
import FolioTerminal

extension FolioCommand {
    /// Runs the reader on the terminal until the reader quits.
    func runInteractive(document: Document, options: ReaderOptions) throws {
        // Wired to the terminal layer once it lands; until then, plain pages.
        writePlainPages(of: document)
    }
}
