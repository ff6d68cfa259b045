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
        var hex = Array(text.unicodeScalars)
        guard hex.first == "#" else { return nil }
        hex.removeFirst()
        if hex.count == 3 { hex = hex.flatMap { [$0, $0] } }
        guard hex.count == 6 || hex.count == 8 else { return nil }
        var channels: [Double] = []
        for index in stride(from: 0, to: 6, by: 2) {
            guard let value = UInt8(String(String.UnicodeScalarView(hex[index..<index + 2])), radix: 16)
            else {
                return nil
            }
            let c = Double(value) / 255
            channels.append(c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }

    /// The WCAG contrast ratio of two colours (1…21), or nil when either is not a hex colour.
    static func contrast(_ a: String, _ b: String) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
