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
        var text = text
        return text.withUTF8 { bytes -> Double? in
            guard bytes.first == UInt8(ascii: "#"), [4, 7, 9].contains(bytes.count) else { return nil }
            let short = bytes.count == 4
            func channel(_ index: Int) -> Double? {
                let high = bytes[short ? 1 + index : 1 + 2 * index]
                let low = short ? high : bytes[2 + 2 * index]
                guard let high = hexValue(high), let low = hexValue(low) else { return nil }
                return linear[Int(high << 4 | low)]
            }
            guard let red = channel(0), let green = channel(1), let blue = channel(2) else { return nil }
            return 0.2126 * red + 0.7152 * green + 0.0722 * blue
        }
    }

    /// Each 8-bit channel value in linear light, worked out once: two colours per file each
    /// took three `pow` calls.
    private static let linear: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? { HexDigit.value(byte) }

    /// The WCAG contrast ratio of two colours (1…21), or nil when either is not a hex colour.
    static func contrast(_ a: String, _ b: String) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
