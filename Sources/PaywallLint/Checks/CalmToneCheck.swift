struct CalmToneCheck: Check {
    static let name = "calm-tone"
    static let options = [CopySelection.option]

    let urgency: UrgencyDetector
    let selection: CopySelection
    /// Capitalised currency codes ("USD", "EUR"): written in capitals by convention, not shouting.
    let currencyCodes: Set<String>

    init(_ setup: CheckSetup) throws {
        urgency = UrgencyDetector(vocabularies: setup.vocabularies)
        selection = try CopySelection(setup)
        // The codes the price detector leaves out because they are also words ("try", "all").
        let wordLikeCodes = ["TRY", "TOP", "ALL", "PEN", "CUP", "MAD", "SOS"]
        currencyCodes = Set(
            (setup.vocabularies["currency-codes"] ?? []).map { $0.uppercased() } + wordLikeCodes)
    }

    func run(_ context: inout RuleContext) {
        for copy in selection.copies(context) {
            let plain = copy.template.plain
            if let index = plain.firstIndex(where: { $0 == "!" || $0 == "！" }) {
                context.report(
                    "\(copy.label) exclaims (\"!\"); keep the tone calm", in: copy,
                    plainRange: index..<(index + 1))
            } else if let shout = Self.shouting(plain, except: currencyCodes) {
                context.report(
                    "\(copy.label) shouts in capitals; keep the tone calm", in: copy, plainRange: shout)
            } else if let match = context.matches(of: copy, { urgency.matches(in: $0, normalized: $1) }).first
            {
                context.report(
                    "\(copy.label) pressures with \"\(match.text)\"; keep the tone calm", in: copy,
                    plainRange: match.range)
            }
        }
    }

    /// Two or more all-caps words of three or more letters in a row ("UNLOCK NOW"), other than
    /// the words in `exceptions`.
    static func shouting(_ text: [Unicode.Scalar], except exceptions: Set<String> = []) -> Range<Int>? {
        var words: [Range<Int>] = []
        var start: Int?
        var allUpper = true
        for index in 0...text.count {
            let scalar: Unicode.Scalar = index < text.count ? text[index] : " "
            if scalar.properties.isAlphabetic {
                if start == nil {
                    start = index
                    allUpper = true
                }
                if !scalar.properties.isUppercase { allUpper = false }
            } else if let wordStart = start {
                if allUpper && index - wordStart >= 3
                    && !(index - wordStart == 3 && exceptions.contains(Self.word(text[wordStart..<index])))
                {
                    words.append(wordStart..<index)
                    if words.count >= 2, words[words.count - 2].upperBound + 1 >= wordStart - 1 {
                        return words[words.count - 2].lowerBound..<index
                    }
                } else {
                    words.removeAll()
                }
                start = nil
            }
        }
        return nil
    }

    private static func word(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var word = ""
        word.unicodeScalars.append(contentsOf: scalars)
        return word
    }
}
