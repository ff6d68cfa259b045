/// Guilt-tripping dismiss labels ("No thanks, I don't like saving money", "I'll pay full
/// price"), which App Review 5.6 counts as manipulative.
///
/// Known phrases first (`shaming-phrases`, with `neutral-dismiss` as known-good labels that
/// cancel an overlapping phrase). Then structure, so that new wordings are found too: a label
/// that speaks in the first person or opens with a decline (`shaming-context`) and
/// - names a bad outcome or state for the user (`negative-outcomes`: "waste", "stay a beginner",
///   "pay full price", "get hacked"; `negative-outcome-exceptions`: not "跳过新手引导", the
///   beginner's tutorial);
/// - shrugs off something good for them or getting better (`indifference` with `self-goods` or
///   `self-improvement`: "my privacy doesn't matter", "ich brauche keinen Schlaf", "실력 향상은
///   필요 없어요");
/// - refuses to improve (`negations` with `self-improvement`: "don't want to get better");
/// - claims to like what nobody likes (`preferences` with `unwanted-things`: "I love ads");
/// - lets something of theirs go on as it is (`self-goods` with `continuations`: "hunden får
///   fortsätta äta skorna", "niech kot dalej drapie kanapę"), unless it goes on with the free
///   tier (`free-words`); or
/// - likes or chooses something (`preferences`, `choices`: "I'd rather", "I'll keep", "bleibe")
///   whose object, two words or more, names no neutral choice (`neutral-choices`: the free
///   plan, later, monthly) and puts nothing off (`neutral-deferrals`): "I like overspending",
///   "I'd rather stay unproductive", but not "I'll keep my current plan" or "Lieber erst nach
///   meinem Kapitel".
/// Indifference and strong preference speak for the user themselves, so they count as context
/// in languages that leave the pronoun out ("광고 보는 게 좋아요"); so does naming the user's own
/// good, which a decline only names to belittle it ("Hunden får klare seg selv").
/// A label with a benefit negation (`shaming-exceptions`: "never lose", "nie wieder") is an
/// advertisement, not a decline. "No thanks, I'll stick with the free plan" has none of these.
///
/// Last, by elimination (`NeutralDeclines`): a label with words that no neutral decline uses
/// (`neutral-declines`, `neutral-dismiss`) says more than "no" ("Mina krukväxter får klara sig
/// själva"). Guilt trips are open-ended and neutral declines are not, so this finds the wordings
/// that no list of guilt trips has yet; the match is marked `byElimination`. A label that leads
/// somewhere (`neutral-navigation`: "Back to", "Zurück zur") is left to the other stages: its
/// destination names the app's own screens, which no list holds; so is a label that puts the
/// offer off until the user has done something of their own or gives a reason of theirs
/// (`neutral-deferrals`: "Maybe later, first I'll finish the track", "Może po zakończeniu tego
/// rozdziału", "Ahora no, que tengo la sartén al fuego"; also reminders and thanks for the
/// offer), one that names the free or basic tier (`free-words`, `basic-tier-words`: "Continuer
/// avec NotaBene gratuit"), the paid product or the plans it turns down (`paid-products`,
/// `plan-words`); names are never unknown.
///
/// A class, not a struct: a rule hands `matches` to its memo as a closure, which then retains
/// one reference instead of copying every compiled vocabulary.
package final class ConfirmshamingDetector: Sendable {
    private let phrases: PhraseMatcher
    private let context: PhraseMatcher
    private let exceptions: PhraseMatcher
    private let outcomes: PhraseMatcher
    private let indifference: PhraseMatcher
    private let selfGoods: PhraseMatcher
    private let negations: PhraseMatcher
    private let improvement: PhraseMatcher
    private let preferences: PhraseMatcher
    private let unwanted: PhraseMatcher
    private let choices: PhraseMatcher
    private let neutralChoices: PhraseMatcher
    private let continuations: PhraseMatcher
    private let declines: NeutralDeclines?
    private let navigation: PhraseMatcher
    private let deferrals: PhraseMatcher
    private let freeTier: PhraseMatcher
    /// The basic tier, the paid product or the plans a decline names.
    private let tiers: PhraseMatcher

    package init(vocabularies: [String: [String]]) {
        func matcher(_ name: String) -> PhraseMatcher { PhraseMatcher(phrases: vocabularies[name] ?? []) }
        phrases = PhraseMatcher(
            phrases: vocabularies["shaming-phrases"] ?? [],
            exceptions: vocabularies["neutral-dismiss"] ?? [])
        context = matcher("shaming-context")
        exceptions = matcher("shaming-exceptions")
        outcomes = PhraseMatcher(
            phrases: vocabularies["negative-outcomes"] ?? [],
            exceptions: vocabularies["negative-outcome-exceptions"] ?? [])
        indifference = matcher("indifference")
        selfGoods = matcher("self-goods")
        negations = matcher("negations")
        improvement = matcher("self-improvement")
        preferences = matcher("preferences")
        unwanted = matcher("unwanted-things")
        choices = matcher("choices")
        // "Останусь на базовой версии": the basic tier is a neutral choice in every form.
        neutralChoices = PhraseMatcher(
            phrases: ["neutral-choices", "basic-tier-words"].flatMap { vocabularies[$0] ?? [] })
        continuations = matcher("continuations")
        navigation = matcher("neutral-navigation")
        deferrals = matcher("neutral-deferrals")
        freeTier = PhraseMatcher(
            phrases: vocabularies["free-words"] ?? [], exceptions: vocabularies["free-exceptions"] ?? [])
        tiers = PhraseMatcher(
            phrases: ["basic-tier-words", "paid-products", "plan-words"].flatMap { vocabularies[$0] ?? [] })
        declines = NeutralDeclines.declines(in: vocabularies).map(NeutralDeclines.init(declines:))
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        guard exceptions.ranges(in: normalized).isEmpty else { return [] }
        let known = phrases.matches(in: text, normalized: normalized)
        guard known.isEmpty else { return known }
        let shrugs = indifference.ranges(in: normalized)
        let likes = preferences.ranges(in: normalized)
        let goods = selfGoods.ranges(in: normalized)
        func match(_ range: Range<Int>) -> [DetectorMatch] {
            [DetectorMatch(range, of: normalized, in: text)]
        }
        // Wording the other vocabularies know shows the label's language is covered.
        func byElimination(inKnownLanguage: Bool) -> [DetectorMatch] {
            // "Back to my recipes": where a label leads names the app's own things, which no list
            // holds, and so does what the user will do first ("Not now, first I'll finish the
            // track"); "Continue with NotaBene gratuit" names the free or basic tier it settles for,
            // "暂时不需要高级版" and "今はプランを選ばない" the paid one it turns down.
            guard navigation.ranges(in: normalized).isEmpty, deferrals.ranges(in: normalized).isEmpty,
                freeTier.ranges(in: normalized).isEmpty, tiers.ranges(in: normalized).isEmpty,
                let range = declines?.unexplained(
                    in: normalized, source: text, inKnownLanguage: inKnownLanguage)
            else { return [] }
            var found = DetectorMatch(range, of: normalized, in: text)
            found.byElimination = true
            return [found]
        }
        guard !shrugs.isEmpty || !likes.isEmpty || !goods.isEmpty || !context.ranges(in: normalized).isEmpty
        else { return byElimination(inKnownLanguage: false) }
        if let outcome = outcomes.ranges(in: normalized).first { return match(outcome) }
        let betterment = improvement.ranges(in: normalized)
        if !shrugs.isEmpty,
            let pair = shrugs.pairedSpan(
                with: (goods + betterment).sorted { $0.lowerBound < $1.lowerBound }
            )
        {
            return match(pair)
        }
        if let pair = negations.ranges(in: normalized).pairedSpan(with: betterment) { return match(pair) }
        if let pair = likes.pairedSpan(with: unwanted.ranges(in: normalized)) { return match(pair) }
        // "무료 버전으로 운동 기록 계속하기" goes on with the free tier, not with a bad habit.
        if freeTier.ranges(in: normalized).isEmpty,
            let pair = goods.pairedSpan(with: continuations.ranges(in: normalized))
        {
            return match(pair)
        }
        for choice in [likes.first, choices.ranges(in: normalized).first].compactMap({ $0 })
        where choosesSomethingElse(normalized, choice) {
            return match(choice)
        }
        return byElimination(inKnownLanguage: true)
    }

    /// Whether a liking or a choice ("I love", "I'd rather", "bleibe") has an object of its own
    /// that is not a neutral choice: "I like overspending", "I'd rather stay unproductive", but
    /// not "I'd rather use the free plan" or "I'd love to". The object follows the verb, or in
    /// verb-final languages ("광고 보는 게 좋아요") precedes it; one short word ("to", "it") is
    /// no object.
    private func choosesSomethingElse(_ text: NormalizedText, _ choice: Range<Int>) -> Bool {
        let after = choice.upperBound..<text.count
        let object = Self.words(in: text, after) > 0 ? after : 0..<choice.lowerBound
        let words = Self.words(in: text, object)
        let letters = text.scalars[object].filter(Scalars.isWord).count
        guard words >= 2 || letters >= 5 else { return false }
        // "Lieber erst nach meinem Kapitel": the choice puts the offer off, a deferral.
        return !(neutralChoices.ranges(in: text) + deferrals.ranges(in: text)).contains {
            $0.overlaps(object)
        }
    }

    /// The words that start in `range` (each CJK character counts as one; a Hebrew word with a
    /// prefix letter, which starts twice, once).
    private static func words(in text: NormalizedText, _ range: Range<Int>) -> Int {
        text.wordStarts.count {
            let start = $0.offset
            let scalar = text.scalars[start]
            return range.contains(start) && Scalars.isWord(scalar)
                && (start == 0 || Scalars.isUnspaced(scalar)
                    || !Scalars.isSpacedWord(text.scalars[start - 1]))
        }
    }
}
