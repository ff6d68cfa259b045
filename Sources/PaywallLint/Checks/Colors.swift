#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour parsing and WCAG 2 contrast.
enum Colors {
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` (alpha ignored) as linear-light relative luminance.
    static func luminance(_ text: String) -> Double? {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#") else { return nil }
        let digits = utf8.count == 4 ? utf8.dropFirst().flatMap { [$0, $0] } : Array(utf8.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var channels: [Double] = []
        for index in stride(from: 0, to: 6, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                return nil
            }
            let c = Double(high << 4 | low) / 255
            channels.append(c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The WCAG contrast ratio of two colours (1…21), or nil when either is not a hex colour.
    static func contrast(_ a: String, _ b: String) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
