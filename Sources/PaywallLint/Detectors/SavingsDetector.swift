/// Hard-coded savings, which go stale as soon as a store price changes:
/// - a percentage with a minus sign ("-40%", "–50 %") or next to a savings word ("Save 17%",
///   "50% off", "30 % Rabatt", "%30 indirim"), unless what is saved is no money ("节省 50% 的存储空间");
/// - a number right before a CJK discount word ("7折", "3割引");
/// - an amount next to a savings word ("saves you $25");
/// - a price set against another ("29,99 € invece di 59,99 €", "Was $59.99, $39.99", "De R$ 199
///   por R$ 99");
/// - a number of free periods with a longer plan or a bonus ("2 months free with yearly",
///   "年間プランなら2か月分無料", "zwei Monate extra geschenkt"; "7 days free" alone is a trial),
///   or of bonus periods with one ("2 extra months with the yearly plan", "شهران إضافيان"),
///   periods saved ("risparmi 2 mensilità"), or fewer periods paid than had ("Paghi 9
///   mesi, ne ascolti 12", "Betala för nio månader, få tolv", "12 Monate buchen, nur 9 bezahlen");
/// - a fraction of the price ("te ahorras casi la mitad");
/// - complete savings phrases ("half price", "半額").
/// "100% private" and "50% more brushes" name no saving, and `{{ savings_percent }}` is how a
/// saving should be written.
///
/// Vocabularies: `savings-words` (with `savings-exceptions`: "less battery" is no price cut),
/// `savings-phrases`; `free-period-words` (with `free-period-exceptions`: "try 7 days free" is a
/// trial, no bonus) and `number-words` for a number of periods, or a dual (`dual-periods`:
/// "شهران"), a saving only with `bonus-period-context` ("with yearly", "extra"), `bonus-words`
/// right after them ("2 months extra"); `free-words` (with
/// `free-exceptions`); `price-comparisons` ("instead of", "statt") between two prices and
/// `former-prices` ("was", "antes") before them, or `price-from` and `price-to` ("De R$ 199 por
/// R$ 99", with at most a word of `price-only` after the latter); `pay-words` ("pay for",
/// "paghi") before a number of periods, `whole-year` after it; `savings-fractions` ("half",
/// "三成") with a savings, paying or costing word (`cost-words`); `non-money-savings` (time,
/// battery, storage); and the currency vocabularies through `PriceDetector`.
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class SavingsDetector: Sendable {
    private let words: PhraseMatcher
    private let phrases: PhraseMatcher
    private let periods: PhraseMatcher
    private let numberWords: PhraseMatcher
    private let free: PhraseMatcher
    private let trialMarkers: PhraseMatcher
    private let bonusContext: PhraseMatcher
    private let bonusWords: PhraseMatcher
    private let dualPeriods: PhraseMatcher
    private let priceComparisons: PhraseMatcher
    private let payWords: PhraseMatcher
    private let formerPrices: PhraseMatcher
    private let priceFrom: PhraseMatcher
    private let priceTo: PhraseMatcher
    /// Normalised words, as `gapWords` returns them.
    private let priceOnly: Set<String>
    private let wholeYear: PhraseMatcher
    private let fractions: PhraseMatcher
    private let costWords: PhraseMatcher
    private let nonMoney: PhraseMatcher
    private let prices: PriceDetector

    /// Most words a savings word may stand from its number: "Save up to 70%", "Réduction de 25 %".
    private static let maximumGap = 2
    /// A longer gap is never a few words; it also keeps each look-up short.
    private static let maximumGapScalars = 40

    /// Words that make a savings word before a number a comparison ("less than $1 a day"), not
    /// a saving.
    private static let comparisons: Set<String> = [
        "than", "als", "que", "di", "che", "dan", "än", "end", "enn", "niż", "než", "чем", "ніж",
    ]

    package init(vocabularies: [String: [String]]) {
        words = PhraseMatcher(
            phrases: vocabularies["savings-words"] ?? [], exceptions: vocabularies["savings-exceptions"] ?? []
        )
        phrases = PhraseMatcher(phrases: vocabularies["savings-phrases"] ?? [])
        periods = PhraseMatcher(
            phrases: vocabularies["free-period-words"] ?? [],
            exceptions: vocabularies["period-word-exceptions"] ?? [])
        numberWords = PhraseMatcher(phrases: vocabularies["number-words"] ?? [])
        free = PhraseMatcher(
            phrases: vocabularies["free-words"] ?? [], exceptions: vocabularies["free-exceptions"] ?? [])
        trialMarkers = PhraseMatcher(phrases: vocabularies["free-period-exceptions"] ?? [])
        bonusContext = PhraseMatcher(phrases: vocabularies["bonus-period-context"] ?? [])
        bonusWords = PhraseMatcher(phrases: vocabularies["bonus-words"] ?? [])
        dualPeriods = PhraseMatcher(phrases: vocabularies["dual-periods"] ?? [])
        priceComparisons = PhraseMatcher(phrases: vocabularies["price-comparisons"] ?? [])
        payWords = PhraseMatcher(phrases: vocabularies["pay-words"] ?? [])
        formerPrices = PhraseMatcher(phrases: vocabularies["former-prices"] ?? [])
        priceFrom = PhraseMatcher(phrases: vocabularies["price-from"] ?? [])
        priceTo = PhraseMatcher(phrases: vocabularies["price-to"] ?? [])
        priceOnly = Set(
            (vocabularies["price-only"] ?? []).map {
                String(
                    String.UnicodeScalarView(NormalizedText.normalizedScalars(of: Array($0.unicodeScalars))))
            })
        wholeYear = PhraseMatcher(phrases: vocabularies["whole-year"] ?? [])
        fractions = PhraseMatcher(phrases: vocabularies["savings-fractions"] ?? [])
        costWords = PhraseMatcher(phrases: vocabularies["cost-words"] ?? [])
        nonMoney = PhraseMatcher(phrases: vocabularies["non-money-savings"] ?? [])
        prices = PriceDetector(vocabularies: vocabularies)
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        ranges(in: normalized).map { DetectorMatch($0, of: normalized, in: text) }
    }

    func ranges(in text: NormalizedText) -> [Range<Int>] {
        // The scans' results live on the stack: this runs for every copy string.
        withUnsafeTemporaryAllocation(of: [Range<Int>]?.self, capacity: Scans.Vocabulary.allCases.count) {
            storage in
            storage.initialize(repeating: nil)
            defer { storage.deinitialize() }
            var scans = Scans(text, storage: storage)
            return ranges(in: text, scans: &scans)
        }
    }

    private func ranges(in text: NormalizedText, scans: inout Scans) -> [Range<Int>] {
        let t = text.scalars
        var found = phrases.ranges(in: text)
        // Most of the parts below find nothing; an empty append still costs a call.
        func add(_ ranges: [Range<Int>]) { if !ranges.isEmpty { found += ranges } }
        if text.containsDigit {
            let amounts = prices.prices(in: text).map(\.range)
            // The savings words go with a percentage, an amount or a number in CJK ("7折"): a
            // number alone ("Pick 2", "(3)") does not need them read.
            if !amounts.isEmpty || t.contains(where: { $0 == "%" || $0 == "\u{066A}" })
                || text.containsUnspaced
            {
                // "节省 50% 的存储空间", "Pil tüketimi %30 daha az": a percentage of something else
                // saved, when nothing in the text is about money.
                let savesSomethingElse =
                    amounts.isEmpty && !scans[.nonMoney, nonMoney].isEmpty
                    && scans[.costWords, costWords].isEmpty && scans[.payWords, payWords].isEmpty
                let savingsWords = savesSomethingElse ? [] : scans[.words, words]
                add(percentages(in: t, words: savingsWords))
                add(discountNumbers(in: t, words: savingsWords))
                add(self.amounts(amounts, in: text, words: savingsWords))
            }
            add(comparedPrices(amounts, in: text))
            add(fewerPeriodsPaid(&scans))
        } else if !scans[.periods, periods].isEmpty, !scans[.numberWords, numberWords].isEmpty {
            // "Betala för nio månader, få tolv".
            add(fewerPeriodsPaid(&scans))
        }
        add(freePeriods(&scans))
        add(bonusPeriods(&scans))
        add(savedPeriods(&scans))
        add(priceFractions(&scans))
        // "{{ savings_percent }}%おトク": the saving's word after a computed saving is that saving,
        // and so is a saying before one ("Pay less by {{ savings_percent }}").
        return Self.merged(found).filter {
            !Self.followsPlaceholder($0, in: t) && !Self.precedesPlaceholder($0, in: t)
        }
    }

    /// Whether at most two words, then a placeholder, follow `range` ("تدفع أقل بنسبة {}").
    private static func precedesPlaceholder(_ range: Range<Int>, in t: [Unicode.Scalar]) -> Bool {
        var index = Scalars.skipSpaces(t, from: range.upperBound)
        for _ in 0..<2 where index < t.count && Scalars.isWord(t[index]) && !Scalars.isDigit(t[index]) {
            while index < t.count, Scalars.isWord(t[index]) { index += 1 }
            index = Scalars.skipSpaces(t, from: index)
        }
        return index < t.count && t[index] == Template.placeholder
    }

    /// Whether a placeholder, then only spaces and percent signs, stand right before `range`.
    private static func followsPlaceholder(_ range: Range<Int>, in t: [Unicode.Scalar]) -> Bool {
        var index = range.lowerBound
        while index > 0, Scalars.isSpace(t[index - 1]) || "%٪％".unicodeScalars.contains(t[index - 1]) {
            index -= 1
        }
        return index > 0 && index < range.lowerBound && t[index - 1] == Template.placeholder
    }

    /// "Save 17%", "50% off", "-40%", "%30 indirim".
    private func percentages(in t: [Unicode.Scalar], words: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for (i, c) in t.enumerated() where c == "%" || c == "\u{066A}" {
            var range: Range<Int>
            if i + 1 < t.count, Scalars.isDigit(t[i + 1]), i == 0 || !Scalars.isDigit(t[i - 1]) {
                range = i..<(Scalars.numberEnd(in: t, at: i + 1) ?? i + 1)
            } else {
                var start = i
                while start > 0, Scalars.isSpace(t[start - 1]) { start -= 1 }
                guard start > 0, Scalars.isDigit(t[start - 1]) else { continue }
                start -= 1
                while start > 0,
                    Scalars.isDigit(t[start - 1])
                        || (start > 1 && ".,".unicodeScalars.contains(t[start - 1])
                            && Scalars.isDigit(t[start - 2]))
                {
                    start -= 1
                }
                range = start..<(i + 1)
            }
            // A minus sign makes it a discount badge: "-40%", "−50 %", "–50 %" (not "10-20%").
            let sign = range.lowerBound - 1
            if sign >= 0, t[sign] == "-" || t[sign] == "\u{2212}" || t[sign] == "\u{2013}",
                sign == 0 || !Scalars.isWord(t[sign - 1])
            {
                result.append(sign..<range.upperBound)
                continue
            }
            if let word = nearestWord(to: range, in: t, words: words) {
                range = min(range.lowerBound, word.lowerBound)..<max(range.upperBound, word.upperBound)
                result.append(range)
            }
        }
        return result
    }

    /// "7折" (30% off), "3割引", "5 折": a number right before a discount word in CJK, or one
    /// space before it.
    private func discountNumbers(in t: [Unicode.Scalar], words: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for word in words where word.lowerBound > 0 && Scalars.isUnspaced(t[word.lowerBound]) {
            var end = word.lowerBound
            if end > 1, Scalars.isSpace(t[end - 1]) { end -= 1 }
            guard let digits = Self.digits(endingAt: end, in: t) else { continue }
            result.append(digits.lowerBound..<word.upperBound)
        }
        return result
    }

    /// Words that mark the difference a comparative saves by, which may stand a word from it:
    /// "выгоднее помесячного на 1 200 ₽".
    private static let differenceMarkers: Set<String> = ["на"]

    /// Words that join an amount to the savings word after it: "$20 in savings", "₹600 की बचत",
    /// and the particles that make it the object: "3,000원을 아낄 수".
    private static let linkingWords: Set<String> = [
        "in", "of", "de", "d", "di", "da", "an", "w", "в", "की", "का", "के", "من", "של", "을", "를", "を",
    ]

    /// "Save $20", "saves you $25", "5 € günstiger", "₹600 की बचत".
    private func amounts(
        _ amounts: [Range<Int>], in text: NormalizedText, words: [Range<Int>]
    ) -> [Range<Int>] {
        let t = text.scalars
        var result: [Range<Int>] = []
        for range in amounts {
            if let word = words.last(endingBy: range.lowerBound),
                let gap = gapWords(t, word.upperBound..<range.lowerBound),
                gap.count <= 1 || (gap.count == 2 && gap.contains(where: Self.differenceMarkers.contains)),
                !gap.contains(where: Self.comparisons.contains)
            {
                result.append(word.lowerBound..<range.upperBound)
            } else if let word = words.first(startingFrom: range.upperBound),
                let gap = gapWords(t, range.upperBound..<word.lowerBound),
                gap.isEmpty || (gap.count == 1 && Self.linkingWords.contains(gap[0]))
            {
                result.append(range.lowerBound..<word.upperBound)
            }
        }
        return result
    }

    /// "29,99 € invece di 59,99 €", "$39.99 instead of $59.88": two prices with a comparison
    /// between them, a few words at most. "De R$ 199 por R$ 99", "Van € 47,88 voor € 29,99": a
    /// text that opens with "from" a price "for" another.
    private func comparedPrices(_ amounts: [Range<Int>], in text: NormalizedText) -> [Range<Int>] {
        guard amounts.count >= 2 else { return [] }
        let t = text.scalars
        if let opening = fromPriceForPrice(amounts[0], amounts[1], in: text) { return [opening] }
        let connectors = priceComparisons.ranges(in: text)
        let formers = formerPrices.ranges(in: text)
        guard !connectors.isEmpty || !formers.isEmpty else { return [] }
        var result: [Range<Int>] = []
        for (first, second) in zip(amounts, amounts.dropFirst()) {
            let gap = first.upperBound..<second.lowerBound
            guard gap.count <= Self.maximumGapScalars else { continue }
            if connectors.contains(where: { gap.contains($0.lowerBound) && $0.upperBound <= gap.upperBound })
            {
                result.append(first.lowerBound..<second.upperBound)
            } else if let former = formers.last(endingBy: first.lowerBound),
                let words = gapWords(t, former.upperBound..<first.lowerBound), words.count <= 1
            {
                // "Antes 39,99 €, ahora 24,99 €", "原价￥198，现在只要￥99".
                result.append(former.lowerBound..<second.upperBound)
            }
        }
        return result
    }

    /// The first two prices of a text, with a word of `price-from` right before the first and one
    /// of `price-to` between them (and at most a word of `price-only`: "De R$ 179,90 por apenas R$
    /// 89,90"), when the second is the lower ("From $4.99 to $9.99" is a range of prices, not a
    /// cut).
    private func fromPriceForPrice(_ first: Range<Int>, _ second: Range<Int>, in text: NormalizedText)
        -> Range<Int>?
    {
        let t = text.scalars
        guard let from = priceFrom.ranges(in: text).last(endingBy: first.lowerBound),
            gapWords(t, from.upperBound..<first.lowerBound)?.isEmpty == true,
            let to = priceTo.ranges(in: text).first(startingFrom: first.upperBound),
            gapWords(t, first.upperBound..<to.lowerBound)?.isEmpty == true,
            let between = gapWords(t, to.upperBound..<second.lowerBound),
            between.isEmpty || (between.count == 1 && priceOnly.contains(between[0])),
            let was = Self.value(of: first, in: t), let now = Self.value(of: second, in: t), now < was
        else { return nil }
        return from.lowerBound..<second.upperBound
    }

    /// The value of the amount in a price ("R$ 1.299,90", "Rp599.000", "$4.99"): a separator
    /// followed by one or two digits at the amount's end is the decimal one, any other groups
    /// thousands.
    static func value(of price: Range<Int>, in t: [Unicode.Scalar]) -> Double? {
        guard let first = price.first(where: { Scalars.isDigit(t[$0]) }) else { return nil }
        var end = first
        while end < price.upperBound, Scalars.isDigit(t[end]) || Self.digitGrouping.contains(t[end]) {
            end += 1
        }
        while !Scalars.isDigit(t[end - 1]) { end -= 1 }
        let lastSeparator = (first..<end).last { !Scalars.isDigit(t[$0]) }
        let decimalSeparator = lastSeparator.flatMap { (1...2).contains(end - $0 - 1) ? $0 : nil }
        var value = 0.0
        var scale = 1.0
        for k in first..<end where Scalars.isDigit(t[k]) {
            value = value * 10 + Double(t[k].properties.numericValue ?? 0)
            if let decimalSeparator, k > decimalSeparator { scale *= 10 }
        }
        return value / scale
    }

    private static let digitGrouping: Set<Unicode.Scalar> = [".", ",", "'", " ", "\u{00A0}", "\u{202F}"]

    /// "Paghi 9 mesi, ne ascolti 12", "Betala för 9 månader, få 12", "zahlst du nur 10 statt 12
    /// Monate", "12 Monate zahlen, 15 Monate trainieren": a payment for a number of periods, and a
    /// larger number after it (or, for fewer than twelve, the whole year or a yearly plan).
    private func fewerPeriodsPaid(_ scans: inout Scans) -> [Range<Int>] {
        let pays = scans[.payWords, payWords]
        // Every count it finds ends with a period word.
        guard !pays.isEmpty, !scans[.periods, periods].isEmpty else { return [] }
        let t = scans.text.scalars
        let periodStarts = periodsByStart(&scans)
        var result: [Range<Int>] = []
        let spelled = scans[.numberWords, numberWords]
        let periodRanges = scans[.periods, periods]
        for pay in pays {
            // "12 Monate zahlen, 15 Monate trainieren": the count paid for right before the paying
            // word (the verb last), and a larger count of periods after it.
            if let period = periodRanges.last(endingBy: pay.lowerBound),
                Scalars.skipSpaces(t, from: period.upperBound) == pay.lowerBound,
                let paid = periodCountBefore(pay.lowerBound, in: t, periods: periodRanges)
            {
                if let next = t[pay.upperBound...].firstIndex(where: Scalars.isDigit),
                    let had = periodCount(in: t, after: next, periods: periodStarts), had.value > paid.value
                {
                    result.append(paid.start..<had.period.upperBound)
                    continue
                }
                // "12 ay dinle, 10 ay öde": the larger count before.
                if let had = periodCountBefore(paid.start, in: t, periods: periodRanges),
                    had.value > paid.value
                {
                    result.append(had.start..<pay.upperBound)
                    continue
                }
            }
            // "12 Monate buchen, nur 9 bezahlen": a bare number right before the paying word, and
            // a larger count of periods before it.
            if let paid = Self.digits(endingAt: Scalars.skipSpaces(t, backFrom: pay.lowerBound), in: t),
                let had = periodCountBefore(paid.lowerBound, in: t, periods: periodRanges),
                had.value > Self.number(in: t, at: paid.lowerBound).value
            {
                result.append(had.start..<pay.upperBound)
                continue
            }
            guard
                let start = countStart(
                    in: t, after: pay.upperBound, spelled: spelled, skipping: Self.maximumGap)
            else {
                continue
            }
            guard let paid = periodCount(in: t, after: start, periods: periodStarts, spelled: spelled) else {
                // "10 statt 12 Monate": the paid number, a comparison, then the number had.
                let paidNumber = Self.number(in: t, at: start)
                let afterPaid = Scalars.skipSpaces(t, from: paidNumber.end)
                let comparison = scans[.comparisons, priceComparisons].first(startingFrom: afterPaid)
                if let comparison, comparison.lowerBound == afterPaid,
                    let had = periodCount(in: t, after: comparison.upperBound, periods: periodStarts),
                    had.value > paidNumber.value
                {
                    result.append(pay.lowerBound..<had.period.upperBound)
                } else if let had = periodCountBefore(
                    pay.lowerBound, in: t, periods: scans[.periods, periods]),
                    had.value > paidNumber.value, paidNumber.end > start,
                    Self.endsClauseOrText(t, from: paidNumber.end)
                {
                    // "Buy 12 months, pay for 9".
                    result.append(had.start..<paidNumber.end)
                } else if paidNumber.end > start,
                    let next = t[paidNumber.end...].firstIndex(where: Scalars.isDigit),
                    let had = periodCount(in: t, after: next, periods: periodStarts),
                    had.value > paidNumber.value,
                    !prices.prices(in: scans.text).contains(where: { $0.range.contains(start) })
                {
                    // "Ne paghi 10 e ne ricevi 12 mesi".
                    result.append(pay.lowerBound..<had.period.upperBound)
                }
                continue
            }
            if paid.value == 0, let had = spelled.first(startingFrom: paid.period.upperBound),
                Self.endsClauseOrText(t, from: had.upperBound)
                    || periodStarts[Scalars.skipSpaces(t, from: had.upperBound)] != nil
            {
                // Spelled out, "Betala för nio månader, få tolv": the next number, ending its clause
                // or counting periods.
                result.append(pay.lowerBound..<had.upperBound)
            } else if paid.value > 0, let next = t[paid.numberEnd...].firstIndex(where: Scalars.isDigit) {
                let had = Self.number(in: t, at: next)
                if had.value > paid.value { result.append(pay.lowerBound..<had.end) }
            } else if paid.value < 12, let year = scans[.wholeYear, wholeYear].first {
                // Fewer than twelve (a spelled number counts as fewer) against the whole year:
                // "Платите за 9 месяцев — слушайте весь год", "Velg helår og betal bare for ni
                // måneder".
                let range =
                    min(pay.lowerBound, year.lowerBound)..<max(paid.period.upperBound, year.upperBound)
                result.append(range)
            }
        }
        return result
    }

    /// The number of periods ("12 months") whose period is the last to end before `offset`.
    private func periodCountBefore(_ offset: Int, in t: [Unicode.Scalar], periods: [Range<Int>])
        -> (value: Int, start: Int)?
    {
        guard let period = periods.last(endingBy: offset) else { return nil }
        // "the 12-month plan".
        var numberEnd = Scalars.skipSpaces(t, backFrom: period.lowerBound)
        if numberEnd > 0, t[numberEnd - 1] == "-" { numberEnd -= 1 }
        guard let digits = Self.digits(endingAt: numberEnd, in: t) else { return nil }
        return (Self.number(in: t, at: digits.lowerBound).value, digits.lowerBound)
    }

    /// Where a number (digits) starts after `offset`, with at most `maximumWords` words before
    /// it in the same clause ("zahlst du nur 10", "economiza o equivalente a 4"), or a spelled
    /// number of `spelled` right there.
    private func countStart(
        in t: [Unicode.Scalar], after offset: Int, spelled: [Range<Int>] = [], skipping maximumWords: Int
    ) -> Int? {
        var start = Scalars.skipSpaces(t, from: offset)
        for _ in 0...maximumWords {
            guard start < t.count else { return nil }
            if Scalars.isDigit(t[start]) || spelled.first(startingFrom: start)?.lowerBound == start {
                return start
            }
            var end = start
            while end < t.count, Scalars.isWord(t[end]), !Scalars.isDigit(t[end]) { end += 1 }
            guard end > start else { return nil }
            start = Scalars.skipSpaces(t, from: end)
        }
        return nil
    }

    /// "Con l'annuale risparmi 2 mensilità", "Spar 3 måneder": a savings word, then a number of
    /// periods (in digits or spelled out).
    private func savedPeriods(_ scans: inout Scans) -> [Range<Int>] {
        // Every scan first, the periods keyed by their start only then: most texts stop at one.
        guard !scans[.periods, periods].isEmpty else { return [] }
        let savingsWords = scans[.words, words]
        guard !savingsWords.isEmpty, scans[.nonMoney, nonMoney].isEmpty else { return [] }
        let periodStarts = periodsByStart(&scans)
        let spelled = scans[.numberWords, numberWords]
        let t = scans.text.scalars
        return savingsWords.compactMap { word in
            // "te ahorras dos mensualidades", "economiza o equivalente a 4 meses".
            let start = countStart(
                in: t, after: word.upperBound, spelled: spelled, skipping: Self.maximumGap + 1)
            return start.flatMap { periodCount(in: t, after: $0, periods: periodStarts, spelled: spelled) }
                .map {
                    word.lowerBound..<$0.period.upperBound
                }
        }
    }

    private func periodsByStart(_ scans: inout Scans) -> [Int: Range<Int>] {
        Dictionary(
            scans[.periods, periods].map { ($0.lowerBound, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A number of periods after `offset` (and spaces): digits, or one of `spelled` (its value
    /// then 0), and a period word right after.
    private func periodCount(
        in t: [Unicode.Scalar], after offset: Int, periods: [Int: Range<Int>], spelled: [Range<Int>] = []
    ) -> (value: Int, numberEnd: Int, period: Range<Int>)? {
        let start = Scalars.skipSpaces(t, from: offset)
        guard start < t.count else { return nil }
        var (value, end) = Self.number(in: t, at: start)
        if end == start, let word = spelled.first(where: { $0.lowerBound == start }) { end = word.upperBound }
        guard end > start, let period = periods[Scalars.skipSpaces(t, from: end)] else { return nil }
        return (value, end, period)
    }

    /// The value and end of the digits at `start` (none: 0 and `start`).
    private static func number(in t: [Unicode.Scalar], at start: Int) -> (value: Int, end: Int) {
        var value = 0
        var end = start
        while end < t.count, Scalars.isDigit(t[end]), value < 1_000_000 {
            value = value * 10 + Int(t[end].properties.numericValue ?? 0)
            end += 1
        }
        return (value, end)
    }

    /// "Con el plan anual te ahorras casi la mitad", "包年比按月付便宜三成": a fraction with a
    /// word of saving, paying or costing, unless what is saved is time, battery or space.
    private func priceFractions(_ scans: inout Scans) -> [Range<Int>] {
        guard let fraction = scans[.fractions, fractions].first else { return [] }
        let context = scans[.words, words] + scans[.payWords, payWords] + scans[.costWords, costWords]
        guard let word = context.min(by: { distance($0, fraction) < distance($1, fraction) }),
            scans[.nonMoney, nonMoney].isEmpty
        else { return [] }
        return [min(word.lowerBound, fraction.lowerBound)..<max(word.upperBound, fraction.upperBound)]
    }

    private func distance(_ a: Range<Int>, _ b: Range<Int>) -> Int {
        a.upperBound <= b.lowerBound ? b.lowerBound - a.upperBound : a.lowerBound - b.upperBound
    }

    /// "2 months free", "1 mois offert", "2か月分無料", "zwei Monate geschenkt": a number of
    /// periods, then "free".
    private func freePeriods(_ scans: inout Scans) -> [Range<Int>] {
        let t = scans.text.scalars
        // The small vocabularies first: a scan costs by the size of the vocabulary.
        let periodRanges = scans[.periods, periods]
        // "7 days free", "Try 7 days free, then {{ price }}": a free trial. Free months are a
        // saving only as a bonus on a longer plan: "2 months free with yearly".
        guard !periodRanges.isEmpty, scans[.trialMarkers, trialMarkers].isEmpty else { return [] }
        let freeRanges = scans[.free, free]
        let bonuses = scans[.bonusContext, bonusContext]
        guard !freeRanges.isEmpty, !bonuses.isEmpty else { return [] }
        let periodStarts = periodsByStart(&scans)
        var periodEndingAt: [Int: Range<Int>] = [:]
        for range in periodRanges { periodEndingAt[range.upperBound] = range }
        var result: [Range<Int>] = []
        for freeRange in freeRanges {
            var end = Scalars.skipSpaces(t, backFrom: freeRange.lowerBound)
            let adjacent = periodEndingAt[end] != nil
            if !adjacent, end > 0 {
                // One word may stand between: "2か月分無料" (分, "worth of"); in a spaced script
                // three: "tres meses te salen gratis", "2 maanden krijg je er gratis bij".
                if Scalars.isUnspaced(t[end - 1]) {
                    // Up to two: "2か月分が無料".
                    for _ in 0..<2
                    where periodEndingAt[end] == nil && end > 0 && Scalars.isUnspaced(t[end - 1]) {
                        end -= 1
                        end = Scalars.skipSpaces(t, backFrom: end)
                    }
                } else {
                    for _ in 0..<3 where periodEndingAt[end] == nil && end > 0 && Scalars.isWord(t[end - 1]) {
                        while end > 0, Scalars.isWord(t[end - 1]) { end -= 1 }
                        end = Scalars.skipSpaces(t, backFrom: end)
                    }
                }
            }
            if let period = periodEndingAt[end] {
                var numberEnd = Scalars.skipSpaces(t, backFrom: period.lowerBound)
                // "2 extra månader utan kostnad": a word of bonus between the number and its period.
                if Self.digits(endingAt: numberEnd, in: t) == nil,
                    let bonus = bonuses.first(where: { $0.upperBound == numberEnd })
                {
                    numberEnd = Scalars.skipSpaces(t, backFrom: bonus.lowerBound)
                }
                if let digits = Self.digits(endingAt: numberEnd, in: t) {
                    result.append(digits.lowerBound..<freeRange.upperBound)
                    continue
                }
                let spelled = scans[.numberWords, numberWords]
                let between = period.upperBound..<freeRange.lowerBound
                if let number = spelled.last(where: { $0.upperBound == numberEnd }),
                    adjacent || !spelled.contains(where: { between.contains($0.lowerBound) })
                {
                    // A spelled number with no other number before "free": "tres meses te salen
                    // gratis", but "jeden Tag eine kostenlose Zeichnung" is a daily gift, and
                    // German "jeden" is Polish "one".
                    result.append(number.lowerBound..<freeRange.upperBound)
                    continue
                } else if scans[.dualPeriods, dualPeriods].contains(period) {
                    // A dual is its own number: "شهران مجانًا" ("two months free").
                    result.append(period.lowerBound..<freeRange.upperBound)
                    continue
                }
            }
            // "ได้ใช้ฟรี 3 เดือน", "gratis 3 meses", "te regalamos dos meses": "free", then the number
            // of periods (also after an uncounted period: "แพ็กเกจรายปี ฟรี 2 เดือน").
            if let after = periodCount(
                in: t, after: freeRange.upperBound, periods: periodStarts,
                spelled: scans[.numberWords, numberWords])
            {
                result.append(freeRange.lowerBound..<after.period.upperBound)
            }
        }
        return result
    }

    /// "شهران إضافيان مع الاشتراك السنوي", "1년 플랜을 고르면 2개월을 더 드려요": a number of periods
    /// with a word of bonus right after it (past a particle joined to the period), and a longer
    /// plan or another bonus elsewhere, say free months without "free".
    private func bonusPeriods(_ scans: inout Scans) -> [Range<Int>] {
        let t = scans.text.scalars
        let periodRanges = scans[.periods, periods]
        guard !periodRanges.isEmpty, scans[.trialMarkers, trialMarkers].isEmpty else { return [] }
        let bonuses = scans[.bonusWords, bonusWords]
        guard !bonuses.isEmpty else { return [] }
        let contexts = scans[.bonusContext, bonusContext]
        guard !contexts.isEmpty else { return [] }
        var result: [Range<Int>] = []
        for period in periodRanges {
            var next = period.upperBound
            while next < t.count, next - period.upperBound < 2, Scalars.isWord(t[next]) {
                next += 1
            }
            guard next == t.count || !Scalars.isWord(t[next]) else { continue }
            next = Scalars.skipSpaces(t, from: next)
            guard let bonus = bonuses.first(where: { $0.lowerBound == next }),
                contexts.contains(where: { !$0.overlaps(bonus) && !$0.overlaps(period) })
            else { continue }
            let numberEnd = Scalars.skipSpaces(t, backFrom: period.lowerBound)
            if let digits = Self.digits(endingAt: numberEnd, in: t) {
                result.append(digits.lowerBound..<bonus.upperBound)
            } else if let number = scans[.numberWords, numberWords].last(where: { $0.upperBound == numberEnd }
            ) {
                result.append(number.lowerBound..<bonus.upperBound)
            } else if scans[.dualPeriods, dualPeriods].contains(period) {
                result.append(period.lowerBound..<bonus.upperBound)
            }
        }
        return result
    }

    /// The vocabularies a text is scanned for, each at most once and only when a test needs it:
    /// a scan costs more than the rest of a test, and most copy has no saving.
    private struct Scans {
        enum Vocabulary: Int, CaseIterable {
            case words, periods, numberWords, free, trialMarkers, bonusContext, dualPeriods, payWords,
                wholeYear, fractions, costWords
            case nonMoney, comparisons, bonusWords
        }

        let text: NormalizedText
        /// A result for each vocabulary once scanned; room for every vocabulary, set to nil.
        private let found: UnsafeMutableBufferPointer<[Range<Int>]?>

        init(_ text: NormalizedText, storage: UnsafeMutableBufferPointer<[Range<Int>]?>) {
            self.text = text
            found = storage
        }

        subscript(vocabulary: Vocabulary, matcher: PhraseMatcher) -> [Range<Int>] {
            mutating get {
                if let ranges = found[vocabulary.rawValue] { return ranges }
                let ranges = matcher.ranges(in: text)
                found[vocabulary.rawValue] = ranges
                return ranges
            }
        }
    }

    /// The savings word nearest to `range` in the same clause, at most `maximumGap` words away.
    private func nearestWord(to range: Range<Int>, in t: [Unicode.Scalar], words: [Range<Int>]) -> Range<Int>?
    {
        var best: (range: Range<Int>, gap: Int)?
        if let word = words.last(endingBy: range.lowerBound),
            let gap = gapWords(t, word.upperBound..<range.lowerBound), gap.count <= Self.maximumGap,
            !gap.contains(where: Self.comparisons.contains)
        {
            best = (word, gap.count)
        }
        if let word = words.first(startingFrom: range.upperBound),
            let gap = gapWords(t, range.upperBound..<word.lowerBound), gap.count <= Self.maximumGap,
            best == nil || gap.count < best!.gap
        {
            best = (word, gap.count)
        }
        return best?.range
    }

    /// The words between a savings word and its number, or nil when a clause ends between them
    /// ("100% private, save time"). A CJK character counts as a word.
    private func gapWords(_ t: [Unicode.Scalar], _ gap: Range<Int>) -> [String]? {
        guard gap.count <= Self.maximumGapScalars else { return nil }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for k in gap {
            let c = t[k]
            if Scalars.isUnspaced(c), !Self.isThai(c) {
                flush()
                words.append(String(c))
            } else if Scalars.isWord(c) {
                current.append(c)
            } else if Self.endsClause(c) {
                return nil
            } else {
                flush()
            }
        }
        flush()
        return words
    }

    /// Thai writes no spaces between words but, unlike CJK, its letters are not words: a run of
    /// them counts as one word in a gap ("ประหยัดกว่ารายเดือน 35%").
    private static func isThai(_ c: Unicode.Scalar) -> Bool { (0x0E00...0x0E7F).contains(c.value) }

    /// The run of digits that ends at `end` ("12" in "12 months"), if one does.
    private static func digits(endingAt end: Int, in t: [Unicode.Scalar]) -> Range<Int>? {
        guard end > 0, Scalars.isDigit(t[end - 1]) else { return nil }
        var start = end - 1
        while start > 0, Scalars.isDigit(t[start - 1]) { start -= 1 }
        return start..<end
    }

    /// Whether only spaces stand between `offset` and the end of the text or of its clause.
    private static func endsClauseOrText(_ t: [Unicode.Scalar], from offset: Int) -> Bool {
        let next = Scalars.skipSpaces(t, from: offset)
        return next == t.count || endsClause(t[next])
    }

    private static func endsClause(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case ",", ".", ";", ":", "!", "?", "(", ")", "[", "]", "|", "/", "\n", "\u{2013}", "\u{2014}",
            "\u{00B7}", "\u{2022}", "\u{3001}", "\u{3002}":
            true
        default:
            false
        }
    }

    /// Sorted, with overlapping ranges joined.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound < last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
