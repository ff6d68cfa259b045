/// The scalar strings a reader has already made: keys (`headline`, `products`), ids, flags, URLs
/// and button labels repeat in every file of a repository, and finding one by its bytes costs a
/// fifth of decoding and validating it again (and a kept long string is shared, not allocated).
///
/// Only strings of one to `maxCount` bytes. One to fifteen are kept inside the `String` value,
/// so handing one out counts no reference. A fixed table, one slot per hash: a string that meets
/// another in its slot replaces it, which costs only a later decoding; memory stays bounded.
/// One table serves one thread at a time (a worker keeps its own, with its `TemplateCache`).
package final class ShortStrings {
    /// 1,024 slots of 40 bytes: the distinct short strings of a repository's paywalls are a few
    /// hundred (500 of the benchmark's files hold 131 under sixteen bytes).
    private static let slotBits = 10
    private struct Slot {
        /// The first and the last eight bytes (overlapping, or four and four for a string of
        /// four to seven bytes), which with the length give every byte.
        var head: UInt64
        var tail: UInt64
        /// 0 for an empty slot: no kept string is empty.
        var count: Int
        var string: String
    }
    /// Allocated at the first string kept. A pointer, not an array: a class's array property is
    /// checked for exclusive access at every read, which cost a lookup half its time.
    private var slots: UnsafeMutablePointer<Slot>?

    package init() {}

    deinit {
        slots?.deinitialize(count: 1 << Self.slotBits)
        slots?.deallocate()
    }

    /// The longest string kept: an id or a URL, a button's label, a line of copy.
    static let maxCount = 256

    /// The string of `bytes`, as `String(decoding:as: UTF8.self)` makes it.
    package func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let count = bytes.count
        guard count > 0, count <= Self.maxCount else { return String(decoding: bytes, as: UTF8.self) }
        // Loads that stay inside the bytes, so no copy to a padded buffer first.
        let start = UnsafeRawPointer(bytes.baseAddress!)
        let head: UInt64
        let tail: UInt64
        if count >= 8 {
            head = start.loadUnaligned(as: UInt64.self)
            tail = start.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            head = UInt64(start.loadUnaligned(as: UInt32.self))
            tail = UInt64(start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            head = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8
            tail = UInt64(bytes[count - 1])
        }
        let hash = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
        let index = Int(truncatingIfNeeded: hash >> (64 - Self.slotBits))
        if let slots, slots[index].head == head, slots[index].tail == tail, slots[index].count == count {
            // Up to sixteen bytes, the two words are all of them; past that, the middle too.
            if count <= 16 || Self.sameMiddle(slots[index].string, bytes) { return slots[index].string }
        }
        // Kept by the bytes it was made from, so even a repaired string (invalid UTF-8, which
        // the encoding check turns away before any reader runs) is what decoding them gives.
        let string = String(decoding: bytes, as: UTF8.self)
        let table = slots ?? allocateSlots()
        table[index] = Slot(head: head, tail: tail, count: count, string: string)
        return string
    }

    private static func sameMiddle(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        string.withUTF8Bytes { ByteChunks.same($0, bytes) }
    }

    private func allocateSlots() -> UnsafeMutablePointer<Slot> {
        let table = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << Self.slotBits)
        table.initialize(repeating: Slot(head: 0, tail: 0, count: 0, string: ""), count: 1 << Self.slotBits)
        slots = table
        return table
    }
}
