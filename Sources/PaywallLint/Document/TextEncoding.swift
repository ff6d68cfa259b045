/// Checks that a file is UTF-8 text before a parser sees it, so the first bad byte gets an exact
/// position and a message that says what is wrong.
package enum TextEncoding {
    /// What the check found: the first problem, if any, and whether every byte is ASCII (a
    /// reader then counts columns in bytes, without reading the text a second time).
    package struct Verdict {
        package var problem: Finding?
        var isASCII = false
    }

    /// The verdict's problem is a `core/parse-error` for the first encoding problem, or nil when
    /// the bytes are clean UTF-8 (with or without a BOM). YAML also forbids raw control
    /// characters (other than tab and line breaks) anywhere.
    package static func check(_ bytes: [UInt8], format: SourceFormat) -> Verdict {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return Verdict(problem: finding("the file is UTF-16 (or UTF-32); save it as UTF-8", at: .start))
        }
        return bytes.withUnsafeBufferPointer { scan($0, forbidControls: format == .yaml) }
    }

    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>, forbidControls: Bool) -> Verdict {
        let start = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var beyondASCII = false
        guard
            let i = firstProblem(
                buffer, from: start, forbidControls: forbidControls, beyondASCII: &beyondASCII)
        else { return Verdict(problem: nil, isASCII: !beyondASCII) }
        return Verdict(problem: problem(at: i, in: buffer, from: start))
    }

    private static func problem(at i: Int, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Finding
    {
        let at = position(of: i, in: buffer, from: start)
        let b = buffer[i]
        if b == 0 {
            let n = buffer.count
            let hint =
                (i + 1 < n && buffer[i + 1] != 0 && (i == 0 || buffer[i - 1] != 0))
                ? " (UTF-16 text without a byte-order mark? save it as UTF-8)" : ""
            return finding("NUL byte in the text\(hint)", at: at)
        }
        if b < 0x80 {
            let code = String(b, radix: 16, uppercase: true)
            return finding(
                "control character U+\(code.count == 1 ? "000" : "00")\(code) is not allowed in YAML text "
                    + "(write it as an escape in a double-quoted string)", at: at)
        }
        return finding(
            "invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))); the file must be UTF-8 text",
            at: at)
    }

    /// The offset of the first byte to report, in one tight pass that counts no lines: almost
    /// every file has none, so positions are only worked out for the rare one that does.
    /// `beyondASCII` is set when a byte of 0x80 or more was passed.
    private static func firstProblem(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, forbidControls: Bool, beyondASCII: inout Bool
    )
        -> Int?
    {
        var i = start
        let n = buffer.count
        while i < n {
            // Eight plain ASCII bytes at a time; a line break is the only control byte the
            // fast path lets through. A word with anything else is read byte by byte.
            if i + 8 <= n {
                let word = ByteChunks.load(buffer, at: i)
                var suspect = ByteChunks.beyondASCII(word) | ByteChunks.equal(word, 0)
                if forbidControls {
                    suspect |=
                        ByteChunks.below(word, 0x20) & ~ByteChunks.equal(word, 0x0A)
                        | ByteChunks.equal(word, 0x7F)
                }
                // The bytes before the first suspect one are clean (all eight when none is).
                i += suspect.trailingZeroBitCount / 8
                if suspect == 0 { continue }
            }
            let b = buffer[i]
            if b >= 0x20 && b < 0x7F {
                i += 1
            } else if b >= 0x80 {
                let length = sequenceLength(buffer, at: i)
                guard length > 0 else { return i }
                beyondASCII = true
                i += length
            } else if b == 0x09 || b == 0x0A || b == 0x0D || (b != 0 && !forbidControls) {
                i += 1
            } else {
                return i
            }
        }
        return nil
    }

    /// Line and column (in scalars) of byte `offset`; the bytes before it are valid UTF-8.
    /// CRLF, LF and a lone CR each end a line.
    package static func position(of offset: Int, in buffer: UnsafeBufferPointer<UInt8>, from start: Int)
        -> SourcePosition
    {
        var line = 1
        var column = 1
        var i = start
        while i < offset {
            let b = buffer[i]
            if b == 0x0A || b == 0x0D {
                if b == 0x0D, i + 1 < offset, buffer[i + 1] == 0x0A { i += 1 }
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }

    /// Length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlongs, no surrogates), or 0.
    private static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let n = buffer.count
        let b0 = buffer[i]
        func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < n && buffer[i + k] >= low && buffer[i + k] <= high
        }
        switch b0 {
        case 0xC2...0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    private static func finding(_ message: String, at position: SourcePosition) -> Finding {
        Finding(
            ruleID: CoreRuleID.parseError, severity: .error, message: message, span: SourceSpan(at: position))
    }
}
