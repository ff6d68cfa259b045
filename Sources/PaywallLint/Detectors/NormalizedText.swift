/// Text prepared for matching: NFKC-normalised and case-folded, with a map from every normalised
/// scalar back to the input scalars it came from, so a match can be reported on the text as
/// written.
///
/// Besides NFKC and lower-casing, folding maps "ß" and "ẞ" to "ss" and final "ς" to "σ" (full case
/// folding), the Turkish "İ" to "i", typographic apostrophes to "'" and Unicode hyphens to "-" (so
/// "don’t" matches "don't"), and drops default-ignorable scalars (soft hyphens, zero-width spaces)
/// and Arabic's tatweel and vowel marks, which would otherwise split a word or tell written forms
/// of one word apart. NFKC already turns full-width forms into ASCII ("３" → "3",
/// "＄" → "$"), ligatures into letters ("ﬁ" → "fi") and no-break, narrow and ideographic spaces
/// into " ".
///
/// A class: every detector of every rule is handed the normalisation of each copy string, and a
/// reference is cheaper to pass around than five arrays.
package final class NormalizedText: Sendable {
    package let scalars: [Unicode.Scalar]
    /// For each normalised scalar, the input offsets it came from (its grapheme cluster); both
    /// empty when every scalar maps to the one at its own offset.
    /// 32-bit: copy strings are far shorter than 4 GB, and a large file holds many of them.
    private let sourceStarts: [Int32]
    private let sourceEnds: [Int32]
    /// The number of input scalars.
    package let sourceCount: Int
    /// Where a phrase may begin (not inside a word, not at a space), with what the phrase scan's
    /// quick test reads there, found once for every vocabulary that scans this text; and the same
    /// where a digit next to a letter also starts a word.
    let wordStarts: [WordStart]
    let wordStartsBreakingDigits: [WordStart]
    /// The scripts (`Script` bits) of the scalars words start with, and whether any scalar is
    /// beyond ASCII: the parts of a vocabulary this text can match.
    let wordScripts: UInt16
    /// Whether any scalar is a decimal digit, of any script, and whether any is of a script
    /// without spaces between words: several detectors ask first, of every copy string.
    let containsDigit: Bool
    let containsUnspaced: Bool
    /// The prices found here, for the detectors that read them after the first.
    let keptPrices = KeptPrices()

    package init(_ source: [Unicode.Scalar]) {
        sourceCount = source.count
        (scalars, sourceStarts, sourceEnds) = Self.normalized(source)
        (wordStarts, wordStartsBreakingDigits, wordScripts, containsDigit, containsUnspaced) =
            Self.wordStarts(of: scalars)
    }

    /// The normalised scalars alone, without word starts or the map back to the source: for
    /// compiling phrases and vocabulary entries, thousands of them at start-up.
    static func normalizedScalars(of source: [Unicode.Scalar]) -> [Unicode.Scalar] {
        normalized(source).scalars
    }

    /// The normalised scalars and, for each, the input offsets it came from (both empty when
    /// every scalar maps to the one at its own offset).
    private static func normalized(_ source: [Unicode.Scalar]) -> (
        scalars: [Unicode.Scalar], sourceStarts: [Int32], sourceEnds: [Int32]
    ) {
        if let lowered = foldedOneToOne(source) { return (lowered, [], []) }
        var out: [Unicode.Scalar] = []
        var starts: [Int32] = []
        var ends: [Int32] = []
        out.reserveCapacity(source.count)
        starts.reserveCapacity(source.count)
        ends.reserveCapacity(source.count)
        // Segment by segment: a starter with the scalars that can combine with it, so that NFKC
        // can compose a letter with its marks ("e\u{301}" → "é", Hangul jamo → syllables) while
        // every output scalar still knows which input scalars it came from. A lone scalar that
        // NFKC leaves alone, as most letters of most scripts, needs no table.
        var start = 0
        while start < source.count {
            var end = start + 1
            while end < source.count, combinesWithPrevious(source[end]) { end += 1 }
            let segmentStart = out.count
            let first = source[start]
            if end == start + 1,
                first.isASCII || Scalars.commonLetterFolded(first) != nil
                    || !first.properties.changesWhenNFKCCaseFolded
            {
                fold(first, into: &out)
            } else {
                for normalized in CompatibilityNormalization.normalize(source[start..<end]) {
                    fold(normalized, into: &out)
                }
            }
            // Each scalar the segment became came from all of it. (Appended here rather than by
            // a closure that `fold` calls: captured arrays cost an exclusivity check per access.)
            for _ in segmentStart..<out.count {
                starts.append(Int32(truncatingIfNeeded: start))
                ends.append(Int32(truncatingIfNeeded: end))
            }
            start = end
        }
        // Most text outside ASCII maps scalar for scalar too (Cyrillic, CJK, accented Latin):
        // then the offsets need no map, and a large file keeps eight bytes per scalar fewer.
        let identity =
            out.count == source.count
            && starts.indices.allSatisfy { starts[$0] == Int32($0) && ends[$0] == Int32($0 + 1) }
        return identity ? (out, [], []) : (out, starts, ends)
    }

    /// The fast path (ASCII and the common letters of most scripts, variables included): one
    /// scalar in, one out, and none of them combines with another. One pass folds and checks;
    /// nil at the first other scalar, for the general path.
    static func foldedOneToOne(_ source: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: source.count) { buffer in
            for (offset, scalar) in source.enumerated() {
                guard let folded = foldedOneToOne(scalar) else { return nil }
                buffer.initializeElement(at: offset, to: folded)
            }
            // Copied out, as `String.asciiScalars` does and for the same reason.
            return Array(UnsafeBufferPointer(buffer))
        }
    }

    /// One scalar of the fast path folded, or nil when it needs the general path.
    @inline(__always)
    static func foldedOneToOne(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        scalar.isASCII || scalar == Template.placeholder
            ? asciiLowercased(scalar) : Scalars.commonLetterFolded(scalar)
    }

    /// The word starts of both kinds, their scripts, and whether a digit and a scalar of a script
    /// without spaces occur.
    private static func wordStarts(of scalars: [Unicode.Scalar]) -> (
        [WordStart], [WordStart], UInt16, containsDigit: Bool, containsUnspaced: Bool
    ) {
        var scripts: UInt16 = 0
        var containsDigit = false
        var containsUnspaced = false
        // At most one start per scalar: found into scratch space (on the stack for most copy),
        // then copied out at their size. A large file keeps these for every copy string.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * scalars.count + 1) { scratch in
            let starts = UnsafeMutableBufferPointer(rebasing: scratch[..<scalars.count])
            let breakingDigits = UnsafeMutableBufferPointer(rebasing: scratch[scalars.count...])
            var startCount = 0
            var breakingCount = 0
            var previousInWord = false
            var previousIsDigit = false
            for (offset, scalar) in scalars.enumerated() {
                // A variable (U+FFFC) is no text beyond ASCII.
                if !scalar.isASCII, scalar != Template.placeholder {
                    scripts |= 1 << Script.asciiThenBeyond
                    if Scalars.isUnspaced(scalar) { containsUnspaced = true }
                }
                let inWord = Scalars.isSpacedWord(scalar)
                let isDigit = inWord && Scalars.isDigit(scalar)
                // The digits of scripts without spaces (Thai "๕") are no words here.
                if isDigit || (!inWord && !scalar.isASCII && Scalars.isDigit(scalar)) { containsDigit = true }
                let joined = previousInWord && inWord
                // No phrase starts with a space (compiling drops leading ones), so no scan
                // needs to stop at one.
                let startsHere = !joined && (inWord || !Scalars.isSpace(scalar))
                if startsHere {
                    starts[startCount] = Int32(truncatingIfNeeded: offset)
                    startCount += 1
                }
                if startsHere || (inWord && previousIsDigit != isDigit) {
                    breakingDigits[breakingCount] = Int32(truncatingIfNeeded: offset)
                    breakingCount += 1
                    scripts |= 1 << Script.of(scalar)
                }
                // Hebrew writes "and", "the", "that", "in", "to", "from" and "as" as a letter
                // before the word ("שהכסף", "that the money"): the word also starts after one or
                // two of them, when three letters or more are left.
                if !joined {
                    var inner = offset
                    while inner - offset < 2, isHebrewPrefix(scalars[inner]),
                        hebrewLetters(in: scalars, from: inner + 1) >= 3
                    {
                        inner += 1
                        starts[startCount] = Int32(truncatingIfNeeded: inner)
                        startCount += 1
                        breakingDigits[breakingCount] = Int32(truncatingIfNeeded: inner)
                        breakingCount += 1
                    }
                }
                previousInWord = inWord
                previousIsDigit = isDigit
            }
            return scalars.withUnsafeBufferPointer { scalars in
                let wordStarts = starts[..<startCount].map { WordStart(offset: Int($0), in: scalars) }
                // Breaking digits only ever adds starts: the same count means the same list, kept
                // once.
                let breakingDigits =
                    breakingCount == startCount
                    ? wordStarts
                    : breakingDigits[..<breakingCount].map { WordStart(offset: Int($0), in: scalars) }
                return (wordStarts, breakingDigits, scripts, containsDigit, containsUnspaced)
            }
        }
    }

    /// ו ה ש ב ל מ כ: letters that Hebrew attaches to the next word.
    @inline(__always)
    private static func isHebrewPrefix(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x5D1, 0x5D4, 0x5D5, 0x5DB, 0x5DC, 0x5DE, 0x5E9: true
        default: false
        }
    }

    /// How many Hebrew letters run from `start`, counting up to three.
    private static func hebrewLetters(in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var count = 0
        while count < 3, start + count < scalars.count, (0x5D0...0x5EA).contains(scalars[start + count].value)
        {
            count += 1
        }
        return count
    }

    /// Scalars that NFKC may compose with the scalar before them: combining marks, Hangul
    /// vowel and final jamo, and the joiners and selectors that belong to what they follow.
    static func combinesWithPrevious(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII || Scalars.commonLetterFolded(scalar) != nil { return false }
        switch scalar.value {
        case 0x1160...0x11FF, 0x200C, 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return scalar.properties.canonicalCombiningClass != .notReordered
        }
    }

    package convenience init(_ text: String) {
        self.init(Array(text.unicodeScalars))
    }

    package var count: Int { scalars.count }

    /// The input offsets that normalised scalars `range` came from. An input cluster that became
    /// several scalars ("ﬁ" → "fi") is covered whole by a range that covers any of them.
    package func sourceRange(of range: Range<Int>) -> Range<Int> {
        guard !sourceStarts.isEmpty else { return range }
        if range.isEmpty {
            let offset =
                range.lowerBound < sourceStarts.count ? Int(sourceStarts[range.lowerBound]) : sourceCount
            return offset..<offset
        }
        return Int(sourceStarts[range.lowerBound])..<Int(sourceEnds[range.upperBound - 1])
    }

    static func asciiLowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(scalar.value + 0x20)) : scalar
    }

    /// Case folding of one NFKC scalar, appended to `out`.
    private static func fold(_ scalar: Unicode.Scalar, into out: inout [Unicode.Scalar]) {
        if scalar.isASCII {
            out.append(asciiLowercased(scalar))
            return
        }
        // The common scripts' letters without property lookups.
        if let letter = Scalars.commonLetterFolded(scalar) {
            out.append(letter)
            return
        }
        switch scalar.value {
        case 0xDF, 0x1E9E:  // ß, ẞ: full case folding
            out.append("s")
            out.append("s")
        case 0x3C2:  // final sigma
            out.append("σ")
        case 0x130:  // Turkish dotted capital I: "i", not "i" + a combining dot ("İlk" is "ilk")
            out.append("i")
        case 0x2018, 0x2019, 0x02BC:  // typographic apostrophes
            out.append("'")
        case 0x2010, 0x2011:  // hyphen, non-breaking hyphen
            out.append("-")
        // Arabic tatweel, which stretches a word ("مجانـًا"), and the short vowels and shadda,
        // which most copy leaves out: "رقِّ" is "رق", "مجانًا" is "مجانا".
        case 0x640, 0x64B...0x652, 0x670:
            return
        default:
            if scalar.properties.isDefaultIgnorableCodePoint { return }
            guard scalar.properties.changesWhenLowercased else {
                out.append(scalar)
                return
            }
            out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
    }
}
