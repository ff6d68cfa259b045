#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Suppressions written in a file: YAML comments (`# paywall-lint: disable-next-line RULE -- reason`,
/// `disable-line`, `disable` … `enable`, `disable-file`), the same in Swift's `//` comments, and,
/// for JSON (no comments), a top-level `"x-paywall-lint": {"disable": [{"rule", "pointer",
/// "reason"}]}`. Every suppression needs a
/// reason, and one that suppresses nothing is itself reported.
struct Suppressions {
    enum Scope {
        case line(Int)
        case lines(ClosedRange<Int>)
        case file
        case pointer(String)
    }

    struct Entry {
        var rules: [String]
        var scope: Scope
        var reason: String?
        var span: SourceSpan
        var pointer: String
        var used = false
    }

    private(set) var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Reads the suppressions of a file; `documents` locate JSON entries and rule out `#` inside scalars.
    init(file: SourceFile, documents: [Document]) {
        for document in documents { readPointerEntries(document) }
        if file.format == .yaml, Self.mentionsTool(file.bytes) { readComments(file, documents: documents) }
    }

    static let marker = Array("paywall-lint:".utf8)

    /// Whether the file may hold a suppression comment, which is a `#`, spaces and the marker:
    /// a quick search, so files without suppressions pay almost nothing. The `#`s are found by
    /// the C library's `memchr` (vectorised; a file has few of them), where a search for the
    /// marker's first letter read a 5 MB file word by word (12 million instructions).
    static func mentionsTool(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            let count = buffer.count
            var from = 0
            while from < count, let hit = memchr(base + from, Int32(UInt8(ascii: "#")), count - from) {
                let hash = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if markerFollows(hashAt: hash, in: buffer) { return true }
                from = hash + 1
            }
            return false
        }
    }

    /// Whether the `#` at `hash` is followed by spaces and the marker: what makes a comment a
    /// directive, for the prefilter and for the comments read.
    private static func markerFollows(hashAt hash: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = hash + 1
        while at < buffer.count, buffer[at] == 0x20 { at += 1 }
        return buffer.count - at >= marker.count
            && memcmp(buffer.baseAddress! + at, marker, marker.count) == 0
    }

    private mutating func readPointerEntries(_ document: Document) {
        guard let root = document.root, document[root].isMapping,
            let settings = document.value(of: root, key: "x-paywall-lint"), document[settings].isMapping,
            let list = document.value(of: settings, key: "disable"), document[list].isSequence
        else { return }
        for item in document.items(of: list) where document[item].isMapping {
            let rule = document.value(of: item, key: "rule").map { document.text(of: $0) } ?? ""
            let pointer = document.value(of: item, key: "pointer").map { document.text(of: $0) }
            let reason = document.value(of: item, key: "reason").map { document.text(of: $0) }
            entries.append(
                Entry(
                    rules: rule.isEmpty ? [] : [rule], scope: pointer.map { .pointer($0) } ?? .file,
                    reason: reason.flatMap { $0.trimmed.isEmpty ? nil : $0 }, span: document[item].span,
                    pointer: document.pointer(of: item)))
        }
    }

    private mutating func readComments(_ file: SourceFile, documents: [Document]) {
        let lines = LineIndex(file.bytes)
        // Scalars that span lines could hold "# paywall-lint:" as text; those are not comments.
        var scalarSpans: [SourceSpan] = []
        for document in documents {
            for node in document.nodes where node.isScalar && node.style != .plain {
                scalarSpans.append(node.span)
            }
        }
        var openRanges: [OpenRange] = []
        for number in 1...lines.lineCount {
            let bytes = lines.lineBytes(number)
            guard let (column, text) = Self.comment(in: bytes) else { continue }
            let position = SourcePosition(line: number, column: column)
            if scalarSpans.contains(where: { $0.start <= position && position < $0.end }) { continue }
            var target = number + 1
            while target <= lines.lineCount, Self.isBlankOrComment(lines.lineBytes(target)) {
                target += 1
            }
            add(text, at: position, nextCodeLine: target, openRanges: &openRanges)
        }
    }

    /// The suppressions of a Swift file, from its `// paywall-lint: …` comments.
    init(swiftComments comments: [SwiftSource.Comment]) {
        var openRanges: [OpenRange] = []
        for comment in comments {
            var rest = comment.text.utf8.dropFirst(2)
            while rest.first == 0x20 { rest = rest.dropFirst() }
            guard comment.text.utf8.starts(with: "//".utf8), rest.starts(with: Self.marker) else { continue }
            add(comment.text, at: comment.start, nextCodeLine: comment.nextCodeLine, openRanges: &openRanges)
        }
    }

    private typealias OpenRange = (rules: [String], start: Int, index: Int)

    /// Adds the entry a directive comment makes (`text` from the comment's start, `#` or `//`).
    private mutating func add(
        _ text: String, at position: SourcePosition, nextCodeLine: Int, openRanges: inout [OpenRange]
    ) {
        guard let directive = Directive(text) else { return }
        let number = position.line
        let span = SourceSpan(
            start: position, end: SourcePosition(line: number, column: position.column + text.count + 1))
        var entry = Entry(
            rules: directive.rules, scope: .file, reason: directive.reason, span: span, pointer: "")
        switch directive.kind {
        case "disable-next-line": entry.scope = .line(nextCodeLine)
        case "disable-line": entry.scope = .line(number)
        case "disable-file": entry.scope = .file
        case "disable":
            entry.scope = .lines(number...Int.max)
            openRanges.append((directive.rules, number, entries.count))
        case "enable":
            // Closes the most recent open range with the same rules.
            if let open = openRanges.lastIndex(where: { $0.rules == directive.rules }) {
                entries[openRanges[open].index].scope = .lines(openRanges[open].start...number)
                openRanges.remove(at: open)
            }
            return
        default:
            return
        }
        entries.append(entry)
    }

    /// The column and text of a `# paywall-lint:` comment on a line, if any.
    private static func comment(in bytes: ArraySlice<UInt8>) -> (Int, String)? {
        var column = 1
        var previous: UInt8 = 0x20
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let b = bytes[index]
            if b == UInt8(ascii: "#"), previous == 0x20 || previous == 0x09 {
                let rest = bytes[index...]
                guard rest.withUnsafeBufferPointer({ markerFollows(hashAt: 0, in: $0) }) else { return nil }
                return (column, String(decoding: rest, as: UTF8.self))
            }
            if b & 0xC0 != 0x80 { column += 1 }
            previous = b
            index += 1
        }
        return nil
    }

    private static func isBlankOrComment(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) else { return true }
        return first == UInt8(ascii: "#")
    }

    /// `paywall-lint: KIND [RULE, RULE] [-- reason]`.
    struct Directive {
        var kind: String
        var rules: [String]
        var reason: String?

        init?(_ comment: String) {
            guard let colon = comment.firstIndex(of: ":") else { return nil }
            var body = String(comment[comment.index(after: colon)...])
            var reason: String?
            if let separator = body.firstRange(of: " -- ") ?? body.firstRange(of: "--") {
                reason = String(body[separator.upperBound...]).trimmed
                body = String(body[..<separator.lowerBound])
            }
            let words = body.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
            guard let kind = words.first else { return nil }
            self.kind = kind
            self.rules = Array(words.dropFirst())
            self.reason = reason.flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Drops the findings the suppressions cover and adds findings about the suppressions
    /// themselves. `knownRules`: every rule ID the packs define, to tell a misspelled one. An
    /// entry that names no rule, an unknown rule or a reading failure suppresses nothing.
    mutating func apply(to findings: [Finding], knownRules: [String]) -> [Finding] {
        guard !entries.isEmpty else { return findings }
        var kept: [Finding] = []
        for index in entries.indices {
            guard let problem = invalidity(of: entries[index], knownRules: knownRules) else { continue }
            entries[index].rules = []
            entries[index].used = true
            kept.append(
                Finding(
                    ruleID: CoreRuleID.invalidSuppression, severity: .error, message: problem,
                    span: entries[index].span, pointer: entries[index].pointer))
        }
        for finding in findings {
            if let index = entries.firstIndex(where: { covers($0, finding) }) {
                entries[index].used = true
            } else {
                kept.append(finding)
            }
        }
        for entry in entries {
            if entry.reason == nil {
                kept.append(
                    Finding(
                        ruleID: CoreRuleID.suppressionWithoutReason, severity: .warning,
                        message: entry.pointer.isEmpty
                            ? "suppression without a reason; add ` -- why` so a reviewer can judge it"
                            : "suppression without a reason; add \"reason\": \"why\" so a reviewer can judge it",
                        span: entry.span, pointer: entry.pointer))
            }
            if !entry.used {
                let what = entry.rules.isEmpty ? "any rule" : entry.rules.joined(separator: ", ")
                kept.append(
                    Finding(
                        ruleID: CoreRuleID.unusedSuppression, severity: .warning,
                        message: "this suppression of \(what) suppresses nothing; remove it",
                        span: entry.span,
                        pointer: entry.pointer))
            }
        }
        return kept
    }

    /// Why an entry cannot stand, if it cannot.
    private func invalidity(of entry: Entry, knownRules: [String]) -> String? {
        guard !entry.rules.isEmpty else {
            return entry.pointer.isEmpty
                ? "this suppression names no rule; name the rules it suppresses (`disable-next-line RULE -- why`)"
                : "this suppression names no rule; give it a \"rule\""
        }
        for rule in entry.rules {
            if CoreRuleID.unsuppressible.contains(rule) {
                return "\(rule) cannot be suppressed: a file that was not read was not linted"
            }
            if !knownRules.contains(rule) {
                var message = "this suppression names an unknown rule '\(rule)'"
                if let nearest = Suggestion.nearest(to: rule, in: knownRules) {
                    message += "; did you mean '\(nearest)'?"
                }
                return message
            }
        }
        return nil
    }

    private func covers(_ entry: Entry, _ finding: Finding) -> Bool {
        if finding.ruleID == CoreRuleID.unusedSuppression
            || finding.ruleID == CoreRuleID.suppressionWithoutReason
            || finding.ruleID == CoreRuleID.invalidSuppression
            || CoreRuleID.unsuppressible.contains(finding.ruleID)
        {
            return false
        }
        guard entry.rules.contains(finding.ruleID) else { return false }
        switch entry.scope {
        case .line(let line): return finding.span.start.line == line
        case .lines(let range): return range.contains(finding.span.start.line)
        case .file: return true
        case .pointer(let pointer):
            return finding.pointer == pointer || finding.pointer.hasPrefix(pointer + "/") || pointer.isEmpty
        }
    }
}

extension String {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
