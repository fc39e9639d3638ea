extension ContentPipeline {
    /// The load `ticket` delivered `content`, costing `cost` in the cache's
    /// unit (negative counts as 0).
    ///
    /// If `ticket` is the page's running load, the content is cached and
    /// shown in every slot that shows the page now; otherwise (cancelled,
    /// restarted, unknown) it is ignored and nothing is returned. O(slots).
    public mutating func loaded(_ content: Content, cost: Int, for ticket: LoadTicket) -> [ContentEffect<Content>] {
        guard isRunning(ticket) else { return [] }
        states[ticket.page] = nil
        cache.insert(content, cost: cost, for: ticket.page)
        var out: [ContentEffect<Content>] = []
        show(.content(content), forPage: ticket.page, into: &out)
        return out
    }

    /// The load `ticket` failed with `reason` (a description of the error).
    ///
    /// If `ticket` is the page's running load, the page shows the error in
    /// every slot that shows it, now and when a slot shows it later, until
    /// ``retry(page:)`` or until it leaves the window and the prefetch range.
    /// Otherwise it is ignored. Other loads are not affected. O(slots).
    public mutating func failed(_ reason: String, for ticket: LoadTicket) -> [ContentEffect<Content>] {
        guard isRunning(ticket) else { return [] }
        states[ticket.page] = .failed(reason: reason)
        var out: [ContentEffect<Content>] = []
        show(.failed(reason: reason), forPage: ticket.page, into: &out)
        return out
    }

    /// Loads page `page` again after a failure: its slots show a placeholder
    /// and a new load starts. Does nothing unless the page's last load failed. O(slots).
    public mutating func retry(page: Int) -> [ContentEffect<Content>] {
        guard case .failed? = states[page] else { return [] }
        var out: [ContentEffect<Content>] = []
        show(.placeholder, forPage: page, into: &out)
        startLoad(page, into: &out)
        return out
    }

    /// Forgets page `page`'s content (it changed): its slots show a
    /// placeholder, a running load is cancelled, and a new load starts if the
    /// page is in the window or the prefetch range. O(slots).
    public mutating func reload(page: Int) -> [ContentEffect<Content>] {
        cache.removeContent(for: page)
        var out: [ContentEffect<Content>] = []
        show(.placeholder, forPage: page, into: &out)
        if case .loading(let ticket)? = states.removeValue(forKey: page) { out.append(.cancel(ticket)) }
        if wantedSet.contains(page) { startLoad(page, into: &out) }
        return out
    }

    /// Forgets all content (the pages were renumbered or replaced): every
    /// slot shows placeholders, running loads are cancelled and the window
    /// and prefetch range load again. O(slots + pages cached).
    public mutating func reloadAll() -> [ContentEffect<Content>] {
        cache.removeAll()
        var out: [ContentEffect<Content>] = []
        for i in slots.indices {
            guard let pages = slots[i].pages else { continue }
            for page in pages {
                out.append(.show(SlotDisplay(slot: i, page: page, generation: slots[i].generation, display: .placeholder)))
            }
        }
        for page in wanted {
            if case .loading(let ticket)? = states[page] { out.append(.cancel(ticket)) }
        }
        states.removeAll(keepingCapacity: true)
        for page in wanted { startLoad(page, into: &out) }
        return out
    }

    /// Whether `ticket` is its page's running load.
    func isRunning(_ ticket: LoadTicket) -> Bool {
        if case .loading(let running)? = states[ticket.page] { return running == ticket }
        return false
    }

    /// Shows `display` for `page` in every slot that shows the page now.
    private func show(_ display: PageDisplay<Content>, forPage page: Int, into out: inout [ContentEffect<Content>]) {
        for i in slots.indices where slots[i].pages?.contains(page) == true {
            out.append(.show(SlotDisplay(slot: i, page: page, generation: slots[i].generation, display: display)))
        }
    }
}
