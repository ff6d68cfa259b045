import PaywallLint

/// How LSP positions count characters in a line: UTF-16 code units unless the client and
/// server agree on another encoding at `initialize`.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// The encoding to use of those the client offers (`general.positionEncodings`): UTF-32
    /// (the library's own columns count scalars), else UTF-8, else the default UTF-16.
    static func negotiate(_ offered: [String]) -> PositionEncoding {
        if offered.contains(utf32.rawValue) { return .utf32 }
        if offered.contains(utf8.rawValue) { return .utf8 }
        return .utf16
    }

    /// The code units of the scalar whose UTF-8 form is `byteLength` bytes long.
    func units(ofScalarWithByteLength byteLength: Int) -> Int {
        switch self {
        case .utf8: byteLength
        case .utf16: byteLength == 4 ? 2 : 1
        case .utf32: 1
        }
    }
}

/// An LSP position: a 0-based line and a character offset in the negotiated encoding.
struct LSPPosition: Equatable, Comparable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: Any?) {
        guard let object = json as? JSONObject, let line = object["line"] as? Int,
            let character = object["character"] as? Int, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONObject { ["line": line, "character": character] }

    static func < (a: LSPPosition, b: LSPPosition) -> Bool {
        (a.line, a.character) < (b.line, b.character)
    }
}

/// An LSP range.
struct LSPRange: Equatable {
    var start: LSPPosition
    var end: LSPPosition

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init?(_ json: Any?) {
        guard let object = json as? JSONObject, let start = LSPPosition(object["start"]),
            let end = LSPPosition(object["end"])
        else { return nil }
        self.init(start: min(start, end), end: max(start, end))
    }

    var json: JSONObject { ["start": start.json, "end": end.json] }

    /// Whether the two ranges share a position (touching counts, as editors ask at a cursor).
    func touches(_ other: LSPRange) -> Bool { start <= other.end && other.start <= end }
}

/// The length in bytes of the UTF-8 sequence that starts with `lead`.
@inline(__always)
private func sequenceLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
}

/// An open document: its text as the editor has it (UTF-8 bytes), and where its lines start.
struct TextDocument {
    let uri: String
    /// The file's path for configs and the linter; for a URI that is no `file:` one, its name.
    let path: String
    var languageID: String
    var version: Int
    private(set) var bytes: [UInt8]
    /// Byte offset of each line's start, by LSP's rule: `\n`, `\r\n` and `\r` end a line.
    private(set) var lineStarts: [Int]

    init(uri: String, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.path = Self.path(of: uri)
        self.languageID = languageID
        self.version = version
        self.bytes = Array(text.utf8)
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A file URI's path (percent-decoded); any other URI's last component.
    static func path(of uri: String) -> String {
        if uri.hasPrefix("file://") {
            // `file:///a/b` or `file://localhost/a/b`: the path starts at the third slash.
            let rest = uri.dropFirst("file://".count)
            let path = rest.firstIndex(of: "/").map { rest[$0...] } ?? rest
            return percentDecoded(path.split(separator: "?").first.map(String.init) ?? String(path))
        }
        let name = uri.split(separator: "/").last.map(String.init) ?? uri
        return percentDecoded(name)
    }

    /// `%XX` escapes as the bytes they stand for; a malformed escape is kept as written.
    static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let byte = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                out.append(byte)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The URI of a file path.
    static func uri(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
        return "file://" + SARIFReporter.percentEncoded(Substring(absolute))
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                starts.append(index + 1)
            } else if byte == 0x0D {
                if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        return starts
    }

    /// Where a line's text ends (before its line break).
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The byte offset of an LSP position; past a line's end is its end, past the last line
    /// the text's end (as the protocol asks).
    func byteOffset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        let end = lineEnd(position.line)
        var units = 0
        while offset < end, units < position.character {
            let length = sequenceLength(bytes[offset])
            units += encoding.units(ofScalarWithByteLength: length)
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The LSP position of a byte offset.
    func position(ofByte offset: Int, encoding: PositionEncoding) -> LSPPosition {
        let offset = max(0, min(offset, bytes.count))
        // The last line starting at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var index = lineStarts[low]
        let end = min(offset, lineEnd(low))
        var units = 0
        while index < end {
            let length = sequenceLength(bytes[index])
            units += encoding.units(ofScalarWithByteLength: length)
            index += length
        }
        return LSPPosition(line: low, character: units)
    }

    /// The LSP position of a library position (1-based line, column in scalars); a column past
    /// the line's end is its end.
    func position(of source: SourcePosition, encoding: PositionEncoding) -> LSPPosition {
        let line = source.line - 1
        guard line >= 0 else { return LSPPosition(line: 0, character: 0) }
        guard line < lineStarts.count else {
            return position(ofByte: bytes.count, encoding: encoding)
        }
        var index = lineStarts[line]
        // The library's first line starts after a byte order mark.
        if line == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let end = lineEnd(line)
        var units = 0
        var scalars = 1
        while index < end, scalars < source.column {
            let length = sequenceLength(bytes[index])
            units += encoding.units(ofScalarWithByteLength: length)
            index += length
            scalars += 1
        }
        if line == 0, index >= 3, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            units += encoding.units(ofScalarWithByteLength: 3)
        }
        return LSPPosition(line: line, character: units)
    }

    func range(of span: SourceSpan, encoding: PositionEncoding) -> LSPRange {
        let start = position(of: span.start, encoding: encoding)
        return LSPRange(start: start, end: max(start, position(of: span.end, encoding: encoding)))
    }

    /// The indentation (spaces and tabs) of a 0-based line.
    func indentation(ofLine line: Int) -> String {
        guard line < lineStarts.count else { return "" }
        var index = lineStarts[line]
        let end = lineEnd(line)
        let from = index
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return String(decoding: bytes[from..<index], as: UTF8.self)
    }

    /// Replaces the text in `range` (nil: all of it) by `text`.
    mutating func apply(_ text: String, in range: LSPRange?, encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(text.utf8)
            lineStarts = Self.lineStarts(of: bytes)
            return
        }
        let lower = byteOffset(of: range.start, encoding: encoding)
        let upper = max(lower, byteOffset(of: range.end, encoding: encoding))
        bytes.replaceSubrange(lower..<upper, with: text.utf8)
        // A CR before the edit may now pair with an LF it brings: index from the line before.
        lineStarts = Self.lineStarts(of: bytes)
    }
}
