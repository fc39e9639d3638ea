import CLibFuzzer
#if canImport(Glibc)
import Glibc
#endif

/// One executable for every fuzz target:
/// - `FolioFuzz --list` prints the targets;
/// - `FolioFuzz TARGET [libFuzzer flags] [corpus…]` runs libFuzzer on the
///   target (a build with `-sanitize=fuzzer`);
/// - `FolioFuzz TARGET --random [--seconds N] [--seed S] [--artifact-prefix P] [corpus…]`
///   runs the seeded random driver instead (``RandomDriver``), for a
///   toolchain without libFuzzer.
///
/// libFuzzer's own `main` is not used: ours picks the target, then hands the
/// remaining arguments to `LLVMFuzzerRunDriver`.
@main
enum FolioFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            printError("usage: FolioFuzz --list | FolioFuzz TARGET [--random] [flags] [corpus…]")
            exit(2)
        }
        if arguments[1] == "--list" {
            for target in allTargets { print("\(target.name)\t\(target.summary)") }
            return
        }
        guard let target = allTargets.first(where: { $0.name == arguments[1] }) else {
            printError("FolioFuzz: no target named \(arguments[1]); --list shows them")
            exit(2)
        }
        selectedTarget = target
        target.prepare()
        let rest = Array(arguments.dropFirst(2))
        if rest.contains("--random") {
            exit(RandomDriver.run(target, arguments: rest.filter { $0 != "--random" }))
        }

        // The driver sees the program name and what follows the target's name.
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(CommandLine.argc))
        argv[0] = CommandLine.unsafeArgv[0]
        for index in 2..<Int(CommandLine.argc) { argv[index - 1] = CommandLine.unsafeArgv[index] }
        argv[Int(CommandLine.argc) - 1] = nil
        var driverArgc = CommandLine.argc - 1
        var driverArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        let status = folio_run_libfuzzer(&driverArgc, &driverArgv) { data, size in
            selectedTarget?.check(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
        if status == FOLIO_NO_LIBFUZZER {
            printError("FolioFuzz: built without libFuzzer (-sanitize=fuzzer); run with --random for the seeded random driver")
            exit(2)
        }
        exit(status)
    }
}

/// The target the driver's callback runs; set once, before the driver starts.
nonisolated(unsafe) var selectedTarget: (any FuzzTarget.Type)?
