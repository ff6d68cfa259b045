/// A strict JSON (RFC 8259) reader that keeps the position of every node. Things that real
/// configs contain but JSON forbids (comments, trailing commas, single quotes, NaN, unquoted keys,
/// a missing comma) are each reported as `core/parse-error` at their position, and reading goes on
/// so the rest of the file is still linted.
enum JSONReader {
    /// `isASCII`: the caller has checked that no byte is beyond ASCII (`TextEncoding.check`), so
    /// columns are byte counts. Without it they count scalars, which is right for any text.
    static func read(
        _ bytes: [UInt8], isASCII: Bool = false, limits: ReadLimits, strings: ShortStrings = ShortStrings(),
        findings: inout [Finding]
    ) -> Document? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, isASCII: isASCII, limits: limits, strings: strings)
            let document = parser.parseText()
            findings.append(contentsOf: parser.findings)
            return document
        }
    }
}

private struct JSONParser {
    let buffer: UnsafeBufferPointer<UInt8>
    let limits: ReadLimits
    let strings: ShortStrings
    var findings: [Finding] = []
    private var builder: DocumentBuilder
    private var i = 0
    private var line = 1
    /// Byte offset where the current line starts, and how many continuation bytes lie between it
    /// and `i` (so a column counts Unicode scalars, not bytes).
    private var lineStart = 0
    private var continuationBytes = 0
    private var continuationCountedTo = 0
    /// No byte beyond ASCII (most files), so a column is a count of bytes.
    private let isASCII: Bool

    /// Stops everything: a limit was crossed or the text cannot be recovered.
    private struct Abort: Error {}

    init(buffer: UnsafeBufferPointer<UInt8>, isASCII: Bool, limits: ReadLimits, strings: ShortStrings) {
        self.buffer = buffer
        self.limits = limits
        self.strings = strings
        self.builder = DocumentBuilder(limits: limits, sizeHint: buffer.count)
        self.isASCII = isASCII
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
            i = 3
            lineStart = 3
            continuationCountedTo = 3
        }
    }

    mutating func parseText() -> Document? {
        do {
            skipSpace()
            guard i < buffer.count else {
                error("the file is empty; a JSON text needs a value")
                return nil
            }
            try parseValue()
            skipSpace()
            if i < buffer.count {
                error("unexpected text after the JSON value")
            }
        } catch {
            return nil
        }
        return builder.finish(findings: &findings)
    }

    // MARK: Positions

    private mutating func position() -> SourcePosition {
        if isASCII { return SourcePosition(line: line, column: i - lineStart + 1) }
        if continuationCountedTo < lineStart { continuationCountedTo = lineStart }
        var k = continuationCountedTo
        while k + 8 <= i {
            continuationBytes += ByteChunks.continuation(ByteChunks.load(buffer, at: k)).nonzeroBitCount
            k += 8
        }
        while k < i {
            if buffer[k] & 0xC0 == 0x80 { continuationBytes += 1 }
            k += 1
        }
        continuationCountedTo = i
        return SourcePosition(line: line, column: i - lineStart - continuationBytes + 1)
    }

    private mutating func newLine(at next: Int) {
        line += 1
        lineStart = next
        continuationBytes = 0
        continuationCountedTo = next
    }

    private mutating func error(_ message: String, at position: SourcePosition? = nil) {
        let at = position ?? self.position()
        findings.append(
            Finding(
                ruleID: CoreRuleID.parseError, severity: .error, message: message, span: SourceSpan(at: at)))
    }

    // MARK: Whitespace and comments

    private mutating func skipSpace() {
        while i < buffer.count {
            switch buffer[i] {
            case 0x20:
                // Indentation comes in runs, skipped a word at a time.
                guard i + 8 <= buffer.count else {
                    i += 1
                    continue
                }
                let other = ~ByteChunks.equal(ByteChunks.load(buffer, at: i), 0x20) & ByteChunks.highBits
                i += other == 0 ? 8 : other.trailingZeroBitCount >> 3
            case 0x09:
                i += 1
            case 0x0A:
                i += 1
                newLine(at: i)
            case 0x0D:
                i += 1
                if i < buffer.count, buffer[i] == 0x0A { i += 1 }
                newLine(at: i)
            case UInt8(ascii: "/")
            where i + 1 < buffer.count && (buffer[i + 1] == 0x2F || buffer[i + 1] == 0x2A):
                error("comments are not allowed in JSON")
                skipComment()
            default:
                return
            }
        }
    }

    private mutating func skipComment() {
        if buffer[i + 1] == 0x2F {
            while i < buffer.count, buffer[i] != 0x0A, buffer[i] != 0x0D { i += 1 }
            return
        }
        i += 2
        while i < buffer.count {
            if buffer[i] == 0x2A, i + 1 < buffer.count, buffer[i + 1] == 0x2F {
                i += 2
                return
            }
            if buffer[i] == 0x0A {
                newLine(at: i + 1)
            } else if buffer[i] == 0x0D {
                if i + 1 < buffer.count, buffer[i + 1] == 0x0A { i += 1 }
                newLine(at: i + 1)
            }
            i += 1
        }
    }

    // MARK: Values

    private mutating func parseValue() throws {
        guard i < buffer.count else {
            error("the text ends where a value was expected")
            throw Abort()
        }
        switch buffer[i] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): try parseString()
        default: try parseBareWord()
        }
    }

    private mutating func parseObject() throws {
        let start = position()
        if let limit = builder.begin(.mapping, tag: nil, at: start) {
            findings.append(limit)
            throw Abort()
        }
        i += 1
        skipSpace()
        if i < buffer.count, buffer[i] == UInt8(ascii: "}") {
            i += 1
            builder.end(at: position(), findings: &findings)
            return
        }
        while true {
            skipSpace()
            guard i < buffer.count else {
                error("the text ends inside an object that starts at \(start)")
                throw Abort()
            }
            switch buffer[i] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try parseString()
            case UInt8(ascii: "}"):
                // Only reached after a comma: `{"a": 1,}`.
                i += 1
                builder.end(at: position(), findings: &findings)
                return
            default:
                if isWordByte(buffer[i]) {
                    let keyStart = position()
                    let word = scanWord()
                    error("object keys must be double-quoted strings", at: keyStart)
                    builder.scalar(
                        word, keyDigest: DocumentBuilder.keyDigest(word), style: .plain, tag: nil,
                        start: keyStart, end: position())
                } else {
                    error("expected a string key or '}'")
                    throw Abort()
                }
            }
            skipSpace()
            if i < buffer.count, buffer[i] == UInt8(ascii: ":") {
                i += 1
            } else {
                error("expected ':' after the key")
                if i >= buffer.count || buffer[i] == UInt8(ascii: "}") || buffer[i] == UInt8(ascii: ",") {
                    throw Abort()
                }
            }
            skipSpace()
            try parseValue()
            skipSpace()
            guard i < buffer.count else {
                error("the text ends inside an object that starts at \(start); expected ',' or '}'")
                throw Abort()
            }
            switch buffer[i] {
            case UInt8(ascii: ","):
                let comma = position()
                i += 1
                skipSpace()
                if i < buffer.count, buffer[i] == UInt8(ascii: "}") {
                    error("trailing comma before '}' (many JSON decoders reject it)", at: comma)
                }
            case UInt8(ascii: "}"):
                i += 1
                builder.end(at: position(), findings: &findings)
                return
            case UInt8(ascii: "\""):
                error("expected ',' between members")
            default:
                error("expected ',' or '}'")
                throw Abort()
            }
        }
    }

    private mutating func parseArray() throws {
        let start = position()
        if let limit = builder.begin(.sequence, tag: nil, at: start) {
            findings.append(limit)
            throw Abort()
        }
        i += 1
        skipSpace()
        if i < buffer.count, buffer[i] == UInt8(ascii: "]") {
            i += 1
            builder.end(at: position(), findings: &findings)
            return
        }
        while true {
            skipSpace()
            guard i < buffer.count else {
                error("the text ends inside an array that starts at \(start)")
                throw Abort()
            }
            if buffer[i] == UInt8(ascii: "]") {
                // Only reached after a comma: `[1,]`.
                i += 1
                builder.end(at: position(), findings: &findings)
                return
            }
            try parseValue()
            skipSpace()
            guard i < buffer.count else {
                error("the text ends inside an array that starts at \(start); expected ',' or ']'")
                throw Abort()
            }
            switch buffer[i] {
            case UInt8(ascii: ","):
                let comma = position()
                i += 1
                skipSpace()
                if i < buffer.count, buffer[i] == UInt8(ascii: "]") {
                    error("trailing comma before ']' (many JSON decoders reject it)", at: comma)
                }
            case UInt8(ascii: "]"):
                i += 1
                builder.end(at: position(), findings: &findings)
                return
            case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["):
                error("expected ',' between items")
            default:
                error("expected ',' or ']'")
                throw Abort()
            }
        }
    }

    private mutating func parseString() throws {
        let start = position()
        let quote = buffer[i]
        if quote == UInt8(ascii: "'") {
            error("strings must use double quotes in JSON")
        }
        i += 1
        let contentStart = i
        var hasEscapes = false
        while i < buffer.count {
            // Eight bytes at a time up to the next quote, backslash or control byte.
            while i + 8 <= buffer.count {
                let stop = ByteChunks.jsonStringStop(ByteChunks.load(buffer, at: i), quote: quote)
                if stop != 0 {
                    i += stop.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < buffer.count else { break }
            let b = buffer[i]
            if b == quote { break }
            if b == UInt8(ascii: "\\") {
                hasEscapes = true
                // A backslash as the last byte must not step past the end, and one before a line
                // break must not hide it: the string is still not closed on its line.
                let escaped = i + 1 < buffer.count ? buffer[i + 1] : 0
                i = min(i + (escaped == 0x0A || escaped == 0x0D ? 1 : 2), buffer.count)
                continue
            }
            if b < 0x20 {
                if b == 0x0A || b == 0x0D {
                    error("the string that starts at \(start) is not closed on its line")
                    throw Abort()
                }
                error("control character U+00\(hex2(b)) must be escaped inside a JSON string")
            }
            i += 1
        }
        guard i < buffer.count else {
            error("the string that starts at \(start) is never closed")
            throw Abort()
        }
        let contentEnd = i
        if contentEnd - contentStart > limits.maxScalarBytes {
            findings.append(
                Finding(
                    ruleID: CoreRuleID.limits, severity: .error,
                    message:
                        "a string of \((contentEnd - contentStart) >> 10) KiB is longer than the limit of "
                        + "\(limits.maxScalarBytes >> 10) KiB (raise it with --max-scalar-kib)",
                    span: SourceSpan(at: start)))
            throw Abort()
        }
        let content = UnsafeBufferPointer(rebasing: buffer[contentStart..<contentEnd])
        let text =
            hasEscapes
            ? unescape(content, quote: quote, start: start) : strings.string(content)
        i += 1
        let keyDigest = hasEscapes ? DocumentBuilder.keyDigest(text) : DocumentBuilder.keyDigest(content)
        builder.scalar(
            text, keyDigest: keyDigest, style: .doubleQuoted, tag: nil, start: start, end: position())
    }

    private func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
    }

    private mutating func unescape(_ content: UnsafeBufferPointer<UInt8>, quote: UInt8, start: SourcePosition)
        -> String
    {
        // One UTF-8 buffer: runs between escapes are copied whole, decoded escapes encoded in.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(content.count)
        func append(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        var k = 0
        var pendingHighSurrogate: UInt32?
        /// A high surrogate that no low one follows is as invalid as a lone low one.
        func endLoneHighSurrogate() {
            guard let high = pendingHighSurrogate else { return }
            pendingHighSurrogate = nil
            error(
                "lone surrogate \\u\(String(high, radix: 16)) (in the string that starts at \(start))",
                at: start)
            append("\u{FFFD}")
        }
        while k < content.count {
            guard content[k] == UInt8(ascii: "\\"), k + 1 < content.count else {
                endLoneHighSurrogate()
                var end = k + 1
                while end < content.count, content[end] != UInt8(ascii: "\\") { end += 1 }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: content[k..<end]))
                k = end
                continue
            }
            let e = content[k + 1]
            k += 2
            var decoded: Unicode.Scalar?
            switch e {
            case UInt8(ascii: "\""): decoded = "\""
            case UInt8(ascii: "\\"): decoded = "\\"
            case UInt8(ascii: "/"): decoded = "/"
            case UInt8(ascii: "b"): decoded = "\u{08}"
            case UInt8(ascii: "f"): decoded = "\u{0C}"
            case UInt8(ascii: "n"): decoded = "\n"
            case UInt8(ascii: "r"): decoded = "\r"
            case UInt8(ascii: "t"): decoded = "\t"
            case UInt8(ascii: "'") where quote == UInt8(ascii: "'"): decoded = "'"
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                while digits < 4, k < content.count, let digit = hexValue(content[k]) {
                    value = value << 4 | digit
                    digits += 1
                    k += 1
                }
                if digits < 4 {
                    error("\\u needs four hex digits (in the string that starts at \(start))", at: start)
                    decoded = "\u{FFFD}"
                } else if (0xD800...0xDBFF).contains(value) {
                    endLoneHighSurrogate()
                    pendingHighSurrogate = value
                    continue
                } else if (0xDC00...0xDFFF).contains(value), let high = pendingHighSurrogate {
                    pendingHighSurrogate = nil
                    decoded = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
                } else if (0xDC00...0xDFFF).contains(value) {
                    error(
                        "lone surrogate \\u\(String(value, radix: 16)) (in the string that starts at \(start))",
                        at: start)
                    decoded = "\u{FFFD}"
                } else {
                    decoded = Unicode.Scalar(value)
                }
            default:
                error(
                    "invalid escape \\\(Unicode.Scalar(e)) (in the string that starts at \(start))", at: start
                )
                decoded = Unicode.Scalar(e)
            }
            endLoneHighSurrogate()
            if let decoded { append(decoded) }
        }
        endLoneHighSurrogate()
        return String(decoding: bytes, as: UTF8.self)
    }

    private func hexValue(_ b: UInt8) -> UInt32? { HexDigit.value(b).map(UInt32.init) }

    private func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "$"):
            true
        default: b >= 0x80
        }
    }

    private mutating func scanWord() -> String {
        let from = i
        while i < buffer.count, isWordByte(buffer[i]) { i += 1 }
        return strings.string(UnsafeBufferPointer(rebasing: buffer[from..<i]))
    }

    /// Numbers, `true`, `false`, `null`; anything else bare is reported and kept as a plain scalar.
    private mutating func parseBareWord() throws {
        let start = position()
        guard isWordByte(buffer[i]) else {
            error("unexpected character '\(Unicode.Scalar(buffer[i]))'; expected a JSON value")
            throw Abort()
        }
        let from = i
        let word = scanWord()
        let wordBytes = UnsafeBufferPointer(rebasing: buffer[from..<i])
        let end = position()
        switch word {
        case "true", "false", "null":
            break
        case "NaN", "Infinity", "-Infinity", "+Infinity":
            error("\(word) is not a JSON number", at: start)
        default:
            if let problem = JSONNumberCheck.problem(wordBytes) {
                error(problem, at: start)
            }
        }
        builder.scalar(
            word, keyDigest: DocumentBuilder.keyDigest(wordBytes), style: .plain, tag: nil, start: start,
            end: end)
    }

}

/// RFC 8259 number syntax.
enum JSONNumberCheck {
    /// Why `text` is not an RFC 8259 number, or nil when it is one. The text is spelled out only
    /// for a message: most numbers are fine.
    static func problem(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        func literal() -> String { String(decoding: text, as: UTF8.self) }
        var k = 0
        let n = text.count
        func isDigit(_ at: Int) -> Bool { at < n && text[at] >= 0x30 && text[at] <= 0x39 }
        if k < n, text[k] == UInt8(ascii: "-") { k += 1 }
        if k < n, text[k] == UInt8(ascii: "+") { return "'\(literal())': JSON numbers have no '+' sign" }
        guard isDigit(k) else {
            if k < n, text[k] == UInt8(ascii: ".") {
                return "'\(literal())': JSON numbers need a digit before '.'"
            }
            return "'\(literal())' is not a JSON value (strings need double quotes)"
        }
        if text[k] == UInt8(ascii: "0"), isDigit(k + 1) {
            return "'\(literal())': JSON numbers have no leading zeros"
        }
        if text[k] == UInt8(ascii: "0"), k + 1 < n, text[k + 1] | 0x20 == UInt8(ascii: "x") {
            return "'\(literal())': JSON has no hexadecimal numbers"
        }
        while isDigit(k) { k += 1 }
        if k < n, text[k] == UInt8(ascii: ".") {
            k += 1
            guard isDigit(k) else { return "'\(literal())': JSON numbers need a digit after '.'" }
            while isDigit(k) { k += 1 }
        }
        if k < n, text[k] | 0x20 == UInt8(ascii: "e") {
            k += 1
            if k < n, text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-") { k += 1 }
            guard isDigit(k) else { return "'\(literal())': the exponent needs digits" }
            while isDigit(k) { k += 1 }
        }
        return k == n ? nil : "'\(literal())' is not a JSON value (strings need double quotes)"
    }
}
