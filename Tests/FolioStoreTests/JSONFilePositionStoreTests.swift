import Foundation
import Testing
import PropertyBased
import Folio
@testable import FolioStore

@Suite struct JSONFilePositionStoreTests {
    let notes = DocumentIdentity.file(path: "/home/ada/notes.md", size: 18_204, modifiedSeconds: 1_717_171_717)
    let piped = DocumentIdentity.content(of: Array("cat | folio\n".utf8))
    let here = ReadingPosition(anchor: 5_120, page: 12, pageCount: 340)

    @Test func aSavedPositionLoadsBack() throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let store = log.store(in: directory)
            #expect(store.load(for: notes) == nil, "nothing saved yet")
            #expect(store.read(for: notes) == .missing)
            try store.save(here, for: notes)
            try store.save(ReadingPosition(anchor: 3, page: 0, pageCount: 1), for: piped)
            #expect(store.load(for: notes) == here)
            #expect(store.load(for: piped) == ReadingPosition(anchor: 3, page: 0, pageCount: 1))
            let later = ReadingPosition(anchor: 6_000, page: 14, pageCount: 340)
            try store.save(later, for: notes)
            #expect(store.load(for: notes) == later, "the last save wins")
            #expect(JSONFilePositionStore(directory: directory).load(for: notes) == later, "a new store reads the same file")
            #expect(try entries(of: directory) == [store.fileName(for: notes), store.fileName(for: piped)].sorted())
            #expect(log.warnings == [])
        }
    }

    @Test func theFileIsNamedByTheIdentitysHashAndReadsAsJSON() throws {
        try withTemporaryDirectory { directory in
            let store = JSONFilePositionStore(directory: directory + "/")
            #expect(store.directory == directory, "a trailing slash is dropped")
            try store.save(here, for: notes)
            let name = store.fileName(for: notes)
            #expect(name.count == 21 && name.hasSuffix(".json")
                    && name.dropLast(5).allSatisfy { "0123456789abcdef".contains($0) }, "\(name)")
            #expect(name == notes.fingerprint.hex + ".json")
            // Read back with a different JSON reader than the store's.
            let data = try Data(contentsOf: URL(fileURLWithPath: store.path(for: notes)))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(object?.keys.sorted() == ["anchor", "document", "format", "page", "pageCount"])
            #expect(object?["anchor"] as? Int == 5_120 && object?["page"] as? Int == 12 && object?["pageCount"] as? Int == 340)
            #expect(object?["document"] as? String == notes.key && object?["format"] as? Int == 1)
        }
    }

    /// Marks are saved beside the anchor, as an object from each mark's name to its byte offset;
    /// a position without marks writes no `marks` field, as folio wrote before it kept marks.
    @Test func marksAreSavedWithThePositionAndLoadBack() throws {
        try withTemporaryDirectory { directory in
            let store = JSONFilePositionStore(directory: directory)
            let marked = here.marking(["a": 4_096, "Z": 0, "'": 880, "é": 12])
            try store.save(marked, for: notes)
            #expect(store.load(for: notes) == marked)
            let data = try Data(contentsOf: URL(fileURLWithPath: store.path(for: notes)))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            #expect(object?["marks"] as? [String: Int] == ["a": 4_096, "Z": 0, "'": 880, "é": 12])
            try store.save(here, for: notes)
            let plain = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store.path(for: notes)))) as? [String: Any]
            #expect(plain?["marks"] == nil, "no marks, no field")
            #expect(store.load(for: notes) == here)
        }
    }

    /// A file written before marks were kept — format 1 without `marks`, byte for byte what the
    /// previous folio wrote — loads as the position with no marks, and is not warned about.
    @Test func aFileFromBeforeMarksLoadsWithNone() throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let store = log.store(in: directory)
            let old = """
                {
                  "anchor" : 5120,
                  "document" : "\(notes.key)",
                  "format" : 1,
                  "page" : 12,
                  "pageCount" : 340
                }

                """
            #expect(FileManager.default.createFile(atPath: store.path(for: notes), contents: Data(old.utf8)))
            let loaded = store.load(for: notes)
            #expect(loaded == here && loaded?.marks == [:])
            #expect(log.warnings == [])
        }
    }

    @Test func aMissingFolderIsCreatedOnSave() throws {
        try withTemporaryDirectory { directory in
            let nested = directory + "/state/folio"
            let store = JSONFilePositionStore(directory: nested)
            #expect(store.load(for: notes) == nil, "loading does not create anything")
            #expect(!FileManager.default.fileExists(atPath: directory + "/state"))
            try store.save(here, for: notes)
            #expect(store.load(for: notes) == here)
            let mode = try FileManager.default.attributesOfItem(atPath: nested)[.posixPermissions] as? Int
            #expect(mode == 0o700, "mode \(String(mode ?? 0, radix: 8))")
        }
    }

    /// Each kind of damage is ignored with a warning naming it, and the next save replaces the file.
    @Test(arguments: [
        ("garbage bytes", Array([0xff, 0xfe, 0x00, 0x9c, 0x42, 0x13]), "corrupt"),
        ("empty file", [], "corrupt"),
        ("truncated JSON", Array(#"{"anchor" : 5120, "document" : "file si"#.utf8), "corrupt"),
        ("a JSON array", Array("[1, 2, 3]".utf8), "corrupt"),
        ("anchor as text", Array(#"{"format":1,"document":"D","anchor":"5120","page":1,"pageCount":2}"#.utf8), "corrupt"),
        ("document as number", Array(#"{"format":1,"document":7,"anchor":5,"page":1,"pageCount":2}"#.utf8), "corrupt"),
        ("page missing", Array(#"{"format":1,"document":"D","anchor":5,"pageCount":2}"#.utf8), "corrupt"),
        ("page null", Array(#"{"format":1,"document":"D","anchor":5,"page":null,"pageCount":2}"#.utf8), "corrupt"),
        ("negative anchor", Array(#"{"format":1,"document":"D","anchor":-5,"page":1,"pageCount":2}"#.utf8), "corrupt"),
        ("page past the count", Array(#"{"format":1,"document":"D","anchor":5,"page":7,"pageCount":3}"#.utf8), "corrupt"),
        ("fractional page", Array(#"{"format":1,"document":"D","anchor":5,"page":1.5,"pageCount":3}"#.utf8), "corrupt"),
        ("no format", Array(#"{"document":"D","anchor":5,"page":1,"pageCount":3}"#.utf8), "corrupt"),
        ("too large", Array(repeating: 0x20, count: JSONFilePositionStore.maximumFileSize + 1), "corrupt"),
        ("a mark of two letters", Array(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":3,"marks":{"ab":4}}"#.utf8), "corrupt"),
        ("a mark at a negative offset", Array(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":3,"marks":{"a":-4}}"#.utf8), "corrupt"),
        ("marks as a list", Array(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":3,"marks":[4]}"#.utf8), "corrupt"),
        ("a newer format", Array(#"{"format":2,"document":"D","anchor":5,"page":1,"pageCount":3}"#.utf8), "unsupportedFormat"),
        ("another document", Array(#"{"format":1,"document":"E","anchor":5,"page":1,"pageCount":3}"#.utf8), "otherDocument"),
    ])
    func aDamagedFileIsIgnoredWithAWarningThenReplaced(damage: String, bytes: [UInt8], kind: String) throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let id = DocumentIdentity(key: "D")
            let store = log.store(in: directory)
            let path = store.path(for: id)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            #expect(store.load(for: id) == nil, "\(damage): loads as nothing")
            let warnings = log.warnings
            #expect(warnings.count == 1, "\(damage): one warning, got \(warnings)")
            if let warning = warnings.first {
                let got = switch warning {
                case .corrupt: "corrupt"
                case .unreadable: "unreadable"
                case .unsupportedFormat: "unsupportedFormat"
                case .otherDocument: "otherDocument"
                }
                #expect(got == kind && warning.path == path, "\(damage): \(warning)")
                #expect(warning.description.hasPrefix("Ignored the saved reading position in \(path): "), "\(warning)")
            }
            try store.save(here, for: id)
            #expect(store.load(for: id) == here, "\(damage): the next save replaced the file")
            #expect(log.warnings.count == 1, "\(damage): no warning after the save")
        }
    }

    @Test func warningsNameTheFieldAtFault() throws {
        try withTemporaryDirectory { directory in
            let id = DocumentIdentity(key: "D")
            let store = JSONFilePositionStore(directory: directory)
            func reading(_ json: String) -> JSONFilePositionStore.Reading {
                _ = FileManager.default.createFile(atPath: store.path(for: id), contents: Data(json.utf8))
                return store.read(for: id)
            }
            let path = store.path(for: id)
            #expect(reading("{ not json") == .ignored(.corrupt(path: path, reason: "it is not valid JSON")))
            #expect(reading(#"{"format":1,"document":"D","anchor":"5","page":1,"pageCount":2}"#)
                    == .ignored(.corrupt(path: path, reason: "the field \"anchor\" is not an integer")))
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"pageCount":2}"#)
                    == .ignored(.corrupt(path: path, reason: "the field \"page\" is missing")))
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"page":4,"pageCount":2}"#)
                    == .ignored(.corrupt(path: path, reason: "the field \"pageCount\": page 4 is not below the page count 2")))
            #expect(reading(#"{"format":3,"document":"D"}"#) == .ignored(.unsupportedFormat(path: path, format: 3)))
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":2,"marks":{"ab":3}}"#)
                    == .ignored(.corrupt(path: path, reason: "the field \"marks\": the mark \"ab\" is not one character")))
            // A line break in a mark's name (the fuzzer's find) is written as \n: the warning stays one line.
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":2,"marks":{"a\nb":3}}"#)
                    == .ignored(.corrupt(path: path, reason: #"the field "marks": the mark "a\nb" is not one character"#)))
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":2,"marks":{"\n":-3}}"#)
                    == .ignored(.corrupt(path: path, reason: #"the field "marks": the mark "\n" is at a negative offset, -3"#)))
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":2,"marks":{"\n":"x"}}"#)
                    == .ignored(.corrupt(path: path, reason: #"the field "marks.\n" is not an integer"#)))
            #expect(reading(#"{"format":1,"document":"D","anchor":5,"page":1,"pageCount":2}"#)
                    == .found(ReadingPosition(anchor: 5, page: 1, pageCount: 2)), "a hand-written file is read")
        }
    }

    @Test func aDirectoryInPlaceOfTheFileIsUnreadableAndTheSaveFailsCleanly() throws {
        try withTemporaryDirectory { directory in
            let log = WarningLog()
            let store = log.store(in: directory)
            let path = store.path(for: notes)
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            #expect(store.load(for: notes) == nil)
            #expect(log.warnings == [.unreadable(path: path, reason: "it is not a regular file")])
            #expect {
                try store.save(here, for: notes)
            } throws: { error in
                guard case .cannotWrite(let failed, let reason) = error as? PositionStoreError else { return false }
                return failed == path && !reason.isEmpty
            }
            #expect(try entries(of: directory) == [store.fileName(for: notes)], "no temporary file left behind")
        }
    }

    @Test func manySavesLeaveOnlyThePositionFiles() throws {
        try withTemporaryDirectory { directory in
            let store = JSONFilePositionStore(directory: directory)
            let ids = (0..<5).map { DocumentIdentity(key: "document \($0)") }
            for round in 0..<20 {
                for (n, id) in ids.enumerated() {
                    try store.save(ReadingPosition(anchor: round * 100 + n, page: round, pageCount: 20), for: id)
                }
            }
            #expect(try entries(of: directory) == ids.map(store.fileName(for:)).sorted())
            for (n, id) in ids.enumerated() {
                #expect(store.load(for: id) == ReadingPosition(anchor: 1_900 + n, page: 19, pageCount: 20), "\(id)")
            }
        }
    }

    @Test func anUnwritableFolderIsATypedErrorThatSaysWhatToDo() throws {
        try withTemporaryDirectory { (directory: String) throws -> Void in
            // A regular file where a parent folder should be: refused even for root.
            let blocker = directory + "/state"
            #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
            let store = JSONFilePositionStore(directory: blocker + "/folio")
            var thrown: PositionStoreError?
            do throws(PositionStoreError) { try store.save(here, for: notes) } catch { thrown = error }
            #expect(thrown == .cannotCreateDirectory(path: blocker, reason: "Not a directory"))
            #expect(thrown?.description == "Cannot create the folder \(blocker) for reading positions: Not a directory. "
                    + "Make it writable, or set XDG_STATE_HOME to a folder you can write to.")
            #expect(try entries(of: directory) == ["state"])
        }
    }

    /// Skipped as root, who writes anywhere; the test above covers root.
    @Test(.enabled(if: getuid() != 0, "root ignores folder permissions"))
    func aReadOnlyFolderIsATypedError() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory) }
            let store = JSONFilePositionStore(directory: directory)
            #expect(throws: PositionStoreError.cannotWrite(path: store.path(for: notes), reason: "Permission denied")) {
                try store.save(here, for: notes)
            }
        }
    }

    @Test func theDefaultFolderFollowsXDG() {
        let cases: [([String: String], String?)] = [
            (["XDG_STATE_HOME": "/var/state", "HOME": "/home/ada"], "/var/state/folio"),
            (["XDG_STATE_HOME": "/var/state/", "HOME": "/home/ada"], "/var/state/folio"),
            (["XDG_STATE_HOME": "", "HOME": "/home/ada"], "/home/ada/.local/state/folio"),
            (["XDG_STATE_HOME": "relative/state", "HOME": "/home/ada"], "/home/ada/.local/state/folio"),
            (["HOME": "/home/ada/"], "/home/ada/.local/state/folio"),
            (["HOME": "/"], "/.local/state/folio"),
            (["XDG_STATE_HOME": "relative"], nil),
            (["HOME": ""], nil),
            ([:], nil),
        ]
        for (environment, expected) in cases {
            let got = Result { () throws(PositionStoreError) in try JSONFilePositionStore.defaultDirectory(environment: environment) }
            switch (got, expected) {
            case (.success(let path), let want?): #expect(path == want, "\(environment)")
            case (.failure(let error), nil): #expect(error == .noStateDirectory, "\(environment)")
            default: Issue.record("\(environment): got \(got), want \(expected ?? "an error")")
            }
        }
        #expect(throws: PositionStoreError.noStateDirectory) { try JSONFilePositionStore(environment: [:]) }
        #expect((try? JSONFilePositionStore(environment: ["HOME": "/h"]))?.directory == "/h/.local/state/folio")
    }

    /// The two variables read alone are the process's own, and the folder
    /// they give is the one the whole environment gives.
    @Test func theStateVariablesAreThisProcesssOwn() {
        let whole = ProcessInfo.processInfo.environment
        let read = JSONFilePositionStore.stateVariables
        #expect(read["HOME"] == whole["HOME"])
        #expect(read["XDG_STATE_HOME"] == whole["XDG_STATE_HOME"])
        #expect(Set(read.keys).isSubset(of: ["HOME", "XDG_STATE_HOME"]))
        #expect((try? JSONFilePositionStore.defaultDirectory(environment: read)) == (try? JSONFilePositionStore.defaultDirectory(environment: whole)))
    }

    /// 300 random positions under random identities (any text, any length)
    /// save and load back unchanged through one folder.
    @Test func randomPositionsRoundTrip() async throws {
        try await withTemporaryDirectory { directory in
            let store = JSONFilePositionStore(directory: directory)
            let keys = Gen.unicodeScalar(in: "\u{0}"..."\u{D7FF}").map { Character($0) }.string(of: 0...40)
            let numbers = zip(Gen.int(in: 0...Int.max), Gen.int(in: 0...1_000_000), Gen.int(in: 1...1_000_000))
            await propertyCheck(count: 300, input: keys, numbers) { key, numbers in
                let id = DocumentIdentity(key: key)
                let position = ReadingPosition(anchor: numbers.0, page: numbers.1 % numbers.2, pageCount: numbers.2)
                do { try store.save(position, for: id) } catch {
                    Issue.record("\(id): \(error)")
                    return
                }
                #expect(store.read(for: id) == .found(position), "\(id) at \(position)")
            }
        }
    }

    @Test func descriptionsReadLikeSentences() {
        #expect(JSONFilePositionStore(directory: "/s/folio").description == "JSONFilePositionStore(/s/folio)")
        #expect(JSONFilePositionStore.Reading.found(here).description == "found byte 5120 (page 12 of 340)")
        #expect(PositionStoreWarning.unsupportedFormat(path: "/s/a.json", format: 2).description
                == "Ignored the saved reading position in /s/a.json: it is in format 2, which this version does not read. "
                + "Reading starts at the beginning; the next save replaces the file.")
        #expect(PositionStoreError.noStateDirectory.description.contains("Set XDG_STATE_HOME"))
    }
}
