/// `product-ids`: at least one product, and every product ID is a reverse-DNS-like store ID
/// (`com.app.pro.yearly`), not a price or a display name.
struct ProductIDsCheck: Check {
    static let name = "product-ids"
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    func run(_ context: inout RuleContext) {
        guard let products = context.paywall.products, !products.value.isEmpty else {
            let place =
                context.paywall.products.map { Place(node: $0.node, span: $0.span) } ?? context.paywall.place
            context.report(
                "no products: a paywall offers at least one store product",
                at: SourceSpan(at: place.span.start), node: place.node)
            return
        }
        for (index, product) in products.value.enumerated() {
            guard let id = product.id else {
                context.report(
                    "products[\(index)] has no id", at: SourceSpan(at: product.place.span.start),
                    node: product.place.node)
                continue
            }
            if !Self.isStoreID(id.value) {
                context.report(
                    "product ID \"\(id.value)\" is not a store product ID like com.app.pro.yearly",
                    at: id.span, node: id.node)
            }
        }
    }

    /// Dot-separated segments of letters, digits, `_` and `-`, at least two, starting with a letter.
    static func isStoreID(_ id: String) -> Bool {
        // Byte-wise: every character allowed is ASCII.
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        return id.withUTF8Bytes { bytes in
            guard let first = bytes.first, isLetter(first) else { return false }
            var segments = 1
            var segmentLength = 0
            for byte in bytes {
                if byte == UInt8(ascii: ".") {
                    guard segmentLength > 0 else { return false }
                    segments += 1
                    segmentLength = 0
                } else if isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                {
                    segmentLength += 1
                } else {
                    return false
                }
            }
            return segments >= 2 && segmentLength > 0
        }
    }
}
