// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the library never depends on
// benchmark tooling. Run them with `bash Benchmarks/run` from the root.
let package = Package(
    name: "FolioBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Folio", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The baselines (written from the seeds' descriptions, never used by
        // the product), a minimal host of the engine, and the real text.
        .target(name: "Baselines", dependencies: [.product(name: "Folio", package: "Folio")]),
        // Timing and allocations, in ordo-one's harness.
        .executableTarget(
            name: "FolioBenchmarks",
            dependencies: [
                "Baselines",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Folio", package: "Folio"),
                .product(name: "FolioReading", package: "Folio"),
            ],
            path: "Benchmarks/FolioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Drag updates alone, for callgrind's instruction count (Benchmarks/drag-instructions).
        .executableTarget(
            name: "DragInstructions",
            dependencies: ["Baselines", "CopyCounter", .product(name: "Folio", package: "Folio")]
        ),
        // A memcpy that counts bytes, for the guard against values copied per drag update
        // (DWARF 4: valgrind 3.19, which counts the instructions, cannot read clang's DWARF 5 here).
        .target(name: "CopyCounter", cSettings: [.unsafeFlags(["-fno-builtin", "-gdwarf-4"])]),
        // The heap's live bytes (glibc's mallinfo2), for "bytes held".
        .target(name: "HeapBytes"),
        // Counts and simulations (no timing), and the report: docs/BENCHMARKS.md.
        .executableTarget(
            name: "FolioFigures",
            dependencies: [
                "Baselines", "HeapBytes",
                .product(name: "Folio", package: "Folio"),
                .product(name: "FolioReading", package: "Folio"),
                .product(name: "FolioTerminal", package: "Folio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
