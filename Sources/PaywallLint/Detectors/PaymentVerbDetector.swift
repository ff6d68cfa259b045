/// Call-to-action wording that tells the user they are about to pay ("Subscribe", "Unlock",
/// "Buy", "Start {{ intro_price }} week", "Jetzt kaufen", "订阅"). A literal price counts as a
/// variable here, so `start {} week` also matches "Start $0.99 Week".
///
/// Vocabularies: `payment-verbs`, with `payment-verb-exceptions` for labels that contain a
/// payment verb without asking for money ("Restore purchases", "Manage subscription");
/// `payment-verb-other-senses` for words that give every payment verb in the label another
/// sense, wherever they stand (a newsletter or a channel one subscribes to, Face ID or a PIN one
/// unlocks with, a new version one upgrades to), except `payment-outright` wording (being billed,
/// a paying member); the currency vocabularies for literal prices. A label without a payment
/// verb still pays when it takes a paid product: an acquisition verb (`payment-acquire-verbs`
/// before the product, `payment-acquire-verbs-after` after it in verb-final languages) at most
/// four words from a `paid-products` word ("Obtén Premium", "गोल्ड मेंबरशिप लें") or a product
/// name that ends in a paid tier or a plus ("Passa a MelodiaPro", "Get Sleep+").
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class PaymentVerbDetector: Sendable {
    private let matcher: PhraseMatcher
    private let otherSenses: PhraseMatcher
    private let outright: PhraseMatcher
    private let prices: PriceDetector
    private let acquisitions: PhraseMatcher
    private let acquisitionsAfter: PhraseMatcher
    private let paidProducts: PhraseMatcher
    private let upgrades: PhraseMatcher
    private let possessives: PhraseMatcher
    private let upgradeObjects: PhraseMatcher
    /// The one-word paid tiers ("pro", "plus"), which also end product names ("MeditaPro").
    private let tierNames: Set<String>

    package init(vocabularies: [String: [String]]) {
        matcher = PhraseMatcher(
            phrases: vocabularies["payment-verbs"] ?? [],
            exceptions: vocabularies["payment-verb-exceptions"] ?? [])
        otherSenses = PhraseMatcher(phrases: vocabularies["payment-verb-other-senses"] ?? [])
        outright = PhraseMatcher(
            phrases: vocabularies["payment-outright"] ?? [],
            exceptions: vocabularies["payment-verb-exceptions"] ?? [])
        prices = PriceDetector(vocabularies: vocabularies)
        let exceptions = vocabularies["payment-verb-exceptions"] ?? []
        acquisitions = PhraseMatcher(
            phrases: vocabularies["payment-acquire-verbs"] ?? [], exceptions: exceptions)
        acquisitionsAfter = PhraseMatcher(
            phrases: vocabularies["payment-acquire-verbs-after"] ?? [], exceptions: exceptions)
        paidProducts = PhraseMatcher(phrases: vocabularies["paid-products"] ?? [], exceptions: exceptions)
        upgrades = PhraseMatcher(phrases: vocabularies["upgrade-verbs"] ?? [])
        possessives = PhraseMatcher(phrases: vocabularies["possessives"] ?? [])
        tierNames = Set(
            (vocabularies["paid-products"] ?? []).filter { $0.allSatisfy { $0.isASCII && $0.isLetter } })
        upgradeObjects = PhraseMatcher(
            phrases: (vocabularies["paid-products"] ?? []) + (vocabularies["upgrade-objects"] ?? []))
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        // Phrase exceptions only cancel the words they overlap; the object of the verb can stand
        // anywhere in the label ("Subscribe to our weekly newsletter", "Face IDでロックを解除").
        // A paid product right after the verb is payment whatever else the label names
        // ("Sblocca Premium e ascolta oltre 2.000 podcast"); "채널 구독하고 알림 받기" is not.
        // "Tüm bölümlerin kilidini aç": a word of another sense inside a paid product ("all
        // episodes", not "episode 3") is that product. Products are read only when needed.
        let senses = otherSenses.ranges(in: normalized)
        let products = senses.isEmpty ? nil : self.products(in: normalized, source: text)
        if let products,
            senses.contains(where: { sense in
                !products.contains { $0.lowerBound <= sense.lowerBound && sense.upperBound <= $0.upperBound }
            })
        {
            let paying = outright.matches(in: text, normalized: normalized)
            guard paying.isEmpty, let taking = productTaken(products, in: normalized, verbFirstOnly: true)
            else {
                return paying
            }
            return [DetectorMatch(taking, of: normalized, in: text)]
        }
        let verbs = verbMatches(in: text, normalized: normalized).filter {
            !upgradesSomethingElse($0, in: text, normalized: normalized)
        }
        guard verbs.isEmpty,
            let taking = productTaken(products ?? self.products(in: normalized, source: text), in: normalized)
        else { return verbs }
        return [DetectorMatch(taking, of: normalized, in: text)]
    }

    /// The paid products a label names, listed or by name, sorted by start.
    private func products(in normalized: NormalizedText, source: [Unicode.Scalar]) -> [Range<Int>] {
        (paidProducts.ranges(in: normalized) + namedProducts(in: normalized, source: source))
            .sorted { $0.lowerBound < $1.lowerBound }
    }

    private func verbMatches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        let priceMatches = prices.matches(in: text, normalized: normalized)
        guard !priceMatches.isEmpty else { return matcher.matches(in: text, normalized: normalized) }
        // Each literal price becomes one placeholder; `origins` maps back to `text`.
        var reduced: [Unicode.Scalar] = []
        var origins: [Range<Int>] = []
        var next = 0
        for price in priceMatches {
            for k in next..<price.range.lowerBound {
                reduced.append(text[k])
                origins.append(k..<(k + 1))
            }
            reduced.append(Template.placeholder)
            origins.append(price.range)
            next = price.range.upperBound
        }
        for k in next..<text.count {
            reduced.append(text[k])
            origins.append(k..<(k + 1))
        }
        return matcher.matches(in: reduced).map {
            let range = origins[$0.range.lowerBound].lowerBound..<origins[$0.range.upperBound - 1].upperBound
            return DetectorMatch(range: range, in: text)
        }
    }

    /// "Upgrade your sprint speed", "Uppgradera din kondition": an `upgrade-verbs` match with a
    /// possessive at most two words after it and, in the four words after that, no plan, account
    /// or paid product (`upgrade-objects`, `paid-products`).
    private func upgradesSomethingElse(
        _ match: DetectorMatch, in text: [Unicode.Scalar], normalized: NormalizedText
    ) -> Bool {
        guard
            let verb = upgrades.ranges(in: normalized).first(where: {
                normalized.sourceRange(of: $0).overlaps(match.range)
            }),
            let owner = possessives.ranges(in: normalized).first(startingFrom: verb.upperBound),
            Self.isShortGap(normalized.scalars[verb.upperBound..<owner.lowerBound], words: 2)
        else { return false }
        let t = normalized.scalars
        var end = owner.upperBound
        var words = 0
        while end < t.count, words < 4 {
            end = Scalars.skipSpaces(t, from: end)
            guard end < t.count, Scalars.isWord(t[end]) else { break }
            while end < t.count, !Scalars.isSpace(t[end]) { end += 1 }
            words += 1
        }
        let object = owner.upperBound..<end
        return !upgradeObjects.ranges(in: normalized).contains { $0.overlaps(object) }
    }

    /// Product names no vocabulary lists, in normalised offsets: a paid tier joined to the app's
    /// name ("MeditaPro", "NotesPlus", "Podcast-Plus") or a name marked with a plus ("Sleep+").
    private func namedProducts(in normalized: NormalizedText, source: [Unicode.Scalar]) -> [Range<Int>] {
        let t = normalized.scalars
        var found: [Range<Int>] = []
        var end = 0
        for start in normalized.wordStarts.map(\.offset)
        where start >= end && Scalars.isWord(t[start]) && !Scalars.isUnspaced(t[start]) {
            end = start
            while end < t.count, Scalars.isWord(t[end]), !Scalars.isUnspaced(t[end]) { end += 1 }
            if end < t.count, t[end] == "+", end - start >= 2 {
                found.append(start..<end + 1)
            } else if end + 1 < t.count, t[end] == "-", Scalars.isWord(t[end + 1]) {
                // "Podcast-Plus": the tier after a hyphen.
                var tierEnd = end + 1
                while tierEnd < t.count, Scalars.isWord(t[tierEnd]), !Scalars.isUnspaced(t[tierEnd]) {
                    tierEnd += 1
                }
                let tier = String(String.UnicodeScalarView(t[(end + 1)..<tierEnd]))
                if tierNames.contains(tier) { found.append(start..<tierEnd) }
                end = tierEnd
            } else if let tail = Self.joinedTail(source[normalized.sourceRange(of: start..<end)]),
                tierNames.contains(tail)
            {
                found.append(start..<end)
            }
        }
        return found
    }

    /// The part of a word from its last capital after a lowercase letter, lowercased: "pro" of
    /// "MeditaPro"; nil without such a capital.
    private static func joinedTail(_ word: ArraySlice<Unicode.Scalar>) -> String? {
        var tailStart: Int?
        var previousLower = false
        for index in word.indices {
            let properties = word[index].properties
            if previousLower && properties.isUppercase { tailStart = index }
            previousLower = properties.isLowercase
        }
        return tailStart.map { String(String.UnicodeScalarView(word[$0...])).lowercased() }
    }

    /// An acquisition verb and a paid product close together, in normalised offsets: the verb
    /// first, or the product first when a verb-final form ends the clause ("Plus'a geç ve
    /// reklamları kapat"), so "Premium members get early access" takes nothing.
    private func productTaken(
        _ products: [Range<Int>], in normalized: NormalizedText, verbFirstOnly: Bool = false
    ) -> Range<Int>? {
        guard !products.isEmpty else { return nil }
        let t = normalized.scalars
        for verb in acquisitions.ranges(in: normalized) {
            if let product = products.first(startingFrom: verb.upperBound),
                Self.isShortGap(t[verb.upperBound..<product.lowerBound])
            {
                return verb.lowerBound..<product.upperBound
            }
        }
        guard !verbFirstOnly else { return nil }
        for verb in acquisitionsAfter.ranges(in: normalized) where Self.endsClause(t, at: verb.upperBound) {
            if let product = products.last(endingBy: verb.lowerBound),
                Self.isShortGap(t[product.upperBound..<verb.lowerBound])
            {
                return product.lowerBound..<verb.upperBound
            }
        }
        return nil
    }

    /// At most four words (or `words`) and 24 scalars (scripts without spaces count by scalars
    /// alone).
    private static func isShortGap(_ gap: ArraySlice<Unicode.Scalar>, words limit: Int = 4) -> Bool {
        guard gap.count <= 24 else { return false }
        var words = 0
        var inWord = false
        for scalar in gap {
            let spaced = !Scalars.isSpace(scalar)
            if spaced && !inWord { words += 1 }
            inWord = spaced
        }
        return words <= limit
    }

    /// Whether the text ends at `offset` or goes on with punctuation or a new clause.
    private static func endsClause(_ t: [Unicode.Scalar], at offset: Int) -> Bool {
        let next = Scalars.skipSpaces(t, from: offset)
        guard next < t.count else { return true }
        if !Scalars.isWord(t[next]) { return true }
        var end = next
        while end < t.count, Scalars.isWord(t[end]) { end += 1 }
        return clauseJoiners.contains(String(String.UnicodeScalarView(t[next..<end])))
    }

    /// Words that start a second clause after a verb-final imperative.
    private static let clauseJoiners: Set<String> = ["ve", "और", "तथा", "and", "して", "하고", "และ"]
}
