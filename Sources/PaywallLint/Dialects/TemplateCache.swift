/// The copy texts already parsed, so a line that repeats (product labels that are all
/// `{{ product_name }}`, a disclosure no locale translates, the same CTA in every variant of a
/// paywall) is parsed and normalised once and shared, and so is what the detectors find in it
/// (`Template.detections`).
///
/// One cache serves one file at a time, and may go on to the next: a worker that lints many files
/// keeps its cache, because the variants and locales of a product repeat most of their copy. It is
/// not for two threads at once.
///
/// A fixed table indexed by a fingerprint of the bytes (length, first and last eight), not a
/// dictionary: a file of all-different lines pays one cheap lookup per line instead of hashing
/// every byte and growing a table. A collision only costs a repeat its sharing. Texts match by
/// their bytes, not by `==`: canonically equal strings can differ in scalars, and so in columns.
/// The texts kept are bounded in bytes: past the budget the table starts again empty.
public final class TemplateCache {
    private static let slotCount = 1024
    private static let byteBudget = 256 << 10
    private var slots: [Template?] = []
    private var keptBytes = 0

    public init() {}

    func template(for text: String) -> Template {
        var text = text
        let (slot, known, count) = text.withUTF8 { bytes -> (Int, Template?, Int) in
            let slot = Self.slot(of: bytes)
            guard !slots.isEmpty, let known = slots[slot] else { return (slot, nil, bytes.count) }
            var raw = known.raw
            let same = raw.withUTF8 { Self.sameBytes($0, bytes) }
            return (slot, same ? known : nil, bytes.count)
        }
        if let known {
            known.markShared()
            return known
        }
        if slots.isEmpty || keptBytes + count > Self.byteBudget {
            slots = Array(repeating: nil, count: Self.slotCount)
            keptBytes = 0
        }
        let template = Template(text)
        keptBytes += count - (slots[slot]?.raw.utf8.count ?? 0)
        slots[slot] = template
        return template
    }

    /// Eight bytes at a time: the generic `elementsEqual` went byte by byte, a thousand
    /// instructions for a disclosure.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        let (a, b, count) = (UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b), a.count)
        var i = 0
        while i + 8 <= count {
            guard
                a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            else { return false }
            i += 8
        }
        while i < count {
            guard a[i] == b[i] else { return false }
            i += 1
        }
        return true
    }

    private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var fingerprint = UInt64(bytes.count)
        for byte in bytes.prefix(8) { fingerprint = fingerprint &* 31 &+ UInt64(byte) }
        for byte in bytes.suffix(8) { fingerprint = fingerprint &* 31 &+ UInt64(byte) }
        fingerprint = fingerprint &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: fingerprint >> 54) % slotCount
    }
}
