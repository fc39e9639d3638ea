// swift-tools-version: 6.1
import PackageDescription

// The release folio calls each generic type's metadata accessor directly instead of
// instantiating the type from its mangled name (the runtime's demangling and the
// conformance searches it does to check generic requirements), and each of its functions
// gets a section of its own, so the release link can lay out the first screen's code
// together (firstFrameOrder below). Only on the executable: unsafe flags on a library
// would keep any package from depending on Folio by version.
let directMetadata: [SwiftSetting] = [
    .unsafeFlags([
        "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
        "-Xfrontend", "-function-sections",
    ], .when(configuration: .release)),
]

// The functions a release folio runs before its first frame and the data they touch,
// written by Scripts/first-frame-order, placed together by lld (which, unlike gold,
// moves the sections of the standard library and the C library by the symbols in
// them): a run that shows a 1 MB file's first screen at 200×50 and quits faults on 334
// pages against 427 unordered (perf stat -e page-faults, median of 9). lld names every
// symbol of the list it no longer finds, and Benchmarks/ci-smoke fails on one.
let firstFrameOrder = "\(Context.packageDirectory)/Sources/FolioCLI/first-frame.order"

// The tests built in release (the liveness property's long run: FOLIO_RELEASE_TESTS=1 swift test
// -c release -Xswiftc -enable-testing) link folio's code into a test bundle, which cannot be a static
// executable: there the release link of folio above is left out, and folio links as a debug build does.
let releaseTests = Context.environment["FOLIO_RELEASE_TESTS"] != nil

let package = Package(
    name: "Folio",
    products: [
        .library(name: "Folio", targets: ["Folio"]),
        .library(name: "FolioStore", targets: ["FolioStore"]),
        .library(name: "FolioReading", targets: ["FolioReading"]),
        .library(name: "FolioTerminal", targets: ["FolioTerminal"]),
        // For the nested packages (Fuzz/, View/), which open books through the public API only.
        .library(name: "FolioEPUB", targets: ["FolioEPUB"]),
        .library(name: "FolioFormats", targets: ["FolioFormats"]),
        // Comics and PDFs opened with small limits, page by page, by the fuzzer (Fuzz/).
        .library(name: "FolioComics", targets: ["FolioComics"]),
        .library(name: "FolioPDF", targets: ["FolioPDF"]),
        .library(name: "CJPEGDecode", targets: ["CJPEGDecode"]),
        // Pictures decoded for the terminal (and fuzzed, Fuzz/, against the reading layer's header reader).
        .library(name: "FolioPictures", targets: ["FolioPictures"]),
        .executable(name: "folio", targets: ["FolioCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
    ],
    targets: [
        // The engine: standard library only, no Foundation, no I/O, no clock.
        .target(
            name: "Folio",
            // Double.rounded(_:) lowers to libm's floor/ceil/round; on Linux
            // nothing else links libm when the program imports no C library.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]
        ),
        // Position memory on disk: a JSON file per document, written atomically.
        .target(name: "FolioStore", dependencies: ["Folio", "FolioReading"]),
        // The reading layer every host shares: documents, pagination against a
        // host's measurer, styles, search, and the reading session. Draws nothing.
        .target(name: "FolioReading", dependencies: ["Folio"]),
        // The terminal host: cells, input decoding, frames, the tty.
        .target(name: "FolioTerminal", dependencies: ["Folio", "FolioReading"]),
        // zlib from the system (zlib1g-dev): Scripts/test and .ci/run install it when missing.
        // Not "CZlib": ZIPFoundation, which the EPUB tests use, has a module of that name.
        .systemLibrary(name: "CFolioZlib", providers: [.apt(["zlib1g-dev"])]),
        // EPUB books read in place (nothing extracted) and turned into display
        // text: UTF-8 with SGR styles plus side tables, a BookSource for the reading layer.
        // Entries inflate through zlib.
        .target(
            name: "FolioEPUB",
            dependencies: ["FolioReading", "CFolioZlib"]
        ),
        // What folio opens besides plain text, as less does: .gz inflated as it is read, the
        // LESSOPEN/LESSCLOSE input preprocessor, and less's guess at a binary file.
        .target(name: "FolioInput", dependencies: ["CFolioZlib"]),
        // libarchive from the system (libarchive-dev): Scripts/test, Scripts/run and .ci/run install it.
        .systemLibrary(name: "CFolioArchive", providers: [.apt(["libarchive-dev"])]),
        // Comic books (CBZ, CBR, CB7, CBT, a folder of pictures) read in place through libarchive,
        // and ComicInfo.xml: a BookSource of picture pages for the reading layer.
        .target(
            name: "FolioComics",
            dependencies: ["FolioReading", "FolioEPUB", "CFolioArchive"],
            // What libarchive.a needs for the readers folio registers (zip, RAR, RAR 5, 7-Zip, tar):
            // a static link names them; a debug build finds them through libarchive.so anyway.
            linkerSettings: ["nettle", "lzma", "zstd", "bz2", "z"].map { .linkedLibrary($0, .when(platforms: [.linux])) }
        ),
        // libchafa (libchafa-dev, with GLib) and the picture decoders stb_image (libstb-dev) and
        // libwebp (libwebp-dev): Scripts/install-packages installs them.
        .systemLibrary(name: "CFolioChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(name: "CFolioImage", providers: [.apt(["libstb-dev", "libwebp-dev"])]),
        // JPEGs decoded by libjpeg (libjpeg-dev) at a reduced DCT scale, so a picture far larger than
        // where it is drawn is never decoded whole: the terminal's pictures and the window's photos.
        .target(name: "CJPEGDecode", linkerSettings: [.linkedLibrary("jpeg")]),
        // Pictures in the terminal: decoded off the main thread, drawn as Unicode blocks in 24-bit colour
        // (or sixel, kitty, iTerm2) by chafa, sized to the cells a page gives them.
        .target(
            name: "FolioPictures",
            dependencies: ["FolioReading", "FolioTerminal", "CFolioChafa", "CFolioImage", "CJPEGDecode"],
                        // GLib's static library needs PCRE2's; a debug build finds it through libglib-2.0.so.
            linkerSettings: [.linkedLibrary("pcre2-8", .when(platforms: [.linux]))]
        ),
        // PDF through MuPDF (libmupdf-dev, static only in Debian), behind a C shim that catches its
        // longjmp errors (fz_try) and lets pages be drawn on several threads. Only the PDF handler is
        // registered, so MuPDF's HTML layout (and HarfBuzz, of which Debian has no static library) is left out.
        .target(
            name: "CFolioPDF",
            linkerSettings: ["mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg", "freetype", "png16",
                             "brotlidec", "brotlicommon", "bz2", "z", "m"].map { .linkedLibrary($0, .when(platforms: [.linux])) }
        ),
        // PDF documents as the reading layer reads books: each page a part whose picture MuPDF draws at
        // the size it is shown, its text in reading order (search, plain output), its outline and links.
        .target(name: "FolioPDF", dependencies: ["FolioReading", "CFolioPDF"]),
        // The formats read as books rather than text (EPUB, comics, PDF), opened alike by every host.
        .target(name: "FolioFormats", dependencies: ["FolioReading", "FolioEPUB", "FolioComics", "FolioPDF"]),
        // The command line kept as the C library hands it over, in place of the Swift runtime's
        // search of /proc/self/maps for it (see arguments.c): `folio --version` 0.86 → 0.76 ms.
        // Its overrides of the runtime's entry points exist only in the static release executable.
        .target(name: "FolioArguments", cSettings: releaseTests ? [] : [
            .define("FOLIO_STATIC_RELEASE", .when(platforms: [.linux], configuration: .release)),
        ]),
        .executableTarget(
            name: "FolioCLI",
            dependencies: [
                "Folio", "FolioReading", "FolioTerminal", "FolioStore", "FolioEPUB", "FolioArguments", "FolioInput", "FolioFormats", "FolioPictures",
            ],
            exclude: ["first-frame.order"],
            swiftSettings: directMetadata,
            // A release folio is one static executable: no dynamic loader, no shared
            // libraries to find and relocate (2.6 M of the 2.7 M instructions of
            // `folio --version`), so the first screen comes as soon as less's.
            linkerSettings: releaseTests ? [] : [
                .unsafeFlags(["-static-executable", "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(firstFrameOrder)"],
                             .when(platforms: [.linux], configuration: .release)),
                // FoundationEssentials's own parts, which a static link must name.
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // A malloc that counts per thread, so a test can prove a code path allocates nothing.
        .target(name: "AllocationCounter", path: "Tests/AllocationCounter"),
        .target(
            name: "FolioTestSupport",
            dependencies: ["Folio", "FolioReading", "AllocationCounter"],
            path: "Tests/FolioTestSupport"
        ),
        .testTarget(
            name: "FolioTests",
            dependencies: [
                "Folio", "FolioTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "FolioStoreTests",
            dependencies: [
                "FolioStore", "Folio", "FolioReading",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "FolioReadingTests",
            dependencies: [
                "FolioReading", "Folio", "FolioTestSupport", "FolioEPUB",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // End-to-end: runs the real folio binary, in tmux for the terminal.
        .testTarget(name: "FolioCLITests", dependencies: ["FolioCLI", "FolioArguments", "FolioTestSupport"]),
        .testTarget(
            name: "FolioTerminalTests",
            dependencies: [
                "FolioTerminal", "Folio", "FolioTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Pictures decoded and drawn as cells, checked against ImageMagick's reading of the same files.
        .testTarget(name: "FolioPicturesTests", dependencies: ["FolioPictures", "FolioTerminal", "FolioReading", "FolioTestSupport", "FolioComics"]),
        // Comics built in the test by zip, tar and 7z from real pictures.
        .testTarget(name: "FolioComicsTests", dependencies: ["FolioComics", "FolioReading", "FolioTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "FolioPDFTests", dependencies: ["FolioPDF", "FolioReading", "FolioTestSupport"]),
        // Checked against the real thing: gzip and zcat, /bin/sh, less.
        .testTarget(name: "FolioInputTests", dependencies: ["FolioInput", "FolioTestSupport"]),
        .testTarget(
            name: "FolioEPUBTests",
            dependencies: [
                "FolioEPUB", "FolioReading", "FolioTestSupport",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Read through #filePath, so they are not bundled.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
