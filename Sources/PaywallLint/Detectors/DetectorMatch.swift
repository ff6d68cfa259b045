/// A span a detector found in `Template.plain`, with the scalars it covers, for messages such as
/// `hard-coded price "3,99 €"`.
package struct DetectorMatch: Sendable, Hashable {
    /// Offsets in the scalars the detector was given (`Template.plain`).
    package var range: Range<Int>
    /// The matched scalars as they were written (not normalised).
    package var text: String
    /// Found by what the text lacks rather than by a known pattern: a dismiss label with words
    /// that no neutral decline uses (`ConfirmshamingDetector`).
    package var byElimination = false

    package init(range: Range<Int>, text: String) {
        self.range = range
        self.text = text
    }

    /// The match covering `range` of `source`.
    init(range: Range<Int>, in source: [Unicode.Scalar]) {
        self.init(range: range, text: String(scalars: source[range]))
    }

    /// The match for `range` of the normalisation of `source`, mapped back onto `source`.
    init(_ range: Range<Int>, of normalized: NormalizedText, in source: [Unicode.Scalar]) {
        self.init(range: normalized.sourceRange(of: range), in: source)
    }
}
