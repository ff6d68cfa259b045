/// A replacement of the text in `span` by `replacement`.
public struct TextEdit: Hashable, Sendable {
    public var span: SourceSpan
    public var replacement: String
    /// The value the edit means to give, which `Fixer` checks by reading the result again; nil
    /// for an edit that changes no value.
    public var target: FixTarget?

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
    public var value: String
    /// Whether the scalar is quoted (a string whatever its text), not plain.
    public var isQuoted: Bool

    public init(pointer: String, value: String, isQuoted: Bool) {
        self.pointer = pointer
        self.value = value
        self.isQuoted = isQuoted
    }
}

/// A fix-it: a description and, when the fix is safe to apply automatically, its edits.
public struct Fix: Hashable, Sendable {
    public var description: String
    public var edits: [TextEdit]

    public init(_ description: String, edits: [TextEdit] = []) {
        self.description = description
        self.edits = edits
    }

    /// Whether `paywall-lint fix` may apply it without a person looking.
    public var isAutomatic: Bool { !edits.isEmpty }
}

/// Another place that explains a finding (the first occurrence of a duplicated key, say).
public struct RelatedLocation: Hashable, Sendable {
    public var span: SourceSpan
    public var message: String

    public init(span: SourceSpan, message: String) {
        self.span = span
        self.message = message
    }
}

/// One problem found in one file.
public struct Finding: Hashable, Sendable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var span: SourceSpan
    /// JSON pointer of the node the finding is about (stable when lines move: baselines and
    /// SARIF fingerprints use it).
    public var pointer: String
    public var related: [RelatedLocation]
    public var fix: Fix?
    /// The paywall variant inside a container file (an offering of a RevenueCat offerings
    /// response); nil for a file that is one paywall.
    public var variant: String?

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
