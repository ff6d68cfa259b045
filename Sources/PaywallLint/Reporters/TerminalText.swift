/// Makes text from files safe to print: control characters, ANSI escapes and bidirectional
/// overrides from file content are shown escaped, so a hostile file cannot rewrite the terminal.
package enum TerminalText {
    /// `keepingLines`: line breaks and tabs stay as they are, for text of many lines (a rule's
    /// documentation).
    package static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.withUTF8Bytes(containsEscapes) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) && !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                result.append(
                    contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether UTF-8 `bytes` hold a scalar `needsEscape` names, read from the bytes: copy is
    /// full of dashes, ellipses and euro signs (0xE2 …), and decoding each text to scalars to
    /// find none was most of writing a finding.
    static func containsEscapes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x20 || b == 0x7F { return true }
            if b == 0xC2, i + 1 < n, bytes[i + 1] < 0xA0 { return true }  // U+0080–U+009F
            if b == 0xD8, i + 1 < n, bytes[i + 1] == 0x9C { return true }  // U+061C
            if b == 0xE2, i + 2 < n {
                let (second, third) = (bytes[i + 1], bytes[i + 2])
                // U+200E–U+200F, U+2028–U+202E; U+2066–U+2069.
                if second == 0x80, third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third) {
                    return true
                }
                if second == 0x81, (0xA6...0xA9).contains(third) { return true }
            }
            i += 1
        }
        return false
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: true  // C0 and C1 controls (ESC, CSI, BEL…)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks and overrides
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
