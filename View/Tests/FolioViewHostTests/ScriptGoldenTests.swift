import CSDL2
import Foundation
import FolioReading
import FolioViewCore
@testable import FolioViewHost
import FolioViewTestSupport
import Testing

/// A page of each script as a headless window draws it, compared with a
/// golden image (``Golden``'s tolerance): English kerned, hyphenated and
/// justified in a narrow column, in each theme; Arabic joined and flush
/// right; Hebrew flush right with its numbers in order; Japanese from the
/// installed CJK font with ruby. Each book is a one-chapter EPUB declaring its
/// language, as a real book does.
@MainActor
@Suite(.serialized) struct ScriptGoldenTests {
    static let size = PixelSize(width: 420, height: 360)

    /// Text no one here wrote: the opening of the GPL's preamble.
    static let english = """
        The GNU General Public License is a free, copyleft license for software and other kinds of works. \
        The licenses for most software and other practical works are designed to take away your freedom to share \
        and change the works. By contrast, the GNU General Public License is intended to guarantee your freedom \
        to share and change all versions of a program. AVATAR WAVE, Type, Yellow, Vowel.
        """
    static let arabic = """
        السلام عليكم. اللغة العربية هي لغة سامية يتحدث بها أكثر من ثلاثمائة مليون إنسان، \
        وتكتب من اليمين إلى اليسار بحروف تتصل ببعضها في الكلمة الواحدة. العدد 2024 يبقى كما هو.
        """
    static let hebrew = """
        גרסה 2.5 של התוכנה יצאה ב־12 במרץ. העברית נכתבת מימין לשמאל, והמספרים 3.14 ו־1000 נשארים \
        בסדרם. זוהי פסקה ארוכה מספיק כדי להישבר לשתי שורות או יותר.
        """
    static let japanese = """
        <ruby>吾輩<rt>わがはい</rt></ruby>は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で\
        ニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。
        """

    /// The window on a one-chapter EPUB of `text` in `language` under the heading `title`
    /// (which the strip shows), settled on its first page.
    func open(_ text: String, title: String, language: String, _ rig: Rig, in folder: URL) throws -> BookViewer {
        let path = try TextEPUB.write(in: folder, name: "script-\(language)", title: title, language: language,
                                      body: "<h1>\(title)</h1><p>\(text)</p>")
        let viewer = try BookViewer(screen: rig.screen, path: path, transition: .none, forget: true,
                                    options: ReadingOptions(spread: .single, scrollsText: false), at: rig.now)
        rig.settle(viewer)
        return viewer
    }

    func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-script-golden-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// English in a column of about 40 characters: hyphenated, justified and kerned, light, sepia and dark.
    @Test func englishHyphenatedAndJustifiedInEachTheme() throws {
        try withFolder { folder in
            let rig = Rig(size: Self.size)
            let viewer = try open(Self.english, title: "Preamble", language: "en", rig, in: folder)
            #expect(viewer.session.hyphenates && viewer.style.justified)
            let laid = viewer.session.layout(ofPage: viewer.session.currentPage)
            #expect(laid.lines.contains { $0.ending == .hyphen }, "no line of the page ends in a broken word")
            #expect(!viewer.justification(onPage: viewer.session.currentPage).rows.isEmpty)
            for theme in ["light", "sepia", "dark"] {
                #expect(viewer.style.theme.rawValue == theme)
                try rig.expectFrame(viewer, "script-english-\(theme)")
                rig.key(SDLK_t, with: [KMOD_LCTRL], viewer)
                rig.settle(viewer)
            }
        }
    }

    /// Arabic: letters joined, lines flush right, the numbers in order, in the page and the strip.
    @Test func arabicJoinedAndFlushRight() throws {
        try withFolder { folder in
            let rig = Rig(size: Self.size)
            try rig.expectFrame(try open(Self.arabic, title: "الفصل 1: مقدمة", language: "ar", rig, in: folder), "script-arabic")
        }
    }

    /// Hebrew: lines flush right, `2.5`, `3.14` and `1000` as written, in the page and the strip.
    @Test func hebrewFlushRightWithNumbersInOrder() throws {
        try withFolder { folder in
            let rig = Rig(size: Self.size)
            try rig.expectFrame(try open(Self.hebrew, title: "פרק 2: מבוא", language: "he", rig, in: folder), "script-hebrew")
        }
    }

    /// Japanese from the installed CJK font (Scripts/test-view installs fonts-noto-cjk when none
    /// has it), its first word's ruby drawn above it.
    @Test func japaneseFromTheCJKFont() throws {
        try #require(ScriptTests.aCJKFontIsInstalled, "no installed font has 中 (Scripts/test-view installs fonts-noto-cjk)")
        try withFolder { folder in
            let rig = Rig(size: Self.size)
            try rig.expectFrame(try open(Self.japanese, title: "第一章 猫", language: "ja", rig, in: folder), "script-japanese")
        }
    }
}
