#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

/// Finds the phrases of a vocabulary in copy, the way a reader would: case-insensitively,
/// after NFKC normalisation, on whole words.
///
/// Phrase syntax:
/// - Words separated by spaces match across any run of whitespace.
/// - A trailing `*` continues the word (`kostenlos*` matches "kostenlose"); a `*` standing alone
///   is any one word (`get * pro` matches "Get Sketchy Pro").
/// - `{}` is one variable (`start {} week` matches "Start {{ intro_price }} week"); spaces
///   around it may be left out in the copy. Elsewhere a variable is only a word boundary.
/// - `#` standing alone is a number (`for the price of #`).
///
/// Word boundaries: a letter or digit may not touch the match on either side, except where the
/// match's edge or its neighbour is written in a script without spaces between words (Han,
/// kana, Hangul, Thai, Lao, Khmer, Myanmar), because those attach particles to words; a Hebrew
/// word also starts after one or two of the letters Hebrew prefixes ("בחינם" holds "חינם"). An
/// exception phrase that overlaps a match cancels it ("ad-free" cancels "free").
package struct PhraseMatcher: Sendable {
    private let phrases: LazyPhraseSet
    private let exceptions: LazyPhraseSet

    package init(phrases: [String], exceptions: [String] = []) {
        self.init(phrases: phrases, exceptions: exceptions, digitsBreakWords: false)
    }

    /// With `digitsBreakWords`, a digit next to a letter is a boundary, so currency codes and
    /// units match in "USD3.99" and "99p".
    init(phrases: [String], exceptions: [String] = [], digitsBreakWords: Bool) {
        // Several checks use the same vocabularies (the free words, the currencies): each list
        // is compiled once per process.
        let key = CacheKey(phrases: phrases, exceptions: exceptions, digitsBreakWords: digitsBreakWords)
        if let cached = Self.cache.withLock({ $0[key] }) {
            self = cached
            return
        }
        self.phrases = LazyPhraseSet(phrases, digitsBreakWords: digitsBreakWords)
        self.exceptions = LazyPhraseSet(exceptions, digitsBreakWords: digitsBreakWords)
        let compiled = self
        Self.cache.withLock { $0[key] = compiled }
    }

    /// Compares the phrases' UTF-8 bytes (comparing `String`s normalises every one of the
    /// thousands of non-ASCII phrases; a vocabulary spelled in another normalisation form only
    /// costs a second compilation). The hash reads the lists' lengths and their first and last
    /// phrases, once: hashing every byte cost more than the lookups it served, and lists that
    /// share it only cost a comparison.
    private struct CacheKey: Hashable {
        var phrases: [String]
        var exceptions: [String]
        var digitsBreakWords: Bool
        private let hashValueOfSummary: Int

        init(phrases: [String], exceptions: [String], digitsBreakWords: Bool) {
            self.phrases = phrases
            self.exceptions = exceptions
            self.digitsBreakWords = digitsBreakWords
            var hasher = Hasher()
            hasher.combine(digitsBreakWords)
            for list in [phrases, exceptions] {
                hasher.combine(list.count)
                hasher.combine(list.reduce(0) { $0 + $1.utf8.count })
                for var text in [list.first, list.last].compactMap({ $0 }) {
                    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
                }
            }
            hashValueOfSummary = hasher.finalize()
        }

        static func == (lhs: CacheKey, rhs: CacheKey) -> Bool {
            lhs.hashValueOfSummary == rhs.hashValueOfSummary && lhs.digitsBreakWords == rhs.digitsBreakWords
                && sameBytes(lhs.phrases, rhs.phrases) && sameBytes(lhs.exceptions, rhs.exceptions)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hashValueOfSummary)
        }

        private static func sameBytes(_ lhs: [String], _ rhs: [String]) -> Bool {
            guard lhs.count == rhs.count else { return false }
            // The same vocabulary handed to several checks is one array.
            let shared = lhs.withUnsafeBufferPointer { l in
                rhs.withUnsafeBufferPointer { r in l.baseAddress == r.baseAddress }
            }
            return shared || zip(lhs, rhs).allSatisfy(sameBytes)
        }

        private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
            var lhs = lhs
            var rhs = rhs
            return lhs.withUTF8 { l in rhs.withUTF8 { r in l.elementsEqual(r) } }
        }
    }

    private static let cache = Locked<[CacheKey: PhraseMatcher]>([:])

    package var isEmpty: Bool { phrases.isEmpty }

    /// Tells this vocabulary from every other for the life of the process: the address of its
    /// compiled phrases, which the cache keeps.
    var identity: UInt { UInt(bitPattern: ObjectIdentifier(phrases)) }

    /// Every match, leftmost-longest and not overlapping, in offsets of `text`.
    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        guard !phrases.isEmpty else { return [] }
        return matches(in: text, normalized: NormalizedText(text))
    }

    /// Every match, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        guard !phrases.isEmpty else { return [] }
        return ranges(in: normalized).map { DetectorMatch($0, of: normalized, in: text) }
    }

    package func firstMatch(in text: [Unicode.Scalar]) -> DetectorMatch? {
        matches(in: text).first
    }

    /// Matches in offsets of the normalised text, for detectors that combine several matchers
    /// on one normalisation.
    func ranges(in text: NormalizedText) -> [Range<Int>] {
        guard !phrases.isEmpty else { return [] }
        var candidates = phrases.longestMatches(in: text)
        if !exceptions.isEmpty, !candidates.isEmpty {
            let cancelled = Overlaps(exceptions.longestMatches(in: text))
            candidates.removeAll { cancelled.overlap($0) }
        }
        var result: [Range<Int>] = []
        var end = 0
        for candidate in candidates where candidate.lowerBound >= end {
            result.append(candidate)
            end = candidate.upperBound
        }
        return result
    }
}

/// Answers "does any of these ranges overlap this one" in logarithmic time, so a text with
/// thousands of matches and exceptions stays linear-ish.
struct Overlaps {
    private let lowers: [Int]
    /// The largest upper bound among the ranges up to each index (sorted by lower bound).
    private let maxUppers: [Int]

    init(_ ranges: [Range<Int>]) {
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        lowers = sorted.map(\.lowerBound)
        var uppers: [Int] = []
        uppers.reserveCapacity(sorted.count)
        for range in sorted { uppers.append(max(uppers.last ?? 0, range.upperBound)) }
        maxUppers = uppers
    }

    func overlap(_ range: Range<Int>) -> Bool {
        // The ranges that start before `range` ends; one of them must end after it starts.
        let starting = lowers.lowerBound(of: range.upperBound)
        return starting > 0 && maxUppers[starting - 1] > range.lowerBound
    }
}

extension Array where Element == Range<Int> {
    /// The span from the first of these ranges to the first of `others` that does not overlap
    /// it, in either order ("closes … tonight", "my privacy doesn't matter", verb-final
    /// "gelişmek istemiyorum"); nil without both. How the structural detectors pair two
    /// vocabularies in one text. `others` is only scanned for when there is a first.
    func pairedSpan(with others: @autoclosure () -> [Range<Int>]) -> Range<Int>? {
        guard let first, let second = others().first(where: { !$0.overlaps(first) }) else { return nil }
        return Swift.min(first.lowerBound, second.lowerBound)..<Swift.max(first.upperBound, second.upperBound)
    }

    /// The last of these ranges (sorted, not overlapping, as matches are) that ends at or before
    /// `offset`: the nearest before it, found by binary search.
    func last(endingBy offset: Int) -> Range<Int>? {
        let after = partitionIndex(in: 0..<count) { $0.upperBound > offset }
        return after > 0 ? self[after - 1] : nil
    }

    /// The first of these ranges (sorted, not overlapping) that starts at or after `offset`.
    func first(startingFrom offset: Int) -> Range<Int>? {
        let first = partitionIndex(in: 0..<count) { $0.lowerBound >= offset }
        return first < count ? self[first] : nil
    }
}

/// A vocabulary compiled piece by piece as texts need it: a process that lints one small file
/// in English meets none of the phrases written in other scripts, and start-up time is what a
/// pre-commit hook feels. Phrases are put in the script of the letter their normalised form
/// starts with, where that letter is evident without normalising them (an ASCII or common letter
/// that no mark follows); the rest (numbers, `*`, variables, other letters) always compile. A
/// text brings the scripts its words start with (`NormalizedText.wordScripts`); the set grows to
/// cover them, under a lock, and is read without one.
private final class LazyPhraseSet: Sendable {
    /// A compiled set and the scripts it covers. Superseded stages are kept (a reader may still
    /// hold one) until the vocabulary goes; there are at most a few per vocabulary.
    private final class Stage: Sendable {
        let scripts: UInt16
        let set: PhraseSet
        init(scripts: UInt16, set: PhraseSet) {
            self.scripts = scripts
            self.set = set
        }
    }

    private struct Compilation {
        /// The phrases by script, sorted at first use (most vocabularies of a run are never used).
        var texts: [[String]]?
        var stages: [Stage] = []
    }

    private let texts: [String]
    private let digitsBreakWords: Bool
    private let current = PlatformAtomic<Unmanaged<Stage>?>(nil)
    private let compilation = Locked(Compilation())

    init(_ texts: [String], digitsBreakWords: Bool) {
        self.texts = texts
        self.digitsBreakWords = digitsBreakWords
    }

    /// The script of the phrase's first letter once normalised when its first scalar shows it,
    /// else `Script.always`; for an ASCII first letter and a common letter beyond ASCII later
    /// ("désolé", "gratuité"), `Script.asciiThenBeyond`.
    private static func evidentScript(of text: String) -> Int {
        // Decoded from the bytes: thousands of phrases at start-up, and the string views'
        // iterators cost several times more.
        var text = text
        return text.withUTF8 { bytes in
            let first = firstLetterScript(of: bytes)
            guard first == 0, bytes.contains(where: { $0 >= 0x80 }) else { return first }
            var utf8 = bytes.makeIterator()
            var decoder = UTF8()
            while case .scalarValue(let scalar) = decoder.decode(&utf8) {
                if !scalar.isASCII, Scalars.commonLetterFolded(scalar) != nil {
                    return Script.asciiThenBeyond
                }
            }
            return first
        }
    }

    private static func firstLetterScript(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        // Most phrases start with two ASCII bytes, which need no decoding.
        if let first = bytes.firstIndex(where: { $0 != 0x20 }), bytes[first] < 0x80,
            first + 1 == bytes.count || bytes[first + 1] < 0x80
        {
            let scalar = Unicode.Scalar(bytes[first])
            return Scalars.isASCIIWord(scalar) ? Script.of(scalar) : Script.always
        }
        var utf8 = bytes.drop { $0 == 0x20 }.makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let first) = decoder.decode(&utf8) else { return Script.always }
        if case .scalarValue(let next) = decoder.decode(&utf8), NormalizedText.combinesWithPrevious(next) {
            return Script.always
        }
        if first.isASCII { return Scalars.isASCIIWord(first) ? Script.of(first) : Script.always }
        guard let folded = Scalars.commonLetterFolded(first) else { return Script.always }
        return Script.of(folded)
    }

    var isEmpty: Bool { texts.isEmpty }

    func longestMatches(in text: NormalizedText) -> [Range<Int>] {
        let needed = text.wordScripts | Script.alwaysBit
        // The stage is read without retaining it (`compilation` keeps it): both worker threads
        // scan with it, and its count's cache line went back and forth between the cores.
        if let stage = current.load(ordering: .acquiring),
            let found = stage._withUnsafeGuaranteedRef({
                $0.scripts & needed == needed ? $0.set.longestMatches(in: text) : nil
            })
        {
            return found
        }
        return grown(toCover: needed).longestMatches(in: text)
    }

    private func grown(toCover needed: UInt16) -> PhraseSet {
        compilation.withLock { compilation in
            // The last stage is the current one; another thread may have grown it meanwhile.
            let last = compilation.stages.last
            if let last, last.scripts & needed == needed { return last.set }
            let scripts = (last?.scripts ?? 0) | needed
            if compilation.texts == nil {
                var byScript = [[String]](repeating: [], count: Script.count)
                for text in texts { byScript[Self.evidentScript(of: text)].append(text) }
                compilation.texts = byScript
            }
            // The new scripts' phrases, compiled into one array and added to the last stage's:
            // the first stage (all a one-file run makes) copies nothing into fresh pages, whose
            // faults are much of that run's time.
            let added = scripts & ~(last?.scripts ?? 0)
            let lists = (0..<Script.count).filter { added & (1 << $0) != 0 }.map { compilation.texts![$0] }
            var phrases = PhraseSet.compile(lists)
            if let last { phrases = last.set.compiled.appending(phrases) }
            let stage = Stage(scripts: scripts, set: PhraseSet(phrases, digitsBreakWords: digitsBreakWords))
            compilation.stages.append(stage)
            current.store(Unmanaged.passUnretained(stage), ordering: .releasing)
            return stage.set
        }
    }
}

/// Scripts of the letters phrases start with, as bits: which parts of a vocabulary a text needs.
enum Script {
    static let count = 9
    /// Phrases compiled for every text.
    static let always = 7
    static let alwaysBit: UInt16 = 1 << always
    /// Phrases that start with an ASCII letter and have a letter beyond ASCII that normalising
    /// keeps beyond it ("désolé"): compiled only for a text with a scalar beyond ASCII, so an
    /// English file skips the accented phrases of the other Latin-script languages.
    static let asciiThenBeyond = 8

    static func of(_ c: Unicode.Scalar) -> Int {
        switch c.value {
        case 0..<0x80: 0
        case 0x80..<0x370, 0x1E00..<0x1F00: 1  // Latin
        case 0x370..<0x530: 2  // Greek, Cyrillic
        case 0x590..<0x900, 0xFB1D..<0xFE00, 0xFE70..<0xFF00: 3  // Hebrew, Arabic
        case 0x900..<0x1100, 0x1780..<0x1800: 4  // Indic, Thai, Lao, Myanmar, Khmer
        case 0x1100..<0x1200, 0x3130..<0x3190, 0xA960..<0xA980, 0xAC00..<0xD800: 5  // Hangul
        case 0x2E80..<0xA000, 0xF900..<0xFB00, 0xFF00..<0xFFF0, 0x20000..<0x40000: 6  // CJK, kana
        default: 7
        }
    }
}

/// Compiled phrases, indexed by the scalar they start with.
///
/// Flat tables rather than an array of phrases and a dictionary of lists: every copy string of
/// every file is scanned by a dozen of these. The tables are buffers the set owns rather than
/// arrays, so the scan touches no reference counts: both worker threads scan with the same
/// sets, and retaining their arrays at each word start cost a seventh of a large file's rule
/// time, the two cores taking the counts' cache line from each other.
private final class PhraseSet: @unchecked Sendable {  // Immutable once built; `deinit` frees it.
    enum Element: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        /// One or more whitespace scalars.
        case space
        /// Whitespace that may be absent (next to a variable).
        case optionalSpace
        case variable
        case number
        /// The rest of the word (a trailing `*`).
        case continuation
        /// Any one word (a lone `*`).
        case anyWord

        /// A number for hashing: the scalar's value, or one beyond every scalar for the others.
        var code: UInt32 {
            switch self {
            case .scalar(let scalar): scalar.value
            case .space: 0x11_0000
            case .optionalSpace: 0x11_0001
            case .variable: 0x11_0002
            case .number: 0x11_0003
            case .continuation: 0x11_0004
            case .anyWord: 0x11_0005
            }
        }
    }

    private struct Tables {
        /// The elements of every phrase, one after another; phrase `k` is
        /// `elements[phraseStarts[k]..<phraseStarts[k + 1]]`.
        let elements: UnsafeBufferPointer<Element>
        let phraseStarts: UnsafeBufferPointer<Int32>
        /// The scalar each phrase has second, or 0 when its second element is not a scalar: most
        /// candidates sharing a first letter fail on the second, without a call to `matchEnd`.
        let secondScalars: UnsafeBufferPointer<UInt32>
        /// Phrase numbers grouped by the scalar they start with, each group sorted by the
        /// phrase's second scalar (0 first), so a text scalar finds its candidates by binary
        /// search.
        let heads: UnsafeBufferPointer<Int32>
        /// `secondScalars` of each phrase in `heads`, at the same index.
        let headSeconds: UnsafeBufferPointer<UInt32>
        /// The scalar each phrase in `heads` has third, or 0 (many phrases share their first two
        /// letters: "only today", "only # left", "once").
        let headThirds: UnsafeBufferPointer<UInt32>
        /// For an ASCII first scalar, its group in `heads`.
        let asciiHeads: UnsafeBufferPointer<Range<Int32>>
        /// Which word starts may begin a phrase of `heads`, by their `WordStart.pairIndex` and
        /// `WordStart.tripleIndex`: most words start none, and two loads tell, before any search.
        /// `asciiPairs` has a bit for each pair of an ASCII first scalar and a second one (beyond
        /// ASCII or none as 0) that decides alone: the phrase has no third element that is a
        /// scalar or a space, or its second is not an ASCII scalar; and the bits of every start
        /// the search must see whatever follows (`WordStart.beyondASCII`; digits where phrases
        /// start with a number; every start where one starts with any word). `asciiTriples` has
        /// the bits of the first three scalars of the other phrases, a space as U+0020: pairs
        /// alone let a fifth of the words of a large file through ("th", "yo"), to a search that
        /// mostly found nothing.
        let asciiPairs: UnsafeBufferPointer<UInt64>
        let asciiTriples: UnsafeBufferPointer<UInt64>

        @inline(__always)
        func mayStart(_ start: WordStart) -> Bool {
            let pair = start.pairIndex
            let triple = start.tripleIndex
            return asciiPairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0
                || asciiTriples[triple >> 6] & (1 << UInt64(triple & 63)) != 0
        }
        /// The other first scalars, ascending, and at the same index their groups in `heads`.
        let otherHeadScalars: UnsafeBufferPointer<UInt32>
        let otherHeads: UnsafeBufferPointer<Range<Int32>>
        /// The phrases that start with a number, in three parts: those tried after every number
        /// in the text, then those tried only where the number is followed directly by a certain
        /// scalar, then those where it is followed by that scalar after spaces ("# % off",
        /// "#-day", "# days left"), each of the last two sorted by that scalar.
        let startingWithNumber: UnsafeBufferPointer<Int32>
        /// The scalar that follows the number of each phrase of `startingWithNumber` (0 in the
        /// first part).
        let numberFollowers: UnsafeBufferPointer<UInt32>
        /// Where the second and the third part of `startingWithNumber` begin.
        let numberFollowedDirectly: Int
        let numberFollowedAfterSpaces: Int
        let startingWithAnyWord: UnsafeBufferPointer<Int32>

        /// The group in `heads` of the phrases that start with `c`.
        @inline(__always)
        func group(startingWith c: Unicode.Scalar) -> Range<Int32> {
            if c.value < 128 { return asciiHeads[Int(c.value)] }
            let at = otherHeadScalars.lowerBound(of: c.value)
            return at < otherHeadScalars.count && otherHeadScalars[at] == c.value ? otherHeads[at] : 0..<0
        }
    }

    private let tables: Tables
    /// The memory of `tables`, freed together when the set goes.
    private let buffers: [UnsafeMutableRawPointer]
    private let digitsBreakWords: Bool

    deinit { for buffer in buffers { buffer.deallocate() } }

    /// Phrases compiled one after another, as a set keeps them.
    /// Sorts by head, second scalar and phrase number. Each entry packed into one integer
    /// (21 + 21 + 22 bits) when the phrase numbers fit: sorting the tuples with a comparison
    /// closure was a third of compiling a vocabulary, which a one-file run does at start-up.
    private static func sortByHead(_ byHead: inout [(head: UInt32, second: UInt32, index: Int32)]) {
        guard byHead.count < 1 << 22 else {
            byHead.sort { ($0.head, $0.second, $0.index) < ($1.head, $1.second, $1.index) }
            return
        }
        var keys = byHead.map { UInt64($0.head) << 43 | UInt64($0.second) << 22 | UInt64($0.index) }
        keys.sort()
        for k in keys.indices {
            let key = keys[k]
            byHead[k] = (
                UInt32(truncatingIfNeeded: key >> 43), UInt32(truncatingIfNeeded: key >> 22) & 0x1F_FFFF,
                Int32(truncatingIfNeeded: key & 0x3F_FFFF)
            )
        }
    }

    struct Compiled {
        var elements: [Element] = []
        /// Phrase `k` is `elements[starts[k]..<starts[k + 1]]`.
        var starts: [Int32] = [0]

        var count: Int { starts.count - 1 }

        func phrase(_ k: Int) -> ArraySlice<Element> { elements[Int(starts[k])..<Int(starts[k + 1])] }

        func appending(_ other: Compiled) -> Compiled {
            let offset = Int32(elements.count)
            return Compiled(
                elements: elements + other.elements,
                starts: starts + other.starts.dropFirst().lazy.map { $0 + offset })
        }
    }

    /// The phrases as compiled, to add a later stage's to.
    var compiled: Compiled { Compiled(elements: Array(tables.elements), starts: Array(tables.phraseStarts)) }

    /// Normalises and compiles phrases, each once, into one array: thousands of them at
    /// start-up, so nothing is allocated per phrase.
    static func compile(_ lists: [[String]]) -> Compiled {
        var compiled = Compiled()
        let count = lists.reduce(0) { $0 + $1.count }
        compiled.elements.reserveCapacity(lists.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count } })
        compiled.starts.reserveCapacity(count + 1)
        var seen = SeenPhrases(capacity: count)
        var folded: [Unicode.Scalar] = []
        for var text in lists.joined() {
            let start = compiled.elements.count
            // ASCII (A–Z folded to a–z is all NFKC and case folding do to it) straight from the
            // bytes: most phrases, and thousands of them at start-up.
            let isASCII = text.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                appendElements(
                    of: bytes.lazy.map { NormalizedText.asciiLowercased(Unicode.Scalar($0)) },
                    to: &compiled.elements)
                return true
            }
            if !isASCII { appendElements(of: normalized(text, scratch: &folded), to: &compiled.elements) }
            let end = compiled.elements.count
            guard end > start, seen.insert(start..<end, of: compiled) else {
                compiled.elements.removeSubrange(start...)
                continue
            }
            compiled.starts.append(Int32(end))
        }
        return compiled
    }

    /// A phrase outside ASCII, normalised as copy text is. Most fold letter for letter, into
    /// `scratch` (reused from phrase to phrase); only the rest need the normaliser.
    private static func normalized(_ text: String, scratch: inout [Unicode.Scalar]) -> [Unicode.Scalar] {
        scratch.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            guard let folded = NormalizedText.foldedOneToOne(scalar) else {
                return NormalizedText.normalizedScalars(of: Array(text.unicodeScalars))
            }
            scratch.append(folded)
        }
        return scratch
    }

    /// The compiled phrases seen so far, by a hash of their elements: an open-addressed table of
    /// phrase numbers, so a duplicate is found without hashing or keeping a copy of each phrase.
    private struct SeenPhrases {
        private var slots: [Int32]
        private let mask: Int

        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size <<= 1 }
            slots = Array(repeating: -1, count: size)
            mask = size - 1
        }

        /// Records the phrase at `range` of `compiled` (the next phrase, not yet ended in
        /// `starts`); false when an equal phrase was recorded before.
        mutating func insert(_ range: Range<Int>, of compiled: Compiled) -> Bool {
            let phrase = compiled.elements[range]
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
            for element in phrase { hash = (hash ^ UInt64(element.code)) &* 0x100_0000_01B3 }
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
            while slots[slot] >= 0 {
                if compiled.phrase(Int(slots[slot])) == phrase { return false }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(compiled.count)
            return true
        }
    }

    init(_ phrases: Compiled, digitsBreakWords: Bool) {
        self.digitsBreakWords = digitsBreakWords
        let elements = phrases.elements
        let phraseStarts = phrases.starts
        var secondScalars: [UInt32] = []
        secondScalars.reserveCapacity(phrases.count)
        var asciiHeads = [Range<Int32>](repeating: 0..<0, count: 128)
        var otherHeads: [UInt32: Range<Int32>] = [:]
        var startingWithNumber: [Int32] = []
        var startingWithAnyWord: [Int32] = []
        // Phrases that start with a scalar (a variable is U+FFFC), sorted into their groups by
        // one sort rather than a dictionary of lists; ties keep the phrases' order.
        var byHead: [(head: UInt32, second: UInt32, index: Int32)] = []
        byHead.reserveCapacity(phrases.count)
        for k in 0..<phrases.count {
            let index = Int32(k)
            let first = Int(phraseStarts[k])
            if first + 1 < Int(phraseStarts[k + 1]), case .scalar(let second) = elements[first + 1] {
                secondScalars.append(second.value)
            } else {
                secondScalars.append(0)
            }
            switch elements[first] {
            case .scalar(let scalar): byHead.append((scalar.value, secondScalars[k], index))
            case .variable: byHead.append((Template.placeholder.value, secondScalars[k], index))
            case .number: startingWithNumber.append(index)
            case .anyWord, .continuation: startingWithAnyWord.append(index)
            case .space, .optionalSpace: break
            }
        }
        func third(_ index: Int32) -> UInt32 {
            let at = Int(phraseStarts[Int(index)]) + 2
            guard at < Int(phraseStarts[Int(index) + 1]), case .scalar(let third) = elements[at] else {
                return 0
            }
            return third.value
        }
        Self.sortByHead(&byHead)
        var groupStart = 0
        while groupStart < byHead.count {
            let head = byHead[groupStart].head
            var groupEnd = groupStart + 1
            while groupEnd < byHead.count, byHead[groupEnd].head == head { groupEnd += 1 }
            let range = Int32(groupStart)..<Int32(groupEnd)
            if head < 128 { asciiHeads[Int(head)] = range } else { otherHeads[head] = range }
            groupStart = groupEnd
        }
        var asciiPairs = [UInt64](repeating: 0, count: 128 * 128 / 64)
        var asciiTriples = [UInt64](repeating: 0, count: (1 << WordStart.tripleIndexBits) / 64)
        func setPair(_ pair: Int) { asciiPairs[pair >> 6] |= 1 << UInt64(pair & 63) }
        func setTriple(_ triple: Int) { asciiTriples[triple >> 6] |= 1 << UInt64(triple & 63) }
        func setRow(_ first: Int) {
            // Anything may follow: the whole row (two words).
            asciiPairs[first << 1] = ~0
            asciiPairs[(first << 1) + 1] = ~0
        }
        setPair(WordStart.beyondASCII)
        if !startingWithAnyWord.isEmpty {
            for word in asciiPairs.indices { asciiPairs[word] = ~0 }
        }
        if !startingWithNumber.isEmpty {
            for digit in Unicode.Scalar("0").value...Unicode.Scalar("9").value { setRow(Int(digit)) }
        }
        for (head, second, index) in byHead where head < 128 {
            let row = Int(head) << 7
            let start = Int(phraseStarts[Int(index)])
            let end = Int(phraseStarts[Int(index) + 1])
            let secondElement = start + 1 < end ? elements[start + 1] : nil
            let thirdElement = start + 2 < end ? elements[start + 2] : nil
            switch (second, secondElement, thirdElement) {
            case (1..<128, _, .scalar(let third)?):
                setTriple(WordStart.tripleIndex(head, second, third.value))
            case (1..<128, _, .space?): setTriple(WordStart.tripleIndex(head, second, 0x20))
            case (1..<128, _, _): setPair(row | Int(second))
            case (1..., _, _): setPair(row)
            case (_, .space?, _):
                // A word of one letter ("a few"): any space may follow, and one beyond ASCII is 0.
                for space in [0, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20] { setPair(row | space) }
            default: setRow(Int(head))
            }
        }
        // Each table in a buffer of the set's own; their elements hold no references, so
        // freeing the buffers needs no deinitialising.
        var buffers: [UnsafeMutableRawPointer] = []
        func owned<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
            assert(_isPOD(T.self))
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
            _ = buffer.initialize(fromContentsOf: array)
            buffers.append(UnsafeMutableRawPointer(buffer.baseAddress!))
            return UnsafeBufferPointer(buffer)
        }
        let otherHeadScalars = otherHeads.keys.sorted()
        // Each number phrase with the scalar its number is followed by, directly or after
        // spaces, or 0 when that is not a scalar.
        let numberPhrases = startingWithNumber.map { index in
            var at = Int(phraseStarts[Int(index)]) + 1
            let end = Int(phraseStarts[Int(index) + 1])
            var direct = true
            while at < end, elements[at] == .space || elements[at] == .optionalSpace {
                at += 1
                direct = false
            }
            guard at < end, case .scalar(let scalar) = elements[at] else {
                return (part: 0, follower: UInt32(0), index: index)
            }
            return (part: direct ? 1 : 2, follower: scalar.value, index: index)
        }.sorted { ($0.part, $0.follower, $0.index) < ($1.part, $1.follower, $1.index) }
        tables = Tables(
            elements: owned(elements), phraseStarts: owned(phraseStarts),
            secondScalars: owned(secondScalars), heads: owned(byHead.map(\.index)),
            headSeconds: owned(byHead.map(\.second)),
            headThirds: owned(byHead.map { third($0.index) }),
            asciiHeads: owned(asciiHeads), asciiPairs: owned(asciiPairs), asciiTriples: owned(asciiTriples),
            otherHeadScalars: owned(otherHeadScalars),
            otherHeads: owned(otherHeadScalars.map { otherHeads[$0]! }),
            startingWithNumber: owned(numberPhrases.map(\.index)),
            numberFollowers: owned(numberPhrases.map(\.follower)),
            numberFollowedDirectly: numberPhrases.partitionIndex(in: numberPhrases.indices) { $0.part >= 1 },
            numberFollowedAfterSpaces: numberPhrases.partitionIndex(in: numberPhrases.indices) {
                $0.part >= 2
            },
            startingWithAnyWord: owned(startingWithAnyWord))
        self.buffers = buffers
    }

    var isEmpty: Bool { tables.phraseStarts.count == 1 }

    /// Appends a normalised phrase's elements to `elements`.
    private static func appendElements<Source: RandomAccessCollection>(
        of scalars: Source, to elements: inout [Element]
    ) where Source.Element == Unicode.Scalar, Source.Index == Int {
        let first = elements.count
        let n = scalars.count
        var i = 0
        func isWordEdge(_ k: Int) -> Bool { k < 0 || k >= n || Scalars.isSpace(scalars[k]) }
        while i < n {
            let c = scalars[i]
            if Scalars.isSpace(c) {
                while i < n, Scalars.isSpace(scalars[i]) { i += 1 }
                if elements.count > first, i < n { elements.append(.space) }
                continue
            }
            if c == "{", i + 1 < n, scalars[i + 1] == "}" {
                elements.append(.variable)
                i += 2
                continue
            }
            if c == "*", isWordEdge(i + 1) {
                elements.append(isWordEdge(i - 1) ? .anyWord : .continuation)
                i += 1
                continue
            }
            if c == "#", !Scalars.isASCIIWord(i > 0 ? scalars[i - 1] : " "),
                !Scalars.isASCIIWord(i + 1 < n ? scalars[i + 1] : " ")
            {
                elements.append(.number)
                i += 1
                continue
            }
            elements.append(.scalar(c))
            i += 1
        }
        // Spaces next to a variable are optional: "{{ price }}/week" and "{{ price }} / week".
        for k in first..<elements.count where elements[k] == .space {
            if elements[k - 1] == .variable || (k + 1 < elements.count && elements[k + 1] == .variable) {
                elements[k] = .optionalSpace
            }
        }
    }

    /// For every offset where a phrase matches, the longest match there, in order of offset.
    func longestMatches(in text: NormalizedText) -> [Range<Int>] {
        // The word starts are read in place: copying the array out of the text retained it, and
        // both worker threads scan the same texts.
        text.scalars.withUnsafeBufferPointer { t in
            if digitsBreakWords {
                text.wordStartsBreakingDigits.withUnsafeBufferPointer {
                    longestMatches(in: t, startingAt: $0)
                }
            } else {
                text.wordStarts.withUnsafeBufferPointer { longestMatches(in: t, startingAt: $0) }
            }
        }
    }

    private func longestMatches(
        in t: UnsafeBufferPointer<Unicode.Scalar>, startingAt starts: UnsafeBufferPointer<WordStart>
    ) -> [Range<Int>] {
        var result: [Range<Int>] = []
        let tables = self.tables
        // Only where a word starts: a phrase never begins inside one. Most word starts begin no
        // phrase, and `Tables.mayStart` tells so: that test is this loop, and the search is
        // `longestMatch(in:at:)`.
        for start in starts where tables.mayStart(start) {
            let i = start.offset
            let end = longestMatch(in: t, at: i)
            if end > i { result.append(i..<end) }
        }
        return result
    }

    /// The end of the longest match that starts at `i`, or -1.
    @inline(never)
    private func longestMatch(in t: UnsafeBufferPointer<Unicode.Scalar>, at i: Int) -> Int {
        let n = t.count
        let c = t[i]
        let next = i + 1 < n ? t[i + 1].value : 0
        let group = tables.group(startingWith: c)
        let tryNumber = !tables.startingWithNumber.isEmpty && Scalars.isDigit(c)
        let tryAnyWord =
            !tables.startingWithAnyWord.isEmpty && Scalars.isSpacedWord(c)
            && (i == 0 || !Scalars.isWord(t[i - 1]))
        guard !group.isEmpty || tryNumber || tryAnyWord else { return -1 }
        var best = -1
        /// Keeps `end` when it is the longest so far and does not cut a word.
        func consider(_ end: Int?) {
            if let end, end > best, end == n || !joins(t[end - 1], t[end]) { best = end }
        }
        func phrase(_ index: Int32, droppingFirst dropped: Int = 0) -> Slice<
            UnsafeBufferPointer<Element>
        > {
            tables.elements[
                Int(tables.phraseStarts[Int(index)])
                    + dropped..<Int(tables.phraseStarts[Int(index) + 1])]
        }
        func tryPhrase(_ index: Int32) {
            let second = tables.secondScalars[Int(index)]
            if second != 0, second != next { return }
            consider(matchEnd(phrase(index), in: t, at: i))
        }
        // Phrases whose second element is not a scalar, then those whose second
        // scalar is the text's.
        var k = Int(group.lowerBound)
        let groupEnd = Int(group.upperBound)
        while k < groupEnd, tables.headSeconds[k] == 0 {
            consider(matchEnd(phrase(tables.heads[k]), in: t, at: i))
            k += 1
        }
        if next != 0, k < groupEnd {
            let third = i + 2 < n ? t[i + 2].value : 0
            k = tables.headSeconds.lowerBound(of: next, in: k..<groupEnd)
            while k < groupEnd, tables.headSeconds[k] == next {
                if tables.headThirds[k] == 0 || tables.headThirds[k] == third {
                    consider(matchEnd(phrase(tables.heads[k]), in: t, at: i))
                }
                k += 1
            }
        }
        if tryNumber, let afterNumber = Scalars.numberEnd(in: t, at: i) {
            // The number is read once for every phrase that starts with one.
            let direct = afterNumber < n ? t[afterNumber].value : 0
            var afterSpaces = afterNumber
            while afterSpaces < n, Scalars.isSpace(t[afterSpaces]) { afterSpaces += 1 }
            let spaced = afterSpaces < n ? t[afterSpaces].value : 0
            let numberPhrases = tables.startingWithNumber
            let followers = tables.numberFollowers
            func tryFollowed(by scalar: UInt32, in part: Range<Int>) {
                var k = followers.lowerBound(of: scalar, in: part)
                while k < part.upperBound, followers[k] == scalar {
                    consider(matchEnd(phrase(numberPhrases[k], droppingFirst: 1), in: t, at: afterNumber))
                    k += 1
                }
            }
            for k in 0..<tables.numberFollowedDirectly {
                consider(matchEnd(phrase(numberPhrases[k], droppingFirst: 1), in: t, at: afterNumber))
            }
            tryFollowed(by: direct, in: tables.numberFollowedDirectly..<tables.numberFollowedAfterSpaces)
            tryFollowed(by: spaced, in: tables.numberFollowedAfterSpaces..<numberPhrases.count)
        }
        if tryAnyWord { for index in tables.startingWithAnyWord { tryPhrase(index) } }
        return best
    }

    /// A scalar of a word for a lone `*`: anything but a space or a variable ("today's" is one
    /// word), in a script that separates words with spaces, so that the scan stays linear.
    private static func inAnyWord(_ c: Unicode.Scalar) -> Bool {
        !Scalars.isSpace(c) && c != Template.placeholder && !Scalars.isUnspaced(c)
    }

    /// Whether two neighbouring scalars belong to one word, so a match may not end between them.
    private func joins(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        guard Scalars.isSpacedWord(a), Scalars.isSpacedWord(b) else { return false }
        return !digitsBreakWords || Scalars.isDigit(a) == Scalars.isDigit(b)
    }

    private func matchEnd(
        _ elements: Slice<UnsafeBufferPointer<Element>>, in t: UnsafeBufferPointer<Unicode.Scalar>,
        at start: Int
    ) -> Int? {
        let n = t.count
        var j = start
        for element in elements {
            switch element {
            case .scalar(let scalar):
                guard j < n, t[j] == scalar else { return nil }
                j += 1
            case .space:
                guard j < n, Scalars.isSpace(t[j]) else { return nil }
                while j < n, Scalars.isSpace(t[j]) { j += 1 }
            case .optionalSpace:
                while j < n, Scalars.isSpace(t[j]) { j += 1 }
            case .variable:
                guard j < n, t[j] == Template.placeholder else { return nil }
                j += 1
            case .number:
                guard let end = Scalars.numberEnd(in: t, at: j) else { return nil }
                j = end
            case .continuation:
                // Words of scripts without spaces have no end to continue to.
                while j < n, Scalars.isSpacedWord(t[j]) { j += 1 }
            case .anyWord:
                guard j < n, Self.inAnyWord(t[j]) else { return nil }
                while j < n, Self.inAnyWord(t[j]) { j += 1 }
            }
        }
        return j
    }
}

/// Scalar classes shared by the matcher and the detectors.
enum Scalars {
    static func isASCIIWord(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: false
        }
    }

    /// A letter, a mark or a decimal digit, in any script.
    static func isWord(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIWord(c) }
        if commonLetterFolded(c) != nil { return true }
        return isWordByProperties(c)
    }

    // The Unicode property lookups stay out of line: `Unicode.Scalar.Properties` and
    // `Unicode.GeneralCategory` are resilient types, and a function that inlines a lookup sets up
    // stack space for them at every call, used or not. In the phrase scan and `matchEnd`, which
    // run millions of times on a large file and almost never reach a lookup, that set-up was
    // most of their per-call cost.

    @inline(never)
    private static func isWordByProperties(_ c: Unicode.Scalar) -> Bool {
        if c.properties.isAlphabetic { return true }
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
        default: return false
        }
    }

    @inline(never)
    private static func isWhitespaceByProperties(_ c: Unicode.Scalar) -> Bool {
        c.properties.isWhitespace
    }

    /// For the letters of the most common scripts, its case-folded NFKC form, known without a
    /// Unicode property lookup: each is a starter that NFKC leaves alone, and upper case maps to
    /// lower case by a fixed offset. Nil for every other scalar (those take the general path).
    /// Latin-1, Latin Extended-A (Central European and Turkish), Greek and Cyrillic letters,
    /// Hebrew, Arabic, Devanagari and Thai consonants, kana, CJK ideographs and Hangul syllables.
    static func commonLetterFolded(_ c: Unicode.Scalar) -> Unicode.Scalar? {
        switch c.value {
        case 0xC0...0xD6, 0xD8...0xDE, 0x391...0x3A1, 0x3A3...0x3A9, 0x410...0x42F:
            Unicode.Scalar(c.value + 0x20)
        case 0x400...0x40F: Unicode.Scalar(c.value + 0x50)
        // Latin Extended-A pairs a capital with its small letter: capital first ("Ā ā", "Ş ş")…
        case 0x100...0x12F, 0x134...0x137, 0x14A...0x177: Unicode.Scalar(c.value | 1)
        // …or, in these runs, small letter second after an odd capital ("Ł ł", "Ž ž").
        case 0x139...0x13E, 0x141...0x148, 0x179...0x17E: Unicode.Scalar(c.value + (c.value & 1))
        case 0x178: "\u{FF}"  // Ÿ
        // Latin Extended Additional (Vietnamese "ạ ế ở"), capital even, and Vietnamese "ơ".
        case 0x1E00...0x1E95, 0x1EA0...0x1EFF, 0x1A0...0x1A1: Unicode.Scalar(c.value | 1)
        case 0x1AF: "\u{1B0}"  // Ư
        case 0x1B0: c
        case 0x131, 0x138, 0x3B1...0x3C1, 0x3C3...0x3C9:  // ı, ĸ, Greek small letters
            c
        case 0xE0...0xF6, 0xF8...0xFF, 0x430...0x45F, 0x5D0...0x5EA, 0x621...0x63A, 0x641...0x64A,
            0x915...0x939, 0xE01...0xE30, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
            0xAC00...0xD7A3:
            c
        default: nil
        }
    }

    /// A decimal digit of any script. It runs for nearly every scalar of every copy string, so
    /// it answers from the code point where it can: the Basic Multilingual Plane's digits come
    /// in runs of ten from these starts, and emoji have none. (A test checks every scalar
    /// against the Unicode property.)
    @inline(__always)
    static func isDigit(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x80 ? c.value &- 0x30 < 10 : isDigitBeyondASCII(c)
    }

    @inline(never)
    private static func isDigitBeyondASCII(_ c: Unicode.Scalar) -> Bool {
        let value = c.value
        if value < 0x660 { return false }
        if value < 0x1_0000 {
            let index = bmpDigitRunStarts.lowerBound(of: value + 1) - 1
            return index >= 0 && value - bmpDigitRunStarts[index] < 10
        }
        if (0x1_F000..<0x1_FBF0).contains(value) { return false }
        return c.properties.numericType == .decimal
    }

    private static let bmpDigitRunStarts: [UInt32] = [
        0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6, 0xE50,
        0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0,
        0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    ]

    /// The offset of the first scalar from `start` on that is not whitespace.
    static func skipSpaces(_ t: [Unicode.Scalar], from start: Int) -> Int {
        var k = start
        while k < t.count, isSpace(t[k]) { k += 1 }
        return k
    }

    /// The offset just past the last scalar before `end` that is not whitespace.
    static func skipSpaces(_ t: [Unicode.Scalar], backFrom end: Int) -> Int {
        var k = end
        while k > 0, isSpace(t[k - 1]) { k -= 1 }
        return k
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        // ASCII without a property lookup: most text is ASCII and this runs for every scalar.
        if c.isASCII { return c == " " || (c.value >= 0x09 && c.value <= 0x0D) }
        if commonLetterFolded(c) != nil { return false }
        return c != Template.placeholder && isWhitespaceByProperties(c)
    }

    /// Scripts written without spaces between words (or, for Hangul, with particles attached).
    static func isUnspaced(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x0E00...0x0EFF,  // Thai, Lao
            0x1000...0x109F,  // Myanmar
            0x1100...0x11FF,  // Hangul Jamo
            0x1780...0x17FF,  // Khmer
            0x2E80...0x2FDF,  // CJK radicals
            0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035,  // 々, 〆, 〇, Hangzhou numerals, kana repeats
            0x3040...0x30FF,  // Hiragana, Katakana
            0x3130...0x318F,  // Hangul compatibility jamo
            0x31F0...0x31FF,  // Katakana extensions
            0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
            0xA960...0xA97F, 0xAC00...0xD7FF,  // Hangul
            0xF900...0xFAFF,  // CJK compatibility ideographs
            0xFF66...0xFFDC,  // half-width kana and Hangul
            0x20000...0x3FFFF:  // CJK extensions
            return true
        default:
            return false
        }
    }

    /// A word scalar of a script that separates words with spaces.
    static func isSpacedWord(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIIWord(c) }
        // The range test first: it spares CJK text the property lookups.
        return !isUnspaced(c) && isWord(c)
    }

    /// The end of the number starting at `start`: digits, with `.`, `,` or `'` between digits.
    static func numberEnd<Text: RandomAccessCollection<Unicode.Scalar>>(in t: Text, at start: Int) -> Int?
    where Text.Index == Int {
        let n = t.count
        guard start < n, isDigit(t[start]) else { return nil }
        var j = start + 1
        while j < n {
            if isDigit(t[j]) {
                j += 1
            } else if t[j] == "." || t[j] == "," || t[j] == "'", j + 1 < n, isDigit(t[j + 1]) {
                j += 2
            } else {
                break
            }
        }
        return j
    }
}
