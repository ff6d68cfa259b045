/// A replacement of the text in `span` by `replacement`.
public struct TextEdit: Hashable, Sendable {
    /// The text to replace.
    public var span: SourceSpan
    /// The text that takes its place.
    public var replacement: String
    /// The value the edit means to give, which `Fixer` checks by reading the result again; nil
    /// for an edit that changes no value.
    public var target: FixTarget?

    /// An edit that replaces the text in `span` by `replacement`, meaning to give `target`.
    public init(span: SourceSpan, replacement: String, target: FixTarget? = nil) {
        self.span = span
        self.replacement = replacement
        self.target = target
    }
}

/// What a fix means: after it, the scalar at `pointer` reads as `value`.
public struct FixTarget: Hashable, Sendable {
    /// JSON pointer of the scalar in its document.
    public var pointer: String
    /// The scalar's text after the fix.
    public var value: String
    /// Whether the scalar is quoted (a string whatever its text), not plain.
    public var isQuoted: Bool

    /// A target: after the fix, the scalar at `pointer` reads as `value`.
    public init(pointer: String, value: String, isQuoted: Bool) {
        self.pointer = pointer
        self.value = value
        self.isQuoted = isQuoted
    }
}

/// A fix-it: a description and, when the fix is safe to apply automatically, its edits.
public struct Fix: Hashable, Sendable {
    /// What the fix does, for people.
    public var description: String
    /// The edits that make the fix; empty when a person has to make it.
    public var edits: [TextEdit]

    /// A fix with its description and, when it is safe to apply automatically, its edits.
    public init(_ description: String, edits: [TextEdit] = []) {
        self.description = description
        self.edits = edits
    }

    /// Whether `paywall-lint fix` may apply it without a person looking.
    public var isAutomatic: Bool { !edits.isEmpty }
}

/// Another place that explains a finding (the first occurrence of a duplicated key, say).
public struct RelatedLocation: Hashable, Sendable {
    /// Where the other place is.
    public var span: SourceSpan
    /// What it has to do with the finding (`first defined here`).
    public var message: String

    /// A related location at `span`, explained by `message`.
    public init(span: SourceSpan, message: String) {
        self.span = span
        self.message = message
    }
}

/// One problem found in one file.
public struct Finding: Hashable, Sendable {
    /// The rule that found it, such as `apple/hardcoded-price`.
    public var ruleID: String
    /// How serious it is; a result fails when a finding is at or above the validator's `failOn`.
    public var severity: Severity
    /// What is wrong, for people.
    public var message: String
    /// Where it is in the text.
    public var span: SourceSpan
    /// JSON pointer of the node the finding is about (stable when lines move: baselines and
    /// SARIF fingerprints use it).
    public var pointer: String
    /// Other places that explain it.
    public var related: [RelatedLocation]
    /// How to fix it, when the rule knows; nil otherwise.
    public var fix: Fix?
    /// The paywall variant inside a container file (an offering of a RevenueCat offerings
    /// response); nil for a file that is one paywall.
    public var variant: String?

    /// A finding of rule `ruleID` at `span`; rules make them, an app reads them.
    public init(
        ruleID: String, severity: Severity, message: String, span: SourceSpan, pointer: String = "",
        related: [RelatedLocation] = [], fix: Fix? = nil, variant: String? = nil
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.span = span
        self.pointer = pointer
        self.related = related
        self.fix = fix
        self.variant = variant
    }

    /// Report order: position, then rule, then message, so output is the same bytes on every run.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.span.start != b.span.start { return a.span.start < b.span.start }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}
