/// Claims that something is free of charge, in many languages ("free trial", "kostenlos",
/// "無料"), and zero prices ("$0 for your first week", "0円"). "Ad-free", "free up space" and
/// "feel free" are not such claims.
///
/// Vocabularies: `free-words`, with `free-exceptions`; the currency vocabularies for zero prices.
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class FreeDetector: Sendable {
    private let matcher: PhraseMatcher
    private let prices: PriceDetector

    package init(vocabularies: [String: [String]]) {
        matcher = PhraseMatcher(
            phrases: vocabularies["free-words"] ?? [], exceptions: vocabularies["free-exceptions"] ?? [])
        prices = PriceDetector(vocabularies: vocabularies)
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        var ranges = matcher.ranges(in: normalized)
        ranges += prices.prices(in: normalized).filter(\.isZero).map(\.range)
        return SavingsDetector.merged(ranges).map { DetectorMatch($0, of: normalized, in: text) }
    }
}
