/// Builds a `Document` from a stream of start/scalar/end calls, enforcing the depth limit and
/// finding duplicate keys. Shared by the YAML and JSON readers, so both judge alike.
struct DocumentBuilder {
    private struct Frame {
        var kind: Node.Kind
        var tag: String?
        var start: SourcePosition
        var firstItem: Int
    }

    private(set) var document = Document()
    private var stack: [Frame] = []
    /// Children of the open collections, innermost last.
    private var pending: [NodeID] = []
    /// Findings whose JSON pointer is known only once the tree is complete: (finding index, node).
    private var pointerFixups: [(Int, NodeID)] = []
    /// The key digests of the mapping being closed (`keyDigest`), kept to save an allocation.
    private var keyDigests: [UInt64] = []
    let limits: ReadLimits

    /// `sizeHint`: the input's length in bytes; real paywall files have a node every 10–20 bytes,
    /// and small ones (keys and short values) about every 9. A small file's arrays are reserved
    /// for a node every 8 bytes, so they seldom grow (they grew eight times a file): the room is
    /// freed with the file. A large file's are reserved for the usual density, to bound memory.
    init(limits: ReadLimits, sizeHint: Int = 0) {
        self.limits = limits
        let nodes = sizeHint > 4096 ? sizeHint / 16 : sizeHint / 8
        if nodes > 0 { document.reserve(nodes: nodes) }
    }

    var depth: Int { stack.count }

    /// Whether the innermost open collection is a mapping that is waiting for a key.
    var expectsKey: Bool {
        guard let top = stack.last, top.kind == .mapping else { return false }
        return (pending.count - top.firstItem) % 2 == 0
    }

    /// The node that was just added or closed (to register YAML anchors).
    var lastNode: NodeID { NodeID(document.nodes.count - 1) }

    @discardableResult
    mutating func scalar(
        _ text: String, style: ScalarStyle, tag: String?, start: SourcePosition, end: SourcePosition
    ) -> NodeID {
        let id = document.addScalar(text, style: style, tag: tag, start: start, end: end)
        attach(id)
        return id
    }

    /// Keeps a scalar's copy template, built while reading (see `Document.prebuiltTemplate(of:)`).
    mutating func keep(_ template: Template, of id: NodeID) {
        document.setPrebuiltTemplate(template, of: id)
    }

    /// Attaches an existing node (a YAML alias) at the current place.
    mutating func attach(_ id: NodeID) {
        if stack.isEmpty {
            document.root = id
        } else {
            pending.append(id)
        }
    }

    /// Opens a collection. Returns a `core/limits` finding instead when it would nest too deep.
    mutating func begin(_ kind: Node.Kind, tag: String?, at start: SourcePosition) -> Finding? {
        if stack.count >= limits.maxDepth {
            return Finding(
                ruleID: CoreRuleID.limits, severity: .error,
                message: "nesting is deeper than \(limits.maxDepth) levels (raise it with --max-depth)",
                span: SourceSpan(at: start))
        }
        stack.append(Frame(kind: kind, tag: tag, start: start, firstItem: pending.count))
        return nil
    }

    /// Closes the innermost collection and reports its duplicate keys into `findings`.
    /// `merging` resolves YAML merge keys (`<<`) first.
    @discardableResult
    mutating func end(at end: SourcePosition, merging: Bool = false, findings: inout [Finding]) -> NodeID {
        let frame = stack.removeLast()
        let id = addCollection(frame, at: end, merging: merging, findings: &findings)
        // Only now, with no slice of `pending` alive, so the removal happens in place: removing
        // while the items slice was alive copied all of `pending` at every mapping's end
        // (quadratic for a mapping of thousands of locales).
        pending.removeLast(pending.count - frame.firstItem)
        attach(id)
        return id
    }

    private mutating func addCollection(
        _ frame: Frame, at end: SourcePosition, merging: Bool, findings: inout [Finding]
    ) -> NodeID {
        var items = pending[frame.firstItem...]
        var merged: [NodeID] = []
        if frame.kind == .mapping {
            if items.count % 2 == 1 { items = items.dropLast() }
            digestKeys(of: items)
            if merging, keyDigests.contains(Self.mergeKeyDigest) {
                merged = resolveMergeKeys(&items, findings: &findings)
                digestKeys(of: items)
            }
            reportDuplicateKeys(items, findings: &findings)
        }
        let id: NodeID
        if merged.isEmpty {
            id = document.addCollection(
                frame.kind, items: items, tag: frame.tag, start: frame.start, end: end)
        } else {
            id = document.addCollection(
                frame.kind, items: items + merged[...], tag: frame.tag, start: frame.start, end: end)
        }
        return id
    }

    /// Removes `<<` pairs and returns the pairs they bring in that the mapping does not set itself.
    /// Earlier merge sources win over later ones, as the YAML merge-key spec says.
    /// Called only for a mapping with a `<<` key digest (`addCollection`), so most mappings copy
    /// nothing.
    private func resolveMergeKeys(_ items: inout ArraySlice<NodeID>, findings: inout [Finding]) -> [NodeID] {
        var explicit: [NodeID] = []
        var sources: [NodeID] = []
        var index = items.startIndex
        while index + 1 < items.endIndex {
            let key = document[items[index]]
            let value = items[index + 1]
            if key.isScalar, key.style == .plain, !key.hasTag, document.text(of: items[index]) == "<<" {
                switch document[value].kind {
                case .mapping: sources.append(value)
                case .sequence:
                    for item in document.items(of: value) {
                        if document[item].isMapping {
                            sources.append(item)
                        } else {
                            findings.append(mergeError(document[item].span))
                        }
                    }
                case .scalar: findings.append(mergeError(document[value].span))
                }
            } else {
                explicit.append(items[index])
                explicit.append(value)
            }
            index += 2
        }
        guard !sources.isEmpty || explicit.count != items.count else { return [] }
        var seen = Set<String>()
        var keyIndex = 0
        while keyIndex < explicit.count {
            seen.insert(document.text(of: explicit[keyIndex]))
            keyIndex += 2
        }
        var merged: [NodeID] = []
        for source in sources {
            for pair in document.pairs(of: source) where seen.insert(document.text(of: pair.key)).inserted {
                merged.append(pair.key)
                merged.append(pair.value)
            }
        }
        items = explicit[...]
        return merged
    }

    private func mergeError(_ span: SourceSpan) -> Finding {
        Finding(
            ruleID: CoreRuleID.parseError, severity: .error,
            message: "a merge key (<<) takes a mapping or a list of mappings", span: span)
    }

    /// A scalar key's length and first seven bytes; `notAScalar` for a collection used as a key.
    /// Keys that differ mostly differ here, and two integers compare in one instruction where two
    /// strings take a call into the standard library.
    static func keyDigest(_ text: String) -> UInt64 {
        text.withUTF8Bytes { bytes in
            let length = UInt64(min(bytes.count, 0xFE)) << 56
            if bytes.count >= 8 { return length | ByteChunks.load(bytes, at: 0) & 0x00FF_FFFF_FFFF_FFFF }
            var digest = length
            for k in 0..<bytes.count { digest |= UInt64(bytes[k]) << (8 * k) }
            return digest
        }
    }

    /// No scalar key has it: `keyDigest` caps the length byte at 0xFE.
    static let notAScalar = UInt64.max
    static let mergeKeyDigest = keyDigest("<<")

    private mutating func digestKeys(of items: ArraySlice<NodeID>) {
        keyDigests.removeAll(keepingCapacity: true)
        var index = items.startIndex
        while index < items.endIndex {
            let key = items[index]
            keyDigests.append(
                document[key].isScalar ? Self.keyDigest(document.text(of: key)) : Self.notAScalar)
            index += 2
        }
    }

    /// Reports each key that an earlier key of the mapping repeats; `keyDigests` are its keys'.
    private mutating func reportDuplicateKeys(_ items: ArraySlice<NodeID>, findings: inout [Finding]) {
        let pairCount = items.count / 2
        guard pairCount > 1 else { return }
        let base = items.startIndex
        func report(_ first: NodeID, _ second: NodeID) {
            let key = document[second]
            pointerFixups.append((findings.count, second))
            findings.append(
                Finding(
                    ruleID: CoreRuleID.duplicateKey, severity: .error,
                    message:
                        "duplicate key \"\(document.text(of: second))\": decoders disagree on which value wins",
                    span: key.span,
                    related: [RelatedLocation(span: document[first].span, message: "first defined here")]))
        }
        if pairCount <= 32 {
            // Pairwise by digest; the texts are compared only where the digests agree.
            for i in 1..<pairCount {
                let digest = keyDigests[i]
                guard digest != Self.notAScalar else { continue }
                let key = items[base + 2 * i]
                for j in 0..<i where keyDigests[j] == digest {
                    let other = items[base + 2 * j]
                    if document.text(of: other) == document.text(of: key) {
                        report(other, key)
                        break
                    }
                }
            }
        } else {
            var firstSeen: [String: NodeID] = [:]
            firstSeen.reserveCapacity(pairCount)
            for i in 0..<pairCount {
                let key = items[base + 2 * i]
                guard document[key].isScalar else { continue }
                if let first = firstSeen[document.text(of: key)] {
                    report(first, key)
                } else {
                    firstSeen[document.text(of: key)] = key
                }
            }
        }
    }

    /// Finishes the document and fills in the pointers of its findings; an unclosed collection
    /// (after an error) is dropped.
    mutating func finish(findings: inout [Finding]) -> Document? {
        for (index, node) in pointerFixups where index < findings.count {
            findings[index].pointer = document.pointer(of: node)
        }
        pointerFixups.removeAll()
        guard stack.isEmpty else { return nil }
        return document
    }
}
