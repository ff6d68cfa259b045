import PaywallLint

/// libyaml ends a line at NEL (U+0085), LINE SEPARATOR (U+2028) and PARAGRAPH SEPARATOR (U+2029)
/// as well as at CR, LF and CRLF; editors, the Language Server Protocol and every part of this
/// tool end lines at CR, LF and CRLF only. Maps libyaml's marks onto those lines, so one
/// line/column model holds from the reader to the fixer. Built only for a text that holds one of
/// the three: others map one to one.
struct YAMLLineMap {
    /// Where each of libyaml's lines starts: the line (1-based) and the column (1-based, in
    /// scalars) on that line as an editor counts them.
    private var starts: [(line: Int32, column: Int32)]

    /// Nil when libyaml's lines are the editor's.
    init?(_ input: UnsafeBufferPointer<UInt8>) {
        guard Self.holdsUnicodeBreak(input) else { return nil }
        starts = [(1, 1)]
        var line: Int32 = 1
        var column: Int32 = 1
        var i = 0
        let n = input.count
        while i < n {
            let b = input[i]
            if b == 0x0A || b == 0x0D {
                if b == 0x0D, i + 1 < n, input[i + 1] == 0x0A { i += 1 }
                line += 1
                column = 1
                starts.append((line, column))
            } else if Self.unicodeBreakLength(input, at: i) > 0 {
                column += 1
                starts.append((line, column))
                i += Self.unicodeBreakLength(input, at: i) - 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
    }

    /// The editor's position of libyaml's 0-based `line` and `column`.
    func position(line: Int, column: Int) -> SourcePosition {
        guard line < starts.count else { return SourcePosition(line: line + 1, column: column + 1) }
        let start = starts[line]
        return SourcePosition(line: Int(start.line), column: Int(start.column) + column)
    }

    /// Maps a position made from libyaml's mark as `SourcePosition(line: line + 1, column: column + 1)`.
    func position(_ mark: SourcePosition) -> SourcePosition {
        position(line: mark.line - 1, column: mark.column - 1)
    }

    /// Bytes of NEL, LS or PS at `i`, or 0.
    private static func unicodeBreakLength(_ input: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = input[i]
        if b == 0xC2, i + 1 < input.count, input[i + 1] == 0x85 { return 2 }
        if b == 0xE2, i + 2 < input.count, input[i + 1] == 0x80, input[i + 2] == 0xA8 || input[i + 2] == 0xA9
        {
            return 3
        }
        return 0
    }

    /// Whether the text holds NEL, LS or PS: a test of eight bytes at a time for their lead bytes.
    private static func holdsUnicodeBreak(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = input.count
        while i + 8 <= n {
            let word = ByteChunks.load(input, at: i)
            if ByteChunks.beyondASCII(word) != 0,
                ByteChunks.equal(word, 0xC2) | ByteChunks.equal(word, 0xE2) != 0
            {
                for k in i..<i + 8 where unicodeBreakLength(input, at: k) > 0 { return true }
            }
            i += 8
        }
        while i < n {
            if unicodeBreakLength(input, at: i) > 0 { return true }
            i += 1
        }
        return false
    }
}
