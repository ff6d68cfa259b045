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

    /// A copy string that can show a price, by its index in `Paywall.copy`, with its size and the
    /// kinds of its variables as bits. Indices rather than copies, and the kinds worked out once:
    /// this runs for every file, and copying each copy string out (and a set of kinds each time)
    /// showed in the profile.
    private struct Shown {
        let index: Int
        let size: Double
        let sizeField: Field<Double>?
        let kinds: UInt32
    }

    func run(_ context: inout RuleContext) {
        let catalog = context.paywall.dialect.variables
        let priceSize = context.paywall.price?.fontSize
        let ctaSize = context.paywall.cta?.fontSize
        let copies = context.paywall.copy
        // Where prices can be shown outside the disclosure, with their sizes.
        var shown: [Shown] = []
        // A price display, a CTA and a few product labels: room for them at once, where the
        // array grew three times a file.
        shown.reserveCapacity(8)
        for index in copies.indices where copies[index].isDefaultLocale {
            let size: Field<Double>?
            switch copies[index].field {
            case "price.text": size = priceSize
            case "cta": size = ctaSize
            case "products.label", "products.badge": size = nil
            default: continue
            }
            shown.append(
                Shown(
                    index: index, size: size?.value ?? defaultSize, sizeField: size,
                    kinds: catalog.kindBits(of: copies[index].template)))
        }
        let billedBit = VariableKind.billedTotal.bit
        let subordinateBits = VariableKind.perUnit.bit | VariableKind.intro.bit | VariableKind.trial.bit
        let largestBilled = shown.lazy.filter { $0.kinds & billedBit != 0 }.max(by: { $0.size < $1.size })
        guard let largestBilled else {
            let anchor = shown.first { $0.kinds & subordinateBits != 0 }.map { copies[$0.index] }
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
            let copy = copies[largestBilled.index]
            context.report(
                "the billed amount is shown in \(NumericBoundsCheck.format(largestBilled.size)) pt; "
                    + "show it in at least \(NumericBoundsCheck.format(minSize)) pt",
                at: largestBilled.sizeField?.span ?? copy.span,
                node: largestBilled.sizeField?.node ?? copy.node)
        }
        for other in shown
        where other.kinds & subordinateBits != 0 && other.size > largestBilled.size
            && other.kinds & billedBit == 0
        {
            let copy = copies[other.index]
            context.report(
                "\(copy.label) shows a per-unit, intro or trial price in \(NumericBoundsCheck.format(other.size)) pt, "
                    + "larger than the billed amount (\(NumericBoundsCheck.format(largestBilled.size)) pt)",
                at: other.sizeField?.span ?? copy.span, node: other.sizeField?.node ?? copy.node)
        }
    }
}
