/// `price-literal`: no literal price in copy, in any currency or locale format. With store data,
/// a literal that equals the highlighted product's store price gets a safe fix: `{{ price }}`.
struct PriceLiteralCheck: Check {
    static let name = "price-literal"
    static let field = FieldUse.optional
    static let options = [CopySelection.option]

    let detector: PriceDetector
    let selection: CopySelection

    init(_ setup: CheckSetup) throws {
        detector = PriceDetector(vocabularies: setup.vocabularies)
        selection = try CopySelection(setup)
    }

    func run(_ context: inout RuleContext) {
        let variable = "{{ price }}"
        let storePrice = highlightedStorePrice(context)
        for (copy, matches) in context.matched(
            selection.copies(context), { detector.matches(in: $0, normalized: $1) })
        {
            for match in matches {
                var fix: Fix?
                let raw = copy.template.rawRange(ofPlain: match.range)
                if let storePrice, Self.isAmount(match.text, in: storePrice.symbol),
                    Self.amount(match.text) == storePrice.amount,
                    let edit = context.copyEdit(copy, range: raw, replacement: variable)
                {
                    fix = Fix("write \(variable)", edits: [edit])
                }
                context.report(
                    "hard-coded price \"\(match.text)\" in \(copy.label); use \(variable) so the store's price shows",
                    in: copy, plainRange: match.range, fix: fix)
            }
        }
    }

    /// Whether `text` is one amount in the currency of `symbol` alone ("$3.99", "3.99 $"): a
    /// price in another currency, or with a second symbol, is not the store's price.
    static func isAmount(_ text: String, in symbol: String) -> Bool {
        guard let range = text.firstRange(of: symbol), !text[range.upperBound...].contains(symbol) else {
            return false
        }
        let rest = text[..<range.lowerBound] + text[range.upperBound...]
        return !rest.isEmpty
            && rest.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || $0 == "." || $0 == "," || $0 == " " || $0 == "\u{A0}"
            }
    }

    /// The store price of the highlighted (else the only) product, as a number, and the
    /// currency symbol the store shows it with.
    private func highlightedStorePrice(_ context: RuleContext) -> (amount: Double, symbol: String)? {
        guard let store = context.store else { return nil }
        let products = context.paywall.products?.value ?? []
        let id =
            context.paywall.highlightedProduct?.value ?? (products.count == 1 ? products[0].id?.value : nil)
        guard let id, let product = store.product(id), let amount = Double(product.displayPrice) else {
            return nil
        }
        return (amount, store.currencySymbol)
    }

    /// The number in a price ("3,99 €" → 3.99, "$1,299.00" → 1299).
    static func amount(_ text: String) -> Double? {
        var digits = ""
        for scalar in text.unicodeScalars {
            if let value = scalar.properties.numericType != nil ? Int(String(scalar)) : nil {
                digits += String(value)
            } else if scalar == "." || scalar == "," {
                digits += "."
            }
        }
        // The last separator followed by one or two digits is the decimal point; others group thousands.
        if let last = digits.lastIndex(of: ".") {
            let decimals = digits[digits.index(after: last)...]
            let whole = digits[..<last].filter { $0 != "." }
            digits = decimals.count <= 2 ? whole + "." + decimals : whole + decimals
        }
        return Double(digits)
    }
}
