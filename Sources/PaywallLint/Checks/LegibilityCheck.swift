/// `legibility`: the disclosure, restore control and legal links are not small or faint: font size
/// at least `min-size`, and WCAG contrast against the background at least `min-contrast` where
/// colours are given.
struct LegibilityCheck: Check {
    static let name = "legibility"
    static let options = [
        OptionSpec("min-size", .number, "smallest font size in points (default 11)"),
        OptionSpec("min-contrast", .number, "smallest WCAG contrast ratio (default 4.5)"),
    ]

    let minSize: Double
    let minContrast: Double

    init(_ setup: CheckSetup) throws {
        minSize = try setup.number("min-size") ?? 11
        minContrast = try setup.number("min-contrast") ?? 4.5
    }

    func run(_ context: inout RuleContext) {
        let background = context.paywall.theme?.background
        // Each part is checked where it is read: gathering them in an array first copied every
        // field out, with its strings, for every file.
        if let disclosure = context.paywall.disclosure {
            check("disclosure", disclosure.fontSize, disclosure.color, on: background, &context)
        }
        if let restore = context.paywall.restore {
            check("restore", restore.fontSize, restore.color, on: background, &context)
        }
        if let links = context.paywall.links {
            check("links", links.fontSize, links.color, on: background, &context)
        }
    }

    private func check(
        _ name: String, _ size: Field<Double>?, _ color: Field<String>?, on background: Field<String>?,
        _ context: inout RuleContext
    ) {
        if let size, size.value < minSize {
            context.report(
                "\(name) text is \(NumericBoundsCheck.format(size.value)) pt; make it at least "
                    + "\(NumericBoundsCheck.format(minSize)) pt so it can be read",
                at: size.span, node: size.node)
        }
        if let color, let background, let ratio = Colors.contrast(color.value, background.value),
            ratio < minContrast
        {
            let shown = (ratio * 100).rounded() / 100
            context.report(
                "\(name) colour \(color.value) on \(background.value) has contrast \(shown):1; "
                    + "it needs at least \(NumericBoundsCheck.format(minContrast)):1",
                at: color.span, node: color.node)
        }
    }
}
