/// A detector or vocabulary a word check runs on copy: built once per rule from the run's
/// vocabularies, so a pack that adds words to `free-words` extends every rule that uses it.
struct TextDetector: Sendable {
    let name: String
    let find: @Sendable ([Unicode.Scalar], NormalizedText) -> [DetectorMatch]

    static let names = ["price", "savings", "urgency", "free", "payment-verb", "confirmshaming"]

    /// `detector: NAME`, or `vocabulary` (a name or an inline list) with optional `exceptions`.
    static func from(_ setup: CheckSetup) throws -> TextDetector {
        if let name = setup.text("detector") {
            let v = setup.vocabularies
            switch name {
            case "price":
                return TextDetector(name: name, find: PriceDetector(vocabularies: v).matches(in:normalized:))
            case "savings":
                return TextDetector(
                    name: name, find: SavingsDetector(vocabularies: v).matches(in:normalized:))
            case "urgency":
                return TextDetector(
                    name: name, find: UrgencyDetector(vocabularies: v).matches(in:normalized:))
            case "free":
                return TextDetector(name: name, find: FreeDetector(vocabularies: v).matches(in:normalized:))
            case "payment-verb":
                return TextDetector(
                    name: name, find: PaymentVerbDetector(vocabularies: v).matches(in:normalized:))
            case "confirmshaming":
                return TextDetector(
                    name: name, find: ConfirmshamingDetector(vocabularies: v).matches(in:normalized:))
            default:
                var message = "unknown detector '\(name)' (\(names.joined(separator: ", ")))"
                if let nearest = Suggestion.nearest(to: name, in: names) {
                    message = "unknown detector '\(name)'; did you mean '\(nearest)'?"
                }
                throw setup.error(message)
            }
        }
        guard let phrases = try setup.phrases("vocabulary") else {
            throw setup.error("give a 'vocabulary' (a name or a list of phrases) or a 'detector'")
        }
        let matcher = PhraseMatcher(phrases: phrases, exceptions: try setup.phrases("exceptions") ?? [])
        return TextDetector(
            name: setup.text("vocabulary") ?? "vocabulary", find: matcher.matches(in:normalized:))
    }

    static let options = [
        OptionSpec("vocabulary", .vocabulary, "a vocabulary name, or a list of phrases"),
        OptionSpec("exceptions", .vocabulary, "phrases in which a match does not count"),
        OptionSpec("detector", .text, "a built-in detector instead: \(names.joined(separator: ", "))"),
    ]
}

/// Copy selected by a rule: its field (default: every copy field), narrowed by `paths`.
struct CopySelection: Sendable {
    let selector: FieldSelector
    let paths: [String]
    /// Whether copy shown only to people eligible for the introductory offer is selected.
    let includesIntroOfferCopy: Bool

    init(_ setup: CheckSetup) throws {
        selector = setup.selector ?? FieldSelector.compile("copy")!
        paths = try setup.texts("paths") ?? []
        includesIntroOfferCopy = try setup.bool("intro-offer-copy") ?? true
    }

    static let option = OptionSpec(
        "paths", .texts, "only copy at these paths (e.g. call_to_action, features)")
    static let introOfferOption = OptionSpec(
        "intro-offer-copy", .bool,
        "also copy shown only to people eligible for the introductory offer (default true)")

    func copies(_ context: RuleContext) -> [Copy] {
        // The plain `copy` set is the paywall's own list: no field values to build and unwrap
        // for every rule of every file.
        var copies =
            selector.name == "copy"
            ? context.paywall.copy : context.values(selector).compactMap(\.copy)
        if context.defaultLocaleOnly { copies.removeAll { !$0.isDefaultLocale } }
        if !includesIntroOfferCopy { copies.removeAll(where: \.isIntroOfferOnly) }
        guard !paths.isEmpty else { return copies }
        return copies.filter { copy in
            paths.contains {
                copy.path == $0 || copy.path.hasSuffix("." + $0) || copy.path.hasPrefix($0 + "[")
            }
        }
    }
}
