/// Urgency and scarcity wording ("limited time", "only today", "offer ends", "残りわずか"), which
/// App Review treats as manipulative when the deadline is not real.
///
/// Known phrases first (`urgency-phrases`, with `urgency-exceptions` for calm phrases that contain
/// an urgency word: "no hurry", "не спешите"). Then structure, so that new wordings are found too,
/// in text with no calm phrase ("Rest timer: 00:45 remaining" counts down a workout):
/// - a running clock, `02:14:59`, or a shorter `09:59` next to a countdown word
///   (`countdown-context`: "ends in", "через", "bitmesine");
/// - a deadline verb with a near time (`deadline-verbs` with `time-limits` or a clock: "closes
///   tonight", "endet morgen", "läuft um 23:59 Uhr ab"), unless the text is about a trial, a
///   renewal or a reset (`deadline-exceptions`: "your trial ends tomorrow", "the limit resets at
///   midnight");
/// - scarcity of an offer: a countdown word with an offer word and a number, spelled or not, or a
///   word for "a few" (`countdown-context` with `offer-words`, `number-words`, `few-words`: "Bara 25
///   rabattkoder kvar", "Nur noch drei Tage zum Aktionspreis", "Bloß noch wenige Plätze"), with
///   the same exceptions.
/// A countdown word with a near time alone is no pressure: "3 exercises left for today", "5
/// minutes left in your workout".
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class UrgencyDetector: Sendable {
    private let phrases: PhraseMatcher
    private let countdownContext: PhraseMatcher
    private let deadlines: PhraseMatcher
    private let timeLimits: PhraseMatcher
    private let deadlineExceptions: PhraseMatcher
    private let offerWords: PhraseMatcher
    private let fewWords: PhraseMatcher
    private let numberWords: PhraseMatcher
    private let calm: PhraseMatcher

    package init(vocabularies: [String: [String]]) {
        func matcher(_ name: String) -> PhraseMatcher { PhraseMatcher(phrases: vocabularies[name] ?? []) }
        phrases = PhraseMatcher(
            phrases: vocabularies["urgency-phrases"] ?? [],
            exceptions: vocabularies["urgency-exceptions"] ?? [])
        countdownContext = matcher("countdown-context")
        deadlines = matcher("deadline-verbs")
        timeLimits = matcher("time-limits")
        deadlineExceptions = matcher("deadline-exceptions")
        offerWords = matcher("offer-words")
        fewWords = matcher("few-words")
        numberWords = matcher("number-words")
        calm = matcher("urgency-exceptions")
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        let known = phrases.matches(in: text, normalized: normalized)
        guard known.isEmpty else { return known }
        guard let found = structuralMatch(in: text, normalized: normalized) else { return [] }
        // Scanned for calm phrases only when the structure found something: most copy has none.
        return calm.ranges(in: normalized).isEmpty ? [found] : []
    }

    private func structuralMatch(in text: [Unicode.Scalar], normalized: NormalizedText) -> DetectorMatch? {
        let clocks = Self.clocks(in: text)
        if let clock = clocks.first(where: { $0.groups >= 3 }) {
            return DetectorMatch(range: clock.range, in: text)
        }
        let countdowns = countdownContext.ranges(in: normalized)
        if let clock = clocks.first, !countdowns.isEmpty {
            return DetectorMatch(range: clock.range, in: text)
        }
        // A near deadline, or an offer counted down, presses unless the text is about a trial, a
        // renewal or a reset. A clock is a time even inside the deadline that brackets it
        // ("läuft um 23:59 Uhr ab").
        let deadlineRanges = deadlines.ranges(in: normalized)
        let pressure =
            (clocks.isEmpty ? nil : deadlineRanges.first)
            ?? deadlineRanges.pairedSpan(with: timeLimits.ranges(in: normalized))
            ?? offerCountedDown(countdowns, in: normalized)
        guard let pressure, deadlineExceptions.ranges(in: normalized).isEmpty else { return nil }
        return DetectorMatch(pressure, of: normalized, in: text)
    }

    /// A countdown word with an offer word, and a number (in digits or words) or "a few" to count
    /// with.
    private func offerCountedDown(_ countdowns: [Range<Int>], in normalized: NormalizedText) -> Range<Int>? {
        guard let span = countdowns.pairedSpan(with: offerWords.ranges(in: normalized)),
            normalized.containsDigit || !fewWords.ranges(in: normalized).isEmpty
                || !numberWords.ranges(in: normalized).isEmpty
        else { return nil }
        return span
    }

    /// Clock readings, `02:14:59` (three groups) or `09:59` (two), in order: digits (at most two
    /// in the first group, in any script: `٠٢:٥٩:٥٩`) followed by `:` and two digits, once or more.
    static func clocks(in text: [Unicode.Scalar]) -> [(range: Range<Int>, groups: Int)] {
        // Most copy has no colon, and so no clock.
        guard text.contains(":") else { return [] }
        func digits(from start: Int) -> Int {
            var end = start
            while end < text.count, Scalars.isDigit(text[end]) { end += 1 }
            return end - start
        }
        var found: [(range: Range<Int>, groups: Int)] = []
        var i = 0
        while i < text.count {
            let first = digits(from: i)
            guard first > 0 else {
                i += 1
                continue
            }
            var end = i + first
            var groups = 1
            while end + 2 < text.count, text[end] == ":", digits(from: end + 1) == 2 {
                end += 3
                groups += 1
            }
            if groups >= 2 && first <= 2 { found.append((i..<end, groups)) }
            i = end
        }
        return found
    }
}
