import CYAML

/// Reads a YAML stream into documents through libyaml's event API, which gives a start and end
/// mark for every node. Aliases share the anchored node (no copy); merge keys are resolved.
enum YAMLReader {
    static func read(_ bytes: [UInt8], limits: ReadLimits, findings: inout [Finding]) -> [Document] {
        var reader = EventReader(limits: limits, sizeHint: bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            // libyaml counts a byte-order mark as a column; it is not one.
            let hasBOM = buffer.starts(with: [0xEF, 0xBB, 0xBF])
            reader.run(hasBOM ? UnsafeBufferPointer(rebasing: buffer[3...]) : buffer)
        }
        findings.append(contentsOf: reader.findings)
        return reader.documents
    }
}

private struct EventReader {
    let limits: ReadLimits
    var documents: [Document] = []
    var findings: [Finding] = []
    private var builder: DocumentBuilder
    /// Anchor name → node and its size as if aliases were expanded.
    private var anchors: [String: (node: NodeID, size: Int)] = [:]
    /// Sizes (as if expanded) of the open collections, innermost last.
    private var openSizes: [(size: Int, anchor: String?)] = []
    private var expanded = 0

    private let sizeHint: Int

    init(limits: ReadLimits, sizeHint: Int) {
        self.limits = limits
        self.sizeHint = sizeHint
        self.builder = DocumentBuilder(limits: limits)
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            fail("libyaml could not start", at: .start)
            return
        }
        defer { yaml_parser_delete(&parser) }
        var empty: UInt8 = 0
        withUnsafeMutablePointer(to: &empty) { emptyPointer in
            let base = buffer.count > 0 ? buffer.baseAddress! : UnsafePointer(emptyPointer)
            yaml_parser_set_input_string(&parser, base, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    reportParserError(parser)
                    return
                }
                let keepGoing = handle(event)
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if !keepGoing || done { return }
            }
        }
    }

    /// Handles one event; false stops reading (a limit was crossed).
    private mutating func handle(_ event: yaml_event_t) -> Bool {
        let start = position(event.start_mark)
        let end = position(event.end_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            builder = DocumentBuilder(limits: limits, sizeHint: documents.isEmpty ? sizeHint : 0)
            anchors.removeAll(keepingCapacity: true)
            openSizes.removeAll(keepingCapacity: true)
            expanded = 0
        case YAML_DOCUMENT_END_EVENT:
            if let document = builder.finish(findings: &findings) { documents.append(document) }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            if scalar.length > limits.maxScalarBytes {
                let size = scalar.length >> 10
                fail(
                    "a scalar of \(size) KiB is longer than the limit of \(limits.maxScalarBytes >> 10) KiB "
                        + "(raise it with --max-scalar-kib)", at: start)
                return false
            }
            let text = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let id = builder.scalar(
                text, style: style(scalar.style), tag: tagName(scalar.tag), start: start, end: end)
            added(id, size: 1, anchor: string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = tagName(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
            let anchor = string(
                isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            if let limit = builder.begin(isMapping ? .mapping : .sequence, tag: tag, at: start) {
                findings.append(limit)
                return false
            }
            openSizes.append((1, anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let id = builder.end(at: end, merging: event.type == YAML_MAPPING_END_EVENT, findings: &findings)
            let frame = openSizes.removeLast()
            added(id, size: frame.size, anchor: frame.anchor)
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                fail("alias *\(name) names no anchor defined before it", at: start)
                return false
            }
            expanded += target.size
            if expanded > limits.maxAliasExpansion {
                fail(
                    "aliases expand to more than \(limits.maxAliasExpansion) nodes "
                        + "(a \"billion laughs\" file?); raise the limit with --max-alias-expansion",
                    at: start)
                return false
            }
            builder.attach(target.node)
            added(nil, size: target.size, anchor: nil)
        default:
            break
        }
        return true
    }

    /// Counts a finished node into its parent's expanded size and registers its anchor.
    private mutating func added(_ id: NodeID?, size: Int, anchor: String?) {
        if !openSizes.isEmpty { openSizes[openSizes.count - 1].size += size }
        if let anchor, let id { anchors[anchor] = (id, size) }
    }

    private mutating func reportParserError(_ parser: yaml_parser_t) {
        let problem = string(parser.problem) ?? "invalid YAML"
        var message = problem
        if let context = string(parser.context) {
            let contextAt = position(parser.context_mark)
            message += " \(context) (started at \(contextAt))"
        }
        var at = position(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a line; our own encoding check runs first,
            // so this is rare (control characters).
            at = SourcePosition(line: parser.mark.line + 1, column: parser.mark.column + 1)
        }
        fail(message, at: at, rule: CoreRuleID.parseError)
    }

    private mutating func fail(
        _ message: String, at position: SourcePosition, rule: String = CoreRuleID.limits
    ) {
        findings.append(
            Finding(ruleID: rule, severity: .error, message: message, span: SourceSpan(at: position)))
    }

    private func position(_ mark: yaml_mark_t) -> SourcePosition {
        SourcePosition(line: mark.line + 1, column: mark.column + 1)
    }

    private func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// The tag as written, with the standard `tag:yaml.org,2002:` prefix shown as `!!`.
    private func tagName(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let name = string(tag) else { return nil }
        let standard = "tag:yaml.org,2002:"
        return name.hasPrefix(standard) ? "!!" + name.dropFirst(standard.count) : name
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
