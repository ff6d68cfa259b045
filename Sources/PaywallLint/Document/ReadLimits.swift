/// Safety limits for reading untrusted files. Crossing one is a `core/limits` error at the
/// position where it was crossed; the rest of the file is not read.
package struct ReadLimits: Sendable, Hashable {
    /// Largest file read, in bytes.
    package var maxFileBytes: Int = 8 << 20
    /// Deepest nesting of mappings and sequences.
    package var maxDepth: Int = 64
    /// Most nodes that YAML aliases may add by reference, counted as if expanded
    /// (a "billion laughs" file crosses it after a few aliases).
    package var maxAliasExpansion: Int = 10_000
    /// Longest scalar, in bytes.
    package var maxScalarBytes: Int = 64 << 10
    /// Most documents in one YAML stream (`---` separated): each costs a document's memory.
    package var maxDocuments: Int = 1_000

    package init() {}

    /// The most each limit can be raised to: past these, memory and time are no longer bounded
    /// by the machine a linter runs on (and nesting by the stack of the threads that read).
    package static let maxima: ReadLimits = {
        var maxima = ReadLimits()
        maxima.maxFileBytes = 1 << 30
        maxima.maxDepth = 1_000
        maxima.maxAliasExpansion = 1_000_000
        maxima.maxScalarBytes = 64 << 20
        maxima.maxDocuments = 100_000
        return maxima
    }()

    package static let `default` = ReadLimits()
}
