/// IDs of the document-level rules that the readers and dialects report themselves.
package enum CoreRuleID {
    package static let parseError = "core/parse-error"
    package static let duplicateKey = "core/duplicate-key"
    package static let yamlAmbiguity = "core/yaml-ambiguity"
    package static let unknownDialect = "core/unknown-dialect"
    package static let unknownKey = "core/unknown-key"
    package static let wrongType = "core/wrong-type"
    package static let unknownVariable = "core/unknown-variable"
    package static let malformedVariable = "core/malformed-variable"
    package static let limits = "core/limits"
    package static let unusedSuppression = "core/unused-suppression"
    package static let suppressionWithoutReason = "core/suppression-without-reason"
    package static let invalidSuppression = "core/invalid-suppression"

    /// Reading failures: a file (or document) that was not read was not linted, so these are
    /// errors whatever a config, the command line or a suppression says.
    package static let unsuppressible: Set<String> = [parseError, limits]
}
