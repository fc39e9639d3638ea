// swift-tools-version: 6.1
import PackageDescription

// The desktop window host lives in its own package so that the engine, the
// terminal reader and CI's `swift build` at the root never need SDL.
// Build and test it with `swift test --package-path View` (or Scripts/test-view,
// which installs the Debian packages first).
let package = Package(
    name: "FolioView",
    products: [
        .executable(name: "folio-view", targets: ["FolioViewer"]),
    ],
    dependencies: [
        .package(name: "Folio", path: ".."),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf from the system (Debian: libsdl2-dev,
        // libsdl2-image-dev, libsdl2-ttf-dev), with a shim for the macros Swift cannot import.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // fontconfig (Debian: libfontconfig-dev): which installed font has a character the
        // reading face lacks (Chinese, Japanese, …), for the text to fall back to.
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // HarfBuzz (Debian: libharfbuzz-dev, which libsdl2-ttf-dev depends on): the font's kerning of a
        // pair of characters, which SDL_ttf shapes with but does not report.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // libhyphen (Debian: libhyphen-dev) and the hyphen-* dictionaries: where a book's words break
        // at a line's end, by its language.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev", "hyphen-en-us"])]
        ),
        // libpng (Debian: libpng-dev, which libsdl2-image-dev brings) row by row: a PNG whose file ends
        // early, which SDL_image refuses whole, shows the rows that came.
        .target(name: "CPNGDecode", linkerSettings: [.linkedLibrary("png16")]),
        // Pure Swift, no SDL: the photo list, sizes, zoom and the page curl's geometry.
        // Always optimised: it resamples full-size photos, which an unoptimised build does 30 times slower.
        .target(
            name: "FolioViewCore",
            dependencies: [.product(name: "FolioReading", package: "Folio")],
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        // The SDL side: the window, decoding, text in pixels, drawing.
        .target(
            name: "FolioViewHost",
            dependencies: [
                "CSDL2", "CFontconfig", "CHarfBuzz", "CHyphen", "CPNGDecode", "FolioViewCore",
                .product(name: "CJPEGDecode", package: "Folio"),
                .product(name: "Folio", package: "Folio"),
                .product(name: "FolioReading", package: "Folio"),
                .product(name: "FolioStore", package: "Folio"),
                .product(name: "FolioEPUB", package: "Folio"),
                .product(name: "FolioFormats", package: "Folio"),
            ]
        ),
        .executableTarget(name: "FolioViewer", dependencies: ["FolioViewHost"]),
        .testTarget(name: "FolioViewCoreTests", dependencies: ["FolioViewCore", .product(name: "FolioReading", package: "Folio")]),
        // What both window test targets build their fixtures with (a picture EPUB, a stored zip).
        .target(name: "FolioViewTestSupport", path: "Tests/FolioViewTestSupport"),
        // Headless (SDL's dummy video driver, software renderer): frames compared with committed golden images.
        .testTarget(name: "FolioViewHostTests", dependencies: ["FolioViewHost", "FolioViewCore", "CSDL2", "FolioViewTestSupport"],
                    exclude: ["Golden"]),
        // End-to-end: the real folio-view under Xvfb, driven by xdotool.
        .testTarget(name: "FolioViewerTests", dependencies: ["FolioViewer", "FolioViewTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
