/// A check: Swift code that finds one kind of problem, parameterised by a rule's options.
/// Packs name checks; the engine compiles each rule's check once per run.
package protocol Check: Sendable {
    /// The name packs use (`check: one-of`).
    static var name: String { get }
    /// The options the check accepts.
    static var options: [OptionSpec] { get }
    /// Whether a rule using the check must, may or must not name a `field`.
    static var field: FieldUse { get }
    /// Checks that need store data are skipped without it (`--verbose` says so).
    static var needsStoreData: Bool { get }
    /// What the dialect must be able to express for the check to apply (beyond its field).
    static var needs: Capabilities { get }

    init(_ setup: CheckSetup) throws

    func run(_ context: inout RuleContext)
}

extension Check {
    package static var needsStoreData: Bool { false }
    package static var needs: Capabilities { [] }
    package static var field: FieldUse { .forbidden }
}

package enum FieldUse: Sendable {
    case required
    case optional
    case forbidden
}

/// An option a check accepts.
package struct OptionSpec: Sendable {
    package enum Kind: Sendable {
        case text
        case number
        case bool
        case texts
        /// A vocabulary name, or an inline list of phrases.
        case vocabulary
        /// A field selector.
        case field
        /// A mapping of field selectors to values.
        case fieldValues
    }

    package var name: String
    package var kind: Kind
    package var required: Bool
    package var summary: String

    package init(_ name: String, _ kind: Kind, required: Bool = false, _ summary: String) {
        self.name = name
        self.kind = kind
        self.required = required
        self.summary = summary
    }
}

/// What a check gets when a rule is compiled: its options (validated), field, and the run's
/// vocabularies. Errors point at the rule in its pack.
package struct CheckSetup: Sendable {
    package let rule: RuleDefinition
    package let vocabularies: [String: [String]]
    package let selector: FieldSelector?

    /// An error about the rule's options: at the option where it was written (a config's
    /// setting, else the pack), or at the first option set in a config when none is named.
    func error(_ message: String, option: String? = nil) -> ConfigurationError {
        let name = option ?? rule.optionPaths.keys.sorted().first ?? rule.optionLocations.keys.sorted().first
        let path = name.flatMap { rule.optionPaths[$0] } ?? rule.packPath
        let span = name.flatMap { rule.optionLocations[$0] } ?? rule.location
        return ConfigurationError(path: path, span: span, message: "rule \(rule.descriptor.id): \(message)")
    }

    package func text(_ name: String) -> String? { rule.options[name]?.text }

    package func number(_ name: String) throws -> Double? {
        guard let text = rule.options[name]?.text else { return nil }
        guard let value = Double(text) else {
            throw error("option '\(name)' must be a number, not '\(text)'", option: name)
        }
        return value
    }

    package func bool(_ name: String) throws -> Bool? {
        guard let text = rule.options[name]?.text else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw error("option '\(name)' must be true or false, not '\(text)'", option: name)
        }
    }

    package func texts(_ name: String) throws -> [String]? {
        switch rule.options[name] {
        case .none: return nil
        case .text(let text): return [text]
        case .list(let items):
            return try items.map {
                guard let text = $0.text else {
                    throw error("option '\(name)' must be a list of text", option: name)
                }
                return text
            }
        default: throw error("option '\(name)' must be a list of text", option: name)
        }
    }

    /// A vocabulary option: a vocabulary name, or an inline list of phrases.
    package func phrases(_ name: String) throws -> [String]? {
        if case .text(let vocabulary) = rule.options[name] {
            guard let words = vocabularies[vocabulary] else {
                var message = "unknown vocabulary '\(vocabulary)'"
                if let nearest = Suggestion.nearest(to: vocabulary, in: vocabularies.keys.sorted()) {
                    message += "; did you mean '\(nearest)'?"
                }
                throw error(message, option: name)
            }
            return words
        }
        return try texts(name)
    }

    package func selector(_ name: String) throws -> FieldSelector? {
        guard let text = rule.options[name]?.text else { return nil }
        guard let selector = FieldSelector.compile(text) else {
            var message = "unknown field '\(text)' in option '\(name)'"
            if let nearest = Suggestion.nearest(to: text, in: FieldSelector.names) {
                message += "; did you mean '\(nearest)'?"
            }
            throw error(message, option: name)
        }
        return selector
    }
}

/// What a check sees while it runs on one paywall, and where its findings go.
package struct RuleContext {
    /// The paywall, read in place: the engine lends it for the run of the file's rules, and a
    /// context never outlives that run (`RuleEngine.run`). Held inline, the paywall (2 KB) made
    /// the context as large, moved in and out for every file and copied onto the stack whenever
    /// a check handed the context to a method. The selectors' closures take it `inout` to be
    /// handed it by reference; none writes to it.
    private let model: UnsafeMutablePointer<Paywall>
    package var paywall: Paywall { _read { yield model.pointee } }
    package let store: StoreData?
    /// The engine's rule IDs, and the current rule's place among them: the ID is read when a
    /// rule reports, not each time a rule starts (see `RulePlan`).
    private let ruleIDs: [String]
    private var ruleIndex = 0
    package var ruleID: String { ruleIDs[ruleIndex] }
    package private(set) var severity: Severity = .error
    /// Copy rules limited to the default locale (`locale: default` on the rule).
    package private(set) var defaultLocaleOnly = false
    package internal(set) var findings: [Finding] = []
    /// Names the current rule among every engine's, with four bits left for its detectors (see
    /// `matches(of:part:_:)`).
    private var detectorKey = 0

    /// A context for the rules named `ruleIDs`, reading the paywall at `paywall` while the
    /// rules run; `start` sets the first rule.
    init(paywall: UnsafeMutablePointer<Paywall>, store: StoreData?, ruleIDs: [String]) {
        self.model = paywall
        self.store = store
        self.ruleIDs = ruleIDs
    }

    /// The same paywall for the next rule, without its findings: one context serves every rule
    /// of a file.
    /// `engine` is the engine's identity and `index` the rule's place in it.
    mutating func start(_ rule: RulePlan, engine: Int, index: Int) {
        ruleIndex = index
        severity = rule.severity
        defaultLocaleOnly = rule.defaultLocaleOnly
        detectorKey = engine << 24 | index << 4
        findings.removeAll(keepingCapacity: true)
    }

    /// `detect`, one of the rule's detectors (`part`, 0 to 15), on a copy's text. A text that
    /// several copies share, in this file or in earlier files of the worker (a disclosure
    /// repeated in every locale and every variant), keeps what it found, and is read once per
    /// rule. Pass `detect` as a closure (`{ detector.matches(in: $0, normalized: $1) }`), not as
    /// a method (`detector.matches(in:normalized:)`): the method is a copy of the detector, whose
    /// phrase sets both workers share, retained and released for every copy of every file.
    func matches(
        of copy: Copy, part: Int = 0, _ detect: ([Unicode.Scalar], NormalizedText) -> [DetectorMatch]
    ) -> [DetectorMatch] {
        matches(in: copy.template, part: part, detect)
    }

    /// The copies in which `detect` finds something, with what it found. Most copy has nothing
    /// to find, so each is looked at through its text alone, and only those with matches are
    /// copied out: a `for` loop over `copies` copies every one, retaining its strings and text,
    /// for every text rule of every file.
    func matched(
        _ copies: [Copy], part: Int = 0, _ detect: ([Unicode.Scalar], NormalizedText) -> [DetectorMatch]
    ) -> [(copy: Copy, matches: [DetectorMatch])] {
        var result: [(copy: Copy, matches: [DetectorMatch])] = []
        for index in copies.indices {
            let found = matches(in: copies[index].template, part: part, detect)
            if !found.isEmpty { result.append((copies[index], found)) }
        }
        return result
    }

    private func matches(
        in template: Template, part: Int, _ detect: ([Unicode.Scalar], NormalizedText) -> [DetectorMatch]
    ) -> [DetectorMatch] {
        // A text that is the only copy of itself has nothing to keep.
        guard template.keepsDetections else { return detect(template.plain, template.normalized) }
        precondition(part >= 0 && part < 16)
        return template.detections(detectorKey | part) { detect(template.plain, template.normalized) }
    }

    /// Selected values, without other locales' copy when the rule is about the default locale;
    /// `everyLocale` keeps other locales' copy even then.
    package func values(_ selector: FieldSelector, everyLocale: Bool = false) -> [FieldValue] {
        let values = selector.values(reading: UnsafePointer(model))
        guard defaultLocaleOnly, !everyLocale else { return values }
        return values.filter { $0.copy?.isDefaultLocale ?? true }
    }

    package mutating func report(
        _ message: String, at span: SourceSpan, node: NodeID?, fix: Fix? = nil, severity: Severity? = nil
    ) {
        findings.append(
            Finding(
                ruleID: ruleID, severity: severity ?? self.severity, message: message, span: span,
                // Through the pointer: `paywall.pointer(of:)` in the closure copied the paywall.
                pointer: node.map { model.pointee.pointer(of: $0) } ?? "", fix: fix))
    }

    package mutating func report(
        _ message: String, at value: FieldValue, fix: Fix? = nil, severity: Severity? = nil
    ) {
        report(message, at: value.span, node: value.node ?? value.placeNode, fix: fix, severity: severity)
    }

    /// A finding about part of a copy string (a price inside a CTA), pointing at just that part.
    package mutating func report(_ message: String, in copy: Copy, plainRange: Range<Int>, fix: Fix? = nil) {
        let span = copy.span(of: copy.template.rawRange(ofPlain: plainRange))
        report(message, at: span, node: copy.node, fix: fix)
        if let component = copy.component {
            findings[findings.count - 1].related.append(
                RelatedLocation(
                    span: model.pointee.document[component].span, message: "the component that shows it"))
        }
    }
}

extension RuleContext {
    /// An edit that writes `text` as a field's new value, in the value's own quoting, so the file
    /// stays valid YAML or JSON.
    package func valueEdit(_ value: FieldValue, _ text: String) -> TextEdit? {
        guard let node = value.node else { return nil }
        let item = paywall.document[node]
        guard item.isScalar else { return nil }
        let pointer = paywall.document.pointer(of: node)
        switch item.style {
        case .plain:
            return TextEdit(
                span: item.span, replacement: text,
                target: FixTarget(pointer: pointer, value: text, isQuoted: false))
        case .doubleQuoted:
            return TextEdit(
                span: item.span, replacement: JSONText.quoted(text),
                target: FixTarget(pointer: pointer, value: text, isQuoted: true))
        case .singleQuoted:
            return TextEdit(
                span: item.span, replacement: "'" + text.replacingOccurrences("'", "''") + "'",
                target: FixTarget(pointer: pointer, value: text, isQuoted: true))
        case .literal, .folded: return nil
        }
    }

    /// An edit that replaces scalars `range` of a copy string with `replacement`. Inside quotes
    /// only that part changes; a plain YAML scalar is rewritten whole, double-quoted, because the
    /// new text (`{{ price }}`) may not be valid unquoted there. Nil when the value does not map
    /// exactly onto the source (escapes, folded lines): no automatic fix then.
    package func copyEdit(_ copy: Copy, range: Range<Int>, replacement: String) -> TextEdit? {
        guard copy.valueStart != nil else { return nil }
        let item = paywall.document[copy.node]
        let scalars = Array(copy.text.unicodeScalars)
        guard range.lowerBound >= 0, range.upperBound <= scalars.count else { return nil }
        let text = String(
            scalars: scalars[..<range.lowerBound] + Array(replacement.unicodeScalars)
                + scalars[range.upperBound...])
        let target = FixTarget(pointer: paywall.document.pointer(of: copy.node), value: text, isQuoted: true)
        if item.style == .plain {
            return TextEdit(span: copy.span, replacement: JSONText.quoted(text), target: target)
        }
        return TextEdit(span: copy.span(of: range), replacement: replacement, target: target)
    }
}
