/// Guilt-tripping dismiss labels ("No thanks, I don't like saving money", "I'll pay full
/// price"), which App Review 5.6 counts as manipulative.
///
/// Vocabularies: `shaming-phrases`; `neutral-dismiss` holds known-good labels ("Not now",
/// "No thanks"), and a shaming phrase that overlaps one of them does not count.
public struct ConfirmshamingDetector: Sendable {
    private let matcher: PhraseMatcher

    public init(vocabularies: [String: [String]]) {
        matcher = PhraseMatcher(
            phrases: vocabularies["shaming-phrases"] ?? [],
            exceptions: vocabularies["neutral-dismiss"] ?? [])
    }

    public func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matcher.matches(in: text)
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    public func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        matcher.matches(in: text, normalized: normalized)
    }
}
