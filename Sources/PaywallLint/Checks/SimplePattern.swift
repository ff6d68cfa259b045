/// A regular expression of the kind rule packs mostly write (`[a-z0-9][a-z0-9._-]*`): a sequence
/// of ASCII literals and positive classes (`[a-z0-9._-]`, `\d`, `\w`), each optionally quantified
/// (`?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}`). It is matched over ASCII text by a set of states, in
/// time linear in the text and without a lock. `Regex` is not `Sendable`, so the workers took turns
/// with it, and it cost about 12,000 instructions a value.
///
/// Anything else makes `init` fail and is left to `Regex`. Text with a non-ASCII byte or a CR is
/// left to `Regex` too (`nil` answers), because there `Regex`'s characters (grapheme clusters) are
/// not single bytes.
struct SimplePattern: Sendable {
    /// Per ASCII byte, the items that accept it (bit `j` for item `j`).
    private let accepts: [UInt64]
    /// Items that may match nothing (`?`, `*`), and items that may match again (`*`).
    private let skippable: UInt64
    private let repeating: UInt64
    /// The state after the last item: the whole pattern has matched.
    private let done: UInt64

    private struct Item {
        var bytes: ASCIISet
        var skippable = false
        var repeating = false
    }

    /// A set of ASCII bytes, as bits.
    private struct ASCIISet {
        private var bits: (UInt64, UInt64) = (0, 0)

        init() {}
        init(_ byte: UInt8) { insert(byte) }
        init(_ bytes: ClosedRange<UInt8>) { for byte in bytes { insert(byte) } }

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { bits.0 |= 1 << byte } else { bits.1 |= 1 << (byte - 64) }
        }

        mutating func formUnion(_ other: ASCIISet) {
            bits = (bits.0 | other.bits.0, bits.1 | other.bits.1)
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? bits.0 & (1 << byte) != 0 : byte < 128 && bits.1 & (1 << (byte - 64)) != 0
        }
    }

    /// At most 63 items, so that every state is a bit of a `UInt64`.
    private static let maxItems = 63
    private static let maxRepeat = 16
    private static let quantifiers = Array("?*+{".utf8)
    /// Bytes written as themselves outside a class; the rest of ASCII punctuation has a meaning.
    private static let plainPunctuation = Array(" -_@/:,;=!%&'\"<>~#`".utf8)

    init?(_ pattern: String) {
        let bytes = Array(pattern.utf8)
        var items: [Item] = []
        var k = 0
        while k < bytes.count {
            guard let (atom, next) = Self.atom(bytes, at: k) else { return nil }
            k = next
            var low = 1
            var high: Int? = 1
            if k < bytes.count {
                switch bytes[k] {
                case UInt8(ascii: "?"): (low, high, k) = (0, 1, k + 1)
                case UInt8(ascii: "*"): (low, high, k) = (0, nil, k + 1)
                case UInt8(ascii: "+"): (low, high, k) = (1, nil, k + 1)
                case UInt8(ascii: "{"):
                    guard let (from, to, after) = Self.braces(bytes, at: k) else { return nil }
                    (low, high, k) = (from, to, after)
                default: break
                }
                // Lazy (`*?`) and possessive (`*+`) forms, and a quantifier twice, are left to `Regex`.
                if k < bytes.count, Self.quantifiers.contains(bytes[k]) { return nil }
            }
            for _ in 0..<low { items.append(Item(bytes: atom)) }
            if let high {
                for _ in low..<high { items.append(Item(bytes: atom, skippable: true)) }
            } else {
                items.append(Item(bytes: atom, skippable: true, repeating: true))
            }
            guard items.count <= Self.maxItems else { return nil }
        }
        var accepts = [UInt64](repeating: 0, count: 128)
        var skippable: UInt64 = 0
        var repeating: UInt64 = 0
        for (index, item) in items.enumerated() {
            for byte in UInt8(0)..<0x80 where item.bytes.contains(byte) { accepts[Int(byte)] |= 1 << index }
            if item.skippable { skippable |= 1 << index }
            if item.repeating { repeating |= 1 << index }
        }
        self.accepts = accepts
        self.skippable = skippable
        self.repeating = repeating
        self.done = 1 << items.count
    }

    /// Whether all of `text` matches, or nil when `text` is not plain ASCII.
    func wholeMatch(_ text: String) -> Bool? {
        run(text, anywhere: false)
    }

    /// Whether some part of `text` matches, or nil when `text` is not plain ASCII.
    func containsMatch(_ text: String) -> Bool? {
        run(text, anywhere: true)
    }

    private func run(_ text: String, anywhere: Bool) -> Bool? {
        text.withUTF8Bytes { run($0, anywhere: anywhere) }
    }

    private func run(_ bytes: UnsafeBufferPointer<UInt8>, anywhere: Bool) -> Bool? {
        // Checked first: a mark after a matching letter makes another character for `Regex`.
        guard !bytes.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
        let start = closure(1)
        var states = start
        if anywhere && states & done != 0 { return true }
        for byte in bytes {
            let moving = states & accepts[Int(byte)]
            states = closure((moving & repeating) | ((moving & ~repeating) << 1))
            if anywhere {
                if states & done != 0 { return true }
                states |= start
            }
        }
        return states & done != 0
    }

    /// The states reachable by skipping optional items.
    private func closure(_ states: UInt64) -> UInt64 {
        var states = states
        while true {
            let next = states | ((states & skippable) << 1)
            if next == states { return states }
            states = next
        }
    }

    // MARK: Parsing

    /// The bytes an atom at `k` accepts, and where it ends.
    private static func atom(_ bytes: [UInt8], at k: Int) -> (ASCIISet, Int)? {
        let byte = bytes[k]
        if byte == UInt8(ascii: "[") { return characterClass(bytes, at: k) }
        if byte == UInt8(ascii: "\\") {
            guard k + 1 < bytes.count, let set = escaped(bytes[k + 1]) else { return nil }
            return (set, k + 2)
        }
        guard isAlphanumeric(byte) || plainPunctuation.contains(byte) else { return nil }
        return (ASCIISet(byte), k + 1)
    }

    /// `[…]` with literals, ranges, `\d`, `\w` and escaped punctuation; no negation, nesting,
    /// set operations (`&&`, `--`, `~~`) or POSIX names.
    private static func characterClass(_ bytes: [UInt8], at open: Int) -> (ASCIISet, Int)? {
        var set = ASCIISet()
        var k = open + 1
        guard k < bytes.count, bytes[k] != UInt8(ascii: "^"), bytes[k] != UInt8(ascii: "]"),
            bytes[k] != UInt8(ascii: ":")
        else { return nil }
        while k < bytes.count {
            let byte = bytes[k]
            if byte == UInt8(ascii: "]") { return (set, k + 1) }
            let doubled = k + 1 < bytes.count && bytes[k + 1] == byte
            if doubled
                && (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "~"))
            {
                return nil
            }
            if byte == UInt8(ascii: "\\") {
                guard k + 1 < bytes.count, let escapedSet = escaped(bytes[k + 1]) else { return nil }
                set.formUnion(escapedSet)
                k += 2
                continue
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "[") else { return nil }
            if byte == UInt8(ascii: "-") {
                // A hyphen is itself only first or last; elsewhere it is a range with no start.
                guard k == open + 1 || (k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "]")) else {
                    return nil
                }
                set.insert(byte)
                k += 1
                continue
            }
            if k + 2 < bytes.count, bytes[k + 1] == UInt8(ascii: "-"), bytes[k + 2] != UInt8(ascii: "]") {
                let last = bytes[k + 2]
                guard isAlphanumeric(byte), isAlphanumeric(last), byte <= last else { return nil }
                set.formUnion(ASCIISet(byte...last))
                k += 3
                continue
            }
            set.insert(byte)
            k += 1
        }
        return nil
    }

    /// `\d`, `\w`, or an escaped punctuation byte.
    private static func escaped(_ byte: UInt8) -> ASCIISet? {
        switch byte {
        case UInt8(ascii: "d"): return ASCIISet(UInt8(ascii: "0")...UInt8(ascii: "9"))
        case UInt8(ascii: "w"):
            var word = ASCIISet(UInt8(ascii: "_"))
            for range in [
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"),
            ] {
                word.formUnion(ASCIISet(range))
            }
            return word
        default:
            guard byte >= 0x21, byte < 0x7F, !isAlphanumeric(byte) else { return nil }
            return ASCIISet(byte)
        }
    }

    /// `{n}`, `{n,}` or `{n,m}`, up to `maxRepeat`.
    private static func braces(_ bytes: [UInt8], at open: Int) -> (Int, Int?, Int)? {
        var k = open + 1
        func number() -> Int? {
            let from = k
            var value = 0
            while k < bytes.count, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9"), k - from < 3
            {
                value = value * 10 + Int(bytes[k] - UInt8(ascii: "0"))
                k += 1
            }
            return k > from ? value : nil
        }
        guard let low = number(), low <= maxRepeat, k < bytes.count else { return nil }
        if bytes[k] == UInt8(ascii: "}") { return (low, low, k + 1) }
        guard bytes[k] == UInt8(ascii: ","), k + 1 < bytes.count else { return nil }
        k += 1
        if bytes[k] == UInt8(ascii: "}") { return (low, nil, k + 1) }
        guard let high = number(), high >= low, high <= maxRepeat, k < bytes.count,
            bytes[k] == UInt8(ascii: "}")
        else { return nil }
        return (low, high, k + 1)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
