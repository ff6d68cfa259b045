import CYAML
import Dispatch
import PaywallLint

#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

/// Reads a YAML stream into documents through libyaml's event API, which gives a start and end
/// mark for every node. Aliases share the anchored node (no copy); merge keys are resolved.
enum YAMLReader {
    /// Input size from which libyaml parses on a second thread, ahead of the events' handling
    /// (`EventPipe`): in a 5 MB file, handling the events is a third of the reading, and nothing
    /// else runs meanwhile. Smaller files are read on one thread, beside the other files.
    static let parsedAheadFrom = 1 << 20

    /// Parsing ahead, the reading thread builds copy templates while fewer than this many
    /// parsed batches wait for it: the parser, not the reader, should set the pace.
    static let templatesWhileQueued = 2

    /// `parsedAheadFrom` and `templatesWhileQueued` are for tests, to read small inputs both ways
    /// and to build every template.
    static func read(
        _ bytes: [UInt8], limits: ReadLimits, strings: ShortStrings = ShortStrings(),
        findings: inout [Finding],
        parsedAheadFrom: Int = parsedAheadFrom, templatesWhileQueued: Int = templatesWhileQueued
    ) -> [Document] {
        var reader = EventReader(limits: limits, strings: strings, sizeHint: bytes.count)
        reader.templatesWhileQueued = templatesWhileQueued
        bytes.withUnsafeBufferPointer { buffer in
            // libyaml counts a byte-order mark as a column; it is not one.
            let hasBOM = buffer.starts(with: [0xEF, 0xBB, 0xBF])
            let input = hasBOM ? UnsafeBufferPointer(rebasing: buffer[3...]) : buffer
            reader.lineMap = YAMLLineMap(input)
            if input.count >= parsedAheadFrom {
                reader.runParsingAhead(input)
            } else {
                reader.run(input)
            }
        }
        findings.append(contentsOf: reader.findings)
        return reader.documents
    }
}

private struct EventReader {
    let limits: ReadLimits
    let strings: ShortStrings
    var documents: [Document] = []
    var findings: [Finding] = []
    private var builder: DocumentBuilder
    /// Anchor name → node and its size as if aliases were expanded.
    private var anchors: [String: (node: NodeID, size: Int)] = [:]
    /// Sizes (as if expanded) of the open collections, innermost last.
    private var openSizes: [(size: Int, anchor: String?)] = []
    private var expanded = 0

    private let sizeHint: Int
    /// Set while libyaml parses ahead on another thread and this one keeps up with it
    /// (`YAMLReader.templatesWhileQueued`): it then has time to spare, and builds the templates
    /// of text that looks like copy, which the dialect would otherwise build after the parse (a
    /// third of its time on a large file).
    private var templates: TemplateCache?
    var templatesWhileQueued = YAMLReader.templatesWhileQueued
    /// Set when libyaml's lines differ from the editor's (`YAMLLineMap`).
    var lineMap: YAMLLineMap?
    /// The text being read, and its lines once a block scalar needs them.
    private var source: UnsafeBufferPointer<UInt8>?
    private var sourceLines: LineIndex?

    init(limits: ReadLimits, strings: ShortStrings, sizeHint: Int) {
        self.limits = limits
        self.strings = strings
        self.sizeHint = sizeHint
        self.builder = DocumentBuilder(limits: limits)
        openSizes.reserveCapacity(16)
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) {
        source = buffer
        defer { source = nil }
        let started = withParser(reading: buffer) { parser in
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    report(ParserError(parser, input: buffer, lines: lineMap))
                    return
                }
                let keepGoing = handle(Event(event))
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if !keepGoing || done { return }
            }
        }
        if !started { report(.couldNotStart) }
    }

    /// As `run`, with libyaml parsing on another thread, batches of events ahead: the same
    /// events handled in the same order, so the same documents and findings.
    mutating func runParsingAhead(_ buffer: UnsafeBufferPointer<UInt8>) {
        source = buffer
        defer { source = nil }
        let cache = TemplateCache()
        defer { templates = nil }
        let pipe = EventPipe()
        let input = EventPipe.Input(buffer: buffer, lines: lineMap)
        DispatchQueue.global().async { pipe.parse(input) }
        var keepGoing = true
        while true {
            let (batch, queued) = pipe.next()
            templates = queued < templatesWhileQueued ? cache : nil
            // Past a crossed limit the rest is skipped, until the parser has stopped.
            for event in batch.pointee.events where keepGoing {
                keepGoing = handle(Event(event))
            }
            let (isLast, error) = (batch.pointee.isLast, batch.pointee.error)
            pipe.handled()
            if !keepGoing { pipe.stop() }
            if isLast {
                if keepGoing, let error { report(error) }
                break
            }
        }
        pipe.waitUntilParsed()
    }

    /// Where a block scalar's text lies: its content lines are those after the indicator's, up
    /// to where the scalar ends.
    private mutating func blockLayout(_ text: String, start: SourcePosition, end: SourcePosition)
        -> BlockLayout?
    {
        guard let source else { return nil }
        if sourceLines == nil { sourceLines = LineIndex(Array(source)) }
        guard let lines = sourceLines else { return nil }
        let last = min(end.column > 1 ? end.line : end.line - 1, lines.lineCount)
        guard start.line < last else { return nil }
        let content = (start.line + 1...last).map { line in
            (
                line: line,
                scalars: Array(String(decoding: lines.lineBytes(line), as: UTF8.self).unicodeScalars)[...]
            )
        }
        return BlockLayout.align(value: Array(text.unicodeScalars), lines: content)
    }

    /// Handles one event; false stops reading (a limit was crossed).
    private mutating func handle(_ event: Event) -> Bool {
        var start = event.start
        var end = event.end
        if let lineMap {
            start = lineMap.position(start)
            end = lineMap.position(end)
        }
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            if documents.count >= limits.maxDocuments {
                fail(
                    "the stream has more than \(limits.maxDocuments) documents (raise it with --max-documents)",
                    at: start)
                return false
            }
            builder = DocumentBuilder(limits: limits, sizeHint: documents.isEmpty ? sizeHint : 0)
            anchors.removeAll(keepingCapacity: true)
            openSizes.removeAll(keepingCapacity: true)
            expanded = 0
        case YAML_DOCUMENT_END_EVENT:
            if let document = builder.finish(findings: &findings) { documents.append(document) }
        case YAML_SCALAR_EVENT:
            if event.value.count > limits.maxScalarBytes {
                let size = event.value.count >> 10
                fail(
                    "a scalar of \(size) KiB is longer than the limit of \(limits.maxScalarBytes >> 10) KiB "
                        + "(raise it with --max-scalar-kib)", at: start)
                return false
            }
            let text = strings.string(event.value)
            // Copy has spaces; keys, ids, URLs and colours have none. Built before the document
            // takes the string (an `if let` here cost 700 instructions a file more).
            let template =
                templates != nil && event.value.count >= 4 && event.value.contains(UInt8(ascii: " "))
                ? templates?.template(for: text) : nil
            let id = builder.scalar(
                text, keyDigest: DocumentBuilder.keyDigest(event.value), style: style(event.style),
                tag: tagName(event.tag), start: start, end: end)
            if let template { builder.keep(template, of: id) }
            if event.style == YAML_LITERAL_SCALAR_STYLE || event.style == YAML_FOLDED_SCALAR_STYLE,
                let layout = blockLayout(text, start: start, end: end)
            {
                builder.setBlockLayout(layout, of: id)
            }
            added(id, size: 1, anchor: string(event.anchor))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = tagName(event.tag)
            let anchor = string(event.anchor)
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
            let name = string(event.anchor) ?? ""
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

    private mutating func report(_ error: ParserError) {
        fail(error.message, at: error.position, rule: error.rule)
    }

    private mutating func fail(
        _ message: String, at position: SourcePosition, rule: String = CoreRuleID.limits
    ) {
        findings.append(
            Finding(ruleID: rule, severity: .error, message: message, span: SourceSpan(at: position)))
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
    private func tagName(_ tag: UnsafeBufferPointer<UInt8>?) -> String? {
        guard let name = string(tag) else { return nil }
        let standard = "tag:yaml.org,2002:"
        return name.hasPrefix(standard) ? "!!" + name.dropFirst(standard.count) : name
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}

extension SourcePosition {
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(line: mark.line + 1, column: mark.column + 1)
    }
}

/// One libyaml event as the reader needs it: its kind, its marks, and the bytes of its value, tag
/// and anchor, which point into libyaml's event: valid until the event is deleted (parsed ahead,
/// when the parsing thread fills the event's slot of `EventPipe` again).
private struct Event {
    var type: yaml_event_type_t
    var start: SourcePosition
    var end: SourcePosition
    var style = YAML_ANY_SCALAR_STYLE
    var value = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var tag: UnsafeBufferPointer<UInt8>?
    var anchor: UnsafeBufferPointer<UInt8>?

    init(_ event: yaml_event_t) {
        type = event.type
        start = SourcePosition(event.start_mark)
        end = SourcePosition(event.end_mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            style = scalar.style
            value = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
            tag = Self.bytes(scalar.tag)
            anchor = Self.bytes(scalar.anchor)
        case YAML_MAPPING_START_EVENT:
            tag = Self.bytes(event.data.mapping_start.tag)
            anchor = Self.bytes(event.data.mapping_start.anchor)
        case YAML_SEQUENCE_START_EVENT:
            tag = Self.bytes(event.data.sequence_start.tag)
            anchor = Self.bytes(event.data.sequence_start.anchor)
        case YAML_ALIAS_EVENT:
            anchor = Self.bytes(event.data.alias.anchor)
        default:
            break
        }
    }

    /// A NUL-terminated string of libyaml's, without its NUL.
    private static func bytes(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer else { return nil }
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return UnsafeBufferPointer(start: pointer, count: count)
    }
}

/// Runs `body` with a libyaml parser reading `buffer` as UTF-8; false when libyaml could not
/// start.
private func withParser(
    reading buffer: UnsafeBufferPointer<UInt8>, _ body: (inout yaml_parser_t) -> Void
) -> Bool {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return false }
    defer { yaml_parser_delete(&parser) }
    var empty: UInt8 = 0
    withUnsafeMutablePointer(to: &empty) { emptyPointer in
        let base = buffer.count > 0 ? buffer.baseAddress! : UnsafePointer(emptyPointer)
        yaml_parser_set_input_string(&parser, base, buffer.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        body(&parser)
    }
    return true
}

/// Why libyaml stopped, and where.
private struct ParserError {
    var message: String
    var position: SourcePosition
    var rule = CoreRuleID.parseError

    /// libyaml could not allocate its parser.
    static let couldNotStart = ParserError(
        message: "libyaml could not start", position: .start, rule: CoreRuleID.limits)

    private init(message: String, position: SourcePosition, rule: String) {
        self.message = message
        self.position = position
        self.rule = rule
    }

    /// `input`: the bytes libyaml reads, to place a reader error; `lines`: its lines where they
    /// are not the editor's.
    init(_ parser: yaml_parser_t, input: UnsafeBufferPointer<UInt8>, lines: YAMLLineMap?) {
        func place(_ mark: yaml_mark_t) -> SourcePosition {
            lines?.position(line: Int(mark.line), column: Int(mark.column)) ?? SourcePosition(mark)
        }
        message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context) (started at \(place(parser.context_mark)))"
        }
        position = place(parser.problem_mark)
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry the offset of the refused byte, not a line; its reader mark
            // is where the scanner was, which can be lines before. The bytes before it are text
            // libyaml has decoded.
            let offset = parser.problem_offset
            position =
                offset <= input.count
                ? TextEncoding.position(of: offset, in: input, from: 0) : place(parser.mark)
        }
        // At the end of a text without a final line break, libyaml's marks stand on a line after
        // the last one: the error is at the end of the text.
        if position.line > 1 {
            let end = TextEncoding.position(of: input.count, in: input, from: 0)
            if end < position { position = end }
        }
    }
}

/// Events handed from the thread that parses to the one that handles them, in batches through a
/// ring of slots: at most `slotCount` batches ahead, so memory stays bounded whatever the file.
/// The semaphores order every access to a slot: the parser fills a slot after `free` allows it,
/// the reader reads it after `filled` says it was filled.
private final class EventPipe: @unchecked Sendable {
    /// libyaml's events as parsed, kept until the parsing thread fills their slot again: the
    /// reader reads their values where libyaml put them, and libyaml's memory is still freed
    /// on its own thread (glibc keeps freed memory per thread: events freed by the reader made
    /// every allocation of the parser take the slow path).
    struct Batch {
        var events: [yaml_event_t] = []
        /// The last batch: the stream ended, libyaml failed or could not start (`error`), or
        /// the reader stopped.
        var isLast = false
        var error: ParserError?

        mutating func clear() {
            for index in events.indices { yaml_event_delete(&events[index]) }
            events.removeAll(keepingCapacity: true)
            (isLast, error) = (false, nil)
        }
    }

    /// The bytes, read by the parsing thread while the reader waits for it to finish.
    struct Input: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
        let lines: YAMLLineMap?
    }

    private static let batchSize = 1024
    private static let slotCount = 8
    /// Memory of its own rather than an array, which the two threads would both mutate.
    private let slots = UnsafeMutableBufferPointer<Batch>.allocate(capacity: slotCount)
    private let filled = DispatchSemaphore(value: 0)
    private let free = DispatchSemaphore(value: slotCount)
    private let parsed = DispatchSemaphore(value: 0)
    private let stopped = PlatformAtomic<Bool>(false)
    /// Batches parsed and not yet taken by the reader.
    private let queued = PlatformAtomic<Int>(0)
    /// The reader's slot; only the reader uses it.
    private var readSlot = 0

    init() { slots.initialize(repeating: Batch()) }

    deinit {
        for slot in slots.indices { slots[slot].clear() }
        slots.deinitialize()
        slots.deallocate()
    }

    /// On the parsing thread: parses until the stream ends, libyaml fails or the reader stops.
    func parse(_ input: Input) {
        defer { parsed.signal() }
        let started = withParser(reading: input.buffer) { parser in
            var slot = 0
            while true {
                free.wait()
                let isLast = fill(&slots[slot], from: &parser, input: input)
                queued.wrappingIncrement(by: 1, ordering: .relaxed)
                filled.signal()
                if isLast { return }
                slot = (slot + 1) % Self.slotCount
            }
        }
        if !started {
            free.wait()
            (slots[0].isLast, slots[0].error) = (true, .couldNotStart)
            queued.wrappingIncrement(by: 1, ordering: .relaxed)
            filled.signal()
        }
    }

    /// Parses the next batch into the slot of a handled one; whether it is the last.
    private func fill(
        _ batch: inout Batch, from parser: inout yaml_parser_t, input: Input
    ) -> Bool {
        batch.clear()
        while batch.events.count < Self.batchSize, !batch.isLast {
            if stopped.load(ordering: .relaxed) {
                batch.isLast = true
                break
            }
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                batch.error = ParserError(parser, input: input.buffer, lines: input.lines)
                batch.isLast = true
                break
            }
            batch.isLast = event.type == YAML_STREAM_END_EVENT
            batch.events.append(event)
        }
        return batch.isLast
    }

    /// On the reading thread: the next batch, once parsed, and how many more are parsed and
    /// waiting; hand it back with `handled`.
    func next() -> (batch: UnsafeMutablePointer<Batch>, queued: Int) {
        filled.wait()
        let waiting = queued.wrappingDecrementThenLoad(by: 1, ordering: .relaxed)
        return (slots.baseAddress! + readSlot, waiting)
    }

    /// The reader is done with the batch `next` gave it.
    func handled() {
        readSlot = (readSlot + 1) % Self.slotCount
        free.signal()
    }

    /// Asks the parsing thread to end with its next batch.
    func stop() { stopped.store(true, ordering: .relaxed) }

    func waitUntilParsed() { parsed.wait() }
}
