#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

/// Copy text split into literal runs and `{{ name }}` variable references, each with its offset
/// (in Unicode scalars) in the text, so a finding can underline just `{{ pirce }}`.
package struct Template: Sendable {
    package struct Variable: Sendable, Hashable {
        package var name: String
        /// Offsets of the whole placeholder, braces included.
        package var range: Range<Int>
        /// Written exactly as `{{ name }}`, one space inside each brace pair.
        package var isCanonicallySpaced: Bool
        /// Filters after the name, `{{ name | uppercase }}`: RevenueCat V2's; other dialects have none.
        package var filters: [String] = []
    }

    package struct Problem: Sendable, Hashable {
        package var range: Range<Int>
        package var message: String
    }

    /// Everything parsed, in one immutable object: a `Copy` is passed around and copied by
    /// every rule, and one reference is cheaper to copy than six arrays and strings.
    private final class Storage: Sendable {
        let raw: String
        let variables: [Variable]
        let problems: [Problem]
        let plain: [Unicode.Scalar]
        let normalized: NormalizedText
        let jumps: [Jump]
        let rawCount: Int
        /// Set when the text is likely to be read again: a second copy has it, in this file or an
        /// earlier one of the worker, or the worker's texts have been repeating (`TemplateCache`).
        let keepsDetections = PlatformAtomic<Bool>(false)
        /// What each rule's detector found in the text, once it keeps them: kept with the text,
        /// so a later file that repeats it reuses it. A list searched in order, not a dictionary:
        /// one configuration's text rules keep a few dozen, and hashing the key cost more than
        /// comparing it with each.
        let detections = KeptDetections()
        /// What a variable catalogue made of the variables (`variableSummary`), with the
        /// catalogue's tag; 0 until asked. One word, so a text both threads read needs no lock.
        let variableSummary = PlatformAtomic<UInt64>(0)

        init(raw: String, rawCount: Int, parsed: Parser) {
            self.raw = raw
            self.rawCount = rawCount
            variables = parsed.variables
            problems = parsed.problems
            plain = parsed.plain
            jumps = parsed.jumps
            normalized = NormalizedText(parsed.plain)
        }
    }

    private let storage: Storage

    /// Whether what the detectors find in this text is kept for the next copy that has it (see
    /// `TemplateCache`).
    var keepsDetections: Bool { storage.keepsDetections.load(ordering: .relaxed) }

    func keepDetections() { storage.keepsDetections.store(true, ordering: .relaxed) }

    /// What the detector `key` finds in this text: computed by `detect` the first time, then
    /// kept.
    func detections(_ key: Int, _ detect: () -> [DetectorMatch]) -> [DetectorMatch] {
        if let known = storage.detections.matches(for: key) { return known }
        let found = detect()
        storage.detections.keep(found, for: key)
        return found
    }

    /// What the variable catalogue tagged `tag` (1 to 255) makes of this text's variables,
    /// packed by the catalogue in 40 bits: worked out by `summarize` the first time, then kept
    /// with the text, for every copy and every file that has it (a text of a repository's
    /// paywalls meets two catalogues at most, and the last one asked is kept).
    func variableSummary(tag: UInt8, _ summarize: () -> UInt64) -> UInt64 {
        let kept = storage.variableSummary.load(ordering: .relaxed)
        if kept >> 56 == UInt64(tag) { return kept & ((1 << 40) - 1) }
        let summary = summarize()
        precondition(summary < 1 << 40, "a variable summary takes 40 bits")
        storage.variableSummary.store(UInt64(tag) << 56 | summary, ordering: .relaxed)
        return summary
    }

    package var raw: String { storage.raw }
    /// The number of scalars in `raw`.
    package var rawCount: Int { storage.rawCount }
    package var variables: [Variable] { storage.variables }
    package var problems: [Problem] { storage.problems }
    /// The text with each variable replaced by U+FFFC, so detectors see neither its name nor
    /// its braces but still see a word boundary.
    package var plain: [Unicode.Scalar] { storage.plain }
    /// `plain`, NFKC-normalised and case-folded once, for every detector that reads this copy.
    package var normalized: NormalizedText { storage.normalized }
    /// Where `plain` and `raw` stop running in step: from scalar `plain` of `plain` on, scalar
    /// `plain + k` is scalar `raw + k` of `raw` (up to the next jump). Empty when every scalar
    /// before the last placeholder is at its own offset. One per placeholder rather than an
    /// offset per scalar: a large file holds hundreds of thousands of copy strings.
    private struct Jump: Sendable {
        var plain: Int32
        var raw: Int32
    }

    /// The offset in `raw` of scalar `offset` of `plain`: from the last jump at or before it,
    /// found by binary search (a hostile text can hold 100,000 placeholders).
    private func rawOffset(ofPlain offset: Int) -> Int {
        let jumps = storage.jumps
        let after = jumps.partitionIndex(in: 0..<jumps.count) { Int($0.plain) > offset }
        guard after > 0 else { return offset }
        return Int(jumps[after - 1].raw) + offset - Int(jumps[after - 1].plain)
    }

    package static let placeholder: Unicode.Scalar = "\u{FFFC}"

    package init(_ raw: String) {
        var parser = Parser()
        let scalars = raw.scalarArray
        if scalars.contains(where: { $0 == "{" || $0 == "}" }) {
            parser.parse(scalars)
        } else {
            parser.plain = scalars
        }
        storage = Storage(raw: raw, rawCount: scalars.count, parsed: parser)
    }

    /// The offsets in `raw` that scalars `range` of `plain` came from.
    package func rawRange(ofPlain range: Range<Int>) -> Range<Int> {
        // No jumps is not no placeholders: one at the very end leaves no jump after it.
        guard !range.isEmpty, !plain.isEmpty else { return range }
        let lower = rawOffset(ofPlain: min(range.lowerBound, plain.count - 1))
        let last = rawOffset(ofPlain: min(range.upperBound - 1, plain.count - 1))
        // A placeholder scalar stands for the whole `{{ … }}` (or the broken placeholder).
        var upper = last + 1
        if plain[min(range.upperBound - 1, plain.count - 1)] == Self.placeholder {
            upper =
                variables.first { $0.range.lowerBound == last }?.range.upperBound
                ?? problems.first { $0.range.lowerBound == last }?.range.upperBound ?? upper
        }
        return lower..<upper
    }

    package var plainText: String {
        String(scalars: plain)
    }

    /// Splits raw text into literal runs and variables.
    private struct Parser {
        var variables: [Variable] = []
        var problems: [Problem] = []
        var plain: [Unicode.Scalar] = []
        var jumps: [Jump] = []

        /// Appends to `plain`, remembering where in `raw` the scalar came from when that is not
        /// where the previous one leads.
        private mutating func keep(_ scalar: Unicode.Scalar, from rawOffset: Int) {
            let offset = plain.count
            let expected = jumps.last.map { Int($0.raw) + offset - Int($0.plain) } ?? offset
            if rawOffset != expected {
                jumps.append(
                    Jump(plain: Int32(truncatingIfNeeded: offset), raw: Int32(truncatingIfNeeded: rawOffset)))
            }
            plain.append(scalar)
        }

        /// Linear in the text, even for 100,000 braces in a row: the next `}}` after every offset is
        /// found once, up front.
        mutating func parse(_ s: [Unicode.Scalar]) {
            let n = s.count
            var nextClose = [Int](repeating: n, count: n + 1)
            var k = n - 2
            while k >= 0 {
                nextClose[k] = s[k] == "}" && s[k + 1] == "}" ? k : nextClose[k + 1]
                k -= 1
            }
            var i = 0
            while i < n {
                let c = s[i]
                if c == "{", i + 1 < n, s[i + 1] == "{" {
                    // `{{{ x }}`: the last pair opens.
                    var start = i
                    while start + 2 < n, s[start + 2] == "{" { start += 1 }
                    if start > i {
                        problems.append(Problem(range: i..<start + 2, message: "too many opening braces"))
                        for k in i..<start { keep(s[k], from: k) }
                    }
                    let close = nextClose[start + 2 < n ? start + 2 : n]
                    let nextOpen = firstIndex(of: "{", in: s, from: start + 2, before: close)
                    if close < n, nextOpen == nil {
                        addVariable(s, open: start, close: close)
                        i = close + 2
                    } else {
                        let end = nextOpen ?? close.clamped(to: n)
                        let singleClose = firstIndex(of: "}", in: s, from: start + 2, before: end)
                        let range = start..<(singleClose.map { $0 + 1 } ?? min(end, start + 2))
                        let message =
                            singleClose != nil
                            ? "placeholder closed with one brace; write {{ name }}" : "unclosed placeholder"
                        problems.append(Problem(range: range, message: message))
                        keep(Template.placeholder, from: start)
                        i = range.upperBound
                    }
                    continue
                }
                if c == "{" {
                    // `{ price }}` or `{price}`: one opening brace around a name.
                    var j = i + 1
                    while j < n, s[j] == " " { j += 1 }
                    let nameStart = j
                    while j < n, isNameScalar(s[j]) { j += 1 }
                    let nameEnd = j
                    while j < n, s[j] == " " { j += 1 }
                    if nameEnd > nameStart, j < n, s[j] == "}" {
                        let end = j + 1 < n && s[j + 1] == "}" ? j + 2 : j + 1
                        problems.append(
                            Problem(
                                range: i..<end, message: "placeholder opened with one brace; write {{ name }}"
                            ))
                        keep(Template.placeholder, from: i)
                        i = end
                        continue
                    }
                }
                if c == "}", i + 1 < n, s[i + 1] == "}" {
                    var end = i + 2
                    while end < n, s[end] == "}" { end += 1 }
                    problems.append(Problem(range: i..<end, message: "closing braces without an opening {{"))
                    i = end
                    continue
                }
                keep(c, from: i)
                i += 1
            }
        }

        private mutating func addVariable(_ s: [Unicode.Scalar], open: Int, close: Int) {
            let range = open..<(close + 2)
            keep(Template.placeholder, from: open)
            // `name`, or `name | filter | filter`, spaces around each part.
            var parts: [ArraySlice<Unicode.Scalar>] = []
            var partStart = open + 2
            for k in (open + 2)...close where k == close || s[k] == "|" {
                parts.append(trimmed(s[partStart..<k]))
                partStart = k + 1
            }
            let nameScalars = parts[0]
            guard !nameScalars.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isNameScalar) })
            else {
                problems.append(
                    Problem(
                        range: range,
                        message: nameScalars.isEmpty && parts.count == 1
                            ? "empty placeholder" : "a placeholder holds one variable name"))
                return
            }
            let spaced =
                nameScalars.startIndex == open + 3 && s[open + 2] == " "
                && (parts.count > 1 || nameScalars.endIndex == close - 1)
            variables.append(
                Variable(
                    name: String(scalars: nameScalars), range: range, isCanonicallySpaced: spaced,
                    filters: parts.dropFirst().map { String(scalars: $0) }))
        }

        private func trimmed(_ part: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
            var part = part
            while part.first == " " { part = part.dropFirst() }
            while part.last == " " { part = part.dropLast() }
            return part
        }

        private func firstIndex(of scalar: Unicode.Scalar, in s: [Unicode.Scalar], from: Int, before: Int)
            -> Int?
        {
            var k = from
            while k < before, k < s.count {
                if s[k] == scalar { return k }
                k += 1
            }
            return nil
        }

        private func isNameScalar(_ c: Unicode.Scalar) -> Bool {
            switch c {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": true
            default: false
            }
        }
    }
}

extension Int {
    fileprivate func clamped(to upper: Int) -> Int { Swift.min(self, upper) }
}
