/// `trial-terms`: where copy says "free" or "trial" about an offer, the same copy states the
/// trial's length (`{{ trial_duration }}` / `{{ intro_period }}`) and the price after it.
struct TrialTermsCheck: Check {
    static let name = "trial-terms"
    static let options = [
        OptionSpec("trial-words", .vocabulary, "words for a trial (default: the trial-words vocabulary)"),
        CopySelection.option,
    ]

    let offers: TrialOfferDetector
    let savings: SavingsDetector
    let selection: CopySelection

    init(_ setup: CheckSetup) throws {
        offers = TrialOfferDetector(
            vocabularies: setup.vocabularies, trialWords: try setup.phrases("trial-words"))
        savings = SavingsDetector(vocabularies: setup.vocabularies)
        selection = try CopySelection(setup)
    }

    func run(_ context: inout RuleContext) {
        let catalog = context.paywall.dialect.variables
        let claimed = context.matched(selection.copies(context)) { plain, normalized in
            offers.firstOffer(in: plain, normalized: normalized).map { [$0] } ?? []
        }
        for (copy, claims) in claimed {
            let claim = claims[0]
            // "2 months free with the yearly plan" is a saving, reported as one: one problem,
            // one finding.
            let saved = context.matches(of: copy, part: 1) { savings.matches(in: $0, normalized: $1) }
            if saved.contains(where: { $0.range.overlaps(claim.range) }) { continue }
            let kinds = Set(copy.template.variables.compactMap { catalog.kind(of: $0.name) })
            var missing: [String] = []
            if kinds.isDisjoint(with: [.trial, .introPeriod]) {
                missing.append("the trial's length ({{ trial_duration }})")
            }
            if !kinds.contains(.billedTotal) { missing.append("the price after it ({{ price }})") }
            guard !missing.isEmpty else { continue }
            context.report(
                "\(copy.label) offers \"\(claim.text)\" without \(missing.joined(separator: " and "))",
                in: copy, plainRange: claim.range)
        }
    }
}
