import Foundation
import Testing

@testable import PaywallLint

/// The small decisions inside checks and readers that run on every file, pinned case by case so
/// they can be made faster without changing what they decide.
@Suite(.yaml) struct CheckLogicTests {
    /// A rule's own message names a missing field as missing, not as an empty value.
    @Test func ownMessageForAMissingField() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let report = linter.lint(SourceFile(path: "p.yaml", text: "paywall: 1\nheadline: Hi\n"))
        let messages = report.findings.filter { $0.ruleID == "recommended/full-screen" }.map(\.message)
        #expect(
            messages == [
                "presentation is missing: a paywall not shown full screen can be swiped away before the disclosure is read; use full_screen"
            ])
    }

    /// One problem, one finding: free months with a longer plan are a saving (with advice that
    /// fits a claim that has no percentage), a free week alone is a trial, and a currency code
    /// in capitals is no shouting.
    @Test func overlappingCopyRulesReportOnce() throws {
        let linter = try Linter(
            ruleSet: try RuleSet(packs: ["recommended", "sketchy"], library: PackLibrary.builtIn()))
        func copyFindings(_ subhead: String) -> [String] {
            let report = linter.lint(
                SourceFile(path: "p.yaml", text: "paywall: 1\nsubhead: \"\(subhead)\"\n"))
            let copyRules: Set = ["apple/hardcoded-savings", "apple/trial-terms", "sketchy/calm-tone"]
            return report.findings.filter { copyRules.contains($0.ruleID) }.map {
                "\($0.ruleID): \($0.message)"
            }
        }
        #expect(
            copyFindings("Get 2 months free with the yearly plan.") == [
                "apple/hardcoded-savings: hard-coded savings \"2 months free\" in subhead; a saving written out goes stale when a price changes; compute it from store prices ({{ savings_percent }}) or leave it out"
            ])
        #expect(
            copyFindings("Save 40% with the yearly plan.").map {
                $0.hasSuffix("use {{ savings_percent }}, computed from store prices")
            } == [true])
        #expect(copyFindings("Billed in USD, EUR or GBP.") == [])
        #expect(copyFindings("UNLOCK EVERYTHING today.").map { $0.hasPrefix("sketchy/calm-tone") } == [true])
    }

    /// Without store data, each file says which rules were skipped, in rule order: only those
    /// that would have run on it, and once whether the note was made ahead or not.
    @Test func skippedForStoreNote() throws {
        let canonical = SourceFile(path: "p.yaml", text: "paywall: 1\nheadline: Hi\n")
        func note(_ packs: [String], _ file: SourceFile = canonical) throws -> [String] {
            let linter = try Linter(ruleSet: try RuleSet(packs: packs, library: PackLibrary.builtIn()))
            return linter.lint(file).notes.filter { $0.hasPrefix("skipped (need store data") }
        }
        let prefix = "skipped (need store data, give --storekit): "
        #expect(try note(["core"]) == [])
        #expect(try note(["apple"]) == [prefix + "apple/trial-timeline, apple/min-period"])
        #expect(
            try note(["apple", "recommended"])
                == [prefix + "apple/trial-timeline, apple/min-period, recommended/store-product-exists"])
        let remoteConfig = SourceFile(
            path: "fallback.json",
            bytes: Array(
                try Data(contentsOf: Paths.examples.appendingPathComponent("remote-config/fallback.json"))))
        #expect(
            try note(["apple", "recommended", "sketchy"], remoteConfig)
                == [
                    prefix
                        + "apple/trial-timeline, apple/min-period, recommended/store-product-exists, sketchy/locked-pricing"
                ])
    }

    /// A locale's copy is complete whatever order it comes in; paths the default locale lacks do
    /// not count, and each locale names what it leaves out.
    @Test func localizationsCompleteInAnyOrder() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let text = """
            paywall: 1
            headline: Hi
            subhead: There
            bullets: [One, Two]
            cta: Go
            localizations:
              de: {cta: Los, bullets: [Eins, Zwei], subhead: Da, headline: Hallo, badge: Neu}
              fr: {subhead: Là, headline: Salut}
              es: {bullets: [Uno], cta: Ir, headline: Hola, subhead: Ahí}

            """
        let report = linter.lint(SourceFile(path: "p.yaml", text: text))
        let messages = report.findings.filter { $0.ruleID == "recommended/localizations-complete" }.map(
            \.message)
        #expect(
            messages == [
                "locale fr leaves out 3 copy fields of en: bullets[0], bullets[1], cta (shown in en instead)",
                "locale es leaves out 1 copy field of en: bullets[1] (shown in en instead)",
            ])
    }

    /// The note of the dialect a file was read as names the dialect as `--dialect` does.
    @Test func readAsNotes() {
        for dialect in Dialect.allCases { #expect(dialect.readAsNote == "read as \(dialect.rawValue)") }
    }

    /// `Scalars.isSpace` answers ASCII without a property lookup and stands in for
    /// `properties.isWhitespace` wherever checks ask whether text is blank.
    @Test func isSpaceIsUnicodeWhiteSpace() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if Scalars.isSpace(scalar) != scalar.properties.isWhitespace { differing.append(value) }
        }
        #expect(differing.isEmpty)
    }

    /// A text repeated in several locales is read once but reported at each copy.
    @Test func repeatedTextIsReportedAtEveryCopy() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["apple"], library: PackLibrary.builtIn()))
        let text = """
            paywall: 1
            cta: Subscribe for $3.99 a week, cancel anytime in Settings
            localizations:
              de:
                cta: Subscribe for $3.99 a week, cancel anytime in Settings
              fr:
                cta: Subscribe for $3.99 a week, cancel anytime in Settings

            """
        let report = linter.lint(SourceFile(path: "p.yaml", text: text))
        let lines = report.findings.filter { $0.ruleID == "apple/hardcoded-price" }.map(\.span.start.line)
        #expect(lines == [2, 5, 7])
    }

    /// A worker keeps one template cache from file to file: copy that an earlier file had, under
    /// another configuration's rules too, gets the findings a fresh cache gives, at its own place.
    @Test func templateCacheCarriesCopyAcrossFilesAndConfigurations() throws {
        let apple = try Linter(ruleSet: try RuleSet(packs: ["apple"], library: PackLibrary.builtIn()))
        // With a rule off, the rules after it run at other places in the engine.
        var off = RuleOverride(location: .fileStart)
        off.off = true
        let recommended = try Linter(
            ruleSet: try RuleSet(
                packs: ["recommended"], library: PackLibrary.builtIn(),
                settings: [.init(ruleID: "apple/hardcoded-price", override: off, origin: "test")]))
        let lines = [
            "Save 40% today only, then $3.99 a week",
            "Start your free trial, offer ends tonight",
            "No thanks, I don't want to save money",
        ]
        func file(_ k: Int) -> SourceFile {
            // The same texts, in another order and at other lines in each file.
            let rotated = Array(lines[(k % 3)...] + lines[..<(k % 3)])
            var text = "paywall: 1\n" + String(repeating: "# padding\n", count: k)
            text += "headline: \(rotated[0])\ncta: \(rotated[1])\n"
            text += "localizations:\n  de:\n    cta: \(rotated[2])\n    headline: \(rotated[2])\n"
            return SourceFile(path: "p\(k).yaml", text: text)
        }
        func summary(_ report: FileReport) -> [String] {
            report.findings.map { "\($0.ruleID) \($0.span.start.line):\($0.span.start.column) \($0.message)" }
        }
        let cache = TemplateCache()
        var compared = 0
        for k in 0..<6 {
            for linter in k.isMultiple(of: 2) ? [apple, recommended] : [recommended, apple] {
                let kept = summary(linter.lint(file(k), templates: cache))
                #expect(kept == summary(linter.lint(file(k))), "file \(k)")
                compared += kept.count
            }
        }
        #expect(compared > 30)
    }

    /// The lines of one product share their start, end and length ("… use Tempo Habits every
    /// day."); the cache must still tell them apart and keep them all, or each would be read
    /// again wherever it repeats. A line found in the cache keeps its detectors' results.
    @Test func templateCacheKeepsLinesThatDifferOnlyInTheMiddle() {
        let cache = TemplateCache()
        let lines = (0..<500).map { "Join thousands of people who use App \(1000 + $0) every day." }
        for line in lines { #expect(!cache.template(for: line).keepsDetections) }
        let found = lines.filter { cache.template(for: $0).keepsDetections }.count
        #expect(found >= 475, "found \(found) of 500")
    }

    /// The cache matches texts by their bytes: a text made again (a separate string) finds its
    /// template, a canonically equal text with other scalars does not, and past the byte budget
    /// the table starts again without mixing texts up.
    @Test func templateCacheMatchesBytes() {
        let cache = TemplateCache()
        let composed = "Caf\u{E9} au lait, every day"
        let decomposed = "Cafe\u{301} au lait, every day"
        #expect(!cache.template(for: composed).keepsDetections)
        #expect(cache.template(for: String(decoding: Array(composed.utf8), as: UTF8.self)).keepsDetections)
        let other = cache.template(for: decomposed)
        #expect(!other.keepsDetections)
        #expect(other.raw.utf8.elementsEqual(decomposed.utf8))
        for k in 0..<3_000 {
            let line = "Line \(k): " + String(repeating: "long copy ", count: 20)
            #expect(cache.template(for: line).raw == line)
        }
        #expect(cache.template(for: composed).raw.utf8.elementsEqual(composed.utf8))
    }

    /// A text keeps what each detector found and hands it back without running the detector
    /// again; past `KeptDetections.limit` keys it keeps no more (the list is searched in order), and
    /// a detector not kept runs each time, with the same answer.
    @Test func keptDetectionsAreReusedUpToTheirLimit() {
        let template = Template("Save 50% today")
        var runs = 0
        func detect(_ key: Int) -> [DetectorMatch] {
            template.detections(key) {
                runs += 1
                return [DetectorMatch(range: key..<(key + 1), text: "")]
            }
        }
        let limit = KeptDetections.limit
        for key in 0..<limit { _ = detect(key) }
        #expect(runs == limit)
        for key in 0..<limit { #expect(detect(key).first?.range == key..<(key + 1)) }
        #expect(runs == limit)
        #expect(detect(limit).first?.range == limit..<(limit + 1))
        #expect(detect(limit).first?.range == limit..<(limit + 1))
        #expect(runs == limit + 2)
    }

    /// A paywall of thousands of locales has its rules run on two threads; the findings are the
    /// same, in the same order, as one thread's, however the rules fall to the threads.
    @Test func rulesRunSideBySideFindWhatOneThreadFinds() throws {
        let linter = try Linter(
            ruleSet: try RuleSet(packs: ["recommended", "sketchy"], library: PackLibrary.builtIn()))
        var text = "paywall: 1\nheadline: Go Pro\ncta: Start free trial\nlocalizations:\n"
        let planted = [
            "Only $3.99 a week", "Save 40% today only", "Offer ends tonight",
            "No thanks, I hate saving money",
            "Try it free", "Go further with Pro",
        ]
        for k in 0..<700 {
            text += "  x-\(k):\n    headline: \(planted[k % planted.count]) (\(k))\n"
            text += "    subhead: Upgrade to remove limits (\(k))\n    cta: Subscribe now (\(k))\n"
        }
        let report = linter.lint(SourceFile(path: "big.yaml", text: text))
        let paywall = try #require(report.paywalls.first)
        #expect(paywall.isLarge)
        // In the order the engine returns them, before any sorting.
        func run(sideBySide: Bool) -> [String] {
            var notes: [String] = []
            var paywall = paywall
            return linter.engine.run(on: &paywall, store: nil, notes: &notes, sideBySide: sideBySide).map {
                "\($0.ruleID) \($0.span.start) \($0.message)"
            }
        }
        let inTurn = run(sideBySide: false)
        #expect(Set(inTurn.map { $0.prefix { $0 != " " } }).count >= 4)
        #expect(inTurn.count > 700)
        for _ in 0..<5 { #expect(run(sideBySide: true) == inTurn) }
    }

    /// Hex colours as WCAG relative luminance: short and long forms agree, alpha is ignored, and
    /// anything else is no colour.
    @Test func colourLuminance() throws {
        #expect(Colors.luminance("#FFFFFF") == 1)
        #expect(Colors.luminance("#000") == 0)
        #expect(Colors.luminance("#fff") == Colors.luminance("#FFFFFF"))
        #expect(Colors.luminance("#11223380") == Colors.luminance("#112233"))
        let grey = try #require(Colors.luminance("#808080"))
        #expect(abs(grey - 0.2158605) < 1e-6)
        for text in ["red", "#12345", "#GG0000", "#ÿÿÿ", "", "#", "FFFFFF"] {
            #expect(Colors.luminance(text) == nil, "\(text)")
        }
        let ratio = try #require(Colors.contrast("#9CA3AF", "#0B0B0F"))
        #expect(abs(ratio - 7.7376) < 0.0001)
    }

    /// Placeholders of a rule's own message are replaced byte for byte, every one, beside any text.
    @Test(arguments: [
        ("{path} is {path}", "{path}", "cta", "cta is cta"),
        ("«{value}» ✓", "{value}", "Gratis testen", "«Gratis testen» ✓"),
        ("{{path}}", "{path}", "x", "{x}"),
        ("no placeholder", "{path}", "x", "no placeholder"),
        ("{pat{path}", "{path}", "ü", "{patü"),
        ("ends with {path", "{path}", "x", "ends with {path"),
    ])
    func messagePlaceholders(text: String, target: String, replacement: String, expected: String) {
        #expect(text.replacingOccurrences(target, replacement) == expected)
    }

    /// A rule's message is cut at its placeholders once; what fills one is not searched again.
    @Test(arguments: [
        ("{path} is {value}; expected {expected}", "cta is \"Start\"; expected Buy, Go"),
        ("{{path}} {value", "{cta} {value"),
        ("«{value}» ✓ {expected}{path}", "«\"Start\"» ✓ Buy, Gocta"),
        ("no placeholder", "no placeholder"),
        ("", ""),
    ])
    func messageTemplate(text: String, expected: String) {
        let template = MessageTemplate(text: text)
        #expect(template.render("fallback", path: "cta", value: "\"Start\"", expected: "Buy, Go") == expected)
    }

    @Test func messageTemplateFallbackAndFilling() {
        #expect(MessageTemplate(text: nil).render("fallback", path: "cta") == "fallback")
        #expect(
            MessageTemplate(text: "{value} at {path}").render("", path: "cta", value: "{path}")
                == "{path} at cta")
        #expect(
            MessageTemplate(text: "{path} is {value}").render("", path: "presentation")
                == "presentation is missing")
    }

    @Test(
        arguments: [
            ("https://sketchy.app/terms", nil),
            ("HTTPS://sketchy.app/terms?x=1#top", nil),
            ("http://sketchy.app/terms", "must use https, not http"),
            ("sketchy.app/terms", "is not an absolute URL"),
            ("https:sketchy.app", "is not an absolute URL"),
            ("https://localhost/terms", "has no valid host"),
            ("https://.sketchy.app", "has no valid host"),
            ("https://sketchy.app./terms", "has no valid host"),
            ("https://sketchy app.com", "has no valid host"),
            ("https://sketchy.app/privacy policy", "contains spaces"),
            (":nothing", "must use https, not no scheme"),
            ("https://bücher.de/agb", nil),
        ] as [(String, String?)])
    func urlProblems(url: String, expected: String?) {
        #expect(URLCheck.problem(url, schemes: ["https"]) == expected)
    }

    @Test(arguments: [
        ("com.sketchy.pro.weekly", true),
        ("pro_weekly.v2-beta", true),
        ("com.sketchy", true),
        ("weekly", false),
        ("1com.sketchy", false),
        ("com..sketchy", false),
        ("com.sketchy.", false),
        (".com.sketchy", false),
        ("com.sketchy.$3.99", false),
        ("com.skétchy.pro", false),
        ("Sketchy Pro Weekly", false),
        ("", false),
    ])
    func storeProductIDs(id: String, valid: Bool) {
        #expect(ProductIDsCheck.isStoreID(id) == valid)
    }

    @Test(
        arguments: [
            ("yes", "a boolean"), ("Off", "a boolean"), ("n", "a boolean"), ("~", "null"), ("NULL", "null"),
            ("3.99", "a number"), ("-1", "a number"), ("1_000", "a number"), ("0x1F", "a number"),
            (".inf", "a number"), ("1:30", "a number"), ("1e3", "a number"),
            ("Yesterday", nil), ("note", nil), ("Unlock Pro", nil), ("3 devices", nil), ("", nil),
            ("offline", nil), ("trueish", nil),
        ] as [(String, String?)])
    func yamlPlainScalarTypes(text: String, expected: String?) {
        #expect(YAMLPlainScalar.type(of: text) == expected)
    }
}
