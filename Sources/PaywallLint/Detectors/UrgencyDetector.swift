/// Urgency and scarcity wording ("limited time", "only today", "offer ends", "残りわずか"), which
/// App Review treats as manipulative when the deadline is not real.
///
/// Vocabularies: `urgency-phrases`, with `urgency-exceptions` for calm phrases that contain an
/// urgency word ("no hurry", "не спешите").
public struct UrgencyDetector: Sendable {
    private let matcher: PhraseMatcher

    public init(vocabularies: [String: [String]]) {
        matcher = PhraseMatcher(
            phrases: vocabularies["urgency-phrases"] ?? [],
            exceptions: vocabularies["urgency-exceptions"] ?? [])
    }

    public func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    public func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        let phrases = matcher.matches(in: text, normalized: normalized)
        guard phrases.isEmpty, let clock = Self.countdown(in: text) else { return phrases }
        return [DetectorMatch(range: clock, in: text)]
    }

    /// A running clock, `02:14:59` or `14:59:00`: hours, minutes and seconds counting down.
    static func countdown(in text: [Unicode.Scalar]) -> Range<Int>? {
        func digits(from start: Int) -> Int {
            var end = start
            while end < text.count, ("0"..."9").contains(text[end]) { end += 1 }
            return end - start
        }
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
            if groups >= 3 && first <= 2 { return i..<end }
            i = end
        }
        return nil
    }
}
