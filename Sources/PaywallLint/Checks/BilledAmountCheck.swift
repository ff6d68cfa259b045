/// `billed-amount`: the billed total appears outside the disclosure (price display, CTA or a
/// product label) in at least `min-size` points, and no per-unit, intro or trial price is shown
/// larger than it or instead of it. Copy without a font size counts as `default-size`.
struct BilledAmountCheck: Check {
    static let name = "billed-amount"
    static let needs: Capabilities = [.priceDisplay, .fontSizes]
    static let options = [
        OptionSpec("min-size", .number, "smallest font size of the billed amount (default 16)"),
        OptionSpec(
            "default-size", .number, "the size copy without a font_size is shown in (default 17, iOS body)"),
    ]

    let minSize: Double
    let defaultSize: Double

    init(_ setup: CheckSetup) throws {
        minSize = try setup.number("min-size") ?? 16
        defaultSize = try setup.number("default-size") ?? 17
    }

    func run(_ context: inout RuleContext) {
        let catalog = context.paywall.dialect.variables
        let priceSize = context.paywall.price?.fontSize
        let ctaSize = context.paywall.cta?.fontSize
        // Where prices can be shown outside the disclosure, with their sizes.
        var shown: [(copy: Copy, size: Double, sizeField: Field<Double>?)] = []
        // By index: a loop over every copy string would copy each one out.
        let copies = context.paywall.copy
        for index in copies.indices where copies[index].isDefaultLocale {
            let copy = copies[index]
            switch copy.field {
            case "price.text": shown.append((copy, priceSize?.value ?? defaultSize, priceSize))
            case "cta": shown.append((copy, ctaSize?.value ?? defaultSize, ctaSize))
            case "products.label", "products.badge": shown.append((copy, defaultSize, nil))
            default: continue
            }
        }
        // The kinds of a copy's variables, as bits: this runs for every price-bearing copy of
        // every file, and a set of them allocated each time.
        func kinds(_ copy: Copy) -> UInt32 {
            copy.template.variables.reduce(0) { bits, variable in
                bits | (catalog.kind(of: variable.name)?.bit ?? 0)
            }
        }
        let billedBit = VariableKind.billedTotal.bit
        let subordinateBits = VariableKind.perUnit.bit | VariableKind.intro.bit | VariableKind.trial.bit
        let billed = shown.filter { kinds($0.copy) & billedBit != 0 }
        let subordinate = shown.filter { kinds($0.copy) & subordinateBits != 0 }
        guard let largestBilled = billed.max(by: { $0.size < $1.size }) else {
            let anchor = subordinate.first?.copy
            let message =
                anchor != nil
                ? "the billed amount ({{ price }}) is not shown outside the disclosure; \(anchor!.label) shows another price instead"
                : "the billed amount ({{ price }}) is not shown outside the disclosure (price display, CTA or product label)"
            if let anchor {
                context.report(message, at: anchor.span, node: anchor.node)
            } else {
                let place = context.paywall.price?.place ?? context.paywall.place
                context.report(message, at: SourceSpan(at: place.span.start), node: place.node)
            }
            return
        }
        if largestBilled.size < minSize {
            let span = largestBilled.sizeField?.span ?? largestBilled.copy.span
            let node = largestBilled.sizeField?.node ?? largestBilled.copy.node
            context.report(
                "the billed amount is shown in \(NumericBoundsCheck.format(largestBilled.size)) pt; "
                    + "show it in at least \(NumericBoundsCheck.format(minSize)) pt",
                at: span, node: node)
        }
        for other in subordinate
        where other.size > largestBilled.size && kinds(other.copy) & billedBit == 0 {
            context.report(
                "\(other.copy.label) shows a per-unit, intro or trial price in \(NumericBoundsCheck.format(other.size)) pt, "
                    + "larger than the billed amount (\(NumericBoundsCheck.format(largestBilled.size)) pt)",
                at: other.sizeField?.span ?? other.copy.span, node: other.sizeField?.node ?? other.copy.node)
        }
    }
}

extension VariableKind {
    /// The kind as one bit of a set.
    fileprivate var bit: UInt32 {
        switch self {
        case .billedTotal: 1 << 0
        case .period: 1 << 1
        case .perUnit: 1 << 2
        case .intro: 1 << 3
        case .introPeriod: 1 << 4
        case .trial: 1 << 5
        case .trialEndDate: 1 << 6
        case .savings: 1 << 7
        case .name: 1 << 8
        }
    }
}
