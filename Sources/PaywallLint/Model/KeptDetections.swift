import Synchronization

/// What the detectors found in one text, kept for the copies that repeat it (`Template`), by
/// `RuleContext.detectorKey`. Read without a lock: the reads are many (one per copy and detector
/// of every file) and a lock's two atomic operations cost more than the search. Added to under a
/// lock, and only appended to: an entry never changes once a list's count shows it, and a full
/// list is copied into one twice its size, the old one kept for a reader that may still hold it.
final class KeptDetections: Sendable {
    private final class List: @unchecked Sendable {  // Entries below `count` are never written again.
        let capacity: Int
        let count = Atomic<Int>(0)
        let entries: UnsafeMutablePointer<(key: Int, matches: [DetectorMatch])>

        init(capacity: Int) {
            self.capacity = capacity
            entries = .allocate(capacity: capacity)
        }

        deinit {
            entries.deinitialize(count: count.load(ordering: .relaxed))
            entries.deallocate()
        }
    }

    /// The list readers search; unretained, as `lists` keeps it.
    private let current = Atomic<Unmanaged<List>?>(nil)
    /// Every list made, the current one last.
    private let lists = Mutex<[List]>([])
    /// Past this many, results are no longer kept (a run with many configurations), so a
    /// search stays short.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
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
        lists.withLock { lists in
            let last = lists.last
            let count = last?.count.load(ordering: .relaxed) ?? 0
            guard count < limit else { return }
            if let last, (0..<count).contains(where: { last.entries[$0].key == key }) { return }
            let list: List
            if let last, count < last.capacity {
                list = last
            } else {
                list = List(capacity: min(max(8, 2 * count), limit))
                if let last { list.entries.initialize(from: last.entries, count: count) }
                list.count.store(count, ordering: .relaxed)
                lists.append(list)
                current.store(Unmanaged.passUnretained(list), ordering: .releasing)
            }
            (list.entries + count).initialize(to: (key, matches))
            list.count.store(count + 1, ordering: .releasing)
        }
    }
}
