import FolioArguments
import Testing

/// The command line a release folio reads: the arguments kept at start-up
/// (Sources/FolioArguments) are the ones the Swift runtime finds its own way
/// in this test process, where the runtime's own entry points and its search still run
/// (the overrides in arguments.c exist only in the static release executable).
@Suite struct CommandLineTests {
    @Test func theKeptArgumentsAreTheProcesssOwn() {
        var count: Int32 = 0
        let argv = folio_command_line(&count)
        let kept = (0..<Int(count)).map { argv?[$0].map { String(cString: $0) } ?? "(null)" }
        #expect(!kept.isEmpty, "nothing kept: the start-up hook did not run")
        #expect(kept == CommandLine.arguments)
    }
}
