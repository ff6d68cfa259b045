/// One piece of copy a user reads: which field it is, in which locale, its parsed text and where
/// it is written.
package struct Copy: Sendable {
    /// The copy field: `headline`, `subhead`, `bullets`, `cta`, `close.label`, `restore.label`,
    /// `disclosure.text`, `price.text`, `products.label`, `products.badge`, `elements.text`, or a
    /// dialect's own name for fields it alone has.
    package var field: String
    /// Where in the field: `bullets[2]`, `products[com.app.pro].label`; equal to `field` for single fields.
    package var path: String
    package var locale: String
    package var isDefaultLocale: Bool
    package var template: Template
    package var node: NodeID
    package var span: SourceSpan
    /// Where the first scalar of the value is, when the source text maps one to one onto the
    /// value (a one-line scalar without escapes); sub-spans are exact then.
    var valueStart: SourcePosition?
    /// Where a block scalar's lines are, when its text is one (`|`, `>`).
    var blockLayout: BlockLayout?
    /// Shown only to people eligible for the introductory offer (RevenueCat V2's `intro_offer`
    /// overrides).
    package var isIntroOfferOnly = false
    /// The component that shows it, where that is not where the string is written (RevenueCat
    /// V2's text components name their strings by ID): a finding's related location.
    package var component: NodeID?

    package var text: String { template.raw }

    /// The span of scalars `range` of the text, or the whole value when the text does not map
    /// exactly onto the source (escapes, folded lines).
    package func span(of range: Range<Int>) -> SourceSpan {
        if valueStart == nil, let blockLayout,
            let start = blockLayout.position(ofValueOffset: range.lowerBound),
            let end = blockLayout.position(ofValueOffset: max(range.lowerBound, range.upperBound - 1))
        {
            // In a block scalar: the characters, on their line (a range across a folded line
            // break ends at its first line's end).
            let sameLine = end.line == start.line
            return SourceSpan(
                start: start,
                end: SourcePosition(
                    line: start.line, column: sameLine ? end.column + 1 : start.column + 1))
        }
        guard let start = valueStart else { return span }
        return SourceSpan(
            start: SourcePosition(line: start.line, column: start.column + range.lowerBound),
            end: SourcePosition(line: start.line, column: start.column + range.upperBound))
    }

    /// How findings name this copy: `cta`, `cta (de)`.
    package var label: String { isDefaultLocale ? path : "\(path) (\(locale))" }
}
