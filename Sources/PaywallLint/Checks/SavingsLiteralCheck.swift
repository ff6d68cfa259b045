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
        for (copy, matches) in context.matched(
            selection.copies(context), { detector.matches(in: $0, normalized: $1) })
        {
            for match in matches {
                var fix: Fix?
                if let percent = Self.percentRange(in: copy.template.plain, within: match.range),
                    let edit = context.copyEdit(
                        copy, range: copy.template.rawRange(ofPlain: percent),
                        replacement: "{{ savings_percent }}")
                {
                    fix = Fix("write {{ savings_percent }}", edits: [edit])
                }
                // Free periods and price comparisons have no percentage to replace: the advice
                // is to compute the claim, not to swap one number.
                let advice =
                    fix != nil
                    ? "use {{ savings_percent }}, computed from store prices"
                    : "a saving written out goes stale when a price changes; compute it from store prices ({{ savings_percent }}) or leave it out"
                context.report(
                    "hard-coded savings \"\(match.text)\" in \(copy.label); \(advice)", in: copy,
                    plainRange: match.range, fix: fix)
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
