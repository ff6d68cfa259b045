/// The copy texts a file has already parsed, so a line it repeats (product labels that are all
/// `{{ product_name }}`, a disclosure no locale translates) is parsed and normalised once and
/// shared.
///
/// A fixed table indexed by a fingerprint of the bytes (length, first and last eight), not a
/// dictionary: a file of all-different lines pays one cheap lookup per line instead of hashing
/// every byte and growing a table. A collision only costs a repeat its sharing. Texts match by
/// their bytes, not by `==`: canonically equal strings can differ in scalars, and so in columns.
struct TemplateCache {
    private static let slotCount = 256
    private var slots: [Template?] = []

    mutating func template(for text: String) -> Template {
        var text = text
        let (slot, known) = text.withUTF8 { bytes -> (Int, Template?) in
            let slot = Self.slot(of: bytes)
            guard !slots.isEmpty, let known = slots[slot] else { return (slot, nil) }
            var raw = known.raw
            let same = raw.withUTF8 { $0.count == bytes.count && $0.elementsEqual(bytes) }
            return (slot, same ? known : nil)
        }
        if let known {
            known.markShared()
            return known
        }
        if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
        let template = Template(text)
        slots[slot] = template
        return template
    }

    private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var fingerprint = UInt64(bytes.count)
        for byte in bytes.prefix(8) { fingerprint = fingerprint &* 31 &+ UInt64(byte) }
        for byte in bytes.suffix(8) { fingerprint = fingerprint &* 31 &+ UInt64(byte) }
        fingerprint = fingerprint &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: fingerprint >> 56) % slotCount
    }
}
