/// The keys a mapping may have, each with its digest (`DocumentBuilder.keyDigest`) worked out
/// once: every key of every mapping of every file is looked for among them, and comparing two
/// integers replaces comparing two strings (a call into the standard library where their
/// lengths agree). Kept in `static let`s: built for each read, the digests would cost more
/// than they save.
struct KnownKeys: ExpressibleByArrayLiteral, Sendable {
    let names: [String]
    private let digests: [UInt64]

    init(_ names: [String]) {
        self.names = names
        digests = names.map { DocumentBuilder.keyDigest($0) }
    }

    init(arrayLiteral names: String...) { self.init(names) }

    /// Whether `key` (of digest `digest`) is one of the names.
    func contains(_ key: String, digest: UInt64) -> Bool {
        for index in digests.indices where digests[index] == digest {
            if Self.same(key, names[index], digest: digest) { return true }
        }
        return false
    }

    /// Two keys of the same digest are the same key when the digest holds all of their bytes
    /// (up to seven), else when their texts are equal.
    static func same(_ a: String, _ b: String, digest: UInt64) -> Bool {
        digest >> 56 < 8 || a == b
    }
}
