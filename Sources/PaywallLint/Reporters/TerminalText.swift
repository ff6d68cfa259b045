/// Makes text from files safe to print: control characters, ANSI escapes and bidirectional
/// overrides from file content are shown escaped, so a hostile file cannot rewrite the terminal.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        // Only these bytes begin a scalar that needs escaping: C0 controls and DEL, C1 controls
        // (0xC2 0x80–0x9F), and the marks and separators of U+2000–U+2FFF (0xE2 …).
        let mayNeedEscape = text.withUTF8Bytes { bytes in
            bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 })
        }
        guard mayNeedEscape else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result.append(
                    contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: true  // C0 and C1 controls (ESC, CSI, BEL…)
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks and overrides
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }

    /// Terminal columns a scalar takes: 2 for East Asian wide characters, 0 for combining marks.
    static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x200B...0x200D, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }
}
