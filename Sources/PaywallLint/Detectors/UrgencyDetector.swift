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
        matcher.matches(in: text)
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    public func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        matcher.matches(in: text, normalized: normalized)
    }
}
