/// A string in a container (a Remote Config parameter value, an Adapty remote config) that may
/// hold a paywall as JSON.
struct EmbeddedJSON {
    var variant: String
    /// The string scalar.
    var node: NodeID
    /// Declared as JSON (`valueType: JSON`, Adapty's `remote_config.data`): it must parse.
    var isJSON: Bool

    /// Whether a value that does not parse was meant to be a paywall: JSON by declaration, or an
    /// object that names a paywall's parts.
    func isMeantAsPaywall(_ text: String) -> Bool {
        if isJSON { return true }
        guard text.drop(while: \.isWhitespace).first == "{" else { return false }
        let lowered = text.lowercased()
        return ["paywall", "headline", "cta", "product"].contains { lowered.contains($0) }
    }
}

/// Text held in a JSON string of another file (a paywall inside a Remote Config parameter), and
/// the way back from positions in that text to positions in the file, escapes included.
struct EmbeddedText {
    /// The string's value: what the paywall reader reads.
    let text: String
    /// Where the string's quote stands in the file.
    let quote: SourcePosition
    /// For each scalar of `text`, and for its end, how many of the file's scalars come before it
    /// in the string's content: `\"` is two, `\u00e9` six, a surrogate pair twelve.
    private let fileOffsets: [Int32]
    /// The scalar index of `text` at which each of its lines starts.
    private let lineStarts: [Int]

    /// `content`: the bytes between the quotes, on one line of the file (JSON strings hold no line
    /// break). Nil when they do not decode to `text`, so positions would be wrong.
    init?(content: ArraySlice<UInt8>, text: String, quote: SourcePosition) {
        var offsets: [Int32] = []
        offsets.reserveCapacity(content.count + 1)
        var fileScalars: Int32 = 0
        var i = content.startIndex
        func hexValue(at index: Int) -> UInt32? {
            guard index + 4 <= content.endIndex else { return nil }
            var value: UInt32 = 0
            for byte in content[index..<index + 4] {
                guard let digit = HexDigit.value(byte) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while i < content.endIndex {
            offsets.append(fileScalars)
            let byte = content[i]
            if byte == UInt8(ascii: "\\"), i + 1 < content.endIndex {
                if content[i + 1] == UInt8(ascii: "u"), let high = hexValue(at: i + 2) {
                    let pairs =
                        (0xD800...0xDBFF).contains(high) && i + 12 <= content.endIndex
                        && content[i + 6] == UInt8(ascii: "\\") && content[i + 7] == UInt8(ascii: "u")
                        && hexValue(at: i + 8).map { (0xDC00...0xDFFF).contains($0) } == true
                    let length = pairs ? 12 : 6
                    i += length
                    fileScalars += Int32(length)
                } else {
                    i += 2
                    fileScalars += 2
                }
                continue
            }
            // One scalar of UTF-8: its lead byte and the continuation bytes after it.
            i += 1
            while i < content.endIndex, content[i] & 0xC0 == 0x80 { i += 1 }
            fileScalars += 1
        }
        offsets.append(fileScalars)
        var starts = [0]
        var index = 0
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            index += 1
            if scalar == "\n" && previous == "\r" {
                starts[starts.count - 1] = index
            } else if scalar == "\n" || scalar == "\r" {
                starts.append(index)
            }
            previous = scalar
        }
        guard index == offsets.count - 1 else { return nil }
        self.text = text
        self.quote = quote
        fileOffsets = offsets
        lineStarts = starts
    }

    /// The file's position of a position in `text`.
    func position(_ inner: SourcePosition) -> SourcePosition {
        let line = min(max(inner.line, 1), lineStarts.count)
        let index = min(lineStarts[line - 1] + max(inner.column - 1, 0), fileOffsets.count - 1)
        return SourcePosition(line: quote.line, column: quote.column + 1 + Int(fileOffsets[index]))
    }

    func span(_ inner: SourceSpan) -> SourceSpan {
        SourceSpan(start: position(inner.start), end: position(inner.end))
    }

    /// A finding about `text`, placed in the file. Its edits are dropped: they would have to be
    /// escaped back into the string, so the fix is told, not applied.
    func place(_ finding: Finding, variant: String) -> Finding {
        var placed = finding
        placed.span = span(finding.span)
        for index in placed.related.indices { placed.related[index].span = span(finding.related[index].span) }
        if let fix = finding.fix, fix.isAutomatic {
            placed.fix = Fix(fix.description + " (by hand: the paywall is inside a string)")
        }
        placed.message = placingPositions(in: finding.message)
        placed.variant = variant
        return placed
    }

    /// A reader's message names positions ("the string that starts at 1:344"): those of the file.
    private func placingPositions(in message: String) -> String {
        var words = message.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices.dropFirst() where words[index - 1] == "at" {
            let word = words[index]
            let line = word.prefix { $0.isASCII && $0.isNumber }
            let afterLine = word[line.endIndex...]
            guard afterLine.first == ":" else { continue }
            let column = afterLine.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard let l = Int(line), let c = Int(column) else { continue }
            words[index] = position(SourcePosition(line: l, column: c)).description + word[column.endIndex...]
        }
        return words.joined(separator: " ")
    }
}
