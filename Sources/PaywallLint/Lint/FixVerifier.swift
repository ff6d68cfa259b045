/// Proves a fix before it is written: the fixed text, read again, must hold the same documents
/// as before with only the fixes' targets changed, each to its intended value, and no reading
/// problem the original did not have. A fix that would shift positions, touch an anchored
/// value's other uses or break the syntax fails it and is never written.
struct FixVerifier {
    private let limits: ReadLimits
    private let format: SourceFormat
    private let original: [FlatNode]
    private let originalProblems: [String: Int]

    /// Swift source is proved by parsing it again: a rename of a modifier changes no value the
    /// documents hold, and must not break the syntax.
    private let swift: (any SwiftReader)?

    init(_ file: SourceFile, limits: ReadLimits) {
        self.limits = limits
        format = file.format
        if SwiftSources.isSwift(file.path), let reader = SwiftSources.reader.load()?.reader {
            swift = reader
            original = []
            originalProblems = Self.problems(reader.read(file, names: SwiftNames(), limits: limits).findings)
            return
        }
        swift = nil
        let read = DocumentReader.read(file, limits: limits)
        original = Self.flatten(read.documents)
        originalProblems = Self.problems(read.findings)
    }

    /// Nil when `bytes` hold the original's values with `targets` applied; else why not.
    func refusal(of bytes: [UInt8], targets: [FixTarget]) -> String? {
        if let swift {
            let read = swift.read(
                SourceFile(path: "fixed.swift", bytes: bytes), names: SwiftNames(), limits: limits)
            for (rule, count) in Self.problems(read.findings) where count > originalProblems[rule, default: 0]
            {
                return
                    "the fixed Swift would not parse: \(read.findings.first { $0.ruleID == rule }?.message ?? rule)"
            }
            return nil
        }
        let read = DocumentReader.read(SourceFile(path: "", bytes: bytes, format: format), limits: limits)
        for (rule, count) in Self.problems(read.findings) where count > originalProblems[rule, default: 0] {
            let message = read.findings.first { $0.ruleID == rule }?.message ?? rule
            return "the fixed text would not read: \(message)"
        }
        let fixed = Self.flatten(read.documents)
        guard fixed.count == original.count else { return "the fixed text would hold other values" }
        let wanted = Dictionary(targets.map { ($0.pointer, $0) }, uniquingKeysWith: { first, _ in first })
        var reached = Set<String>()
        for (before, after) in zip(original, fixed) where before != after {
            guard before.document == after.document, before.pointer == after.pointer,
                before.kind == after.kind, let target = wanted[after.pointer],
                after.text == target.value, after.isQuoted == target.isQuoted
            else {
                return "it would change \(after.pointer.isEmpty ? "the document" : after.pointer) as well"
            }
            reached.insert(after.pointer)
        }
        if let missed = wanted.keys.sorted().first(where: { !reached.contains($0) }),
            !original.contains(where: { $0.pointer == missed && $0.text == wanted[missed]!.value })
        {
            return "the fixed text would not give \(missed) its new value"
        }
        return nil
    }

    /// One node of a document as its reader gave it, at one of its paths: an alias's target is
    /// visited at every path that reaches it.
    private struct FlatNode: Equatable {
        var document: Int
        var pointer: String
        var kind: Node.Kind
        var text: String
        var isQuoted: Bool
        var tag: String?
    }

    private static func flatten(_ documents: [Document]) -> [FlatNode] {
        var nodes: [FlatNode] = []
        for (index, document) in documents.enumerated() {
            guard let root = document.root else { continue }
            // Depth first, in document order, without recursion: nesting is as deep as the
            // limits allow.
            var stack: [(id: NodeID, pointer: String)] = [(root, "")]
            while let (id, pointer) = stack.popLast() {
                let node = document[id]
                nodes.append(
                    FlatNode(
                        document: index, pointer: pointer, kind: node.kind, text: document.text(of: id),
                        isQuoted: node.isScalar && node.style != .plain, tag: document.tag(of: id)))
                switch node.kind {
                case .scalar:
                    break
                case .mapping:
                    for pair in document.pairs(of: id).reversed() {
                        stack.append((pair.value, pointer + "/" + escaped(document.text(of: pair.key))))
                    }
                case .sequence:
                    for (k, item) in document.items(of: id).enumerated().reversed() {
                        stack.append((item, pointer + "/\(k)"))
                    }
                }
            }
        }
        return nodes
    }

    /// A JSON pointer token (RFC 6901), as `Document.pointer(of:)` writes it.
    private static func escaped(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences("~", "~0").replacingOccurrences("/", "~1")
    }

    /// Reading problems by rule: a fix may remove some, never add one.
    private static func problems(_ findings: [Finding]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.ruleID, default: 0] += 1 }
        return counts
    }
}
