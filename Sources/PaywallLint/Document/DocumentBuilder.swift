/// Builds a `Document` from a stream of start/scalar/end calls, enforcing the depth limit and
/// finding duplicate keys. Shared by the YAML and JSON readers, so both judge alike.
package struct DocumentBuilder {
    private struct Frame {
        var kind: Node.Kind
        var tag: String?
        var start: SourcePosition
        var firstItem: Int
    }

    private(set) var document = Document()
    private var stack: [Frame] = []
    /// Children of the open collections, innermost last, each with its key digest (`keyDigest`,
    /// `notAScalar` for a collection), made from the bytes as they are read: a mapping's keys
    /// are compared by digest when it closes, without reading its texts back.
    private var pending: [(node: NodeID, digest: UInt64)] = []
    /// Findings whose JSON pointer is known only once the tree is complete: (finding index, node).
    private var pointerFixups: [(Int, NodeID)] = []
    package let limits: ReadLimits

    /// `sizeHint`: the input's length in bytes; real paywall files have a node every 10–20 bytes,
    /// and small ones (keys and short values) about every 9. A small file's arrays are reserved
    /// for a node every 8 bytes, so they seldom grow (they grew eight times a file): the room is
    /// freed with the file. A large file's are reserved for the usual density, to bound memory.
    package init(limits: ReadLimits, sizeHint: Int = 0) {
        self.limits = limits
        let nodes = sizeHint > 4096 ? sizeHint / 16 : sizeHint / 8
        if nodes > 0 {
            document.reserve(nodes: nodes)
            // The open collections and their children: grown from empty, these two arrays were
            // reallocated ten times a file. A paywall nests a few levels and its largest mapping
            // has tens of keys.
            stack.reserveCapacity(16)
            pending.reserveCapacity(min(nodes, 128))
        }
    }

    package var depth: Int { stack.count }

    /// Whether the innermost open collection is a mapping that is waiting for a key.
    package var expectsKey: Bool {
        guard let top = stack.last, top.kind == .mapping else { return false }
        return (pending.count - top.firstItem) % 2 == 0
    }

    /// The node that was just added or closed (to register YAML anchors).
    package var lastNode: NodeID { NodeID(document.nodes.count - 1) }

    /// Adds a scalar; `keyDigest` is `keyDigest(_:)` of its bytes, which the readers have
    /// checked are UTF-8 (`TextEncoding`), so the same as of `text`.
    @discardableResult
    package mutating func scalar(
        _ text: consuming String, keyDigest: UInt64, style: ScalarStyle, tag: String?, start: SourcePosition,
        end: SourcePosition
    ) -> NodeID {
        let id = document.addScalar(text, style: style, tag: tag, start: start, end: end)
        attach(id, keyDigest: keyDigest)
        return id
    }

    /// Records where a block scalar's lines are (see `BlockLayout`).
    package mutating func setBlockLayout(_ layout: BlockLayout, of id: NodeID) {
        document.setBlockLayout(layout, of: id)
    }

    /// Keeps a scalar's copy template, built while reading (see `Document.prebuiltTemplate(of:)`).
    package mutating func keep(_ template: Template, of id: NodeID) {
        document.setPrebuiltTemplate(template, of: id)
    }

    /// Attaches an existing node (a YAML alias) at the current place.
    package mutating func attach(_ id: NodeID) {
        attach(id, keyDigest: document[id].isScalar ? Self.keyDigest(document.text(of: id)) : Self.notAScalar)
    }

    private mutating func attach(_ id: NodeID, keyDigest: UInt64) {
        if stack.isEmpty {
            document.root = id
        } else {
            pending.append((id, keyDigest))
        }
    }

    /// Opens a collection. Returns a `core/limits` finding instead when it would nest too deep.
    package mutating func begin(_ kind: Node.Kind, tag: String?, at start: SourcePosition) -> Finding? {
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
    package mutating func end(at end: SourcePosition, merging: Bool = false, findings: inout [Finding])
        -> NodeID
    {
        let frame = stack.removeLast()
        let id = addCollection(frame, at: end, merging: merging, findings: &findings)
        // Only now, with no slice of `pending` alive, so the removal happens in place: removing
        // while the items slice was alive copied all of `pending` at every mapping's end
        // (quadratic for a mapping of thousands of locales).
        pending.removeLast(pending.count - frame.firstItem)
        attach(id, keyDigest: Self.notAScalar)
        return id
    }

    private mutating func addCollection(
        _ frame: Frame, at end: SourcePosition, merging: Bool, findings: inout [Finding]
    ) -> NodeID {
        var items = pending[frame.firstItem...]
        if frame.kind == .mapping {
            if items.count % 2 == 1 { items = items.dropLast() }
            if merging, Self.hasMergeKey(items) {
                return addMergedMapping(
                    frame, items: ArraySlice(items.map { $0.node }), at: end, findings: &findings)
            }
            reportDuplicateKeys(items, findings: &findings)
        }
        return document.addCollection(
            frame.kind, items: items.lazy.map { $0.node }, tag: frame.tag, start: frame.start, end: end)
    }

    private static func hasMergeKey(_ items: ArraySlice<(node: NodeID, digest: UInt64)>) -> Bool {
        stride(from: items.startIndex, to: items.endIndex, by: 2).contains {
            items[$0].digest == mergeKeyDigest
        }
    }

    /// A mapping with merge keys (`<<`): its own pairs are checked for duplicates once the merge
    /// keys are out, then the pairs the merge brings in follow them.
    private mutating func addMergedMapping(
        _ frame: Frame, items: ArraySlice<NodeID>, at end: SourcePosition, findings: inout [Finding]
    ) -> NodeID {
        var own = items
        let merged = resolveMergeKeys(&own, findings: &findings)
        let digested = own.map { id in
            (
                node: id,
                digest: document[id].isScalar ? Self.keyDigest(document.text(of: id)) : Self.notAScalar
            )
        }
        reportDuplicateKeys(digested[...], findings: &findings)
        return document.addCollection(
            .mapping, items: own + merged, tag: frame.tag, start: frame.start, end: end)
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
    /// Keys beyond ASCII all share `beyondASCII`: "café" written precomposed and decomposed are
    /// one key to an app's decoder (and to `String`'s `==`, which compares them then), though
    /// their bytes differ.
    package static func keyDigest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var k = 0
        while k + 8 <= bytes.count {
            if ByteChunks.beyondASCII(ByteChunks.load(bytes, at: k)) != 0 { return beyondASCII }
            k += 8
        }
        while k < bytes.count {
            if bytes[k] >= 0x80 { return beyondASCII }
            k += 1
        }
        let length = UInt64(min(bytes.count, 0xFE)) << 56
        if bytes.count >= 8 { return length | ByteChunks.load(bytes, at: 0) & 0x00FF_FFFF_FFFF_FFFF }
        var digest = length
        for k in 0..<bytes.count { digest |= UInt64(bytes[k]) << (8 * k) }
        return digest
    }

    package static func keyDigest(_ text: String) -> UInt64 {
        text.withUTF8Bytes { keyDigest($0) }
    }

    /// No scalar key has it: `keyDigest` caps the length byte at 0xFE.
    package static let notAScalar = UInt64.max
    /// The digest of every key with a byte beyond ASCII.
    package static var beyondASCII: UInt64 { 0xFF << 56 }
    /// `keyDigest("<<")`, as a constant: a static `let` is checked for initialisation at each
    /// read, and every mapping's end reads it.
    package static var mergeKeyDigest: UInt64 { 2 << 56 | 0x3C3C }

    /// Reports each key that an earlier key of the mapping repeats; `items` alternate keys and
    /// values, with their key digests.
    private mutating func reportDuplicateKeys(
        _ items: ArraySlice<(node: NodeID, digest: UInt64)>, findings: inout [Finding]
    ) {
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
                let (key, digest) = items[base + 2 * i]
                guard digest != Self.notAScalar else { continue }
                for j in 0..<i where items[base + 2 * j].digest == digest {
                    let other = items[base + 2 * j].node
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
                let key = items[base + 2 * i].node
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
    package mutating func finish(findings: inout [Finding]) -> Document? {
        for (index, node) in pointerFixups where index < findings.count {
            findings[index].pointer = document.pointer(of: node)
        }
        pointerFixups.removeAll()
        guard stack.isEmpty else { return nil }
        return document
    }
}
