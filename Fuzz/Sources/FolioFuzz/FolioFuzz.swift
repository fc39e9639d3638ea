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
        // libFuzzer runs itself again for some jobs (-minimize_crash=1) with the
        // arguments it was given, which lack the target's name: the environment keeps it.
        let named = allTargets.first { $0.name == arguments[1] }
        let inherited = getenv(targetVariable).flatMap { name in allTargets.first { $0.name == String(cString: name) } }
        guard let target = named ?? inherited else {
            printError("FolioFuzz: no target named \(arguments[1]); --list shows them")
            exit(2)
        }
        setenv(targetVariable, target.name, 1)
        selectedTarget = target
        target.prepare()
        let skipped = named == nil ? 1 : 2
        let rest = Array(arguments.dropFirst(skipped))
        if rest.contains("--random") {
            exit(RandomDriver.run(target, arguments: rest.filter { $0 != "--random" }))
        }

        // The driver sees the program name and what follows the target's name.
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(CommandLine.argc) + 1)
        argv[0] = CommandLine.unsafeArgv[0]
        for index in skipped..<Int(CommandLine.argc) { argv[index - skipped + 1] = CommandLine.unsafeArgv[index] }
        argv[Int(CommandLine.argc) - skipped + 1] = nil
        var driverArgc = CommandLine.argc - Int32(skipped) + 1
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

/// The environment variable that names the target for libFuzzer's own re-runs.
let targetVariable = "FOLIO_FUZZ_TARGET"

/// The target the driver's callback runs; set once, before the driver starts.
nonisolated(unsafe) var selectedTarget: (any FuzzTarget.Type)?
