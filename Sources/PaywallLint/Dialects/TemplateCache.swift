/// The copy texts already parsed, so a line that repeats (product labels that are all
/// `{{ product_name }}`, a disclosure no locale translates, the same CTA in every variant of a
/// paywall) is parsed and normalised once and shared, and so is what the detectors find in it
/// (`Template.detections`).
///
/// One cache serves one file at a time, and may go on to the next: a worker that lints many files
/// keeps its cache, because the variants and locales of a product repeat most of their copy. It is
/// not for two threads at once.
///
/// A fixed table indexed by a quick hash of the bytes, not a dictionary: a file of
/// all-different lines pays one cheap lookup per line instead of hashing with SipHash and growing
/// a table. A text may sit in either of two slots picked by the hash, so texts that meet in one
/// slot do not keep evicting each other; a text evicted only costs a repeat its sharing. Texts
/// match by their bytes, not by `==`: canonically equal strings can differ in scalars, and so in
/// columns.
/// The texts kept are bounded in bytes: past the budget the table starts again empty.
package final class TemplateCache {
    /// 2,048 slots (32 KiB with their hashes): a worker meets a few hundred distinct texts in a
    /// repository, and a table of 8,192 made a file of all-different lines slower through cache
    /// misses.
    private static let slotBits = 11
    private static let slotCount = 1 << slotBits
    private static let byteBudget = 256 << 10
    private struct Slot {
        /// The text's hash, compared before its bytes; 0 in an empty slot.
        var hash: UInt64
        var template: Template?
    }
    /// Allocated at the first text kept. A pointer, not an array: a class's array property is
    /// checked for exclusive access at every read, and a lookup reads two slots.
    private var slots: UnsafeMutablePointer<Slot>?
    private var keptBytes = 0
    /// Lookups that found their text, and texts met for the first time, since the table was
    /// last emptied.
    private var repeats = 0
    private var firstSightings = 0
    /// The same thread's short scalar strings, which the document readers reuse from file to file.
    let strings = ShortStrings()

    package init() {}

    deinit {
        slots?.deinitialize(count: Self.slotCount)
        slots?.deallocate()
    }

    package func template(for text: String) -> Template {
        let (slot, hash, known, count) = text.withUTF8Bytes { bytes -> (Int, UInt64, Template?, Int) in
            let (hash, first, second) = Self.hash(of: bytes)
            guard let slots else { return (first, hash, nil, bytes.count) }
            func holdsText(_ candidate: Int) -> Template? {
                guard slots[candidate].hash == hash, let known = slots[candidate].template else { return nil }
                return known.raw.withUTF8Bytes { ByteChunks.same($0, bytes) } ? known : nil
            }
            if let known = holdsText(first) { return (first, hash, known, bytes.count) }
            if let known = holdsText(second) { return (second, hash, known, bytes.count) }
            // The new text goes to a free slot of the two, else to the first.
            let free = slots[first].template != nil && slots[second].template == nil ? second : first
            return (free, hash, nil, bytes.count)
        }
        if let known {
            known.keepDetections()
            repeats += 1
            return known
        }
        let table = if let slots, keptBytes + count <= Self.byteBudget { slots } else { emptiedTable() }
        firstSightings += 1
        let template = Template(text)
        // Where texts have been repeating (the variants and locales of one product), a new one
        // keeps what the detectors find from its first reading, rather than being read again
        // when it repeats. Where they have not (one large file of all-different lines), keeping
        // would cost memory for every line and save nothing.
        if repeats >= 2 * firstSightings { template.keepDetections() }
        keptBytes += count - (table[slot].template?.raw.utf8.count ?? 0)
        table[slot] = Slot(hash: hash, template: template)
        return template
    }

    /// The table with nothing kept, allocated the first time: nothing is kept yet, or the byte
    /// budget was crossed.
    private func emptiedTable() -> UnsafeMutablePointer<Slot> {
        let table: UnsafeMutablePointer<Slot>
        if let slots {
            table = slots
            for index in 0..<Self.slotCount { table[index] = Slot(hash: 0, template: nil) }
        } else {
            table = .allocate(capacity: Self.slotCount)
            table.initialize(repeating: Slot(hash: 0, template: nil), count: Self.slotCount)
            slots = table
        }
        keptBytes = 0
        (repeats, firstSightings) = (0, 0)
        return table
    }

    /// The text's hash and two slots, from every byte read eight at a time: the lines of one
    /// product often share their start, end and length, and differ anywhere between.
    private static func hash(of bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, Int, Int) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        var i = 0
        while i + 8 <= bytes.count {
            hash = (hash ^ ByteChunks.load(bytes, at: i)) &* multiplier
            hash ^= hash >> 29
            i += 8
        }
        var tail: UInt64 = 0
        for byte in bytes[i...].reversed() { tail = tail << 8 | UInt64(byte) }
        hash = (hash ^ tail) &* multiplier
        let mask = UInt64(slotCount - 1)
        return (
            hash, Int(truncatingIfNeeded: hash >> (64 - slotBits)), Int(truncatingIfNeeded: hash >> 32 & mask)
        )
    }
}
