/// IDs of the document-level rules that the readers and dialects report themselves.
public enum CoreRuleID {
    public static let parseError = "core/parse-error"
    public static let duplicateKey = "core/duplicate-key"
    public static let yamlAmbiguity = "core/yaml-ambiguity"
    public static let unknownDialect = "core/unknown-dialect"
    public static let unknownKey = "core/unknown-key"
    public static let wrongType = "core/wrong-type"
    public static let unknownVariable = "core/unknown-variable"
    public static let malformedVariable = "core/malformed-variable"
    public static let limits = "core/limits"
    public static let unusedSuppression = "core/unused-suppression"
    public static let suppressionWithoutReason = "core/suppression-without-reason"
    public static let invalidSuppression = "core/invalid-suppression"

    /// Reading failures: a file (or document) that was not read was not linted, so these are
    /// errors whatever a config, the command line or a suppression says.
    public static let unsuppressible: Set<String> = [parseError, limits]
}
