/// Index of a node in its `Document`.
package typealias NodeID = Int32

/// How a scalar was written. JSON strings are `doubleQuoted`; JSON numbers, booleans and null are `plain`.
package enum ScalarStyle: UInt8, Sendable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded

    package var name: String {
        switch self {
        case .plain: "plain"
        case .singleQuoted: "single-quoted"
        case .doubleQuoted: "double-quoted"
        case .literal: "literal"
        case .folded: "folded"
        }
    }
}

/// One positioned node of a YAML or JSON document: plain data (a scalar's text is kept in the
/// document, `Document.text(of:)`), so reading a node copies no reference and counts none.
package struct Node: Sendable {
    package enum Kind: UInt8, Sendable {
        case scalar
        case mapping
        case sequence
    }

    package var kind: Kind
    package var style: ScalarStyle
    package var start: SourcePosition
    package var end: SourcePosition
    /// The node's explicit tag in `Document.tags`, or -1. Tags are rare, and an index here keeps
    /// a node small (a large file holds hundreds of thousands of nodes).
    var tagIndex: Int32
    /// The scalar's value in `Document.texts`, or -1 for a collection.
    var textIndex: Int32
    /// Children in `Document.children`: key, value, key, value… for a mapping; items for a sequence.
    var firstChild: Int32
    var childCount: Int32
    /// The collection this node was first placed in (-1 for the root), and its item or pair index there.
    var parent: Int32 = -1
    var indexInParent: Int32 = 0

    package var span: SourceSpan { SourceSpan(start: start, end: end) }
    package var isScalar: Bool { kind == .scalar }
    package var hasTag: Bool { tagIndex >= 0 }
    package var isMapping: Bool { kind == .mapping }
    package var isSequence: Bool { kind == .sequence }
}

/// A tree of positioned nodes read from one YAML document or one JSON text. Nodes live in one
/// array (an arena) so reading a file allocates little; aliases share the anchored node.
package struct Document: Sendable {
    package private(set) var nodes: [Node] = []
    package private(set) var children: [NodeID] = []
    /// The scalars' values, by `Node.textIndex`.
    private var texts: [String] = []
    /// Explicit tags (`!!binary`, `!custom`, as written after resolving handles), by `Node.tagIndex`.
    private var tags: [String] = []
    /// Copy templates of scalars, built while the file was still being parsed: only a reader
    /// with a core to spare builds them (`YAMLReader` parsing a large file ahead), and the
    /// dialects take them rather than building them again. By ascending `Node.textIndex`, and
    /// only for the texts that have one: a table of every text cost a large file 2 MB more. One
    /// array, not two: every copy of a document (the model keeps one) counts each array's
    /// reference.
    private var prebuiltTemplates: [(textIndex: Int32, template: Template)] = []
    package var root: NodeID?
    /// Where the lines of block scalars (`|`, `>`) stand in the file, for the few that have them.
    private var blockLayouts: [NodeID: BlockLayout] = [:]

    package init() {}

    /// The layout of a block scalar's text in the file, when the reader could align it.
    package func blockLayout(of id: NodeID) -> BlockLayout? {
        blockLayouts.isEmpty ? nil : blockLayouts[id]
    }

    package mutating func setBlockLayout(_ layout: BlockLayout, of id: NodeID) {
        blockLayouts[id] = layout
    }

    /// Reserves room for about `count` nodes, so a large file does not re-copy its arena as it grows.
    mutating func reserve(nodes count: Int) {
        nodes.reserveCapacity(count)
        children.reserveCapacity(count)
        // Scalars: keys and most values, about three nodes in four.
        texts.reserveCapacity(count * 3 / 4)
    }

    package subscript(id: NodeID) -> Node {
        nodes[Int(id)]
    }

    /// The template built for a scalar's text while it was read, if any. `near` is where the
    /// last search ended: a dialect reads texts mostly in order, so the next is usually a step
    /// or two on, found by galloping from there where a search of the whole list (tens of
    /// thousands in a large file) missed the cache at each of its steps.
    func prebuiltTemplate(of id: NodeID, near hint: inout Int) -> Template? {
        let count = prebuiltTemplates.count
        guard count > 0 else { return nil }
        let index = nodes[Int(id)].textIndex
        // By the text indices alone: a search handed each entry it looked at, template and all,
        // retaining the template, and both threads reading a large file's locales retained the
        // same ones.
        var low = 0
        var high = count
        let start = min(max(hint, 0), count - 1)
        if prebuiltTemplates[start].textIndex < index {
            // Galloping forward: the first entry at or past `index` lies in (low, high].
            low = start + 1
            var step = 1
            while low + step - 1 < count, prebuiltTemplates[low + step - 1].textIndex < index {
                low += step
                step *= 2
            }
            high = min(low + step - 1, count)
        } else {
            high = start
            var step = 1
            while high - step >= 0, prebuiltTemplates[high - step].textIndex >= index {
                high -= step
                step *= 2
            }
            low = max(high - step + 1, 0)
        }
        while low < high {
            let middle = (low + high) / 2
            if prebuiltTemplates[middle].textIndex >= index { high = middle } else { low = middle + 1 }
        }
        hint = low
        return low < count && prebuiltTemplates[low].textIndex == index
            ? prebuiltTemplates[low].template : nil
    }

    /// How many templates were kept (for tests).
    var prebuiltTemplateCount: Int { prebuiltTemplates.count }

    /// Keeps the template of the scalar added last.
    mutating func setPrebuiltTemplate(_ template: Template, of id: NodeID) {
        let index = nodes[Int(id)].textIndex
        precondition(
            index > (prebuiltTemplates.last?.textIndex ?? -1),
            "templates are kept in the order of their texts")
        prebuiltTemplates.append((index, template))
    }

    /// A scalar's value; empty for a collection.
    package func text(of id: NodeID) -> String {
        let index = nodes[Int(id)].textIndex
        return index < 0 ? "" : texts[Int(index)]
    }

    /// The node's explicit tag, if it has one.
    package func tag(of id: NodeID) -> String? {
        let index = nodes[Int(id)].tagIndex
        return index < 0 ? nil : tags[Int(index)]
    }

    /// Keeps `tag` beside the nodes; its index, or -1 for none.
    private mutating func recordTag(_ tag: String?) -> Int32 {
        guard let tag else { return -1 }
        tags.append(tag)
        return Int32(tags.count - 1)
    }

    /// `text` is taken, not copied: a reader makes it for this node alone.
    mutating func addScalar(
        _ text: consuming String, style: ScalarStyle, tag: String?, start: SourcePosition, end: SourcePosition
    ) -> NodeID {
        texts.append(text)
        nodes.append(
            Node(
                kind: .scalar, style: style, start: start, end: end, tagIndex: recordTag(tag),
                textIndex: Int32(texts.count - 1), firstChild: 0, childCount: 0))
        return NodeID(nodes.count - 1)
    }

    /// Adds a collection whose children are `items` (key/value alternating for a mapping).
    mutating func addCollection(
        _ kind: Node.Kind, items: some Collection<NodeID>, tag: String?, start: SourcePosition,
        end: SourcePosition
    ) -> NodeID {
        let first = Int32(children.count)
        // Room first, then filled in the one pass that sets the parents: appending the items
        // one by one (they come through a lazy map) cost several times more.
        children.append(contentsOf: repeatElement(-1, count: items.count))
        let id = Int32(nodes.count)
        let root = self.root
        // Through buffers: writing each child through the arrays checked their uniqueness.
        children.withUnsafeMutableBufferPointer { children in
            nodes.withUnsafeMutableBufferPointer { nodes in
                var index: Int32 = 0
                for child in items {
                    children[Int(first + index)] = child
                    // An aliased node keeps the parent it was first placed in.
                    if nodes[Int(child)].parent < 0 && child != root {
                        nodes[Int(child)].parent = id
                        nodes[Int(child)].indexInParent = kind == .mapping ? index / 2 : index
                    }
                    index += 1
                }
            }
        }
        nodes.append(
            Node(
                kind: kind, style: .plain, start: start, end: end, tagIndex: recordTag(tag), textIndex: -1,
                firstChild: first, childCount: Int32(items.count)))
        return NodeID(nodes.count - 1)
    }

    /// The items of a sequence.
    package func items(of id: NodeID) -> ArraySlice<NodeID> {
        let index = Int(id)
        guard nodes[index].kind == .sequence else { return [] }
        let first = Int(nodes[index].firstChild)
        return children[first..<first + Int(nodes[index].childCount)]
    }

    /// The key/value pairs of a mapping, in document order.
    package func pairs(of id: NodeID) -> MappingPairs {
        let index = Int(id)
        guard nodes[index].kind == .mapping else { return MappingPairs(children: [], start: 0, count: 0) }
        return MappingPairs(
            children: children, start: Int(nodes[index].firstChild), count: Int(nodes[index].childCount) / 2)
    }

    /// The value of `key` in a mapping (the last one when the key is duplicated, as most decoders do).
    package func value(of id: NodeID, key: String) -> NodeID? {
        var found: NodeID?
        // Lengths first: most keys differ in length, and comparing two unequal strings calls
        // into the standard library (every file is asked for its suppressions).
        let length = key.utf8.count
        for pair in pairs(of: id) where nodes[Int(pair.key)].isScalar {
            let text = text(of: pair.key)
            if text.utf8.count == length && text == key { found = pair.value }
        }
        return found
    }

    /// The JSON pointer (RFC 6901) of a node; a mapping key has the pointer of its pair.
    package func pointer(of id: NodeID) -> String {
        var tokens: [String] = []
        var current = id
        while true {
            let node = nodes[Int(current)]
            guard node.parent >= 0 else { break }
            let parent = nodes[Int(node.parent)]
            if parent.kind == .mapping {
                let key = children[Int(parent.firstChild) + 2 * Int(node.indexInParent)]
                tokens.append(text(of: key))
            } else {
                tokens.append(String(node.indexInParent))
            }
            current = node.parent
        }
        var result = ""
        for token in tokens.reversed() {
            result += "/"
            guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
                result += token
                continue
            }
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": result += "~0"
                case "/": result += "~1"
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether the node is a YAML/JSON null: `null`, `~`, empty plain scalar.
    package func isNull(_ id: NodeID) -> Bool {
        let index = Int(id)
        // The length first: most values are longer than "null", and comparing a string with each
        // spelling costs more than counting its bytes.
        guard nodes[index].kind == .scalar, nodes[index].style == .plain, !nodes[index].hasTag else {
            return false
        }
        let textIndex = Int(nodes[index].textIndex)
        switch texts[textIndex].utf8.count {
        case 0: return true
        case 1: return texts[textIndex] == "~"
        case 4: return texts[textIndex] == "null" || texts[textIndex] == "Null" || texts[textIndex] == "NULL"
        default: return false
        }
    }
}

package struct MappingPair: Sendable {
    package let key: NodeID
    package let value: NodeID
}

package struct MappingPairs: RandomAccessCollection, Sendable {
    let children: [NodeID]
    let start: Int
    package let count: Int

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> MappingPair {
        MappingPair(key: children[start + 2 * position], value: children[start + 2 * position + 1])
    }
}

/// Where a block scalar's text lies in the file: the value's content lines, each at a line of
/// the file after the block's indentation, so a finding in the text points at its characters
/// rather than at the `|` or `>`.
package struct BlockLayout: Sendable, Equatable {
    /// The file line of each content line, and the value offset (in scalars) it starts at.
    package var lines: [(line: Int32, column: Int32, valueStart: Int32)]

    package init(lines: [(line: Int32, column: Int32, valueStart: Int32)]) {
        self.lines = lines
    }

    package static func == (a: BlockLayout, b: BlockLayout) -> Bool {
        a.lines.elementsEqual(b.lines) { $0 == $1 }
    }

    /// The file position of the value's scalar `offset`.
    package func position(ofValueOffset offset: Int) -> SourcePosition? {
        guard var index = lines.lastIndex(where: { Int($0.valueStart) <= offset }) else { return nil }
        index = max(index, 0)
        let line = lines[index]
        return SourcePosition(line: Int(line.line), column: Int(line.column) + offset - Int(line.valueStart))
    }

    /// Aligns the value of a block scalar with its content lines (the file's lines after the
    /// indicator, without their indentation): each line's text must be the next text of the
    /// value, after the line break or folding space between them. Nil when it is not.
    package static func align(
        value: [Unicode.Scalar], lines: [(line: Int, scalars: ArraySlice<Unicode.Scalar>)]
    ) -> BlockLayout? {
        let indentation = lines.lazy.filter { !$0.scalars.allSatisfy { $0 == " " } }
            .map { $0.scalars.prefix { $0 == " " }.count }.min()
        guard let indentation else { return nil }
        var cursor = 0
        var aligned: [(line: Int32, column: Int32, valueStart: Int32)] = []
        for (line, scalars) in lines {
            let text = scalars.dropFirst(min(indentation, scalars.count))
            if text.allSatisfy({ $0 == " " }) {
                // A blank line is a line break of the value (or nothing, past its end).
                if cursor < value.count, value[cursor] == "\n" { cursor += 1 }
                continue
            }
            guard cursor + text.count <= value.count, value[cursor..<cursor + text.count].elementsEqual(text)
            else { return nil }
            aligned.append((Int32(line), Int32(indentation + 1), Int32(cursor)))
            cursor += text.count
            if cursor < value.count, value[cursor] == "\n" || value[cursor] == " " { cursor += 1 }
        }
        return aligned.isEmpty ? nil : BlockLayout(lines: aligned)
    }
}
