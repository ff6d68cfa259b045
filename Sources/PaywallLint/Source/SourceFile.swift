/// The text format of a source file, chosen by its name (`.json` is JSON, everything else YAML).
package enum SourceFormat: String, Sendable {
    case yaml
    case json

    package init(path: String) {
        self = path.hasSuffix(ignoringASCIICase: ".json") ? .json : .yaml
    }
}

extension String {
    /// Whether the string ends in `suffix`, ASCII letters compared without case: for file
    /// extensions, which no letter outside ASCII lowercases into. Compared on bytes, without the
    /// copy `lowercased()` makes: every file of a walk, and every file linted, asks it.
    package func hasSuffix(ignoringASCIICase suffix: String) -> Bool {
        withUTF8Bytes { $0.hasSuffix(ignoringASCIICase: suffix) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// As `String.hasSuffix(ignoringASCIICase:)`, for a name not yet made a string.
    package func hasSuffix(ignoringASCIICase suffix: String) -> Bool {
        func lowered(_ byte: UInt8) -> UInt8 {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        }
        return suffix.withUTF8Bytes { suffix in
            guard count >= suffix.count else { return false }
            let tail = count - suffix.count
            return suffix.indices.allSatisfy { lowered(self[tail + $0]) == lowered(suffix[$0]) }
        }
    }
}

/// The bytes of one file with the name findings are reported under.
package struct SourceFile: Sendable {
    /// The path as the user should see it (relative where the user gave it relative).
    package let path: String
    package let bytes: [UInt8]
    package let format: SourceFormat

    package init(path: String, bytes: [UInt8], format: SourceFormat? = nil) {
        self.path = path
        self.bytes = bytes
        self.format = format ?? SourceFormat(path: path)
    }

    package init(path: String, text: String, format: SourceFormat? = nil) {
        self.init(path: path, bytes: Array(text.utf8), format: format)
    }
}

/// Maps line:column positions back to bytes, for snippets and fixes. Built on demand:
/// only files with findings need it.
package struct LineIndex: Sendable {
    /// Byte offset where each line starts (index 0 is line 1). A UTF-8 BOM is not part of line 1.
    package let lineStarts: [Int]
    private let bytes: [UInt8]

    /// Lines up to `last` (and where the next one starts), or all of them: a report that shows
    /// a finding on line 6 of a 5 MB file need not find the 70,000 others.
    package init(_ bytes: [UInt8], throughLine last: Int = .max) {
        self.bytes = bytes
        var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
        // Paywall files average 25–30 bytes a line: room for most without growing.
        starts.reserveCapacity(min(bytes.count / 16, last) + 2)
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let n = buffer.count
            while i < n, starts.count <= last {
                // Skips eight bytes at a time up to the next line break.
                if i + 8 <= n {
                    let word = ByteChunks.load(buffer, at: i)
                    let breaks = ByteChunks.equal(word, 0x0A) | ByteChunks.equal(word, 0x0D)
                    i += breaks.trailingZeroBitCount / 8
                    if breaks == 0 { continue }
                }
                let b = buffer[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n, buffer[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        lineStarts = starts
    }

    /// The lines indexed: all of the file's, or the first `last + 1` of a partial index.
    package var lineCount: Int { lineStarts.count }

    /// The bytes of a line without its line break.
    package func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }

    /// The byte offset of a position; a column past the end of its line is clamped to the line end.
    package func offset(of position: SourcePosition) -> Int {
        guard position.line >= 1 else { return 0 }
        guard position.line <= lineStarts.count else { return bytes.count }
        let line = lineBytes(position.line)
        var offset = line.startIndex
        var column = 1
        while column < position.column, offset < line.endIndex {
            offset += 1
            while offset < line.endIndex, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        if column < position.column, position.line < lineStarts.count {
            // Past the line's end: spans that end after a line break point at the next line's start.
            return lineStarts[position.line]
        }
        return offset
    }

    package func byteRange(of span: SourceSpan) -> Range<Int> {
        let lower = offset(of: span.start)
        return lower..<max(lower, offset(of: span.end))
    }
}
