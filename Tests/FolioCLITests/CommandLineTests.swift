import FolioArguments
import Testing

/// The command line a release folio reads: the arguments kept at start-up
/// (Sources/FolioArguments) are the ones the Swift runtime finds its own way
/// in this test process (a debug build, where the runtime's search still runs).
@Suite struct CommandLineTests {
    @Test func theKeptArgumentsAreTheProcesssOwn() {
        var count: Int32 = 0
        let argv = folio_command_line(&count)
        let kept = (0..<Int(count)).map { argv?[$0].map { String(cString: $0) } ?? "(null)" }
        #expect(!kept.isEmpty, "nothing kept: the start-up hook did not run")
        #expect(kept == CommandLine.arguments)
    }
}
