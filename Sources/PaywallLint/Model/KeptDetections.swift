#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

/// What the detectors found in one text, kept for the copies that repeat it (`Template`), by
/// `RuleContext.detectorKey`. Read without a lock: the reads are many (one per copy and detector
/// of every file) and a lock's two atomic operations cost more than the search. Appended to under
/// one lock for every text, as additions are few: an entry never changes once a list's count
/// shows it, and a full list is copied into one twice its size that keeps the old one alive for
/// a reader that may still hold it. One pointer inside the template's storage until something is
/// kept: a 5 MB file has tens of thousands of texts, and an object each took 4.5 MB more.
struct KeptDetections: ~Copyable, Sendable {
    private final class List: @unchecked Sendable {  // Entries below `count` are never written again.
        let capacity: Int
        let count = PlatformAtomic<Int>(0)
        let entries: UnsafeMutablePointer<(key: Int, matches: [DetectorMatch])>
        /// The list this one grew from.
        let previous: List?

        init(capacity: Int, previous: List?) {
            self.capacity = capacity
            self.previous = previous
            entries = .allocate(capacity: capacity)
        }

        deinit {
            entries.deinitialize(count: count.load(ordering: .relaxed))
            entries.deallocate()
        }
    }

    /// The list readers search, retained once for the text.
    private let current = PlatformAtomic<Unmanaged<List>?>(nil)
    private static let adding = Locked(())
    /// Past this many, results are no longer kept (a run with many configurations), so a
    /// search stays short.
    static let limit = 128

    init() {}

    deinit {
        current.load(ordering: .acquiring)?.release()
    }

    func matches(for key: Int) -> [DetectorMatch]? {
        guard let list = current.load(ordering: .acquiring) else { return nil }
        return list._withUnsafeGuaranteedRef { list in
            let count = list.count.load(ordering: .acquiring)
            for k in 0..<count where list.entries[k].key == key { return list.entries[k].matches }
            return nil
        }
    }

    func keep(_ matches: [DetectorMatch], for key: Int) {
        Self.adding.withLock { _ in
            let last = current.load(ordering: .relaxed)?.takeUnretainedValue()
            let count = last?.count.load(ordering: .relaxed) ?? 0
            guard count < Self.limit else { return }
            if let last, (0..<count).contains(where: { last.entries[$0].key == key }) { return }
            let list: List
            if let last, count < last.capacity {
                list = last
            } else {
                list = List(capacity: min(max(8, 2 * count), Self.limit), previous: last)
                if let last { list.entries.initialize(from: last.entries, count: count) }
                list.count.store(count, ordering: .relaxed)
                current.store(Unmanaged.passRetained(list), ordering: .releasing)
                // The new list holds the old one now.
                if let last { Unmanaged.passUnretained(last).release() }
            }
            (list.entries + count).initialize(to: (key, matches))
            list.count.store(count + 1, ordering: .releasing)
        }
    }
}
