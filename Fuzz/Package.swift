// swift-tools-version: 6.1
import PackageDescription

// The fuzzers live in their own package so the library never depends on
// fuzzing tooling. Build and run them with `bash Fuzz/run` from the root:
// libFuzzer with AddressSanitizer, one executable, a target chosen by name.
let package = Package(
    name: "FolioFuzz",
    dependencies: [
        .package(name: "Folio", path: ".."),
    ],
    targets: [
        // libFuzzer's entry point, LLVMFuzzerRunDriver, declared for Swift.
        .target(name: "CLibFuzzer"),
        // libarchive (libarchive-dev), the zip target's reference reader.
        .systemLibrary(name: "CLibArchive", providers: [.apt(["libarchive-dev"])]),
        // PCRE2 (libpcre2-dev), the reference the pattern target checks Pattern against: the
        // fuzzers' own dependency, never the library's. Fuzz/run installs it when missing.
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .executableTarget(
            name: "FolioFuzz",
            dependencies: [
                "CLibFuzzer",
                "CLibArchive",
                "CPCRE2",
                .product(name: "Folio", package: "Folio"),
                .product(name: "FolioReading", package: "Folio"),
                .product(name: "FolioTerminal", package: "Folio"),
                .product(name: "FolioStore", package: "Folio"),
                .product(name: "FolioEPUB", package: "Folio"),
                .product(name: "FolioPictures", package: "Folio"),
                .product(name: "FolioFormats", package: "Folio"),
                .product(name: "FolioComics", package: "Folio"),
                .product(name: "FolioPDF", package: "Folio"),
            ],
            // gold fails to link libFuzzer's runtime with SwiftPM's renamed entry point; lld does.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
