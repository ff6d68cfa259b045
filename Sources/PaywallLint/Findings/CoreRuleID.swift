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
}
