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
        for copy in selection.copies(context) {
            for match in detector.matches(in: copy.template.plain, normalized: copy.template.normalized) {
                var fix: Fix?
                let raw = copy.template.rawRange(ofPlain: match.range)
                if let storePrice, Self.amount(match.text) == storePrice,
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

    /// The store price of the highlighted (else the only) product, as a number.
    private func highlightedStorePrice(_ context: RuleContext) -> Double? {
        guard let store = context.store else { return nil }
        let products = context.paywall.products?.value ?? []
        let id =
            context.paywall.highlightedProduct?.value ?? (products.count == 1 ? products[0].id?.value : nil)
        guard let id, let product = store.product(id) else { return nil }
        return Double(product.displayPrice)
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

/// `savings-literal`: no hard-coded savings in copy ("Save 17%", "50% off", "2 months free");
/// a hard-coded percentage gets a safe fix: `{{ savings_percent }}`.
struct SavingsLiteralCheck: Check {
    static let name = "savings-literal"
    static let field = FieldUse.optional
    static let options = [CopySelection.option]

    let detector: SavingsDetector
    let selection: CopySelection

    init(_ setup: CheckSetup) throws {
        detector = SavingsDetector(vocabularies: setup.vocabularies)
        selection = try CopySelection(setup)
    }

    func run(_ context: inout RuleContext) {
        for copy in selection.copies(context) {
            for match in detector.matches(in: copy.template.plain, normalized: copy.template.normalized) {
                var fix: Fix?
                if let percent = Self.percentRange(in: copy.template.plain, within: match.range),
                    let edit = context.copyEdit(
                        copy, range: copy.template.rawRange(ofPlain: percent),
                        replacement: "{{ savings_percent }}")
                {
                    fix = Fix("write {{ savings_percent }}", edits: [edit])
                }
                context.report(
                    "hard-coded savings \"\(match.text)\" in \(copy.label); use {{ savings_percent }}, computed from store prices",
                    in: copy, plainRange: match.range, fix: fix)
            }
        }
    }

    /// The `17%` (digits, optional space, percent sign) inside a match.
    static func percentRange(in text: [Unicode.Scalar], within range: Range<Int>) -> Range<Int>? {
        var i = range.lowerBound
        while i < range.upperBound {
            if ("0"..."9").contains(text[i]) {
                var j = i
                while j < range.upperBound, ("0"..."9").contains(text[j]) || text[j] == "." || text[j] == ","
                { j += 1 }
                var k = j
                while k < range.upperBound, text[k] == " " || text[k] == "\u{00A0}" || text[k] == "\u{202F}" {
                    k += 1
                }
                if k < range.upperBound, text[k] == "%" || text[k] == "％" { return i..<(k + 1) }
                i = j
            }
            i += 1
        }
        return nil
    }
}
