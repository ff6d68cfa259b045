/// Appends JSON string literals and numbers to output text. Output JSON is written by hand so its
/// key order is fixed and the same findings give the same bytes.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var result = "\""
        appendEscaped(text, to: &result)
        result += "\""
        return result
    }

    static func appendEscaped(_ text: String, to result: inout String) {
        guard needsEscaping(text) else {
            result += text
            return
        }
        // Unescaped runs are copied whole: a scalar at a time is several times slower.
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            result += text[runStart..<index]
            switch byte {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            default:
                let hex = String(byte, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            runStart = utf8.index(after: index)
        }
        result += text[runStart...]
    }

    /// Whether any byte needs an escape: rule descriptions run to kilobytes, and almost none has one.
    private static func needsEscaping(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i + 8 <= bytes.count {
                let word = ByteChunks.load(bytes, at: i)
                let escaped =
                    ByteChunks.below(word, 0x20) | ByteChunks.equal(word, 0x22) | ByteChunks.equal(word, 0x5C)
                if escaped != 0 { return true }
                i += 8
            }
            return bytes[i...].contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        }
    }
}
