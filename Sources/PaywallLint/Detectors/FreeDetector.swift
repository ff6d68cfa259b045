/// Claims that something is free of charge, in many languages ("free trial", "kostenlos",
/// "無料"), and zero prices ("$0 for your first week", "0円"). "Ad-free", "free up space" and
/// "feel free" are not such claims.
///
/// A negation right next to a word for a charge claims it too ("no payment today", "sin cargos",
/// "ücret yok", "料金なし"), unless a word stands between ("no hidden fees") or the text is about
/// cancelling ("résiliable sans frais"); so does paying nothing ("Je betaalt vandaag helemaal
/// niets", "nichts zahlen").
///
/// Vocabularies: `free-words`, with `free-exceptions`; `charge-words` with `charge-negations`
/// (before) and `charge-negations-after`, vetoed by `cancel-words`; `pay-words` with
/// `nothing-words`; the currency vocabularies for zero prices.
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class FreeDetector: Sendable {
    private let matcher: PhraseMatcher
    private let prices: PriceDetector
    private let charges: PhraseMatcher
    private let negations: PhraseMatcher
    private let negationsAfter: PhraseMatcher
    private let cancelling: PhraseMatcher
    private let paying: PhraseMatcher
    private let nothing: PhraseMatcher

    package init(vocabularies: [String: [String]]) {
        matcher = PhraseMatcher(
            phrases: vocabularies["free-words"] ?? [], exceptions: vocabularies["free-exceptions"] ?? [])
        prices = PriceDetector(vocabularies: vocabularies)
        charges = PhraseMatcher(phrases: vocabularies["charge-words"] ?? [])
        negations = PhraseMatcher(phrases: vocabularies["charge-negations"] ?? [])
        negationsAfter = PhraseMatcher(phrases: vocabularies["charge-negations-after"] ?? [])
        cancelling = PhraseMatcher(phrases: vocabularies["cancel-words"] ?? [])
        paying = PhraseMatcher(phrases: vocabularies["pay-words"] ?? [])
        nothing = PhraseMatcher(phrases: vocabularies["nothing-words"] ?? [])
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        var ranges = matcher.ranges(in: normalized)
        ranges += prices.prices(in: normalized).filter(\.isZero).map(\.range)
        ranges += noCharge(in: normalized)
        ranges += paysNothing(in: normalized)
        return SavingsDetector.merged(ranges).map { DetectorMatch($0, of: normalized, in: text) }
    }

    /// A paying word, then a word for nothing at most two words on, or right before it.
    private func paysNothing(in normalized: NormalizedText) -> [Range<Int>] {
        let nothings = nothing.ranges(in: normalized)
        guard !nothings.isEmpty else { return [] }
        let pays = paying.ranges(in: normalized)
        let t = normalized.scalars
        let claims: [Range<Int>] = pays.compactMap { pay in
            if let after = nothings.first(startingFrom: pay.upperBound),
                TrialOfferDetector.wordsBetween(t, pay, after, atMost: 2) <= 2
            {
                return pay.lowerBound..<after.upperBound
            }
            // Before the verb only right before it, as verb-final languages say it: "Nothing
            // changes, you pay the same" claims nothing.
            if let before = nothings.last(endingBy: pay.lowerBound),
                TrialOfferDetector.wordsBetween(t, before, pay, atMost: 0) == 0
            {
                return before.lowerBound..<pay.upperBound
            }
            return nil
        }
        guard !claims.isEmpty else { return [] }
        // "دون أن تدفع شيئًا", "sans rien payer": the "without" a word before is part of the claim.
        let withouts = negations.ranges(in: normalized)
        return claims.map { claim in
            guard let without = withouts.last(endingBy: claim.lowerBound),
                TrialOfferDetector.wordsBetween(t, without, claim, atMost: 1) <= 1
            else { return claim }
            return without.lowerBound..<claim.upperBound
        }
    }

    private static let particles: Set<Unicode.Scalar> = ["이", "가", "은", "는", "도", "が", "は", "も"]

    /// Negated charges, in normalised offsets: only spaces between the negation and the charge.
    private func noCharge(in normalized: NormalizedText) -> [Range<Int>] {
        let found = charges.ranges(in: normalized)
        guard !found.isEmpty else { return [] }
        let t = normalized.scalars
        // Only spaces, or a Korean or Japanese particle ("요금이 없어요", "料金は無し").
        func adjacent(_ gap: Range<Int>) -> Bool {
            let kept = t[gap].filter { !Scalars.isSpace($0) }
            return kept.isEmpty || (kept.count == 1 && Self.particles.contains(kept[0]))
        }
        var claims: [Range<Int>] = []
        let before = negations.ranges(in: normalized)
        let after = negationsAfter.ranges(in: normalized)
        for charge in found {
            if let negation = before.last(endingBy: charge.lowerBound),
                adjacent(negation.upperBound..<charge.lowerBound)
            {
                claims.append(negation.lowerBound..<charge.upperBound)
            } else if let negation = after.first(startingFrom: charge.upperBound),
                adjacent(charge.upperBound..<negation.lowerBound)
            {
                claims.append(charge.lowerBound..<negation.upperBound)
            }
        }
        guard !claims.isEmpty, cancelling.ranges(in: normalized).isEmpty else { return [] }
        return claims
    }
}
