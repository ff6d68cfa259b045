/// Guilt-tripping dismiss labels ("No thanks, I don't like saving money", "I'll pay full
/// price"), which App Review 5.6 counts as manipulative.
///
/// Two ways to find them: known phrases (`shaming-phrases`, with `neutral-dismiss` as known-good
/// labels that cancel an overlapping phrase), and structure, so new wordings are found too: a
/// label that speaks in the first person or opens with a decline (`shaming-context`) and then
/// names a bad outcome for the user (`negative-outcomes`: "waste", "stay behind", "pay more") or
/// refuses to improve (a word of `negations` with one of `self-improvement`: "don't want to get
/// better"). "No thanks, I'll stick with the free plan" has neither and stays neutral.
public struct ConfirmshamingDetector: Sendable {
    private let phrases: PhraseMatcher
    private let context: PhraseMatcher
    private let outcomes: PhraseMatcher
    private let negations: PhraseMatcher
    private let improvement: PhraseMatcher

    public init(vocabularies: [String: [String]]) {
        phrases = PhraseMatcher(
            phrases: vocabularies["shaming-phrases"] ?? [],
            exceptions: vocabularies["neutral-dismiss"] ?? [])
        context = PhraseMatcher(phrases: vocabularies["shaming-context"] ?? [])
        outcomes = PhraseMatcher(phrases: vocabularies["negative-outcomes"] ?? [])
        negations = PhraseMatcher(phrases: vocabularies["negations"] ?? [])
        improvement = PhraseMatcher(phrases: vocabularies["self-improvement"] ?? [])
    }

    public func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    public func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        let known = phrases.matches(in: text, normalized: normalized)
        guard known.isEmpty else { return known }
        guard !context.ranges(in: normalized).isEmpty else { return [] }
        if let outcome = outcomes.ranges(in: normalized).first {
            return [DetectorMatch(range: normalized.sourceRange(of: outcome), in: text)]
        }
        if let negation = negations.ranges(in: normalized).first,
            let refused = improvement.ranges(in: normalized).first(where: {
                $0.lowerBound >= negation.lowerBound
            })
        {
            let range = negation.lowerBound..<max(negation.upperBound, refused.upperBound)
            return [DetectorMatch(range: normalized.sourceRange(of: range), in: text)]
        }
        return []
    }
}
