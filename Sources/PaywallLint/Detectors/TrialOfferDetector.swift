/// Copy that offers a free trial: a trial word ("free trial", "Probeabo", "お試し"), a "free" next
/// to a period ("free week", "7 days free", "free for 7 days") or a few words before a length
/// ("Corri gratis con il coach per la prima settimana") that no frequency makes an allowance
/// ("one free drawing per day", "วันละ 3 ครั้ง", "1日3回"), a "free" that goes with a verb of
/// trying ("Try it free"), or a claim in a text that gives a period to try in ("30 jours pour
/// tester tous les cours sans rien payer").
///
/// Vocabularies: `trial-words` (or a rule's own list) with `trial-exceptions` ("trial and error",
/// "pon a prueba"), `free-period-words`, `frequency-words` (not right after `duration-words`:
/// "free for a week"), `times-words` (a number of times after a period), `try-words`,
/// `paid-products`, `possessives` and `period-of-words` or `period-with-words` (no words between a
/// claim and its period: "14 days of Pro free", "3 semaines de VPN gratuites", "gratis la tua
/// prima settimana"), and `FreeDetector`'s. Free periods that `SavingsDetector` reads as bundled
/// with a longer plan are a saving, not a trial.
package final class TrialOfferDetector: Sendable {
    private let free: FreeDetector
    private let trial: PhraseMatcher
    private let periods: PhraseMatcher
    private let frequency: PhraseMatcher
    private let trying: PhraseMatcher
    private let times: PhraseMatcher
    private let paidProducts: PhraseMatcher
    private let owners: PhraseMatcher
    private let periodOf: PhraseMatcher
    private let periodWith: PhraseMatcher
    private let savings: SavingsDetector
    private let durationWords: PhraseMatcher

    package init(vocabularies: [String: [String]], trialWords: [String]? = nil) {
        free = FreeDetector(vocabularies: vocabularies)
        trial = PhraseMatcher(
            phrases: trialWords ?? vocabularies["trial-words"] ?? [],
            exceptions: vocabularies["trial-exceptions"] ?? [])
        periods = PhraseMatcher(
            phrases: vocabularies["free-period-words"] ?? [],
            exceptions: vocabularies["period-word-exceptions"] ?? [])
        frequency = PhraseMatcher(phrases: vocabularies["frequency-words"] ?? [])
        trying = PhraseMatcher(phrases: vocabularies["try-words"] ?? [])
        times = PhraseMatcher(phrases: vocabularies["times-words"] ?? [])
        paidProducts = PhraseMatcher(phrases: vocabularies["paid-products"] ?? [])
        owners = PhraseMatcher(phrases: vocabularies["possessives"] ?? [])
        periodOf = PhraseMatcher(phrases: vocabularies["period-of-words"] ?? [])
        periodWith = PhraseMatcher(phrases: vocabularies["period-with-words"] ?? [])
        savings = SavingsDetector(vocabularies: vocabularies)
        durationWords = PhraseMatcher(phrases: vocabularies["duration-words"] ?? [])
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        firstOffer(in: text, normalized: NormalizedText(text)).map { [$0] } ?? []
    }

    /// A trial word, a "free" that sits next to a period ("free week", "7 days free"), or a
    /// "free" that goes with a verb of trying ("Try it free", "Gratis ausprobieren").
    package func firstOffer(in plain: [Unicode.Scalar], normalized: NormalizedText) -> DetectorMatch? {
        if let match = trial.matches(in: plain, normalized: normalized).first { return match }
        // Most copy says nothing free: look for periods only when it does.
        let claims = free.matches(in: plain, normalized: normalized)
        guard !claims.isEmpty else { return nil }
        // "per day", "jeden Tag", "毎日" are frequencies: the free allowance, not a trial. Only the
        // nearest frequency before a period, and the nearest period or verb on either side of a
        // claim, can be close enough: pairing every one with every other made a long text
        // quadratic (a 50 KB CSS string in a CTA took 5.7 s).
        let frequencies = frequency.matches(in: plain, normalized: normalized).map(\.range)
        let allPeriods = periods.matches(in: plain, normalized: normalized).map(\.range)
        let counts = times.matches(in: plain, normalized: normalized).map(\.range)
        let durations = durationWords.matches(in: plain, normalized: normalized).map(\.range)
        let ofWords = periodOf.matches(in: plain, normalized: normalized).map(\.range)
        // "Din första vecka med livelektioner gratis": what comes with the period, before the claim.
        let namingWords = (ofWords + periodWith.matches(in: plain, normalized: normalized).map(\.range))
            .sorted { $0.lowerBound < $1.lowerBound }
        let periodRanges = allPeriods.filter { period in
            // "a week of Premium": a period of something is a length.
            if let of = ofWords.first(startingFrom: period.upperBound),
                plain[period.upperBound..<of.lowerBound].allSatisfy(Scalars.isSpace)
            {
                return true
            }
            // "free for a week": right after a word of duration, the period is a length.
            if let duration = durations.last(endingBy: period.lowerBound),
                Self.wordsBetween(plain, duration, period, atMost: 0) == 0
            {
                return true
            }
            // "วันละ 3 ครั้ง", "1日3回まで無料": a frequency that holds the period, or a number of
            // times right after it.
            if frequencies.contains(where: { $0.overlaps(period) }) { return false }
            if let count = counts.first(startingFrom: period.upperBound),
                Self.wordsBetween(plain, period, count, atMost: 0, countingNumbers: false) == 0
            {
                return false
            }
            guard let before = frequencies.last(endingBy: period.lowerBound) else {
                return true
            }
            // "Probier Pro eine Woche kostenlos": a period with its article ("eine Woche") is no
            // frequency's ("pro Woche").
            return Self.wordsBetween(plain, before, period, atMost: 0) > 0
                || plain[period].contains(where: Scalars.isSpace)
        }
        // A variable next to "free" is the trial's length ("free for {{ trial_duration }}"): a
        // price or a name would not stand there.
        let variables = plain.indices.filter { plain[$0] == Template.placeholder }.map { $0..<($0 + 1) }
        let lengths =
            variables.isEmpty
            ? periodRanges : (periodRanges + variables).sorted { $0.lowerBound < $1.lowerBound }
        // A number between is no word ("free for 7 days", "gratis durante 7 días"), nor is the
        // paid product the trial is of ("14 days of Pro free"), nor whose the period is ("Inizia
        // gratis la tua prima settimana").
        let names =
            (paidProducts.matches(in: plain, normalized: normalized)
            + owners.matches(in: plain, normalized: normalized)).map(\.range)
        var savingsFound: [Range<Int>]?
        for match in claims {
            let near = Self.nearest(lengths, to: match.range).contains { period in
                let gap =
                    match.range.upperBound <= period.lowerBound
                    ? match.range.upperBound..<period.lowerBound : period.upperBound..<match.range.lowerBound
                var named = names.filter { gap.contains($0.lowerBound) && $0.upperBound <= gap.upperBound }
                    .reduce(0) { $0 + Self.words(in: plain, $1) }
                // "3 semaines de VPN gratuites": the "of" or "with" that names what the period is
                // of.
                if period.upperBound <= match.range.lowerBound,
                    let of = namingWords.first(startingFrom: period.upperBound),
                    plain[period.upperBound..<of.lowerBound].allSatisfy(Scalars.isSpace)
                {
                    named += 1
                    // "El primer mes de Lingo es gratis": a name after the "of" is the product.
                    let next = Scalars.skipSpaces(plain, from: of.upperBound)
                    if next < match.range.lowerBound, plain[next].properties.isUppercase,
                        !names.contains(where: { $0.contains(next) })
                    {
                        named += 1
                    }
                }
                // "Corri gratis con il coach vocale per la prima settimana": a length a few words
                // on, counted to its word of duration.
                if match.range.upperBound <= period.lowerBound,
                    let duration = durations.last(endingBy: period.lowerBound),
                    duration.lowerBound >= match.range.upperBound,
                    Self.wordsBetween(plain, duration, period, atMost: 2, countingNumbers: false) <= 2
                {
                    let words = Self.wordsBetween(
                        plain, match.range, duration, atMost: Self.lengthReach + named, countingNumbers: false
                    )
                    return words - named <= Self.lengthReach
                }
                let words = Self.wordsBetween(
                    plain, match.range, period, atMost: 1 + named, countingNumbers: false)
                return words - named <= 1
            }
            guard near else { continue }
            // "The yearly plan includes 2 months free" is a saving, not a trial.
            let found = savingsFound ?? savings.matches(in: plain, normalized: normalized).map(\.range)
            savingsFound = found
            if !found.contains(where: { $0.overlaps(match.range) && $0.count > match.range.count }) {
                return match
            }
        }
        // "Try one drawing a day for free" is an allowance too.
        guard allPeriods.count == periodRanges.count else { return nil }
        let tries = trying.matches(in: plain, normalized: normalized).map(\.range)
        if let tried = claims.first(where: { match in
            Self.nearest(tries, to: match.range).contains {
                Self.offersTrying(plain, free: match.range, try: $0, periods: allPeriods)
            }
        }) {
            return tried
        }
        // "30 jours pour tester tous les cours sans rien payer": a period to try in, and a claim.
        let periodToTry = periodRanges.contains { period in
            tries.first(startingFrom: period.upperBound).map {
                Self.wordsBetween(plain, period, $0, atMost: 1) <= 1
            } == true
        }
        return periodToTry ? claims.first : nil
    }

    /// How many words may stand between a claim and a length of the trial after it ("free …
    /// for 7 days").
    private static let lengthReach = 5

    /// The last of `ranges` (sorted, not overlapping) that ends before `range` and the first that
    /// starts after it: the fewest words away on either side.
    private static func nearest(_ ranges: [Range<Int>], to range: Range<Int>) -> [Range<Int>] {
        [
            ranges.last(endingBy: range.lowerBound),
            ranges.first(startingFrom: range.upperBound),
        ].compactMap { $0 }
    }

    /// "Try it free", "Try Pro for free" (a verb of trying right before a "free", or at most two
    /// words before one that ends the clause or that a period follows: "Experimente grátis por
    /// uma semana"), "Gratis ausprobieren", "無料でお試し" (the verb at most one word after).
    /// "Try our free plan" names a free tier, not a trial.
    static func offersTrying(
        _ text: [Unicode.Scalar], free: Range<Int>, try verb: Range<Int>, periods: [Range<Int>] = []
    ) -> Bool {
        if verb.upperBound <= free.lowerBound {
            let between = wordsBetween(text, free, verb, atMost: 2)
            // "Wypróbuj za darmo wszystkie zajęcia": trying for free, whatever is tried.
            if between == 0 { return true }
            guard between <= 2 else { return false }
            if endsClause(text, after: free.upperBound) { return true }
            guard let period = periods.first(startingFrom: free.upperBound) else { return false }
            return wordsBetween(text, free, period, atMost: 2, countingNumbers: false) <= 2
        }
        return free.upperBound <= verb.lowerBound && wordsBetween(text, free, verb, atMost: 1) <= 1
    }

    /// Whether nothing but spaces and punctuation follows `index` up to the clause's end.
    private static func endsClause(_ text: [Unicode.Scalar], after index: Int) -> Bool {
        for scalar in text[index...] where !Scalars.isSpace(scalar) {
            return !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "{")
        }
        return true
    }

    /// How many words `range` holds, at least one.
    private static func words(in text: [Unicode.Scalar], _ range: Range<Int>) -> Int {
        max(1, wordsBetween(text, range.lowerBound..<range.lowerBound, range.upperBound..<range.upperBound))
    }

    /// How many words separate two ranges of text, counted from the second back, and no further
    /// than one past `limit`.
    static func wordsBetween(
        _ text: [Unicode.Scalar], _ a: Range<Int>, _ b: Range<Int>, atMost limit: Int = .max,
        countingNumbers: Bool = true
    ) -> Int {
        let gap =
            a.upperBound <= b.lowerBound
            ? a.upperBound..<b.lowerBound : b.upperBound..<max(b.upperBound, a.lowerBound)
        var words = 0
        var inWord = false
        for index in gap.reversed() {
            let scalar = text[index]
            // A virama is no letter but stays inside its word ("प्रीमियम").
            let letter =
                scalar.properties.isAlphabetic || (countingNumbers && Scalars.isDigit(scalar))
                || (!scalar.isASCII && NormalizedText.combinesWithPrevious(scalar))
            if letter && !inWord {
                words += 1
                if words > limit { return words }
            }
            inWord = letter
        }
        return words
    }
}
