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
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsWork = true
            break
        }
        guard needsWork else {
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
}
