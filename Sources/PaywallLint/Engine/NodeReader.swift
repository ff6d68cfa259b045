/// Typed access to a document's nodes for readers of our own files (packs, config): every
/// problem becomes a `ConfigurationError` with the node's position.
struct NodeReader {
    let document: Document
    let path: String

    func error(_ node: NodeID, _ message: String) -> ConfigurationError {
        ConfigurationError(path: path, span: document[node].span, message: message)
    }

    func string(_ node: NodeID, _ what: String) throws -> String {
        guard document[node].isScalar else { throw error(node, "\(what) must be text") }
        return document.text(of: node)
    }

    func strings(_ node: NodeID, _ what: String) throws -> [String] {
        if document[node].isScalar, !document.isNull(node) { return [document.text(of: node)] }
        guard document[node].isSequence else { throw error(node, "\(what) must be a list of text") }
        return try document.items(of: node).map { try string($0, what) }
    }

    /// A glob or a list of them, each compiled; one that cannot be is an error at its place.
    func globs(_ node: NodeID, _ what: String) throws -> [Glob] {
        let items = document[node].isSequence ? Array(document.items(of: node)) : [node]
        let texts = try strings(node, what)
        return try zip(items, texts).map { item, text in
            do throws(Glob.Invalid) {
                return try Glob(text)
            } catch {
                throw self.error(item, error.message)
            }
        }
    }

    func mapping(_ node: NodeID, _ what: String) throws -> MappingPairs {
        guard document[node].isMapping else { throw error(node, "\(what) must be a mapping") }
        return document.pairs(of: node)
    }

    /// The pairs of a mapping whose keys must all be in `known`; an unknown key is an error
    /// that suggests the nearest known one.
    func fields(_ node: NodeID, _ what: String, known: [String]) throws -> [String: NodeID] {
        var result: [String: NodeID] = [:]
        for pair in try mapping(node, what) {
            let key = try string(pair.key, "a key")
            guard known.contains(key) else {
                var message = "unknown key '\(key)' in \(what)"
                if let nearest = Suggestion.nearest(to: key, in: known) {
                    message += "; did you mean '\(nearest)'?"
                }
                throw error(pair.key, message)
            }
            if result[key] != nil { throw error(pair.key, "duplicate key '\(key)' in \(what)") }
            result[key] = pair.value
        }
        return result
    }
}

/// "Did you mean" suggestions by edit distance.
package enum Suggestion {
    /// Words people write for a key that spelling does not lead to (`on:` for a trigger's `event`).
    static let synonyms: [String: [String]] = [
        "on": ["event"], "when": ["event"], "trigger": ["event"], "title": ["headline"],
        "button": ["cta"], "cta_title": ["cta"], "legal": ["disclosure"], "products_ids": ["products"],
    ]

    package static func nearest(to word: String, in candidates: [String]) -> String? {
        if let synonym = synonyms[word.lowercased()]?.first(where: candidates.contains) { return synonym }
        let target = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        return distance <= max(2, target.count / 3) ? candidate : nil
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
