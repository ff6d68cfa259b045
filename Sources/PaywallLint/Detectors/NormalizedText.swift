import Foundation

/// Text prepared for matching: NFKC-normalised and case-folded, with a map from every normalised
/// scalar back to the input scalars it came from, so a match can be reported on the text as
/// written.
///
/// Besides NFKC and lower-casing, folding maps "ß" and "ẞ" to "ss" and final "ς" to "σ" (full case
/// folding), typographic apostrophes to "'" and Unicode hyphens to "-" (so "don’t" matches
/// "don't"), and drops default-ignorable scalars (soft hyphens, zero-width spaces) that would
/// otherwise split a word. NFKC already turns full-width forms into ASCII ("３" → "3", "＄" → "$"),
/// ligatures into letters ("ﬁ" → "fi") and no-break, narrow and ideographic spaces into " ".
public struct NormalizedText: Sendable {
    public let scalars: [Unicode.Scalar]
    /// For each normalised scalar, the input offsets it came from (its grapheme cluster); both
    /// empty when the input was ASCII and the offsets are the same.
    /// 32-bit: copy strings are far shorter than 4 GB, and a large file holds many of them.
    private let sourceStarts: [Int32]
    private let sourceEnds: [Int32]
    /// The number of input scalars.
    public let sourceCount: Int

    public init(_ source: [Unicode.Scalar]) {
        sourceCount = source.count
        if source.allSatisfy({ $0.isASCII || $0 == Template.placeholder }) {
            // Fast path (ASCII copy, variables included): one scalar in, one out, no Foundation.
            scalars = source.map(Self.asciiLowercased)
            sourceStarts = []
            sourceEnds = []
            return
        }
        var out: [Unicode.Scalar] = []
        var starts: [Int] = []
        var ends: [Int] = []
        out.reserveCapacity(source.count)
        starts.reserveCapacity(source.count)
        ends.reserveCapacity(source.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: source)
        var offset = 0
        // Per grapheme cluster, so that NFKC can compose a letter with its combining marks
        // ("e\u{301}" → "é", Hangul jamo → syllables) while every output scalar still knows
        // which input scalars it came from.
        for cluster in String(view) {
            let clusterScalars = cluster.unicodeScalars
            let count = clusterScalars.count
            let end = offset + count
            func emit(_ scalar: Unicode.Scalar) {
                Self.fold(scalar) { folded in
                    out.append(folded)
                    starts.append(offset)
                    ends.append(end)
                }
            }
            if clusterScalars.allSatisfy(\.isASCII)
                || (count == 1 && !clusterScalars.first!.properties.changesWhenNFKCCaseFolded)
            {
                for scalar in clusterScalars { emit(scalar) }
            } else {
                for normalized in String(cluster).precomposedStringWithCompatibilityMapping.unicodeScalars {
                    emit(normalized)
                }
            }
            offset = end
        }
        scalars = out
        sourceStarts = starts.map { Int32(truncatingIfNeeded: $0) }
        sourceEnds = ends.map { Int32(truncatingIfNeeded: $0) }
    }

    public init(_ text: String) {
        self.init(Array(text.unicodeScalars))
    }

    public var count: Int { scalars.count }

    /// The input offsets that normalised scalars `range` came from. An input cluster that became
    /// several scalars ("ﬁ" → "fi") is covered whole by a range that covers any of them.
    public func sourceRange(of range: Range<Int>) -> Range<Int> {
        guard !sourceStarts.isEmpty else { return range }
        if range.isEmpty {
            let offset =
                range.lowerBound < sourceStarts.count ? Int(sourceStarts[range.lowerBound]) : sourceCount
            return offset..<offset
        }
        return Int(sourceStarts[range.lowerBound])..<Int(sourceEnds[range.upperBound - 1])
    }

    private static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
    }

    /// Case folding of one NFKC scalar, calling `emit` for each resulting scalar.
    private static func fold(_ scalar: Unicode.Scalar, _ emit: (Unicode.Scalar) -> Void) {
        if scalar.isASCII {
            emit(asciiLowercased(scalar))
            return
        }
        switch scalar.value {
        case 0xDF, 0x1E9E:  // ß, ẞ: full case folding
            emit("s")
            emit("s")
        case 0x3C2:  // final sigma
            emit("σ")
        case 0x2018, 0x2019, 0x02BC:  // typographic apostrophes
            emit("'")
        case 0x2010, 0x2011:  // hyphen, non-breaking hyphen
            emit("-")
        default:
            if scalar.properties.isDefaultIgnorableCodePoint { return }
            guard scalar.properties.changesWhenLowercased else {
                emit(scalar)
                return
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { emit(lower) }
        }
    }
}
