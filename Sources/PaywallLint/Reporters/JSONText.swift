/// JSON text for the reports, written by hand so its key order is fixed and the same findings
/// give the same bytes.
package enum JSONText {
    /// `text` as a JSON string literal.
    package static func quoted(_ text: String) -> String {
        var out = JSONBytes()
        out.appendQuoted(text)
        return out.text
    }

    /// Whether any byte needs an escape: rule descriptions run to kilobytes, and almost none has one.
    static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 8 <= bytes.count {
            if ByteChunks.jsonStringStop(ByteChunks.load(bytes, at: i), quote: 0x22) != 0 { return true }
            i += 8
        }
        return bytes[i...].contains(where: needsEscape)
    }

    /// A quote, a backslash or a control byte.
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x22 || byte == 0x5C }
}

/// JSON output built as UTF-8 bytes. A finding's SARIF is dozens of pieces, and appending each to
/// a `String` checked its capacity, uniqueness and encoding every time; bytes are checked once, by
/// `text`.
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// Appending to `bytes` (taken, not copied; `bytes` gives them back).
    init(appendingTo bytes: consuming [UInt8]) {
        self.bytes = bytes
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text written as it is: JSON made elsewhere, or words that need no escape.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Bytes written as they are: JSON made elsewhere.
    mutating func append(_ json: [UInt8]) {
        bytes += json
    }

    /// A number's decimal digits (four a region).
    mutating func append(_ number: Int) {
        bytes.appendDecimal(number)
    }

    /// A number as 16 lower-case hex digits.
    mutating func appendHex(_ number: UInt64) {
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(Self.hexDigits[Int((number >> UInt64(shift)) & 0xF)])
        }
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            guard JSONText.needsEscaping(utf8) else {
                bytes.append(contentsOf: utf8)
                return
            }
            // Unescaped runs are copied whole.
            var runStart = 0
            for (index, byte) in utf8.enumerated() where JSONText.needsEscape(byte) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case 0x22: append("\\\"")
                case 0x5C: append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                default:
                    append("\\u00")
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0xF)])
                }
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
