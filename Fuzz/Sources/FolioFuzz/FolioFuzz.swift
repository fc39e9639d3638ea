import CLibFuzzer
#if canImport(Glibc)
import Glibc
#endif

/// One executable for every fuzz target: `FolioFuzz TARGET [libFuzzer flags] [corpus…]`
/// runs libFuzzer on the named target; `FolioFuzz --list` prints the targets.
///
/// libFuzzer's own `main` is not used: ours picks the target, then hands the
/// remaining arguments to `LLVMFuzzerRunDriver`.
@main
enum FolioFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            printError("usage: FolioFuzz --list | FolioFuzz TARGET [libFuzzer flags] [corpus…]")
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

        // The driver sees the program name and what follows the target's name.
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(CommandLine.argc))
        argv[0] = CommandLine.unsafeArgv[0]
        for index in 2..<Int(CommandLine.argc) { argv[index - 1] = CommandLine.unsafeArgv[index] }
        argv[Int(CommandLine.argc) - 1] = nil
        var driverArgc = CommandLine.argc - 1
        var driverArgv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        exit(LLVMFuzzerRunDriver(&driverArgc, &driverArgv) { data, size in
            let input = UnsafeRawBufferPointer(start: data, count: size)
            selectedTarget?.check(input)
            return 0
        })
    }
}

/// The target libFuzzer's callback runs; set once, before the driver starts.
nonisolated(unsafe) var selectedTarget: (any FuzzTarget.Type)?
