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
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
    }
}
