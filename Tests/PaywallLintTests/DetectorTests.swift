import Dispatch
import Foundation
import Synchronization
import Testing

@testable import PaywallLint

/// The copy detectors, measured on a labelled corpus and pinned by exact ranges.
@Suite(.yaml) struct DetectorTests {
    /// The vocabularies of the built-in core and apple packs (the trial words are Apple's), as
    /// the linter uses them.
    static func vocabularies() throws -> [String: [String]] {
        let packs = try PackLibrary.builtIn().packs
        var vocabularies = try #require(packs["core"]).vocabularies
        vocabularies.merge(try #require(packs["apple"]).vocabularies) { $0 + $1 }
        return vocabularies
    }

    static let detectorNames = ["price", "savings", "urgency", "free", "payment-verb", "confirmshaming"]

    /// The detector a corpus line is labelled for, as a function of `Template.plain`.
    static func detector(_ name: String, _ vocabularies: [String: [String]]) -> ([Unicode.Scalar]) ->
        [DetectorMatch]
    {
        switch name {
        case "price": PriceDetector(vocabularies: vocabularies).matches
        case "savings": SavingsDetector(vocabularies: vocabularies).matches
        case "urgency": UrgencyDetector(vocabularies: vocabularies).matches
        case "free": FreeDetector(vocabularies: vocabularies).matches
        case "payment-verb": PaymentVerbDetector(vocabularies: vocabularies).matches
        case "confirmshaming": ConfirmshamingDetector(vocabularies: vocabularies).matches
        case "trial-offer": TrialOfferDetector(vocabularies: vocabularies).matches
        default: { _ in [] }
        }
    }

    struct CorpusLine {
        var detector: String
        var positive: Bool
        var lang: String
        var text: String
    }

    static func corpus(_ file: String = "copy-corpus.tsv") throws -> [CorpusLine] {
        let url = Paths.fixtures.appendingPathComponent(file)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        return try lines.map { line in
            let columns = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            try #require(columns.count == 4, "bad corpus line: \(line)")
            return CorpusLine(
                detector: String(columns[0]), positive: columns[1] == "+", lang: String(columns[2]),
                text: String(columns[3]))
        }
    }

    /// Precision and recall of a detector on labelled lines; prints the figures and the misses.
    static func measure(_ name: String, _ lines: [CorpusLine], label: String, showMisses: Bool = true) throws
        -> (
            Double, Double
        )
    {
        let detect = Self.detector(name, try Self.vocabularies())
        var (tp, fp, fn, tn) = (0, 0, 0, 0)
        var misses: [String] = []
        for line in lines {
            let found = !detect(Template(line.text).plain).isEmpty
            switch (line.positive, found) {
            case (true, true): tp += 1
            case (false, false): tn += 1
            case (false, true):
                fp += 1
                misses.append("  false positive [\(line.lang)] \(line.text)")
            case (true, false):
                fn += 1
                misses.append("  false negative [\(line.lang)] \(line.text)")
            }
        }
        let precision = Double(tp) / Double(max(tp + fp, 1))
        let recall = Double(tp) / Double(max(tp + fn, 1))
        let figures = String(format: "precision %.2f recall %.2f", precision, recall)
        print("\(label)\(name): \(figures) (tp \(tp), fp \(fp), fn \(fn), tn \(tn))")
        if showMisses { for miss in misses { print(miss) } }
        return (precision, recall)
    }

    /// A labelled set and what it must reach. Sets read line by line while the detectors were
    /// written hold to 0.95; blind sets print figures only (never lines) and are held to the
    /// figures of their one blind run, as regression floors.
    struct LabelledSet: Sendable, CustomTestStringConvertible {
        var file: String
        var label: String
        var detectors: [String] = DetectorTests.detectorNames
        var minimumLines: Int
        var blind = false
        /// Per detector (precision, recall); a detector not listed must reach 0.95 for both.
        var floors: [String: (precision: Double, recall: Double)] = [:]
        /// The share of lines each language gets right on each class, at least this (printed
        /// per language when set).
        var perLanguageAccuracy: Double?

        var testDescription: String { file }
    }

    static let labelledSets: [LabelledSet] = [
        // 783 strings in 27 languages; part of the vocabulary was written after reading its misses.
        LabelledSet(file: "copy-corpus.tsv", label: "", minimumLines: 100),
        // Written blind by someone else; read before the structural models. First figures: price
        // precision 0.94; recall urgency 0.69, confirmshaming 0.17. Price precision stayed 0.94
        // until the twenty-seventh stop ("Drop 10 pounds in 8 weeks", "Follow every Euro 2024
        // match live": weight and a tournament, now currency exceptions).
        LabelledSet(
            file: "copy-heldout.tsv", label: "held-out ", minimumLines: 50,
            floors: [
                "price": (0.99, 0.99), "savings": (0.99, 0.99), "urgency": (0.99, 0.99), "free": (0.99, 0.99),
                "payment-verb": (0.99, 0.96), "confirmshaming": (0.99, 0.99),
            ]),
        // Written for developing urgency and confirmshaming; read line by line.
        LabelledSet(
            file: "copy-dev.tsv", label: "development ", detectors: ["urgency", "confirmshaming"],
            minimumLines: 200),
        // A second development set (420 lines) for urgency and confirmshaming, with indirect and
        // sarcastic declines; read line by line.
        LabelledSet(
            file: "copy-dev-2.tsv", label: "development 2 ", detectors: ["urgency", "confirmshaming"],
            minimumLines: 100),
        // Written blind, never read line by line; its figures (not lines) were printed while the
        // structural models were built. First run: recall urgency 0.70, confirmshaming 0.28;
        // 0.87 and 0.64 at the second stop, 0.88 and 0.72 after the mends from set 6, 0.88 and
        // 0.75 after those from set 7, 0.88 and 0.78 after those from set 8, 0.90 and 0.80 after
        // those from sets 9 to 11, 0.90 and 0.82 after those from set 12, 0.93 and 0.82 after
        // those from set 13. (At the fourteenth stop the missed lines of sets 2 and 5 were printed
        // once by mistake, after set 12's mends were made; nothing was mended from them.)
        LabelledSet(
            file: "copy-heldout-2.tsv", label: "held-out 2 ", minimumLines: 40, blind: true,
            floors: [
                "price": (0.99, 0.99), "savings": (0.99, 0.99), "urgency": (0.99, 0.99), "free": (0.99, 0.95),
                "payment-verb": (0.99, 0.95), "confirmshaming": (0.99, 0.99),
            ]),
        // 480 strings, 19 languages. Its one blind run: precision 1.00 but savings 0.97; recall
        // price 1.00, free 0.95, urgency 0.90, payment verbs 0.85, savings 0.82, confirmshaming
        // 0.70. Then read and mended (Arabic, Hindi, Indonesian and Vietnamese words, bonus
        // months, vanishing offers).
        LabelledSet(file: "copy-heldout-3.tsv", label: "held-out 3 ", minimumLines: 80),
        // 600 strings, 24 languages. Its one blind run: precision price 1.00, urgency 1.00, free
        // 0.98, savings 0.96, confirmshaming 0.96, payment verbs 0.92; recall free 0.96, price
        // 0.96, payment verbs 0.88, savings 0.86, urgency 0.86, confirmshaming 0.48. Then read
        // and mended (Danish, Norwegian, Finnish, Czech and Hebrew words, "costs nothing", trials
        // that are no bonus months, liking or choosing what is not a neutral choice).
        LabelledSet(file: "copy-heldout-4.tsv", label: "held-out 4 ", minimumLines: 100),
        // 600 strings, 24 languages, written blind after set 4 was mended, never read line by
        // line (see the note at set 2): the honest measure of generalisation. Its first run: precision 1.00 (urgency
        // 0.98); recall price 1.00, payment verbs 1.00, free 0.96, savings 0.96, urgency 0.92,
        // confirmshaming 0.68. Second run, after the second development set: urgency 0.94,
        // confirmshaming 0.74, the rest unchanged; confirmshaming 0.76 after the mends from set 7,
        // 0.78 (savings 0.98) after those from sets 8 to 10, 0.80 after those from set 11, 0.82 after
        // those from set 12, 0.84 after those from set 13.
        LabelledSet(
            file: "copy-heldout-5.tsv", label: "held-out 5 ", minimumLines: 100, blind: true,
            floors: [
                "price": (0.99, 0.99), "savings": (0.99, 0.97), "urgency": (0.97, 0.95), "free": (0.99, 0.97),
                "payment-verb": (0.99, 0.99), "confirmshaming": (0.99, 0.99),
            ]),
        // 720 strings, 24 languages (80 + 80 for urgency and confirmshaming), written blind at
        // the third stop. Its one blind run: precision 1.00 for all six; recall price 1.00, free
        // 0.96, payment verbs 0.94, urgency 0.88, savings 0.86, confirmshaming 0.62. Then read
        // and mended (price rises and time limits in Czech, Hebrew, Hindi, Indonesian, Vietnamese
        // and Thai; "saving money" and goals in the declines of twelve languages; shrugging off
        // getting better). "Start free trial" stays no payment verb, by design: it is a trial.
        LabelledSet(file: "copy-heldout-6.tsv", label: "held-out 6 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 6 was mended. Its one blind run:
        // precision price 1.00, urgency 1.00, payment verbs 1.00, confirmshaming 1.00, savings
        // 0.98, free 0.98; recall free 1.00, price 0.98, savings 0.96, payment verbs 0.96,
        // urgency 0.93, confirmshaming 0.78. Then read and mended (Arabic currency words, Chinese
        // n折 discounts, "free your mind", countdowns in hours, "not for me", giving up on
        // something, winning and learning as getting better).
        LabelledSet(file: "copy-heldout-7.tsv", label: "held-out 7 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 7 was mended. Its one blind run:
        // precision price 1.00, free 1.00, confirmshaming 1.00, urgency 0.99, savings 0.98,
        // payment verbs 0.98; recall price 1.00, free 1.00, payment verbs 0.98, savings 0.96,
        // urgency 0.95, confirmshaming 0.81. Then read and mended (disliking one's own good, "I'm
        // okay" with a bad state, dull photos, full price in Korean and Thai, staying a beginner
        // in Finnish, Hebrew and Arabic; a calm phrase such as "rest timer" silences the urgency
        // structure; a trial "then {{ price }}" in Russian; "5 折" with a space).
        LabelledSet(file: "copy-heldout-8.tsv", label: "held-out 8 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 8 was mended. Its one blind run:
        // precision 1.00 except savings 0.98; recall price 1.00, free 0.98, payment verbs 0.98,
        // savings 0.94, urgency 0.88, confirmshaming 0.70. Then read and mended (last chances and
        // price rises in eight more languages, deadlines in Czech and Hebrew, "or never", being
        // stressed, a mess, idioms of not caring in Dutch, French, Russian and Vietnamese,
        // privacy and progress in Finnish, Polish, Czech and Arabic).
        LabelledSet(file: "copy-heldout-9.tsv", label: "held-out 9 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 9 was mended, asked for a native
        // copywriter's idioms, slang and word orders with nine lines in ten outside English: the
        // hardest set so far. Its one blind run: precision price, urgency, free and
        // confirmshaming 1.00, savings 0.95, payment verbs 0.93; recall price 1.00, free 0.98,
        // savings 0.84, payment verbs 0.78, urgency 0.74, confirmshaming 0.53. Then read and
        // mended (hurry and too-late idioms, last days and seats, doors closing, people watching
        // an offer, clocks in Arabic-Indic digits, "990,- Kč", polite and plural imperatives of
        // buying, plants and pets left to cope, things that can wait or are no priority).
        LabelledSet(file: "copy-heldout-10.tsv", label: "held-out 10 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 10 was mended, with the same brief
        // (idioms, inflections, nine lines in ten outside English). Its one blind run: precision
        // 1.00 for price, urgency, free and confirmshaming, payment verbs 0.98, savings 0.97;
        // recall free 0.98, price 0.96, payment verbs 0.96, urgency 0.86, savings 0.74,
        // confirmshaming 0.64. Then read and mended (a year for the price of fewer months and
        // "cheaper" in eight languages, the dong written "đ", seats and "while you still can",
        // "not important" and "doesn't deserve" in twenty languages, money to burn).
        LabelledSet(file: "copy-heldout-11.tsv", label: "held-out 11 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 11 was mended, with the same brief.
        // Its one blind run: precision price, urgency and confirmshaming 1.00, free 0.98, savings
        // 0.95, payment verbs 0.92; recall free 1.00, price 0.98, payment verbs 0.96, urgency
        // 0.88, savings 0.82, confirmshaming 0.62 (0.80 in the ten languages issue 5 names, 0.45
        // in the other fourteen). Then read and mended (comparatives of price in Swedish,
        // Finnish, Czech, Hebrew and Hindi, "half the amount" in Arabic, seats left and weekend
        // deadlines in the Nordic languages and Czech, "now or never" in seventeen languages,
        // "overrated", "I don't care" in Swedish, Russian, Turkish, Finnish, Arabic, Vietnamese
        // and Thai, pets and plants left to cope, staying up late, couches; newsletters and
        // subscriptions already held are no payment verb).
        LabelledSet(file: "copy-heldout-12.tsv", label: "held-out 12 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 12 was mended, with the same brief.
        // Its one blind run: precision price, savings and confirmshaming 1.00, free 0.98, urgency
        // 0.97, payment verbs 0.95; recall price 0.98, free 0.94, savings 0.92, urgency 0.82,
        // payment verbs 0.82, confirmshaming 0.59 (0.68 in the ten languages issue 5 names, 0.50
        // in the other fourteen). Then read and mended (Swedish "399:-", bonus months in Hebrew,
        // scarcity and "only until Sunday" in eleven languages, separable and polite imperatives
        // of unlocking and subscribing, "no cost" in Vietnamese and Thai; sticky notes as the
        // sarcastic alternative, mess, procrastination and money to burn, "it's fine as it is",
        // the Turkish dotted capital İ; "unlock with Face ID" and a purchase history are no
        // payment verb, "due today" no urgency).
        LabelledSet(file: "copy-heldout-13.tsv", label: "held-out 13 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 13 was mended, with the same brief
        // (and "free" asked for in colloquial forms too). Its one blind run: precision price,
        // urgency, free and confirmshaming 1.00, savings and payment verbs 0.96; recall price
        // 1.00, payment verbs 0.94, savings 0.92, free 0.86, urgency 0.79, confirmshaming 0.74
        // (0.78 in the ten languages issue 5 names, 0.70 in the other fourteen). Then read and
        // mended ("on us", "costs nothing" and "without any cost" in seven languages, bonus
        // months in Portuguese and Arabic, weekends and hours left in ten languages, polite
        // imperatives of buying; lying flat, living in a mess, "whatever" about one's health in
        // eight languages; power saving and storage are no savings, newsletters no payment verb).
        LabelledSet(file: "copy-heldout-14.tsv", label: "held-out 14 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 14 was mended, with the same brief
        // and harder negatives for payment verbs (unlocking a screen, newsletters, subscriptions
        // already held). Its one blind run: precision price, savings and free 1.00, urgency 0.99,
        // confirmshaming 0.96, payment verbs 0.86; recall savings 1.00, price 0.98, urgency 0.93,
        // free 0.90, payment verbs 0.84, confirmshaming 0.80 (0.92 in the ten languages issue 5
        // names, 0.70 in the other fourteen). Then read and mended (newsletters and unlocking a
        // screen in twelve languages are no payment verb, paying by the month is a neutral
        // choice; "299rb", "on the house" and gifts in five languages, polite imperatives of
        // subscribing, money to spare, "that's for other people"; the Turkish "İ" now folds to
        // "i").
        LabelledSet(file: "copy-heldout-15.tsv", label: "held-out 15 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 15 was mended, with the same brief
        // and harder negatives for payment verbs (the same verbs in other senses: upgrading the
        // app, subscribing to notifications or a channel) and declines. Its one blind run:
        // precision price, savings and free 1.00, urgency 0.97, confirmshaming 0.95, payment verbs
        // 0.77; recall price and savings 0.98, urgency 0.95, free 0.90, payment verbs 0.88,
        // confirmshaming 0.86 (0.94 in the ten languages issue 5 names, 0.82 in the other
        // fourteen). Then read and mended (subscribing to updates, notifications and channels,
        // upgrading the app, unlocking a phone and "buy-in" are no payment verb; staying on the
        // free plan in Finnish, Turkish, Arabic and Hebrew is a neutral choice; shekels, "first
        // come, first served", "costs you nothing" in five languages, "whatever" in Swedish and
        // Indonesian, money to spare).
        LabelledSet(file: "copy-heldout-16.tsv", label: "held-out 16 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 16 was mended, with the same brief
        // (negatives for payment verbs now also achievements unlocked in games). Its one blind
        // run: precision price, savings and free 1.00, urgency 0.96, confirmshaming 0.95, payment
        // verbs 0.80; recall price 1.00, savings 0.96, payment verbs 0.94, urgency 0.89, free
        // 0.76, confirmshaming 0.76 (0.76 in the ten languages issue 5 names and in the other
        // fourteen). Then read and mended: payment verbs read a newsletter, a channel, Face ID,
        // a PIN or a new version anywhere in the label as another sense (a vocabulary, not
        // phrases); "the first month is on us", people watching the offer, "tomorrow is too
        // late", closing the page and "the quickest get it" in the 24 languages; "I'd rather
        // pay" is left to the structure (monthly is a neutral choice, more is a bad outcome);
        // a label naming the user's own good (a dog, health) speaks for the user.
        LabelledSet(file: "copy-heldout-17.tsv", label: "held-out 17 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 17 was mended, with the same brief.
        // Its one blind run: precision price, savings, free and confirmshaming 1.00, urgency
        // 0.99, payment verbs 0.96; recall free 1.00, urgency 0.99, price 0.98, savings 0.94,
        // payment verbs 0.92, confirmshaming 0.81 (0.84 in the ten languages issue 5 names,
        // 0.79 in the other fourteen). Then read and mended: small numbers spelled out before
        // "months free"; "a third cheaper", "pay for 10 months, use 12", "never again at this
        // price"; activating a subscription, going to payment, starting a subscription; a new
        // level in a game and paying attention are no payment; being bad at something, stress,
        // pirates, the sofa, being forever single and "not that important" in the 24 languages.
        // Its one miss left: "499k" for 499,000 dong, which is "499k users" elsewhere.
        LabelledSet(
            file: "copy-heldout-18.tsv", label: "held-out 18 ", minimumLines: 100,
            floors: ["price": (0.95, 0.98)]),
        // 720 strings, 24 languages, written blind after set 18 was mended, with the same brief.
        // Its one blind run: precision price, savings and free 1.00, urgency 0.99,
        // confirmshaming 0.97, payment verbs 0.94; recall price 0.98, urgency 0.97, savings and
        // payment verbs 0.96, free and confirmshaming 0.90 (confirmshaming 0.89 in the ten
        // languages issue 5 names, 0.90 in the other fourteen). Then read and mended: a price set
        // against another ("invece di", "statt"); "not a cent" and "costs you nothing", "the last
        // days", "N hours" as a near time in the 24 languages; a lesson that ends in 3 minutes
        // is no deadline; an OS version, a show and its episodes give payment verbs another
        // sense; becoming a Premium member is a payment verb; "perfect already", "not really
        // important", "doesn't interest me"; the basic plan and paying monthly in Arabic are
        // neutral choices. Its one miss left: "499k" again.
        LabelledSet(
            file: "copy-heldout-19.tsv", label: "held-out 19 ", minimumLines: 100,
            floors: ["price": (0.95, 0.98)]),
        // 720 strings, 24 languages, written blind after set 19 was mended, with the same brief
        // but fresh wordings asked for and no example declines given. (The briefs of sets 18 and
        // 19 listed example declines and phrases that earlier mends had covered, and their
        // writers reused some: their first runs flattered the detectors.) Its one blind run:
        // precision price, savings and free 1.00, urgency 0.99, confirmshaming 0.98, payment
        // verbs 0.92; recall price 1.00, free 0.96, urgency 0.93, payment verbs 0.88, savings
        // 0.84, confirmshaming 0.55 (0.66 in the ten languages issue 5 names, 0.48 in the other
        // fourteen). Then read and mended: fewer periods paid than had ("Paghi 9 mesi, ne ascolti
        // 12", pay-words), an en dash as a minus ("–50 %"), "half as much", "soon over", "won't
        // come back", "tonight", "no need to pay" and zero spelled out in the 24 languages;
        // podcasts, bulletins, warnings and achievements in Chinese give payment verbs another
        // sense; money out of the window or through one's fingers, blurry photos, a pet that
        // does not listen, plants drying up, fines, loneliness, "couch potato" as bad outcomes.
        LabelledSet(file: "copy-heldout-20.tsv", label: "held-out 20 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 20 was mended, from a brief that
        // describes each detector without examples and asks for many angles and tones of
        // declines. Its one blind run: precision price, savings and free 1.00, confirmshaming
        // 0.98, urgency 0.97, payment verbs 0.88; recall free 0.96, price 0.94, payment verbs
        // 0.92, urgency 0.85, confirmshaming 0.55, savings 0.44 (0.55 in the ten languages issue
        // 5 names, 0.36 in the other fourteen). Then read and mended, by structure first: a
        // former price before two prices ("Antes 39,99 €, ahora 24,99 €"), a fraction with a
        // word of paying or costing ("te ahorras casi la mitad"), periods saved ("risparmi 2
        // mensilità"), fewer months paid than the whole year, a Thai run counted as one word
        // between a savings word and its number, a percentage of time, battery or storage saved
        // is no saving; an offer counted down ("Bara 25 rabattkoder kvar"), the price going up
        // or back to normal; levels won in games, rent and weather warnings give payment verbs
        // another sense.
        LabelledSet(file: "copy-heldout-21.tsv", label: "held-out 21 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 21 was mended, from the same brief
        // as set 21. Its one blind run: precision price, urgency and free 1.00, savings 0.98,
        // confirmshaming 0.96, payment verbs 0.82; recall price 1.00, savings and free 0.96,
        // payment verbs 0.92, urgency 0.89, confirmshaming 0.68 (0.74 in the ten languages issue
        // 5 names, 0.62 in the other fourteen). Then read and mended: emails, alerts, reminders,
        // calendars, the next chapter or phase give payment verbs another sense; becoming a
        // subscriber and paying are payment verbs; "a few" counts as a number in an offer counted
        // down; "only on this screen", "until the end of the day", "before the discount
        // disappears", "the first 100 people" in the 24 languages; "3 months less"; "skip" in
        // the 24 languages as a decline, and more bad outcomes.
        LabelledSet(file: "copy-heldout-22.tsv", label: "held-out 22 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 22 was mended, from the same brief
        // as sets 21 and 22 (more apps and angles). Its first run: precision price, savings, free
        // and confirmshaming 1.00, urgency 0.97, payment verbs 0.96; recall price 1.00, free
        // 0.90, payment verbs 0.86, urgency 0.82, savings 0.74, confirmshaming 0.49 (0.61 in the
        // ten languages issue 5 names, 0.38 in the other fourteen). Read and mended at the
        // nineteenth stop: fewer periods paid with words between ("zahlst du nur 10 statt 12
        // Monate", "Buy 12 months, pay for 9") or a yearly plan named anywhere; periods saved a
        // few words after the saving; "De R$ 199 por R$ 99" (price-from, price-to); "only until"
        // with a time; the rhetorical "who needs", "for the weak"; more bad outcomes.
        LabelledSet(file: "copy-heldout-23.tsv", label: "held-out 23 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 23 was mended, from the brief in
        // Fixtures/copy-brief.md. Its first run: precision price 1.00, free 0.98, confirmshaming
        // 0.98, savings 0.94, payment verbs 0.76, urgency 1.00; recall price 1.00, free 1.00,
        // urgency 0.89, savings 0.88, payment verbs 0.84, confirmshaming 0.57 (0.76 in the ten
        // languages issue 5 names, 0.43 in the other fourteen). With the detectors before set
        // 23's mends: savings 0.93 and 0.80, confirmshaming 0.55, the rest the same. Read and
        // mended at the nineteenth stop: badges, levels, alerts and channels in the 24 languages
        // give payment verbs another sense; billing in the passive ("will be charged",
        // "wordt afgeschreven"); "from" a price "to" a lower one; "free" before its periods;
        // flash sales; letting one's dog, child or plants go on as they are (continuations);
        // a sarcastic "(it's not)".
        LabelledSet(file: "copy-heldout-24.tsv", label: "held-out 24 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 24 was mended, from the same brief.
        // Its first run: precision price, savings, urgency and free 1.00, confirmshaming 0.98,
        // payment verbs 0.88; recall price 0.98, free 1.00, payment verbs 0.92, savings 0.88,
        // urgency 0.86, confirmshaming 0.60 (0.68 in the ten languages issue 5 names, 0.52 in
        // the other fourteen); with the previous stop's detectors payment verbs 0.77/0.88,
        // confirmshaming 0.95/0.53. Read and mended at the nineteenth stop: billing nouns and
        // becoming a member in the 24 languages; skills, achievements and compound calendars as
        // other senses; "N € in your pocket"; spelled-out periods paid ("Betala för nio månader,
        // få tolv"); "instead of" before a former price; a few hours left, the end of the
        // promotion, this weekend only, before prices rise, the last N places; getting lost,
        // wet, back pain, luck, "… maybe"; "later" is a neutral choice.
        LabelledSet(file: "copy-heldout-25.tsv", label: "held-out 25 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 25 was mended, from the same brief.
        // (Its writer noted that the neutral declines and plain mentions of time repeat a few
        // shapes across languages.) Its first run: precision 1.00 for all but payment verbs,
        // 0.88; recall price 0.98, savings 0.98, urgency 0.93, free 1.00, payment verbs 0.90,
        // confirmshaming 0.70 (0.76 in the ten languages issue 5 names, 0.64 in the other
        // fourteen); with the previous stop's detectors savings 0.94, urgency 0.86, payment
        // verbs 0.79/0.82, confirmshaming 0.62. Read and mended at the nineteenth stop: paid
        // tiers and billing in the 24 languages; technique, weather, doors and locks as other
        // senses; countdowns started, no second chance, only the first N, prices rising next
        // week; resignation ("que sea lo que Dios quiera"), where the money goes, the single
        // life, things that sort themselves out, slow phones, hopelessness.
        LabelledSet(file: "copy-heldout-26.tsv", label: "held-out 26 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 26 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings,
        // free, urgency and confirmshaming 1.00, payment verbs 0.87; recall price 1.00, payment
        // verbs 0.96, free 0.96, urgency 0.80, savings 0.76, confirmshaming 0.61 (0.65 in the ten
        // languages issue 5 names, 0.58 in the other fourteen); with the previous stop's
        // detectors savings 0.68, urgency 0.78, payment verbs 0.77/0.82, confirmshaming 0.51.
        // Read and mended at the nineteenth stop: less or cheaper than paying monthly, paying a
        // quarter, "pay less"; back to full price, first come first served, almost full, this
        // price won't be back, prices rising next month; slang for free; being poor, money that
        // flies away, lag, getting used to it, "not for me" with losing weight.
        LabelledSet(file: "copy-heldout-27.tsv", label: "held-out 27 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 27 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings,
        // free and confirmshaming 1.00, payment verbs 0.98, urgency 0.97; recall price 1.00, free
        // 0.96, payment verbs 0.96, savings 0.92, urgency 0.78, confirmshaming 0.76 (0.87 in the
        // ten languages issue 5 names, 0.67 in the other fourteen); with the eighteenth stop's
        // detectors savings 0.80, urgency 0.68, payment verbs 0.77/0.88, confirmshaming 0.66.
        // Read and mended at the nineteenth stop: "(før 399 kr)", "for the price of 2", monthly
        // fees saved; the clock ticking, only N places, wait until next year, a deal that
        // evaporates or self-destructs, separable "loopt … af"; a trial that ends on a date is no
        // urgency; letting one's plants or children wait for another time, snoring, broken
        // English, guessing ("guessing" itself made a neutral English decline of the never-read
        // set 5 shaming, so only the other languages' words are in).
        LabelledSet(file: "copy-heldout-28.tsv", label: "held-out 28 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 28 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings
        // and free 1.00, urgency 0.99, confirmshaming 0.98, payment verbs 0.94; recall price
        // 1.00, free 1.00, payment verbs 0.98, savings 0.92, urgency 0.84, confirmshaming 0.60
        // (0.70 in the ten languages issue 5 names, 0.51 in the other fourteen); with the
        // eighteenth stop's detectors savings 0.86, urgency 0.97/0.80, payment verbs 0.81/0.92,
        // confirmshaming 0.97/0.49. Read and mended at the nineteenth stop: months not paid,
        // "effectively free"; an offer shown only once, lost when this screen closes, N hours
        // left, never repeated, the last week of a sale, a last-minute deal; paying members;
        // "… someday", suffering, boredom, gathering dust, giving up, overdrafts, "my lifestyle";
        // German "zurück" alone (a back button) is no bad outcome.
        LabelledSet(file: "copy-heldout-29.tsv", label: "held-out 29 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 29 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings,
        // urgency and confirmshaming 1.00, free 0.98, payment verbs 0.90; recall price 1.00, free
        // 0.98, savings 0.96, payment verbs 0.94, urgency 0.88, confirmshaming 0.71 (0.79 in the
        // ten languages issue 5 names, 0.64 in the other fourteen); with the eighteenth stop's
        // detectors savings 0.98/0.86, urgency 0.80, payment verbs 0.75/0.84, confirmshaming
        // 0.54. Read and mended at the nineteenth stop: months given, "N times cheaper"; the last
        // chance in the 24 languages, back to the old price, gone tomorrow; Korean "무료한"
        // (dull) is no "free"; knowledge and cooking skills as other senses; settling for less,
        // belly fat, staying up late, "... or not".
        LabelledSet(file: "copy-heldout-30.tsv", label: "held-out 30 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 30 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision savings,
        // urgency and free 1.00, price and payment verbs 0.98, confirmshaming 0.96; recall price
        // 1.00, free 1.00, savings 0.98, urgency 0.95, payment verbs 0.92, confirmshaming 0.69
        // (0.74 in the ten languages issue 5 names, 0.64 in the other fourteen); with the
        // eighteenth stop's detectors savings 0.92, urgency 0.82, payment verbs 0.78/0.80,
        // confirmshaming 0.55. Read and mended at the twentieth stop: month and weekday names as
        // near times, costing more from a date, prices rising, the last moment; cheaper than
        // paying monthly by an amount; buying in its other persons, money taken ("спишутся",
        // "se strhne"), newsletters in the 24 languages; "ribu" (thousands) counting reviews is
        // no price; expiry dates are no deadline; sarcastic "worked great so far", "or so I tell
        // myself", leaving it to fate; phones that crawl, fill up or die; savings that vanish;
        // the same again, boredom, dust, singing off-key, a leaky VPN, sounding like a robot;
        // continuing without Premium or on a free plan is neutral.
        LabelledSet(file: "copy-heldout-31.tsv", label: "held-out 31 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 31 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings,
        // free and confirmshaming 1.00, urgency 0.99, payment verbs 0.82; recall price 1.00, free
        // 1.00, payment verbs 0.98, savings 0.96, urgency 0.94, confirmshaming 0.79 (0.87 in the
        // ten languages issue 5 names, 0.71 in the other fourteen); with the detectors before set
        // 31's mends the same, but payment verbs precision 0.83. Read and mended at the twentieth
        // stop: "for the price of N months" and "N of the 12 months" in the 24 languages, "betaler
        // du kun for" (verb first); "it's over" after a promotion, the clock ticking, "in N hours'
        // time"; the last day of a trial is no urgency; shopping lists, phones unlocked with a
        // face, one's English or skills upgraded, notifications, "pays off" and "pagar mico" as
        // other senses of payment verbs; one's back complaining, blurry photos, fending for
        // oneself, putting up with, on one's own, "what difference does it make", sore muscles,
        // a phone filling up, plants that will somehow survive.
        LabelledSet(file: "copy-heldout-32.tsv", label: "held-out 32 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 32 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings,
        // urgency, free and confirmshaming 1.00, payment verbs 0.92; recall price 1.00, free 1.00,
        // savings 0.98, payment verbs 0.96, urgency 0.85, confirmshaming 0.79 (0.87 in the ten
        // languages issue 5 names, 0.71 in the other fourteen); with the nineteenth stop's
        // detectors, before sets 31 and 32 were read, the same but payment verbs recall 0.94.
        // Read and mended at the twentieth stop: a spelled number counts an offer down ("Nur noch
        // drei Tage zum Aktionspreis"); selling fast, never at this price again, the first N
        // subscribers, the last hours, "only N hours left", prices back to normal; achievements
        // and badges in the 24 languages as other senses; overpaying gladly, staying single,
        // instant noodles, screens and cartoons all day, wilting plants, being used to it,
        // snooping, blurry ("мыльные") photos. A countdown word with a near time alone was tried
        // as urgency and dropped: "3 exercises left for today", "סונכרן לאחרונה לפני 3 דקות".
        LabelledSet(file: "copy-heldout-33.tsv", label: "held-out 33 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 33 was mended, from the same brief
        // (asked as well to vary the negatives' shapes). Its first run: precision price, savings
        // and urgency 1.00, free, payment verbs and confirmshaming 0.98; recall price, savings,
        // free and payment verbs 1.00, urgency 0.93, confirmshaming 0.75 (0.82 in the ten
        // languages issue 5 names, 0.69 in the other fourteen). With the nineteenth stop's
        // detectors, urgency 0.89 and confirmshaming 0.74. Read and mended at the twenty-first
        // stop: a Hebrew word also starts after its prefix letters ("שהכסף" holds "הכסף"); an
        // offer valid only for a near time, "only now", the first N who sign up, gone tomorrow;
        // "gratuitous" violence is not free; signing up for messages is no purchase; final
        // bosses, being overdrawn, stammering, panting, the couch, complaining partners, money
        // flowing away, a dog that never learns, "never heard of it", "I know better", "I'll
        // start on Monday" in the 24 languages; deciding is a neutral choice.
        LabelledSet(file: "copy-heldout-34.tsv", label: "held-out 34 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 34 was mended, from the same brief.
        // Its first run: precision price, savings, urgency, free and confirmshaming 1.00, payment
        // verbs 0.94; recall price and free 1.00, payment verbs 0.98, urgency 0.97, savings 0.90,
        // confirmshaming 0.85 (0.92 in the ten languages issue 5 names, 0.79 in the other
        // fourteen); with the twentieth stop's detectors the same but confirmshaming 0.84. Read
        // and mended at the twenty-first stop: a spelled number of periods after a gift verb
        // ("Te regalamos dos meses"); saving verbs in Vietnamese and Korean, paying in Czech; an
        // offer shown only once; registering for a paid tier in Japanese; calendars, skills and
        // weather alerts as other senses; networks left wide open or unprotected, shabby photos,
        // children left alone or bored, plants fending for themselves, "sleep is overrated" in
        // Hebrew, being in shape, "… I guess" after an ellipsis, in the 24 languages.
        LabelledSet(file: "copy-heldout-35.tsv", label: "held-out 35 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 34 was mended, from the same brief.
        // Its first run: precision price, savings, urgency, free and confirmshaming 1.00, payment
        // verbs 0.96; recall price and free 1.00, payment verbs 0.98, savings 0.96, urgency 0.90,
        // confirmshaming 0.85 (0.89 in the ten languages issue 5 names, 0.81 in the other
        // fourteen); with the twentieth stop's detectors urgency 0.89 and confirmshaming 0.84,
        // the rest the same; reading set 35 changed none of them. Read and mended at the
        // twenty-second stop: amounts with a word for ten thousand or a thousand ("2만 원",
        // "1万円"); a spelled number of months paid against the whole year ("helår"); a spelled
        // number of hours, a last opportunity, a few hours left, the first hundred or thousand,
        // prices hiked ("zamlanıyor"); calendars and tips by email as other senses, "we charge"
        // in Finnish; wasted money and bad buys, pets badly behaved or not listening, being
        // watched, hackers, skills that stay poor, plants dying, fitness that can wait, in the 24
        // languages.
        LabelledSet(file: "copy-heldout-36.tsv", label: "held-out 36 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind after set 35 was mended, from the same brief.
        // Its first run: precision price, urgency, free, payment verbs and confirmshaming 1.00,
        // savings 0.98; recall price and free 1.00, urgency 0.99, payment verbs 0.98, savings
        // 0.88, confirmshaming 0.81 (0.87 in the ten languages issue 5 names, 0.76 in the other
        // fourteen). Pinned at those figures; reading set 36 changed none of them. Read and
        // mended at the twenty-third stop: "N of the months" as periods, minus and "avslag"
        // before a percentage, an amount less to pay in Hindi, the whole year with a prefixed
        // preposition in Arabic, storage saved in Swedish; only for the first N in Norwegian;
        // "I pay" in Polish, Czech and Russian; bad posture, children glued to screens, extra
        // kilos, things that will survive or manage without care, exhaustion, school-level
        // languages, a dead battery, money thrown away, "is not needed" in Japanese and Arabic.
        LabelledSet(file: "copy-heldout-37.tsv", label: "held-out 37 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief while set 37 was read. Its
        // first run, after set 37 was mended: precision price, urgency, free and payment verbs
        // 1.00, confirmshaming 0.99, savings 0.96; recall price and free 1.00, payment verbs 0.98,
        // savings 0.96, urgency 0.89 (0.82 in the ten languages issue 5 names, 0.95 in the other
        // fourteen), confirmshaming 0.86 (0.86 / 0.86); on its lines found in no other set,
        // savings 0.95 / 0.95, urgency recall 0.82, confirmshaming 0.98 / 0.81. The same with the
        // detectors from before set 37 was read. Read and mended at the twenty-third stop:
        // battery and power as what is saved, "you pay the equivalent of", the whole year in
        // Portuguese and Finnish; prices climbing or rising in the 24 languages, an offer that is
        // history, offers valid only while the screen is open; "you will be charged" in Spanish;
        // "without Plus" and "for now" as neutral choices; paying more, a snail's pace, never
        // learning, left to luck, better than me, "I already know everything".
        LabelledSet(file: "copy-heldout-38.tsv", label: "held-out 38 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief while set 37 was read
        // (its writer started before set 38's and finished after). Its first run, after set 38
        // was mended: precision price, savings, urgency and confirmshaming 1.00, free 0.98,
        // payment verbs 0.93; recall price, savings, free and payment verbs 1.00, urgency 0.90
        // (0.92 / 0.88), confirmshaming 0.75 (0.72 / 0.77); on its lines found in no other set,
        // urgency recall 0.85, payment verbs precision 0.90, confirmshaming recall 0.72. Before
        // set 38 was read, urgency recall 0.89, the rest the same. Read and mended at the
        // twenty-third stop: places still open, seats, Polish weekdays in the genitive, gone once
        // the screen is closed; free kicks and throws; techniques, stages and pushing oneself as
        // other senses of upgrading, unlocking and paying; declines about things left a mystery,
        // staying single and bitter, not keeping it up, pets that do not understand, learning
        // someday anyway, three in the morning, getting lost, putting up with it, not cooking, an
        // empty wallet, getting soaked.
        LabelledSet(file: "copy-heldout-39.tsv", label: "held-out 39 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief while set 38 was read,
        // never shown line by line: the current measure of generalisation. Its first run, after
        // set 39 was mended: precision price, free and confirmshaming 1.00, urgency 0.99, savings
        // 0.98, payment verbs 0.96; recall price, free and payment verbs 1.00, savings 0.92,
        // urgency 0.90 (0.87 / 0.93), confirmshaming 0.82 (0.87 / 0.79); on its 512 lines found
        // in no other set, savings recall 0.88, urgency 0.88, confirmshaming 0.77. Read and
        // mended at the twenty-fourth stop: a price cut straight down (直降), spending less, the
        // months' money kept in the pocket, costing less than months bought singly; battery in
        // the Turkish ablative; game boards and rain alerts; the clock ticking, a pumpkin at
        // midnight, less than N hours left, limited to the first N, gone on a day, over tonight,
        // a price that will not come again; a workout countdown; declines about stolen data and
        // hackers, fitness, wilting flowers, insomnia, staying single, a bank balance shrugged
        // off, health or a body "fine as it is", not wanting to sleep well, and the ironic aside
        // ("(più o meno)", "(padahal belum)").
        LabelledSet(file: "copy-heldout-40.tsv", label: "held-out 40 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief while set 40 was read. Its
        // first run, after set 40 was mended: precision price, savings, free and confirmshaming
        // 1.00, urgency 0.99, payment verbs 0.89; recall price, free and payment verbs 1.00,
        // savings and urgency 0.96, confirmshaming 0.85 (0.95 in the ten languages issue 5 names,
        // 0.77 in the other fourteen); on its 440 lines found in no other set, savings recall 0.94,
        // urgency 0.98 / 0.93, payment verbs precision 0.82, confirmshaming recall 0.80. Before set
        // 40 was read, savings recall 0.94, the rest the same. Read and mended at the twenty-fourth
        // stop: "saved" as a participle, "normally" before a former price; levels unlocked by
        // finishing lessons, English upgraded, tips by e-mail, a training agenda; seats limited,
        // this evening, until tonight, a workout's minutes left; declines about being hopeless at
        // it anyway, children left to do homework alone, being happy alone, passwords surely safe
        // enough, broken English, a dog that will make do or needs less.
        LabelledSet(file: "copy-heldout-41.tsv", label: "held-out 41 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief while set 41 was read,
        // never shown line by line: the current measure of generalisation. Its first run, after
        // set 41 was mended: precision price, savings, urgency, free and confirmshaming 1.00,
        // payment verbs 0.98; recall price and free 1.00, urgency 0.97, savings and payment
        // verbs 0.96, confirmshaming 0.75 (0.79 in the ten languages issue 5 names, 0.71 in the
        // other fourteen); 349 of its lines repeat earlier sets, and on the 371 found in no
        // other set, savings recall 0.90, urgency 0.95, payment verbs 0.94 / 0.88,
        // confirmshaming recall 0.63. With the detectors from before set 41 or set 40 was read,
        // confirmshaming recall 0.74, the rest the same. Pinned there. At the twenty-fifth stop,
        // confirmshaming by elimination was measured on it with the neutral declines of sets up
        // to 41 (0.96 / 0.99); then its own neutral declines went into `neutral-declines`, and
        // its confirmshaming floor follows (1.00 / 0.99). Read and mended at the twenty-sixth
        // stop with set 43 (see there).
        LabelledSet(file: "copy-heldout-42.tsv", label: "held-out 42 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief at the twenty-fifth stop:
        // the first set written after confirmshaming by elimination. Its first run: precision price, savings and free 1.00,
        // urgency and confirmshaming 0.99, payment verbs 0.98; recall price, free and
        // confirmshaming 1.00, payment verbs 0.98, urgency 0.97, savings 0.94. Confirmshaming
        // without elimination (the vocabularies of 2e8e16e): 1.00 / 0.69; on its lines in no
        // other set 0.99 / 1.00 against 1.00 / 0.65. Read and mended, with set 42, at the
        // twenty-sixth stop while set 44 was written: a count of months paid before the paying
        // word ("12 Monate zahlen, 15 Monate trainieren"), an amount joined to a savings noun
        // ("₹600 की बचत", "$20 in savings"), months "on us" in Turkish; prices rising with words
        // between, the price back to normal, before the price rises (subjunctive), the first N
        // who take it, a Danish trial's end date as no deadline; billing participles, becoming a
        // (paying) member whatever else the label mentions, trophies and calendars as other
        // senses; a Turkish decline written with letters only covered languages use, and
        // neutral Turkish for looking around the app first.
        LabelledSet(file: "copy-heldout-43.tsv", label: "held-out 43 ", minimumLines: 100),
        // 720 strings, 24 languages, written blind from the same brief at the twenty-sixth stop
        // while sets 42 and 43 were read, never shown line by line, and kept unread: the measure
        // issue 5 was closed on. Its first run, after sets 42 and 43 were mended: precision price,
        // urgency and free 1.00, confirmshaming 0.99, savings and payment verbs 0.98; recall
        // price, free and confirmshaming 1.00, savings and payment verbs 0.98, urgency 0.97. On
        // its 534 lines in no other set: 0.96-1.00 everywhere. Pinned there.
        LabelledSet(
            file: "copy-heldout-44.tsv", label: "held-out 44 ", minimumLines: 100, blind: true,
            floors: [
                "price": (0.99, 0.99), "savings": (0.97, 0.97), "urgency": (0.99, 0.96), "free": (0.99, 0.99),
                "payment-verb": (0.97, 0.97), "confirmshaming": (0.98, 0.99),
            ]),
        // Written for issue 55 from its list of weak patterns (trial periods as savings, free
        // claims without the word, daily allowances, "unlock", rubles and trailing ISO codes,
        // Thai and Hindi deadlines, scarcity); read line by line. Two prices stay missed: "49
        // TRY" (an ISO code that is also a word, told apart only by its capitals, which the
        // normalised text no longer has) and "299 р." (one letter, also "page" and "year").
        LabelledSet(
            file: "copy-dev-3.tsv", label: "dev 3 ",
            detectors: ["price", "savings", "urgency", "free", "payment-verb", "trial-offer"],
            minimumLines: 6,
            floors: ["price": (1.0, 0.6)]),
        // Written blind for issue 55 by three writers (1,360 lines, 17 languages, 80 lines each:
        // six detector classes and trial offers). Measured once before the issue's work and once
        // after (savings 0.99/0.84, payment verbs 0.97/0.87, trial offers 0.91/0.91, the rest
        // 0.94 or more), then read and mended: its 12 savings lines with `{{ savings_percent }}`
        // labelled as hard-coded were relabelled, as RULES.md has that placeholder be the fix.
        LabelledSet(
            file: "copy-heldout-45.tsv", label: "held-out 45 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by two other writers from the same brief (680 lines, 17
        // languages, 40 lines each) after set 45's second run, frozen (SHA-256 in README.md);
        // measured once before the second round of mends (from the development set 3) and once
        // after, pinned there and raised after set 45's mends; then read and mended.
        LabelledSet(
            file: "copy-heldout-46.tsv", label: "held-out 46 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 60, perLanguageAccuracy: 0.80),
        // Written blind for issue 55 by two more writers from the same brief (680 lines, 17
        // languages, 40 lines each) while set 45's misses were mended, frozen (SHA-256 in
        // README.md), never read line by line; measured once before those mends and once after.
        LabelledSet(
            file: "copy-heldout-47.tsv", label: "held-out 47 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 60, blind: true,
            floors: [
                "price": (1.00, 1.00), "savings": (1.00, 0.98), "urgency": (1.00, 1.00), "free": (1.00, 0.98),
                "payment-verb": (0.98, 1.00), "confirmshaming": (0.98, 1.00), "trial-offer": (1.00, 1.00),
            ], perLanguageAccuracy: 0.80),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, so 12 a class and language) after sets 45 and 46 were read
        // and mended, frozen (SHA-256 in README.md). Its one run: price 1.00/0.99, savings
        // 0.99/0.96, urgency 1.00/0.98, free 0.99/0.91, payment verbs 0.96/0.88, confirmshaming
        // 0.98/0.99, trial offers 0.97/0.84; then read and mended.
        LabelledSet(
            file: "copy-heldout-48.tsv", label: "held-out 48 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each) while set 48's misses were mended, frozen. Its one run: price
        // 1.00/0.98, savings 0.98/0.97, urgency 0.99/0.95, free 1.00/0.95, payment verbs
        // 0.97/0.91, confirmshaming 1.00/1.00, trial offers 1.00/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-49.tsv", label: "held-out 49 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each) while set 49's misses were mended, frozen. Its one run: price
        // 1.00/0.99, savings 1.00/0.98, urgency 1.00/0.95, free 0.99/0.91, payment verbs
        // 0.93/0.88, confirmshaming 0.96/1.00, trial offers 1.00/0.96; then read and mended.
        LabelledSet(
            file: "copy-heldout-50.tsv", label: "held-out 50 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each; lines that repeated an earlier set were rewritten by them)
        // while set 50's misses were mended, frozen. Its one run: price 1.00/1.00, savings
        // 0.99/0.97, urgency 1.00/0.98, free 1.00/0.91, payment verbs 0.93/0.95, confirmshaming
        // 0.65/1.00 (neutral declines with app names and activities), trial offers 0.96/1.00;
        // then read and mended.
        LabelledSet(
            file: "copy-heldout-51.tsv", label: "held-out 51 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 51's misses were
        // mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.97, urgency 1.00/0.98,
        // free 1.00/0.96, payment verbs 0.91/0.98, confirmshaming 0.75/0.98, trial offers
        // 0.98/0.94; then read and mended.
        LabelledSet(
            file: "copy-heldout-52.tsv", label: "held-out 52 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 52's misses were
        // mended, frozen. Its one run: price 1.00/0.98, savings 0.98/0.97, urgency 0.99/0.97,
        // free 1.00/0.93, payment verbs 0.91/0.97, confirmshaming 0.95/1.00, trial offers
        // 0.97/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-53.tsv", label: "held-out 53 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 53's misses were
        // mended, frozen. Its one run: price 1.00/1.00, savings 0.98/0.97, urgency 0.99/0.97,
        // free 1.00/0.97, payment verbs 1.00/0.93, confirmshaming 0.89/0.99, trial offers
        // 0.93/0.96; then read and mended.
        LabelledSet(
            file: "copy-heldout-54.tsv", label: "held-out 54 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 54's misses were
        // mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.95, urgency 1.00/0.99,
        // free 0.99/0.95, payment verbs 0.90/0.96, confirmshaming 0.84/1.00, trial offers
        // 0.94/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-55.tsv", label: "held-out 55 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 55 was measured,
        // frozen. Its one run: price 1.00/1.00, savings 0.98/0.98, urgency 1.00/0.97, free
        // 1.00/0.90, payment verbs 0.95/0.97, confirmshaming 0.90/1.00, trial offers 1.00/0.99;
        // then read and mended.
        LabelledSet(
            file: "copy-heldout-56.tsv", label: "held-out 56 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 56's misses were
        // mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.98, urgency 0.99/0.96,
        // free 1.00/0.96, payment verbs 0.97/0.97, confirmshaming 0.89/0.98, trial offers
        // 0.99/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-57.tsv", label: "held-out 57 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 57's misses were
        // mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.98, urgency 0.99/0.94,
        // free 1.00/0.99, payment verbs 0.97/0.96, confirmshaming 0.86/0.97, trial offers
        // 0.97/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-58.tsv", label: "held-out 58 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.85),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 58's misses were
        // mended, frozen. Its one run: price 1.00/1.00, savings 0.99/0.96, urgency 1.00/1.00,
        // free 1.00/0.97, payment verbs 0.98/0.97, confirmshaming 0.91/0.99, trial offers
        // 1.00/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-59.tsv", label: "held-out 59 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 59's misses were
        // mended, frozen. Its one run: price 1.00/0.99, savings 0.99/0.96, urgency 1.00/0.97,
        // free 1.00/0.92, payment verbs 0.97/0.97, confirmshaming 0.90/1.00, trial offers
        // 0.99/1.00; then read and mended.
        LabelledSet(
            file: "copy-heldout-60.tsv", label: "held-out 60 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 60 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.93, urgency
        // 0.99/0.97, free 1.00/0.94, payment verbs 0.99/0.98, confirmshaming 0.93/0.99, trial
        // offers 1.00/1.00; then read and mended.
        LabelledSet(
            file: "copy-heldout-61.tsv", label: "held-out 61 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 61 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.93, urgency
        // 1.00/0.93, free 1.00/0.97, payment verbs 1.00/0.99, confirmshaming 0.94/0.99, trial
        // offers 0.94/0.94; then read and mended.
        LabelledSet(
            file: "copy-heldout-62.tsv", label: "held-out 62 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 62 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.98, urgency
        // 1.00/0.96, free 0.99/0.93, payment verbs 0.96/0.97, confirmshaming 0.92/0.99, trial
        // offers 1.00/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-63.tsv", label: "held-out 63 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 63 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.96, urgency
        // 1.00/0.96, free 1.00/0.94, payment verbs 0.97/0.96, confirmshaming 0.92/1.00, trial
        // offers 0.99/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-64.tsv", label: "held-out 64 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 64 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 0.99/0.97, urgency
        // 1.00/0.97, free 1.00/0.94, payment verbs 0.95/0.99, confirmshaming 0.94/0.99, trial
        // offers 1.00/0.97; then read and mended.
        LabelledSet(
            file: "copy-heldout-65.tsv", label: "held-out 65 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 65 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.98, urgency
        // 1.00/0.95, free 1.00/0.95, payment verbs 0.98/0.99, confirmshaming 0.90/0.98, trial
        // offers 1.00/0.99; then read and mended.
        LabelledSet(
            file: "copy-heldout-66.tsv", label: "held-out 66 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 66 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.97, urgency
        // 0.99/1.00, free 1.00/0.95, payment verbs 1.00/0.99, confirmshaming 0.93/0.98, trial
        // offers 0.99/1.00; then read and mended.
        LabelledSet(
            file: "copy-heldout-67.tsv", label: "held-out 67 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 66 was measured and
        // its misses mended, frozen. Its one run: price 1.00/1.00, savings 1.00/0.99, urgency
        // 0.99/0.96, free 1.00/0.97, payment verbs 0.99/0.99, confirmshaming 0.93/0.98, trial
        // offers 0.99/1.00; then read and mended.
        LabelledSet(
            file: "copy-heldout-68.tsv", label: "held-out 68 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while sets 67 and 68 were read
        // and measured, frozen. Its one run: price 1.00/1.00, savings 1.00/0.93, urgency
        // 1.00/0.95, free 1.00/0.94, payment verbs 0.94/0.99, confirmshaming 0.95/0.99, trial
        // offers 0.94/0.99; then read and mended.
        LabelledSet(
            file: "copy-heldout-69.tsv", label: "held-out 69 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while set 68 was read and set
        // 69 measured, frozen. Its one run: price 1.00/0.99, savings 0.99/0.98, urgency
        // 1.00/0.99, free 0.98/0.94, payment verbs 0.94/0.99, confirmshaming 0.90/0.97, trial
        // offers 0.98/0.96; then read and mended.
        LabelledSet(
            file: "copy-heldout-70.tsv", label: "held-out 70 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
        // Written blind for issue 55 by four more writers from the same brief (1,360 lines, 17
        // languages, 80 lines each, none repeating an earlier set) while sets 69 and 70 were read
        // and measured, frozen. Its one run: price 1.00/1.00, savings 0.98/0.99, urgency
        // 1.00/0.98, free 0.99/0.98, payment verbs 0.97/0.98, confirmshaming 0.91/1.00, trial
        // offers 0.99/1.00; then read and mended.
        LabelledSet(
            file: "copy-heldout-71.tsv", label: "held-out 71 ", detectors: detectorNames + ["trial-offer"],
            minimumLines: 90, perLanguageAccuracy: 0.90),
    ]

    @Test(arguments: labelledSets)
    func precisionAndRecall(on set: LabelledSet) throws {
        let lines = try Self.corpus(set.file)
        // Writers converge on stock wording ("Not now", "7 Tage kostenlos testen"): about a third
        // of each blind set repeats lines of other sets word for word, lines the detectors were
        // mended on. A blind set's figures are also printed for its lines found in no other set.
        let elsewhere =
            set.blind
            ? Set(
                try Self.labelledSets.filter { $0.file != set.file }.flatMap { try Self.corpus($0.file) }.map(
                    \.text))
            : []
        for name in set.detectors {
            let selected = lines.filter { $0.detector == name }
            try #require(selected.count >= set.minimumLines, "\(name) lines in \(set.file)")
            let (precision, recall) = try Self.measure(
                name, selected, label: set.label, showMisses: !set.blind)
            let floor = set.floors[name] ?? (0.95, 0.95)
            #expect(precision >= floor.precision, "\(set.label)\(name) precision")
            #expect(recall >= floor.recall, "\(set.label)\(name) recall")
            if let least = set.perLanguageAccuracy {
                try Self.expectPerLanguage(name, selected, atLeast: least, label: set.label)
            }
            if set.blind && set.perLanguageAccuracy == nil {
                // Figures only, split by language: the ten languages issue 5 names for urgency
                // and the other fourteen.
                let named = selected.filter { Self.issueLanguages.contains($0.lang) }
                let others = selected.filter { !Self.issueLanguages.contains($0.lang) }
                _ = try Self.measure(name, named, label: set.label + "(10 languages) ", showMisses: false)
                _ = try Self.measure(name, others, label: set.label + "(14 others) ", showMisses: false)
            }
            if set.blind {
                let fresh = selected.filter { !elsewhere.contains($0.text) }
                _ = try Self.measure(
                    name, fresh, label: set.label + "(lines in no other set) ", showMisses: false)
            }
        }
    }

    /// Prints, per language, the share of a class's lines the detector gets right, and expects
    /// each to reach `least`.
    static func expectPerLanguage(_ name: String, _ lines: [CorpusLine], atLeast least: Double, label: String)
        throws
    {
        let detect = Self.detector(name, try Self.vocabularies())
        var right: [String: (Int, Int)] = [:]
        for line in lines {
            let found = !detect(Template(line.text).plain).isEmpty
            right[line.lang, default: (0, 0)].0 += found == line.positive ? 1 : 0
            right[line.lang, default: (0, 0)].1 += 1
        }
        var cells: [String] = []
        for (lang, (correct, total)) in right.sorted(by: { $0.key < $1.key }) {
            let accuracy = Double(correct) / Double(total)
            cells.append(String(format: "%@ %.2f", lang, accuracy))
            #expect(accuracy >= least, "\(label)\(name) [\(lang)] \(correct)/\(total)")
        }
        print("\(label)\(name) per language: \(cells.joined(separator: ", "))")
    }

    static let issueLanguages: Set = ["en", "de", "fr", "es", "it", "pt-BR", "ja", "zh", "ko", "ru"]

    /// The shortcut for common letters gives what NFKC and lower-casing give, for every scalar
    /// it covers, and covers nothing NFKC would change otherwise.
    @Test func commonLettersFoldLikeNFKCAndLowercasing() {
        var covered = 0
        for value in UInt32(0x80)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), let folded = Scalars.commonLetterFolded(scalar) else {
                continue
            }
            covered += 1
            let general = String(scalar).precomposedStringWithCompatibilityMapping.lowercased()
            #expect(general == String(folded), "U+\(String(value, radix: 16))")
            #expect(scalar.properties.canonicalCombiningClass == .notReordered)
            #expect(Scalars.isWord(scalar) && !Scalars.isSpace(scalar))
        }
        #expect(covered > 30_000)
    }

    /// The digit test's shortcuts (ASCII, ranges without decimal digits, common letters) agree
    /// with the Unicode property for every scalar.
    @Test func digitShortcutsAgreeWithTheProperty() {
        var digits = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.numericType == .decimal
            #expect(Scalars.isDigit(scalar) == expected, "U+\(String(value, radix: 16))")
            if expected { digits += 1 }
        }
        #expect(digits > 600)
    }

    /// The linter's own NFKC (tables generated from the Unicode Character Database, so the
    /// binary needs no Foundation) is the standard's, as Python's `unicodedata` computes it: for
    /// every scalar of that Unicode version alone, and for letters with two marks in either
    /// order (composition, canonical ordering, blocking), Hangul jamo, Indic and kana marks.
    @Test func compatibilityNormalizationIsTheStandards() throws {
        let version = UnicodeData.version.split(separator: ".").compactMap { Int($0) }
        func known(_ scalar: Unicode.Scalar) -> Bool {
            guard let age = scalar.properties.age else { return false }
            return (age.major, age.minor) <= (version[0], version[1])
        }
        var inputs: [[Unicode.Scalar]] = []
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value), known(scalar) { inputs.append([scalar]) }
        }
        let bases: [UInt32] = [
            0x61, 0x65, 0x6F, 0x75, 0x41, 0x43, 0x73, 0xFC, 0x1ECD, 0x3C9, 0x3B1, 0x438, 0x627, 0x915, 0x1100,
            0xAC00,
            0xAC01, 0x30B1, 0xFB01, 0x2460, 0x1E9B, 0xCC6, 0xCCA,
        ]
        let marks: [UInt32] = [
            0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x308, 0x30C, 0x323, 0x327, 0x328, 0x345, 0x93C, 0x3099,
            0x309A,
            0x1161, 0x11A8, 0x653, 0x654, 0x655, 0x5B4, 0xCC2, 0xCD5,
        ]
        for base in bases {
            for first in marks {
                for second in marks { inputs.append([base, first, second].compactMap(Unicode.Scalar.init)) }
            }
        }
        func hex(_ scalars: [Unicode.Scalar]) -> String {
            scalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        }
        // Through a file: a pipe in both directions would fill up and stall.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nfkc-\(UUID().uuidString).txt")
        try inputs.map(hex).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
            import sys, unicodedata
            for line in open(sys.argv[1]):
                text = "".join(chr(int(h, 16)) for h in line.split())
                print(" ".join("%x" % ord(c) for c in unicodedata.normalize("NFKC", text)))
            """
        let result = try runProcess("/usr/bin/env", ["python3", "-c", script, file.path])
        try #require(result.status == 0, "\(result.error)")
        let expected = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(expected.count >= inputs.count)
        var mismatches: [String] = []
        for (input, standard) in zip(inputs, expected)
        where hex(CompatibilityNormalization.normalize(input)) != standard {
            mismatches.append("\(hex(input)) → \(standard)")
        }
        #expect(inputs.count > 280_000)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(10))")
    }

    /// A vocabulary compiles the scripts a text needs as it meets them; phrases whose first
    /// letter only shows once normalised (full-width, decomposed) are always there, and those
    /// with an ASCII first letter and an accented one later come with a text beyond ASCII.
    @Test func vocabularyGrowsWithTheScriptsOfTexts() {
        let unique = "grow-\(UInt64.random(in: 0...UInt64.max))"
        let matcher = PhraseMatcher(phrases: [
            unique, "limited time", "今だけ", "только сегодня", "Ｆree trial", "e\u{301}te\u{301} offer", "₹ off",
            "désolé", "offre spe\u{301}ciale", "ofrece ﬁn",
        ])
        let texts = [
            "Limited time only", "Offre speciale", "ofrece fin", "今だけ半額", "Только сегодня!",
            "Start your free trial", "Été offer", "Save ₹ off", "Désolé !", "OFFRE SPÉCIALE",
            "limited time, 今だけ, только сегодня",
        ]
        let expected = [
            "Limited time", nil, "ofrece fin", "今だけ", "Только сегодня", "free trial", "Été offer", "₹ off",
            "Désolé", "OFFRE SPÉCIALE", "limited time",
        ]
        for (text, match) in zip(texts, expected) {
            #expect(matcher.matches(in: Array(text.unicodeScalars)).first?.text == match, "\(text)")
        }
        #expect(matcher.matches(in: Array(texts.last!.unicodeScalars)).count == 3)
    }

    /// Vocabularies compile on first use; threads that race to compile one all get its matches.
    @Test func lazilyCompiledVocabularyUnderConcurrentFirstUse() {
        let unique = "race-\(UInt64.random(in: 0...UInt64.max))"
        let matcher = PhraseMatcher(phrases: ["limited time", unique, "今だけ"])
        let text = NormalizedText("Limited time: \(unique) 今だけ")
        let results = Mutex<[[Range<Int>]]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let ranges = matcher.ranges(in: text)
            results.withLock { $0.append(ranges) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 16)
        #expect(all.allSatisfy { $0.count == 3 && $0 == all[0] })
    }

    // MARK: - Prices

    func prices(_ text: String) throws -> [String] {
        try PriceDetector(vocabularies: Self.vocabularies()).matches(in: Template(text).plain).map(\.text)
    }

    /// A text keeps the prices the first detector found for the detectors with the same
    /// vocabularies, from any thread; a detector with other vocabularies scans for itself.
    @Test func keptPricesServeOnlyTheSameVocabularies() throws {
        let vocabularies = try Self.vocabularies()
        let first = PriceDetector(vocabularies: vocabularies)
        let same = PriceDetector(vocabularies: vocabularies)
        var other = vocabularies
        other["currency-symbols"] = ["¤"]
        other["currency-codes"] = []
        other["currency-words"] = []
        let otherDetector = PriceDetector(vocabularies: other)
        let plain = Array("Only $3.99, or ¤5".unicodeScalars)
        let text = NormalizedText(plain)
        let ranges = Mutex<[[Range<Int>]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let found = first.matches(in: plain, normalized: text).map(\.range)
            ranges.withLock { $0.append(found) }
        }
        #expect(ranges.withLock { $0 } == Array(repeating: [5..<10], count: 8))
        #expect(same.matches(in: plain, normalized: text).map(\.text) == ["$3.99"])
        #expect(otherDetector.matches(in: plain, normalized: text).map(\.text) == ["¤5"])
        #expect(first.matches(in: plain, normalized: text).map(\.text) == ["$3.99"])
        // A text without prices keeps that too.
        let none = NormalizedText(Array("Pick 2".unicodeScalars))
        #expect(first.matches(in: Array("Pick 2".unicodeScalars), normalized: none).isEmpty)
        #expect(first.matches(in: Array("Pick 2".unicodeScalars), normalized: none).isEmpty)
        #expect(otherDetector.matches(in: Array("Pick 2".unicodeScalars), normalized: none).isEmpty)
    }

    @Test func priceExactRange() throws {
        let detector = PriceDetector(vocabularies: try Self.vocabularies())
        let text = Array("Start for 3,99 € today".unicodeScalars)
        #expect(detector.matches(in: text) == [DetectorMatch(range: 10..<16, text: "3,99 €")])
    }

    @Test(arguments: [
        ("$3.99", "$3.99"), ("Only 3,99 € a week", "3,99 €"), ("£2.49 weekly", "£2.49"),
        ("¥480", "¥480"), ("週480円で描き放題", "480円"), ("Apenas R$ 19,90 por mês", "R$ 19,90"),
        ("Billed USD 3.99", "USD 3.99"), ("CHF 12.50 pro Monat", "CHF 12.50"),
        ("Årligt: 1.299,00 kr", "1.299,00 kr"), ("₹299 प्रति माह", "₹299"), ("Pro – US$4.99", "US$4.99"),
        ("USD3.99 weekly", "USD3.99"), ("3€99 par semaine", "3€99"), ("Всего 1 990 руб.", "1 990 руб."),
        ("Just 99p a week", "99p"), ("4,99 $ au Canada", "4,99 $"), ("주 ₩5,900으로", "₩5,900"),
        ("Only 19.99 dollars", "19.99 dollars"), ("Cuma 49 ribu sebulan", "49 ribu"),
        ("年額1万円で使い放題", "1万円"), ("연 1만 2천 원", "1만 2천 원"), ("年额2万元", "2万元"),
        ("1万2000円/年", "1万2000円"), ("年額たったの千円ぽっきり", "千円"), ("终身版只要三百元", "三百元"),
        ("每月只要九块九", "九块九"), ("월 만 원이면 무제한", "만 원"), ("만 오천원으로 1년", "만 오천원"),
        // The same currency words as a price, where no exception covers them.
        ("Lose weight for 10 pounds a month", "10 pounds"), ("Nur 5 Euro im Monat", "5 Euro"),
    ])
    func priceExamples(text: String, price: String) throws {
        #expect(try prices(text) == [price])
    }

    /// Han numerals are an amount only before a yen or yuan sign that ends the word, Hangul
    /// numerals only with a magnitude, before a 원 that ends the word.
    @Test func hanNumeralsThatAreNoPrice() throws {
        #expect(try prices("三块蛋糕") == [])
        #expect(try prices("一元化管理") == [])
        #expect(try prices("三百万用户的选择") == [])
        #expect(try prices("원하는 만큼 천천히") == [])
        #expect(try prices("프리미엄만 원하는 분께") == [])
        #expect(try prices("이 원칙은 그대로") == [])
    }

    @Test func pricesWithSpecialSpacesAndFullWidthDigits() throws {
        #expect(try prices("3,99\u{00A0}€") == ["3,99\u{00A0}€"])
        #expect(try prices("1\u{202F}990\u{202F}₽") == ["1\u{202F}990\u{202F}₽"])
        #expect(try prices("初回 ＄０．９９、その後") == ["＄０．９９"])
        #expect(try prices("週額￥４８０で") == ["￥４８０"])
    }

    @Test(arguments: [
        "24/7 support", "Version 2.0 brings layers", "Sync across 3 devices", "100% private",
        "Requires iOS 17", "com.sketchy.pro.399", "Full pricing at https://sketchy.app/pricing/3.99",
        "{{ price }} / week", "Only {{ price }} per week", "Pay in USD, EUR or GBP", "10万人が利用中",
        "1만 명이 선택한 앱",
        "Prices in £ include VAT",
        "Version 3.9.9", "Export in 1080p", "12種類の円形ブラシ", "Rated 4.8 stars by 12,000 artists",
        "Top 10 in Design", "{{ intro_price }} for {{ intro_period }}, then {{ price }}/{{ period }}",
        // "ribu" (thousands) is rupiah in "49 ribu sebulan", a count of reviews here.
        "4,8 bintang dari 80 ribu ulasan",
        // Pounds of weight and a tournament, in fitness and sports apps.
        "Lose up to 10 pounds in 8 weeks", "Drop 10 pounds with guided plans", "Follow every Euro 2024 match",
    ])
    func noPrice(text: String) throws {
        #expect(try prices(text) == [])
    }

    @Test func priceRangeMapsBackThroughTheTemplate() throws {
        let template = Template("{{ product_name }}: $3.99, then {{ price }}")
        let matches = PriceDetector(vocabularies: try Self.vocabularies()).matches(in: template.plain)
        try #require(matches.count == 1)
        #expect(matches[0].text == "$3.99")
        #expect(template.rawRange(ofPlain: matches[0].range) == 20..<25)
    }

    // MARK: - Savings

    func savings(_ text: String) throws -> [String] {
        try SavingsDetector(vocabularies: Self.vocabularies()).matches(in: Template(text).plain).map(\.text)
    }

    @Test(arguments: [
        ("Save 17%", "Save 17%"), ("-40%", "-40%"), ("−50 % today", "−50 %"), ("Spare 30 %", "Spare 30 %"),
        ("50% off your first year", "50% off"), ("Up to 70% off", "70% off"), ("30%オフ", "30%オフ"),
        ("2 months free with yearly", "2 months free"), ("年額プランで2か月分無料", "2か月分無料"),
        ("半額キャンペーン", "半額"), ("年度会员7折", "7折"), ("%30 indirim", "%30 indirim"),
        ("Réduction de 25 %", "Réduction de 25 %"),
        ("Annual saves you $25 compared with weekly", "saves you $25"),
        ("12 months for the price of 9", "for the price of 9"),
        ("Pay for 10 months, get 12", "Pay for 10 months, get 12"),
        ("Jahresplan: zwei Monate geschenkt", "zwei Monate geschenkt"),
        ("Solo 29,99 € invece di 59,99 €", "29,99 € invece di 59,99 €"),
        ("Paghi 9 mesi, ne ascolti 12", "Paghi 9 mesi, ne ascolti 12"),
        ("–50 % sur votre première année", "–50 %"),
        ("Antes 39,99 €, ahora 24,99 € el primer año", "39,99 €, ahora 24,99 €"),
        ("Was $59.99, $39.99 this week", "Was $59.99, $39.99"),
        ("Con el plan anual te ahorras casi la mitad", "ahorras casi la mitad"),
        ("Con l'annuale risparmi 2 mensilità", "risparmi 2 mensilità"),
        ("Платите за 9 месяцев — слушайте весь год", "Платите за 9 месяцев — слушайте весь год"),
        ("Im Jahresabo zahlst du nur 10 statt 12 Monate", "zahlst du nur 10 statt 12 Monate"),
        ("Buy 12 months, pay for 9", "12 months, pay for 9"),
        ("De R$ 199 por R$ 99 no primeiro ano", "De R$ 199 por R$ 99"),
        ("De R$ 179,90 por apenas R$ 89,90", "De R$ 179,90 por apenas R$ 89,90"),
        ("Jaarabonnement van € 69,99 voor € 34,99", "van € 69,99 voor € 34,99"),
        ("Dari Rp599.000 jadi Rp299.000", "Dari Rp599.000 jadi Rp299.000"),
        ("No anual você economiza o equivalente a 4 meses", "economiza o equivalente a 4 meses"),
        ("Betala för nio månader, få tolv", "Betala för nio månader, få tolv"),
        ("Te regalamos dos meses si te pasas al plan anual", "Te regalamos dos meses"),
        ("Velg helår og betal bare for ni måneder", "helår og betal bare for ni måneder"),
        ("월간 대비 2만 원 절약", "2만 원 절약"),
        ("12 Monate zahlen, 15 Monate trainieren", "12 Monate zahlen, 15 Monate"),
        ("मंथली के मुक़ाबले ₹600 की बचत", "₹600 की बचत"), ("$20 in savings", "$20 in savings"),
        ("12 aylık planı seç, 3 ayı bizden", "3 ayı bizden"),
    ])
    func savingsExamples(text: String, saving: String) throws {
        #expect(try savings(text) == [saving])
    }

    @Test(arguments: [
        "100% private", "99.9% uptime", "50% more brushes", "Save {{ savings_percent }}",
        "Save your drawings",
        "Save 3 custom palettes", "Zoom up to 400%", "100% ad-free", "7种折纸模板", "Less than $1 a day",
        "2 free drawings every month", "Loved by 90% of artists, save time",
        "Du hast jeden Tag eine kostenlose Zeichnung", "Monthly $4.99 or yearly $39.99",
        "Pay for 12 months up front, 2 devices", "Save half the time with templates",
        "节省 50% 的存储空间", "From $4.99 to $9.99 a month", "De R$ 9,90 por mês ou R$ 99 por ano",
        "Train 3 days a week and pay for 1 app", "Coba gratis 7 hari",
        "Pay for three months, get two devices", "Kostenlos jeden Tag ein neues Rezept",
        "12 Monate zahlen, 12 Monate trainieren", "Over $20 in value",
    ])
    func noSavings(text: String) throws {
        #expect(try savings(text) == [])
    }

    /// "From" a price "to" a lower one is a cut, so the two amounts are read as numbers.
    @Test(arguments: [
        ("$4.99", 4.99), ("R$ 1.299,90", 1299.9), ("Rp599.000", 599_000), ("1'299.50 CHF", 1299.5),
        ("12 000 ₽", 12_000), ("€ 47,88", 47.88), ("¥480", 480),
    ])
    func amountValues(price: String, value: Double) {
        let scalars = Array(price.unicodeScalars)
        #expect(SavingsDetector.value(of: 0..<scalars.count, in: scalars) == value)
    }

    // MARK: - Word-list detectors

    @Test func freeDetectorFindsWordsAndZeroPrices() throws {
        let detector = FreeDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("Start your free week") == ["free"])
        #expect(found("$0 for your first week") == ["$0"])
        #expect(found("0円で7日間お試し") == ["0円"])
        #expect(found("Ad-free drawing, free updates") == ["free"])
        #expect(found("Kostenlose Testphase") == ["Kostenlose"])
        #expect(found("Freedom to draw, feel free to cancel") == [])
        #expect(found("$0.99 for your first week") == [])
    }

    /// A negation right next to a charge claims no cost; a word between, or cancelling, does not.
    @Test func freeDetectorFindsNegatedCharges() throws {
        let detector = FreeDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("No payment today") == ["No payment"])
        #expect(found("Inga avgifter förrän 1 maj") == ["Inga avgifter"])
        #expect(found("14 gün ödeme yok") == ["ödeme yok"])
        #expect(found("料金なしで始める") == ["料金なし"])
        #expect(found("No hidden fees") == [])
        #expect(found("Keine versteckten Kosten") == [])
        #expect(found("Cancel anytime, no fees") == [])
        // A Korean or Japanese particle may stand between the charge and its negation.
        #expect(found("첫 달은 요금이 없어요") == ["요금이 없어요"])
        #expect(found("Fees apply after the trial") == [])
    }

    @Test func paymentVerbDetectorReadsALiteralPriceAsAVariable() throws {
        let detector = PaymentVerbDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("Start {{ intro_price }} Week") == ["Start \u{FFFC} Week"])
        #expect(found("Start $0.99 Week") == ["Start $0.99 Week"])
        #expect(found("Restore Purchases") == [])
        #expect(found("Start Free Trial") == [])
    }

    /// An acquisition verb that takes a paid product pays: the verb first, or last in a clause
    /// in verb-final languages.
    @Test func paymentByTakingAPaidProduct() throws {
        let detector = PaymentVerbDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("Obtén Premium por {{ price_per_period }}") == ["Obtén Premium"])
        #expect(found("Activer mon abonnement Premium") == ["Activer mon abonnement"])
        #expect(found("Оформить Premium") == ["Оформить Premium"])
        #expect(found("गोल्ड मेंबरशिप लें") == ["मेंबरशिप लें"])
        #expect(found("Plus'a geç ve reklamları kapat") == ["Plus'a geç"])
        #expect(found("Premium members get early access") == [])
        #expect(found("Acceso premium al instante") == [])
        #expect(found("Get started") == [])
        #expect(found("Get pro tips every week") == [])
        #expect(found("Get a free membership") == [])
        // A paid product right after the verb pays even where another word gives verbs another
        // sense; one taken by a verb-final form there does not.
        #expect(found("Sblocca Premium e ascolta oltre 2.000 podcast") == ["Sblocca Premium"])
        #expect(found("채널 구독하고 알림 받기") == [])
    }

    /// Upgrading the user's own thing pays only when it is a plan, an account or a product.
    @Test func upgradingSomethingElse() throws {
        let detector = PaymentVerbDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("Upgrade your sprint speed with this week's drill") == [])
        #expect(found("Uppgradera din kondition med ett 4-veckorsprogram") == [])
        #expect(found("Upgrade your plan") == ["Upgrade"])
        #expect(found("Upgrade your Sketchy experience with Pro") == ["Upgrade"])
        #expect(found("Upgrade to Premium") == ["Upgrade"])
    }

    /// A free claim next to a period offers a trial; a word between counts once, however its
    /// script writes it (a virama stays inside "प्रीमियम").
    @Test func trialOffersAcrossOneWord() throws {
        let detector = TrialOfferDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("3 दिन प्रीमियम मुफ़्त पाएँ") == ["मुफ़्त"])
        #expect(found("3 days premium free") == ["free"])
        #expect(found("Get 14 days of Pro free") == ["free"])
        #expect(found("3 semaines de VPN gratuites pour tester") == ["gratuites"])
        #expect(found("今週の無料レシピ") == [])
        #expect(found("Try every Premium workout free for a week") == ["free"])
        #expect(found("3 exportações gratuitas por dia") == [])
        // Free months bundled with a longer plan are a saving.
        #expect(found("The yearly plan includes 2 months free") == [])
        #expect(found("3 free scans every day") == [])
    }

    /// A word that gives the verb another sense cancels it wherever it stands in the label.
    @Test func paymentVerbsInOtherSenses() throws {
        let detector = PaymentVerbDetector(vocabularies: try Self.vocabularies())
        func found(_ text: String) -> [String] { detector.matches(in: Template(text).plain).map(\.text) }
        #expect(found("Subscribe to our weekly newsletter") == [])
        #expect(found("Face IDでロックを解除") == [])
        #expect(found("Abonner på kanalen vår") == [])
        #expect(found("Upgrade now: a new version is out") == [])
        #expect(found("Subscribe to Premium") == ["Subscribe"])
        #expect(found("Unlock Premium") == ["Unlock"])
        // Paying wording no other word takes back.
        #expect(found("Bliv betalende medlem og støt lokale podcasts") == ["betalende medlem"])
        #expect(found("Get alerts before you're billed") == ["billed"])
        #expect(found("Keep your phone charged") == [])
    }

    @Test func urgencyAndConfirmshaming() throws {
        let vocabularies = try Self.vocabularies()
        let urgency = UrgencyDetector(vocabularies: vocabularies)
        let shaming = ConfirmshamingDetector(vocabularies: vocabularies)
        #expect(
            urgency.matches(in: Template("Don’t miss out: offer ends soon").plain).map(\.text) == [
                "Don’t miss out", "offer ends",
            ])
        #expect(urgency.matches(in: Template("No hurry, take your time").plain) == [])
        // A clock inside a separable deadline verb is its time.
        #expect(
            urgency.matches(in: Template("Das Angebot läuft um 23:59 Uhr ab").plain).map(\.text) == [
                "läuft um 23:59 Uhr ab"
            ])
        #expect(
            urgency.matches(in: Template("Bara 25 rabattkoder kvar").plain).map(\.text) == [
                "rabattkoder kvar"
            ])
        #expect(urgency.matches(in: Template("3 sets left in your workout").plain) == [])
        // A spelled number counts an offer down; a countdown with a near time alone does not press.
        #expect(
            urgency.matches(in: Template("Nur noch drei Tage zum Aktionspreis").plain).map(\.text) == [
                "noch drei Tage zum Aktionspreis"
            ])
        #expect(urgency.matches(in: Template("Noch 3 Übungen für heute").plain) == [])
        #expect(
            shaming.matches(in: Template("No thanks, I’ll pay full price").plain).map(\.text) == [
                "I’ll pay full price"
            ])
        #expect(shaming.matches(in: Template("Not now").plain) == [])
        // Naming one's own good speaks for oneself; a preference for paying monthly is neutral.
        #expect(
            shaming.matches(in: Template("Hunden får klare seg selv").plain).map(\.text) == ["klare seg selv"]
        )
        #expect(shaming.matches(in: Template("No thanks, I'd rather pay monthly").plain) == [])
        #expect(
            shaming.matches(in: Template("Nein, ich zahle lieber mehr").plain).map(\.text) == [
                "zahle lieber mehr"
            ])
    }

    // MARK: - PhraseMatcher

    func phrases(_ phrases: [String], exceptions: [String] = [], in text: String) -> [String] {
        PhraseMatcher(phrases: phrases, exceptions: exceptions).matches(in: Template(text).plain).map(\.text)
    }

    @Test func phraseMatcherWordBoundaries() {
        #expect(phrases(["free"], in: "Free, free! FREE") == ["Free", "free", "FREE"])
        #expect(phrases(["free"], in: "Freedom, carefree, freely, free2") == [])
        #expect(phrases(["free"], in: "(free)") == ["free"])
        #expect(phrases(["бесплатн*"], in: "Попробовать бесплатно") == ["бесплатно"])
        // A variable is a word boundary.
        #expect(phrases(["free"], in: "{{ app_name }}free{{ period }}") == ["free"])
    }

    /// The scan's quick test of a word start (its first two or three scalars against bits kept
    /// for the vocabulary) lets through every start where a phrase may begin: a space of any
    /// kind as the third scalar, a word of one letter, a second or third scalar beyond ASCII,
    /// and a third element that is no scalar (a variable, a continuation, a lone `*`).
    @Test func phraseScanQuickTestMissesNoStart() {
        let vocabulary = [
            "no ads", "a few", "añadir", "señal", "go {}", "ok", "fre*", "get * pro", "up # off", "x",
        ]
        let cases: [(String, [String])] = [
            ("No\tads, no\u{1680}ads, no\nads", ["No\tads", "no\u{1680}ads", "no\nads"]),
            ("A\tfew, a\u{1680}few, a few", ["A\tfew", "a\u{1680}few", "a few"]),
            ("Añadir la SEÑAL", ["Añadir", "SEÑAL"]),
            ("Go {{ app_name }} now", ["Go \u{FFFC}"]),
            ("OK", ["OK"]), ("Freely, get Sketchy Pro", ["Freely", "get Sketchy Pro"]),
            ("Up 50 off, x", ["Up 50 off", "x"]),
            ("Noads, afew, añ, go, okay, get pro, up off", []),
        ]
        for (text, expected) in cases {
            #expect(phrases(vocabulary, in: text) == expected, "\(text)")
        }
    }

    @Test func phraseMatcherExactRangesAndFolding() {
        let matcher = PhraseMatcher(phrases: ["final offer", "straße", "σας"])
        let text = Array("Our ﬁnal  offer: STRASSE σΑΣ".unicodeScalars)
        #expect(
            matcher.matches(in: text) == [
                DetectorMatch(range: 4..<15, text: "ﬁnal  offer"),
                DetectorMatch(range: 17..<24, text: "STRASSE"),
                DetectorMatch(range: 25..<28, text: "σΑΣ"),
            ])
        // Full-width letters and digits, and no-break spaces, are matched through NFKC.
        #expect(phrases(["limited time"], in: "ＬＩＭＩＴＥＤ\u{00A0}time") == ["ＬＩＭＩＴＥＤ\u{00A0}time"])
        #expect(phrases(["don't miss out"], in: "Don’t\nmiss   out") == ["Don’t\nmiss   out"])
        // The Turkish capital İ folds to a plain "i" (Unicode's lower case adds a combining dot).
        #expect(phrases(["ilk ay bizden"], in: "İLK AY BİZDEN") == ["İLK AY BİZDEN"])
        #expect(phrases(["İlk ay"], in: "ilk ay") == ["ilk ay"])
    }

    @Test func phraseMatcherHebrewPrefixLetters() {
        // "שהכסף" is "that the money": a phrase matches after one or two prefix letters…
        #expect(phrases(["הכסף"], in: "עזבו, שהכסף ימשיך לברוח") == ["הכסף"])
        #expect(phrases(["כסף"], in: "עזבו, שהכסף ימשיך לברוח") == ["כסף"])
        #expect(phrases(["חינם"], in: "נסו בחינם") == ["חינם"])
        // …when three letters or more are left, not after three, and not inside other words.
        #expect(phrases(["רק"], in: "ברק") == [])
        #expect(phrases(["כסף"], in: "ושהכסף") == [])
        #expect(phrases(["חינם"], in: "אחינם") == [])
        // A prefixed word still counts once as a word of a dismiss label's object.
        let shaming = ConfirmshamingDetector(vocabularies: ["preferences": ["אני מעדיף"]])
        #expect(shaming.matches(in: Template("אני מעדיף בשקט").plain) == [])
        // A character of a script without spaces is still a word of its own after a Latin one.
        #expect(shaming.matches(in: Template("אני מעדיף Pro版").plain).map(\.text) == ["אני מעדיף"])
    }

    @Test func confirmshamingByElimination() throws {
        let shaming = ConfirmshamingDetector(vocabularies: try Self.vocabularies())
        func found(_ label: String) -> [String] {
            shaming.matches(in: Template(label).plain).filter(\.byElimination).map(\.text)
        }
        // A word no neutral decline uses: the span from the first such word to the last.
        #expect(found("No thanks, I'll water my plants myself") == ["plants myself"])
        #expect(found("Nein danke, mein Kaktus verdurstet eben") == ["Kaktus verdurstet eben"])
        // Known guilt trips keep their own match and message.
        #expect(
            shaming.matches(in: Template("Nein danke, mein Kaktus kommt allein klar").plain).first?
                .byElimination == false)
        // Neutral declines, also in words no listed label has in that order, are left alone.
        #expect(found("Not now") == [])
        #expect(found("Remind me after the weekend") == [])
        #expect(found("Jeg bestemmer meg i morgen") == [])
        #expect(found("今はしない") == [])
        // Unspaced scripts: a run of two or more unknown scalars says more.
        #expect(found("今はいい、猫がちょっと太る") == ["猫がちょっと太る"])
        // A label in a language the vocabularies do not cover is not judged.
        #expect(found("Όχι τώρα, ευχαριστώ") == [])
        #expect(found("Nem, köszönöm") == [])
        #expect(found("نه، ممنون") == [])
        // Unless a letter only covered languages write shows it is one of them (Turkish ğ ı ş).
        #expect(found("Köpeğimin sağlığını şansa bırakıyorum") == ["Köpeğimin sağlığını şansa bırakıyorum"])
        // A label that leads somewhere names the app's own screens.
        #expect(found("Back to my recipes") == [])
        // One that names the free tier settles for it; names are never unknown words.
        #expect(found("Continuer avec Brouillonne gratuit") == [])
        #expect(found("Not now, «Brouillonne»") == [])
        #expect(found("Not now, BrouillonNotes") == [])
        #expect(found("Seguir dibujando con Cuaderno Básico") == [])
        #expect(found("暂时不需要高级版") == [])
        #expect(found("ギター講座の案内を閉じる") == [])
        #expect(found("今はプランを選ばない") == [])
        #expect(found("Not now, Brouillonne drowns") == ["Brouillonne drowns"])
        // One unknown word in spaced text is more likely a name or a noun no list has.
        #expect(found("Not now, Brouillonne") == [])
        // Without neutral declines there is nothing to eliminate by.
        let bare = ConfirmshamingDetector(vocabularies: ["shaming-context": ["no thanks"]])
        #expect(bare.matches(in: Template("No thanks, I'll water my plants myself").plain) == [])
    }

    @Test func phraseMatcherContinuationAndAnyWord() {
        #expect(
            phrases(["kostenlos*"], in: "Kostenlos und kostenlose Vorlagen") == ["Kostenlos", "kostenlose"])
        #expect(phrases(["kostenlos*"], in: "unkostenlos") == [])
        #expect(phrases(["get * pro"], in: "Get Sketchy Pro") == ["Get Sketchy Pro"])
        #expect(phrases(["get * pro"], in: "Get Pro") == [])
        #expect(phrases(["for the price of #"], in: "12 months for the price of 9") == ["for the price of 9"])
        #expect(phrases(["for the price of #"], in: "for the price of a coffee") == [])
    }

    @Test func phraseMatcherVariables() {
        let matcher = PhraseMatcher(phrases: ["start {} week"])
        let template = Template("Start {{ intro_price }} week")
        #expect(
            matcher.matches(in: template.plain) == [DetectorMatch(range: 0..<12, text: "Start \u{FFFC} week")]
        )
        #expect(template.rawRange(ofPlain: 0..<12) == 0..<28)
        #expect(phrases(["start {} week"], in: "Start week") == [])
        // Without `{}` a variable is not a wildcard.
        #expect(phrases(["start week"], in: "Start {{ intro_price }} week") == [])
        #expect(phrases(["{} off"], in: "{{ savings_percent }}off") == ["\u{FFFC}off"])
    }

    @Test func phraseMatcherExceptions() {
        let exceptions = ["-free", "free up", "feel free", "hands-free"]
        #expect(phrases(["free"], exceptions: exceptions, in: "Ad-free drawing") == [])
        #expect(phrases(["free"], exceptions: exceptions, in: "Free up space, feel free") == [])
        #expect(phrases(["free"], exceptions: exceptions, in: "Hands-free mode and free updates") == ["free"])
    }

    @Test func phraseMatcherScriptsWithoutSpaces() {
        #expect(phrases(["無料"], in: "7日間無料体験") == ["無料"])
        #expect(phrases(["무료"], in: "무료로 체험하기") == ["무료"])
        #expect(phrases(["免费"], in: "免费试用7天") == ["免费"])
        #expect(phrases(["ฟรี"], in: "ทดลองใช้ฟรี 7 วัน") == ["ฟรี"])
        // A Latin word next to kana is a word of its own.
        #expect(phrases(["pro"], in: "Proにアップグレード") == ["Pro"])
    }

    @Test func phraseMatcherLeftmostLongest() {
        #expect(phrases(["free", "free trial"], in: "Free trial") == ["Free trial"])
        #expect(phrases(["a b", "b c"], in: "a b c") == ["a b"])
        #expect(PhraseMatcher(phrases: []).matches(in: Array("anything".unicodeScalars)) == [])
        #expect(PhraseMatcher(phrases: ["x"]).firstMatch(in: Array("a x x".unicodeScalars))?.range == 2..<3)
    }

    /// Phrases that start with a number are tried by what follows it: anything (a variable), a
    /// scalar right after it, or a scalar after spaces. Each kind on its own and all together.
    @Test func phraseMatcherNumberPhrases() {
        let all = ["#% off", "# % rabatt", "#-day trial", "# days left", "# {} bonus", "# x"]
        let cases: [(text: String, expected: [String])] = [
            ("Get 50% off now", ["50% off"]),
            ("30 % Rabatt", ["30 % Rabatt"]),
            ("Start a 7-day trial", ["7-day trial"]),
            ("Only 3 days left", ["3 days left"]),
            ("2{{ months }} bonus", ["2\u{FFFC} bonus"]),
            ("4   x and 5x", ["4   x"]),
            // Each phrase needs its follower where it says: directly, or after a space.
            ("10 %off, 3days left, 7 -day trial", []),
            ("50% off, 30 % rabatt, 3 days left", ["50% off", "30 % rabatt", "3 days left"]),
        ]
        for (text, expected) in cases {
            #expect(phrases(all, in: text) == expected, "\(text)")
            // The phrase that matches alone matches the same in the whole set.
            let alone = all.flatMap { phrases([$0], in: text) }
            #expect(alone.sorted() == expected.sorted(), "\(text)")
        }
    }

    /// A phrase is looked for only where a word starts with its first two scalars, unless its
    /// second element is no scalar (a space, a number, a lone scalar) or one beyond ASCII.
    @Test func phraseMatcherFirstTwoScalars() {
        let all = ["a la carte", "désolé", "x", "ab #", "abc"]
        #expect(phrases(all, in: "Order à la carte or a la carte") == ["a la carte"])
        #expect(phrases(all, in: "DÉSOLÉ, désolé") == ["DÉSOLÉ", "désolé"])
        #expect(phrases(all, in: "x, y, xx") == ["x"])
        #expect(phrases(all, in: "ab 12 abc ab") == ["ab 12", "abc"])
        #expect(phrases(all, in: "ba cab") == [])
    }

    // MARK: - NormalizedText

    @Test func normalizedTextFoldsAndMapsBack() {
        let ascii = NormalizedText("Hello World")
        #expect(String(String.UnicodeScalarView(ascii.scalars)) == "hello world")
        #expect(ascii.sourceRange(of: 6..<11) == 6..<11)

        let text = NormalizedText("Straße ３\u{00A0}\u{202F}\u{3000}ﬁ e\u{301} ΣΑΣ")
        #expect(String(String.UnicodeScalarView(text.scalars)) == "strasse 3   fi é σασ")
        #expect(text.sourceRange(of: 4..<6) == 4..<5)  // "ss" comes from "ß"
        #expect(text.sourceRange(of: 8..<9) == 7..<8)  // "3" from "３"
        #expect(text.sourceRange(of: 13..<14) == 11..<12)  // "i" from "ﬁ"
        #expect(text.sourceRange(of: 15..<16) == 13..<15)  // "é" from "e" and U+0301
    }

    /// A phrase may start at a word or at a sign, never at a space; where digits break words, a
    /// letter after a digit starts one too.
    @Test func normalizedTextWordStarts() {
        let text = NormalizedText(Array("Save 50%  off-now, 7days".unicodeScalars))
        #expect(text.wordStarts.map(\.offset) == [0, 5, 7, 10, 13, 14, 17, 19])
        #expect(text.wordStartsBreakingDigits.map(\.offset) == [0, 5, 7, 10, 13, 14, 17, 19, 20])
        #expect(NormalizedText(Array(" \t\n".unicodeScalars)).wordStarts.isEmpty)
    }

    /// Whether a text holds a digit, of any script (Thai digits are no words here, as Thai has
    /// no spaces between words), and a scalar of a script without spaces.
    @Test func normalizedTextContainsDigit() {
        let withDigits = ["Pick 2", "ฟรี ๓ เดือน", "٣ أشهر", "３ months", "Ｌevel٢"]
        let without = ["Pick two", "ฟรี สาม เดือน", "", "{{ price }} / {{ period }}", "ⅲ months"]
        for text in withDigits { #expect(NormalizedText(text).containsDigit, "\(text)") }
        for text in without { #expect(!NormalizedText(text).containsDigit, "\(text)") }
        #expect(NormalizedText("节省 50%").containsUnspaced)
        #expect(NormalizedText("ฟรี").containsUnspaced)
        #expect(!NormalizedText("Save 50% – ½ price, Ünlimited").containsUnspaced)
    }

    /// Each word start carries the indexes the phrase scan tests: its first two scalars, and a
    /// hash of the first three with a space of any kind as U+0020; none for a first scalar
    /// beyond ASCII or a start without three scalars.
    @Test func wordStartIndexes() {
        let starts = NormalizedText("Go\tup é ok").wordStarts
        func pair(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Int {
            Int(first.value) << 7 | Int(second.value)
        }
        #expect(starts.map(\.offset) == [0, 3, 6, 8])
        #expect(
            starts.map(\.pairIndex) == [
                pair("g", "o"), pair("u", "p"), WordStart.beyondASCII, pair("o", "k"),
            ])
        #expect(
            starts.map(\.tripleIndex) == [
                WordStart.tripleIndex(0x67, 0x6F, 0x20), WordStart.tripleIndex(0x75, 0x70, 0x20),
                WordStart.noTriple, WordStart.noTriple,
            ])
    }
}
