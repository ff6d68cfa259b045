/// NFKC (Unicode normalisation form KC) of one segment — a starter with the scalars that combine
/// with it — written against `UnicodeData` so that the linter does not link Foundation: a
/// smaller binary that starts faster, which a pre-commit hook feels on every run. UAX #15:
/// decompose by compatibility, order the marks canonically, compose canonically.
enum CompatibilityNormalization {
    static func normalize(_ segment: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        for scalar in segment { decompose(scalar, into: &scalars) }
        orderMarks(&scalars)
        return composed(scalars)
    }

    private static func decompose(_ scalar: Unicode.Scalar, into result: inout [Unicode.Scalar]) {
        if let parts = Hangul.decomposition(of: scalar) {
            result += parts
        } else if let k = index(of: scalar.value, in: UnicodeData.decomposed) {
            let parts = UnicodeData.decompositionStarts[k]..<UnicodeData.decompositionStarts[k + 1]
            for part in parts { result.append(Unicode.Scalar(UnicodeData.decompositionParts[Int(part)])!) }
        } else {
            result.append(scalar)
        }
    }

    /// Sorts each run of non-starters by combining class, keeping the order of equal classes.
    /// A stable sort, not swaps: copy from a dashboard may pile thousands of marks on one letter.
    private static func orderMarks(_ scalars: inout [Unicode.Scalar]) {
        var start = 0
        while start < scalars.count {
            guard combiningClass(scalars[start]) != 0 else {
                start += 1
                continue
            }
            var end = start + 1
            while end < scalars.count, combiningClass(scalars[end]) != 0 { end += 1 }
            if end - start > 1 {
                let run = scalars[start..<end].enumerated().map {
                    (combiningClass($0.element), $0.offset, $0.element)
                }
                let sorted = run.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
                scalars.replaceSubrange(start..<end, with: sorted.map(\.2))
            }
            start = end
        }
    }

    private static func composed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        guard var starter = scalars.first else { return [] }
        var result = [starter]
        var starterIndex = 0
        var lastClass = combiningClass(starter) == 0 ? 0 : 256
        for scalar in scalars.dropFirst() {
            let scalarClass = combiningClass(scalar)
            // A mark composes with the starter unless one of the same or a higher class, or a
            // starter, stands between them.
            if lastClass < scalarClass || lastClass == 0, let composite = composite(starter, scalar) {
                result[starterIndex] = composite
                starter = composite
                continue
            }
            if scalarClass == 0 {
                starterIndex = result.count
                starter = scalar
            }
            lastClass = scalarClass
            result.append(scalar)
        }
        return result
    }

    private static func composite(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
        if let hangul = Hangul.composite(first, second) { return hangul }
        let pair = UInt64(first.value) << 32 | UInt64(second.value)
        return index(of: pair, in: UnicodeData.compositionPairs).flatMap {
            Unicode.Scalar(UnicodeData.composites[$0])
        }
    }

    /// Where `key` is in an ascending table (binary search: the tables are compiled in, nothing
    /// to build at start-up).
    private static func index<Key: Comparable>(of key: Key, in table: [Key]) -> Int? {
        let found = table.lowerBound(of: key)
        return found < table.count && table[found] == key ? found : nil
    }

    private static func combiningClass(_ scalar: Unicode.Scalar) -> Int {
        scalar.isASCII ? 0 : Int(scalar.properties.canonicalCombiningClass.rawValue)
    }

    /// Hangul syllables decompose into jamo and compose from them by arithmetic, not by table.
    private enum Hangul {
        static let syllableBase: UInt32 = 0xAC00
        static let leadBase: UInt32 = 0x1100
        static let vowelBase: UInt32 = 0x1161
        static let trailBase: UInt32 = 0x11A7
        static let vowelCount: UInt32 = 21
        static let trailCount: UInt32 = 28
        static let syllableCount: UInt32 = 11_172

        static func decomposition(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
            let index = scalar.value &- syllableBase
            guard index < syllableCount else { return nil }
            let lead = leadBase + index / (vowelCount * trailCount)
            let vowel = vowelBase + index % (vowelCount * trailCount) / trailCount
            let trail = trailBase + index % trailCount
            let parts = trail == trailBase ? [lead, vowel] : [lead, vowel, trail]
            return parts.map { Unicode.Scalar($0)! }
        }

        static func composite(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Unicode.Scalar? {
            let leadIndex = first.value &- leadBase
            let vowelIndex = second.value &- vowelBase
            if leadIndex < 19, vowelIndex < vowelCount {
                return Unicode.Scalar(syllableBase + (leadIndex * vowelCount + vowelIndex) * trailCount)
            }
            let syllableIndex = first.value &- syllableBase
            let trailIndex = second.value &- trailBase
            if syllableIndex < syllableCount, syllableIndex % trailCount == 0, trailIndex > 0,
                trailIndex < trailCount
            {
                return Unicode.Scalar(first.value + trailIndex)
            }
            return nil
        }
    }
}
