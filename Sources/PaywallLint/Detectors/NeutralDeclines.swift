/// What neutral decline labels are made of, learnt from a list of them (`neutral-declines`: "Not
/// now", "Remind me next week", "Weiter mit der Gratisversion", "暂不需要"), and what a dismiss
/// label says beyond that.
///
/// Guilt trips are open-ended ("I'll let my houseplants fend for themselves"); neutral declines
/// are a small, formulaic family. So a label two of whose words no neutral decline uses says more
/// than "no", and is most likely a guilt trip; one such word alone is more likely a name or a noun
/// the list lacks ("Vielleicht nach dem Urlaub"). In scripts written without spaces (CJK, kana,
/// Thai) there are no words to look up: a part of the label counts as known when it occurs in some
/// neutral decline, two scalars or more at a time, and two unknown scalars say more.
///
/// A label in a language the vocabularies do not cover (no known word or part, nothing the other
/// confirmshaming vocabularies know, and no letter only covered languages write) is left alone:
/// every word of it would be unknown, and that says nothing about its tone.
final class NeutralDeclines: Sendable {
    private let declines: [String]
    /// Found at the first label looked at: most runs see no dismiss label.
    private let tables = Locked<Tables?>(nil)
    private static let longestPart = 8

    /// Word and part keys: FNV-1a hashes of the normalised scalars, sorted and distinct. 64 bits
    /// make a collision between the few thousand keys and a label's words a 1 in 10^15 chance,
    /// and spare an array per key.
    struct Tables: Equatable, Sendable {
        /// Words of neutral declines in scripts with spaces.
        let words: [UInt64]
        /// Every run of two to `longestPart` scalars of the neutral declines' unspaced text.
        let parts: [UInt64]

        init(words: [UInt64], parts: [UInt64]) {
            self.words = words
            self.parts = parts
        }

        /// Learnt from the declines themselves: about as much work as linting a hundred files,
        /// which is why the built-in packs' tables are computed ahead (`NeutralDeclineKeys.swift`).
        init(learningFrom declines: [String]) {
            var words: [UInt64] = []
            var parts: [UInt64] = []
            for decline in declines {
                let scalars = NeutralDeclines.normalized(decline)
                let pieces = NeutralDeclines.pieces(of: scalars)
                for word in pieces.words { words.append(NeutralDeclines.key(scalars[word])) }
                for run in pieces.runs {
                    for start in run {
                        NeutralDeclines.forEachPart(of: scalars, in: run, from: start) { hash, _ in
                            parts.append(hash)
                        }
                    }
                }
            }
            self.init(words: Self.sortedDistinct(words), parts: Self.sortedDistinct(parts))
        }

        func hasWord(_ key: UInt64) -> Bool { Self.contains(key, in: words) }
        func hasPart(_ key: UInt64) -> Bool { Self.contains(key, in: parts) }

        private static func contains(_ key: UInt64, in keys: [UInt64]) -> Bool {
            let index = keys.lowerBound(of: key)
            return index < keys.count && keys[index] == key
        }

        private static func sortedDistinct(_ keys: [UInt64]) -> [UInt64] {
            var distinct: [UInt64] = []
            distinct.reserveCapacity(keys.count)
            for key in keys.sorted() where key != distinct.last { distinct.append(key) }
            return distinct
        }
    }

    /// `declines` are neutral decline labels, or words of them.
    init(declines: [String]) {
        self.declines = declines
    }

    /// What a confirmshaming detector learns from: the `neutral-declines`, then the
    /// `neutral-dismiss` labels; nil without neutral declines, when every word would be unknown.
    static func declines(in vocabularies: [String: [String]]) -> [String]? {
        guard let neutral = vocabularies["neutral-declines"], !neutral.isEmpty else { return nil }
        return neutral + (vocabularies["neutral-dismiss"] ?? [])
    }

    /// The tables of `declines`: the precomputed ones when they are the built-in packs' declines
    /// (same fingerprint), else learnt now (a pack that adds declines of its own).
    static func tables(for declines: [String]) -> Tables {
        fingerprint(of: declines) == builtInFingerprint ? builtInTables : Tables(learningFrom: declines)
    }

    /// The built-in packs' tables, as `NeutralDeclineKeys.swift` holds them.
    static var builtInTables: Tables { Tables(words: builtInWords, parts: builtInParts) }

    /// FNV-1a over the UTF-8 of the declines, each ended by 0xFF (which UTF-8 never holds).
    static func fingerprint(of declines: [String]) -> UInt64 {
        var hash = offsetBasis
        for var decline in declines {
            // From the bytes: the string view's iterator costs ten times more.
            decline.withUTF8 { bytes in
                for byte in bytes { hash = mix(hash, UInt32(byte)) }
            }
            hash = mix(hash, 0xFF)
        }
        return hash
    }

    /// The span of `text` (normalised offsets) from the first to the last word or part that no
    /// neutral decline has; nil when every word is known, or when the label's language is not
    /// covered (`inKnownLanguage`: other vocabularies found wording of the label). Names are
    /// never unknown: a quoted span («Ricettario», 「単語帳」) or a word with a capital inside
    /// (NotaBene) in `source`, the label as written.
    func unexplained(in text: NormalizedText, source: [Unicode.Scalar], inKnownLanguage: Bool) -> Range<Int>?
    {
        let tables = self.tables.withLock { tables in
            if let tables { return tables }
            let found = Self.tables(for: declines)
            tables = found
            return found
        }
        let scalars = text.scalars
        let pieces = Self.pieces(of: scalars)
        let quoted = Self.quotedSpans(in: scalars)
        func isQuoted(_ range: Range<Int>) -> Bool { quoted.contains { $0.overlaps(range) } }
        var unknown: [Range<Int>] = []
        var inCoveredLanguage = inKnownLanguage || Self.hasCoveredLanguageLetter(scalars)
        for word in pieces.words {
            let key = Self.key(scalars[word])
            if tables.hasWord(key) {
                inCoveredLanguage = true
            } else if !isQuoted(word), !Self.hasInnerCapital(source[text.sourceRange(of: word)]) {
                unknown.append(word)
            }
        }
        let unknownWords = unknown.count
        var unknownScalarsInRuns = 0
        for run in pieces.runs {
            // A scalar that no known part of two or more covers is unknown; parts may overlap
            // ("ไม่เป็นไร" is longer than the longest part).
            var coveredUntil = run.lowerBound
            for start in run {
                Self.forEachPart(of: scalars, in: run, from: start) { hash, end in
                    if tables.hasPart(hash) { coveredUntil = max(coveredUntil, end) }
                }
                if start < coveredUntil {
                    inCoveredLanguage = true
                } else if !isQuoted(start..<start + 1) {
                    unknown.append(start..<start + 1)
                    unknownScalarsInRuns += 1
                }
            }
        }
        guard inCoveredLanguage, unknownWords > 1 || unknownScalarsInRuns >= 2,
            let first = unknown.map(\.lowerBound).min(), let last = unknown.map(\.upperBound).max()
        else { return nil }
        return first..<last
    }

    /// Spans between paired quotation marks or corner brackets, which hold names in copy.
    static func quotedSpans(in scalars: [Unicode.Scalar]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var open: (index: Int, closing: Unicode.Scalar)?
        for (index, scalar) in scalars.enumerated() {
            if let current = open {
                if scalar == current.closing {
                    spans.append(current.index..<index + 1)
                    open = nil
                }
            } else if let closing = quoteClosings[scalar] {
                open = (index, closing)
            }
        }
        return spans
    }

    private static let quoteClosings: [Unicode.Scalar: Unicode.Scalar] = [
        "\"": "\"", "\u{201C}": "\u{201D}", "\u{201E}": "\u{201C}", "\u{00AB}": "\u{00BB}",
        "\u{00BB}": "\u{00AB}", "\u{2039}": "\u{203A}", "\u{300C}": "\u{300D}", "\u{300E}": "\u{300F}",
    ]

    /// A lowercase letter followed by an uppercase one, as product names write it ("NotaBene",
    /// "TarifKutusu", "ShieldVPN").
    static func hasInnerCapital(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        var previousLower = false
        for scalar in word {
            let properties = scalar.properties
            if previousLower && properties.isUppercase { return true }
            previousLower = properties.isLowercase
        }
        return false
    }

    /// Whether the label has a letter or script that, of the languages around, only ones the
    /// vocabularies cover write: "Köpeğimin sağlığını şansa bırakıyorum" is Turkish even when no
    /// word of it is known. Not Greek, Hungarian's ő and ű, nor the Arabic script, which Persian
    /// and Urdu share.
    static func hasCoveredLanguageLetter(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { scalar in
            switch scalar.value {
            // Turkish ğ ı ş; Polish ą ę ł ń ś ź ż; Czech ě ř ů; Danish and Norwegian æ ø;
            // Vietnamese đ ơ ư and its letters with two marks; Russian ё ъ ы э.
            case 0x011F, 0x0131, 0x015F, 0x0105, 0x0119, 0x0142, 0x0144, 0x015B, 0x017A, 0x017C,
                0x011B, 0x0159, 0x016F, 0x00E6, 0x00F8, 0x0111, 0x01A1, 0x01B0, 0x1EA0...0x1EF9,
                0x0451, 0x044A, 0x044B, 0x044D:
                true
            // Hebrew, Devanagari, Thai, kana, Hangul.
            case 0x0590...0x05FF, 0x0900...0x097F, 0x0E00...0x0E7F, 0x3040...0x30FF, 0x1100...0x11FF,
                0x3130...0x318F, 0xAC00...0xD7AF:
                true
            default:
                false
            }
        }
    }

    private static func normalized(_ entry: String) -> [Unicode.Scalar] {
        NormalizedText.normalizedScalars(of: Array(entry.unicodeScalars))
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// One FNV-1a step, for a scalar's value or a byte.
    @inline(__always)
    private static func mix(_ hash: UInt64, _ value: UInt32) -> UInt64 {
        (hash ^ UInt64(value)) &* 0x100_0000_01b3
    }

    private static func key(_ scalars: ArraySlice<Unicode.Scalar>) -> UInt64 {
        scalars.reduce(offsetBasis) { mix($0, $1.value) }
    }

    /// The key and end of each part of `run` that starts at `start`, two to `longestPart` scalars
    /// long, shortest first.
    private static func forEachPart(
        of scalars: [Unicode.Scalar], in run: Range<Int>, from start: Int, _ body: (UInt64, Int) -> Void
    ) {
        var hash = mix(offsetBasis, scalars[start].value)
        for end in (start + 1)..<min(run.upperBound, start + longestPart) {
            hash = mix(hash, scalars[end].value)
            body(hash, end + 1)
        }
    }

    /// The words of `scalars` in scripts with spaces (letters and marks; an apostrophe or a
    /// hyphen parts words, so "schau's" is known from "schau"; numbers are no words), and its runs
    /// of unspaced script.
    private static func pieces(of scalars: [Unicode.Scalar]) -> (words: [Range<Int>], runs: [Range<Int>]) {
        var words: [Range<Int>] = []
        var runs: [Range<Int>] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isUnspacedPart(scalar) {
                let start = index
                while index < scalars.count, isUnspacedPart(scalars[index]) { index += 1 }
                runs.append(start..<index)
            } else if Scalars.isWord(scalar) {
                let start = index
                var hasDigit = false
                while index < scalars.count {
                    let next = scalars[index]
                    guard Scalars.isWord(next), !isUnspacedPart(next) else { break }
                    if Scalars.isDigit(next) { hasDigit = true }
                    index += 1
                }
                if !hasDigit { words.append(start..<index) }
            } else {
                index += 1
            }
        }
        return (words, runs)
    }

    /// Scripts without spaces between words, except Hangul: Korean puts spaces between words, and
    /// its words are looked up whole.
    private static func isUnspacedPart(_ scalar: Unicode.Scalar) -> Bool {
        guard Scalars.isUnspaced(scalar) else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC: return false
        default: return true
        }
    }
}
