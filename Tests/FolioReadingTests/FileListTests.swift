import Testing
@testable import FolioReading

/// The list of files against a model of less's own walk (`edit_istep`,
/// `edit_index`, `edit_list`, `A_REMOVE_FILE` in less 710), over every small
/// list, current file, request and set of files that fail to open.
@Suite struct FileListTests {
    /// What less ends with: the list, the file read, and the file it opened (nil: it stayed).
    struct Outcome: Equatable, CustomStringConvertible {
        var names: [String]
        var current: String?
        var opened: String?
        var description: String { "\(names) reading \(current ?? "nothing"), opened \(opened ?? "nothing")" }
    }

    /// less's steps, as its C walks its linked list of ifiles: a file that fails is deleted
    /// (`edit_error` → `del_ifile`), and the walk goes on from the pointer taken before.
    static func less(_ start: [String], current: String?, _ request: FileRequest?, failing: Set<String>) -> Outcome {
        var names = start
        var current = current
        var opened: String?
        /// `edit_ifile`: true when it opened (a file already read opens without a word).
        func edit(_ name: String) -> Bool {
            if name == current { return true }
            if failing.contains(name) {
                names.removeAll { $0 == name }
                return false
            }
            current = name
            opened = name
            return true
        }
        func step(_ name: String?, _ direction: Int) -> String? {
            guard let name else { return direction > 0 ? names.first : names.last }
            guard let index = names.firstIndex(of: name) else { return nil }
            let next = index + direction
            return names.indices.contains(next) ? names[next] : nil
        }
        /// `edit_istep(h, n, dir)`, line for line.
        func istep(_ start: String?, _ count: Int, _ direction: Int) {
            var h = start, n = count
            while true {
                let next = step(h, direction)
                n -= 1
                if n < 0, let name = h, edit(name) { return }
                guard let following = next else { return }
                h = following
            }
        }
        switch request {
        case nil:
            istep(nil, 1, 1)  // edit_first
        case .next(let n)?:
            istep(current, max(1, n), 1)
        case .previous(let n)?:
            istep(current, max(1, n), -1)
        case .number(let n)?:
            let index = max(1, n) - 1
            if names.indices.contains(index) { _ = edit(names[index]) }
        case .examine(let name)?:
            if !names.contains(name) {
                let at = current.flatMap { names.firstIndex(of: $0) }.map { $0 + 1 } ?? names.count
                names.insert(name, at: at)
            }
            _ = edit(name)
        case .removeCurrent?:
            guard let old = current, let index = names.firstIndex(of: old) else { break }
            let neighbour = index > 0 ? names[index - 1] : (index + 1 < names.count ? names[index + 1] : nil)
            if let neighbour, edit(neighbour) { names.removeAll { $0 == old } }
        }
        return Outcome(names: names, current: current, opened: opened)
    }

    /// The list driven as a host drives it: each file it names fails or opens.
    static func folio(_ start: [String], current: String?, _ request: FileRequest?, failing: Set<String>) -> (Outcome, FileList.Action) {
        var list = current.flatMap { start.firstIndex(of: $0) }.map { FileList(start, current: $0) } ?? FileList(start)
        var action = request.map { list.request($0) } ?? list.start()
        var opened: String?
        while case .open(let name) = action {
            if failing.contains(name) {
                action = list.failed("\(name): no such file")
            } else {
                action = list.opened()
                opened = name
            }
        }
        return (Outcome(names: list.names, current: list.currentName, opened: opened), action)
    }

    @Test func everyRequestOnEverySmallListWalksAsLessWalks() {
        var checked = 0
        for count in 0...5 {
            let names = (0..<count).map { "f\($0)" }
            let everyName = names + ["new"]
            var requests: [FileRequest?] = [nil, .removeCurrent]
            for n in 1...3 { requests += [.next(n), .previous(n)] }
            for n in 0...6 { requests.append(.number(n)) }
            for name in everyName { requests.append(.examine(name)) }
            for current in [nil] + names.map(Optional.some) {
                for request in requests {
                    if request == nil && current != nil { continue }  // the start has no file read yet
                    for mask in 0..<(1 << everyName.count) {
                        let failing = Set(everyName.indices.filter { mask & (1 << $0) != 0 }.map { everyName[$0] })
                        let expected = Self.less(names, current: current, request, failing: failing)
                        let (got, action) = Self.folio(names, current: current, request, failing: failing)
                        let name = "\(names) reading \(current ?? "nothing"), \(request.map { "\($0)" } ?? "start"), failing \(failing.sorted())"
                        #expect(got == expected, "\(name): got \(got), less \(expected)")
                        if case .open = action { Issue.record("\(name): the walk ended asking for a file") }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
    }

    @Test func theNoticesAreLesss() {
        var list = FileList(["a", "b", "c"], current: 2)
        #expect(list.request(.next(1)) == .stay(Notice("No next file", kind: .problem)))
        #expect(list.request(.next(2)) == .stay(Notice("No (N-th) next file", kind: .problem)))
        list = FileList(["a", "b", "c"], current: 0)
        #expect(list.request(.previous(1)) == .stay(Notice("No previous file", kind: .problem)))
        #expect(list.request(.previous(4)) == .stay(Notice("No (N-th) previous file", kind: .problem)))
        #expect(list.request(.number(4)) == .stay(Notice("No such file", kind: .problem)))
        #expect(list.request(.number(1)) == .stay(nil), ":x on the first file: nothing to do")
        #expect(list.request(.examine("a")) == .stay(nil), ":e of the file read: nothing to do")
        #expect(FileList(["a"], current: 0).removingCurrent == .stay(Notice("No other file to read", kind: .problem)))
        // Files that fail: the reasons, each once, when none opened.
        list = FileList(["a", "b", "c"], current: 0)
        #expect(list.request(.next(1)) == .open("b"))
        #expect(list.failed("b: no such file") == .open("c"))
        #expect(list.failed("c is a directory") == .stay(Notice("b: no such file; c is a directory", kind: .problem)))
        #expect(list.names == ["a"] && list.place == FilePlace(index: 0, count: 1))
    }

    @Test func colonEAddsAfterTheCurrentFileAndColonDGoesToThePreviousOne() {
        var list = FileList(["a", "b", "c"], current: 1)
        #expect(list.request(.examine("new")) == .open("new"))
        list.opened()
        #expect(list.names == ["a", "b", "new", "c"] && list.currentName == "new")
        #expect(list.place?.description == "file 3 of 4")
        #expect(list.request(.removeCurrent) == .open("b"))
        list.opened()
        #expect(list.names == ["a", "b", "c"] && list.currentName == "b")
        list = FileList(["a", "b"], current: 0)
        #expect(list.request(.removeCurrent) == .open("b"), "the first file's neighbour is the next one")
        list.opened()
        #expect(list.names == ["b"] && list.place == FilePlace(index: 0, count: 1))
        #expect(list.description == "[b]")
        _ = list.request(.examine("z"))
        #expect(list.description == "[b] z → z")
    }
}

extension FileList {
    /// `:d` on a copy.
    fileprivate var removingCurrent: Action {
        var copy = self
        return copy.request(.removeCurrent)
    }
}
