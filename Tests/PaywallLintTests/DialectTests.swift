import Foundation
import Testing

@testable import PaywallLint

/// Lints text with the core rules only and returns the report.
func lintCore(_ text: String, name: String = "p.yaml", dialect: Dialect? = nil) throws -> FileReport {
    var options = LintOptions()
    options.dialect = dialect
    let linter = try Linter(
        ruleSet: try RuleSet(packs: ["core"], library: PackLibrary.builtIn()), options: options)
    return linter.lint(SourceFile(path: name, text: text))
}

func lintFile(_ url: URL, dialect: Dialect? = nil, explicitlyNamed: Bool = true) throws -> FileReport {
    var options = LintOptions()
    options.dialect = dialect
    let linter = try Linter(
        ruleSet: try RuleSet(packs: ["core"], library: PackLibrary.builtIn()), options: options)
    let bytes = Array(try Data(contentsOf: url))
    return linter.lint(
        SourceFile(path: url.lastPathComponent, bytes: bytes), explicitlyNamed: explicitlyNamed)
}

@Suite("Dialects and the model", .yaml)
struct DialectTests {
    @Test("the canonical Sketchy example: golden model dump with every span")
    func canonicalGolden() throws {
        let report = try lintFile(Paths.examples.appendingPathComponent("sketchy/weekly.yaml"))
        #expect(report.findings.isEmpty)
        let paywall = try #require(report.paywalls.first)
        try expectGolden(ModelDump.text(paywall), "model-sketchy-weekly.txt")
        // Spot checks against the file.
        #expect(paywall.presentation?.span.description == "8:15-8:26")
        #expect(paywall.close?.delaySeconds?.value == 0)
        let disclosure = try #require(paywall.disclosure?.text)
        let intro = try #require(disclosure.template.variables.first)
        #expect(intro.name == "intro_price")
        #expect(disclosure.span(of: intro.range).description == "35:10-35:27")
    }

    @Test("aliases: fullScreenCover reads as full_screen; cta as text or mapping")
    func aliases() throws {
        let report = try lintCore(
            "paywall: 1\npresentation: fullScreenCover\ncta: {text: Go, font_size: 18}\n")
        let paywall = try #require(report.paywalls.first)
        #expect(paywall.presentation?.value == "full_screen")
        #expect(paywall.cta?.text?.text == "Go")
        #expect(paywall.cta?.fontSize?.value == 18)
        let plain = try #require(try lintCore("paywall: 1\ncta: Go\n").paywalls.first)
        #expect(plain.cta?.text?.text == "Go")
    }

    @Test("unknown keys warn at the key with the nearest known key; reading goes on")
    func unknownKeys() throws {
        let report = try lintCore(
            "paywall: 1\nhedline: Hi\nclose: {visble: true, delay_seconds: 0}\ncta: Go\n")
        let messages = report.findings.map { "\($0.span.start) \($0.ruleID) \($0.message)" }
        #expect(
            messages == [
                "2:1 core/unknown-key unknown key 'hedline'; did you mean 'headline'?",
                "3:9 core/unknown-key unknown key 'visble' in close; did you mean 'visible'?",
            ])
        #expect(report.paywalls.first?.cta?.text?.text == "Go")
        #expect(report.paywalls.first?.close?.delaySeconds?.value == 0)
    }

    /// Keys are looked up by digest (length and first seven bytes); the texts decide beyond.
    @Test func knownKeysAndFieldsCompareWholeKeys() {
        let known: KnownKeys = ["cta", "headline", "highlighted_product", "products"]
        let cases: [(String, Bool)] = [
            ("cta", true), ("ctb", false), ("ct", false), ("headline", true), ("headlinf", false),
            ("highlighted_product", true), ("highlighted_producx", false), ("highlighted_produc", false),
            ("highlighte", false), ("products", true), ("product", false), ("", false),
        ]
        for (key, isKnown) in cases {
            #expect(known.contains(key, digest: DocumentBuilder.keyDigest(key)) == isKnown, "\(key)")
        }
        let fields: MappingFields = ["highlighted_product": 4, "highlighted_producx": 5, "cta": 6, "cta": 7]
        #expect(fields["highlighted_product"] == 4)
        #expect(fields["highlighted_producx"] == 5)
        #expect(fields["highlighted_produc"] == nil)
        #expect(fields["cta"] == 7)
    }

    @Test("wrong types are errors at the value, and one bad field hides no other")
    func wrongTypes() throws {
        let yaml = try lintCore(
            "paywall: 1\nheadline: [a, b]\nbullets: one\nprice: {text: x, font_size: big}\nclose: {visible: maybe}\ncta: Go\n"
        )
        #expect(
            yaml.findings.map { "\($0.span.start) \($0.ruleID)" } == [
                "2:11 core/wrong-type", "3:10 core/wrong-type", "4:29 core/wrong-type",
                "5:18 core/wrong-type",
            ])
        #expect(yaml.findings[0].message == "headline must be text, not a list")
        #expect(yaml.paywalls.first?.cta?.text?.text == "Go")
        let json = try lintCore("{\"paywall\": 1, \"headline\": 42, \"cta\": \"Go\"}", name: "p.json")
        #expect(json.findings.map(\.message) == ["headline must be text, not a number"])
        #expect(json.findings.first?.span.start == SourcePosition(line: 1, column: 28))
    }

    /// Thousands of locales are read by two threads, one from each end until they meet; the model
    /// and the findings are the same, in the same order, as one thread's, wherever they meet.
    @Test func localesReadSideBySideMakeWhatOneThreadMakes() throws {
        var text = "paywall: 1\nheadline: Go Pro\ncta: Start\nlocalizations:\n"
        let headlines = [
            "Go Pro {{ price }}", "Go Pro {{ pirce }}", "Go Pro {{ price }", "Go Pro", "Go {{ }}",
        ]
        for k in 0..<40 {
            if k % 13 == 5 {
                text += "  x-\(k): oops\n"  // not a mapping: a finding, and no localization
                continue
            }
            text += "  x-\(k):\n    headline: \(headlines[k % headlines.count]) (\(k % 7))\n"
            text += k % 6 == 0 ? "    bullets: one\n" : "    bullets: [A (\(k)), B]\n"
            text += k % 9 == 0 ? "    ctaa: Go\n" : "    cta: {text: Subscribe (\(k))}\n"
            text += "    products: {p1: {label: \"{{ product_name }}\", badge: Best \(k % 3)}}\n"
        }
        let document = try #require(read(text).documents.first)
        let root = try #require(document.root)
        func model(sideBySideFrom: Int, frontLimit: Int = .max) -> (model: String, findings: [String]) {
            let (paywall, findings) = CanonicalDialect.read(
                document, root: root, format: .yaml, templates: TemplateCache(),
                sideBySideFrom: sideBySideFrom, frontLimit: frontLimit)
            let ranges = paywall.localizations.map { "\($0.locale.value) \($0.copies)" }
            return (
                ModelDump.text(paywall) + ranges.joined(separator: "\n"),
                findings.map { "\($0.span.start) \($0.ruleID) \($0.message)" }
            )
        }
        let inTurn = model(sideBySideFrom: .max)
        // 7 unknown, 8 malformed and 8 empty placeholders, 6 bullets not a list, 4 `ctaa`, 3
        // locales not a mapping.
        #expect(inTurn.findings.count == 36)
        #expect(inTurn.model.contains("localization x-39 @"))
        // The front reader stopped after none, one, 17 (next to a locale that is not a
        // mapping) and 39 locales, and left to meet the other where the threads' timing has it.
        for frontLimit in [0, 1, 17, 39, .max, .max, .max] {
            let sideBySide = model(sideBySideFrom: 2, frontLimit: frontLimit)
            #expect(sideBySide.model == inTurn.model, "front reader limited to \(frontLimit)")
            #expect(sideBySide.findings == inTurn.findings, "front reader limited to \(frontLimit)")
        }
    }

    @Test("plain YAML values that change type: text kept, warning given")
    func yamlAmbiguity() throws {
        let report = try lintCore(
            "paywall: 1\nproducts:\n  - {id: com.a.b, badge: no}\nheadline: 010\nclose: {visible: yes}\n")
        #expect(
            report.findings.map { "\($0.span.start) \($0.ruleID)" } == [
                "3:26 core/yaml-ambiguity", "4:11 core/yaml-ambiguity", "5:18 core/yaml-ambiguity",
            ])
        let paywall = try #require(report.paywalls.first)
        #expect(paywall.products?.value.first?.badge?.text == "no")
        #expect(paywall.headline?.text == "010")
        #expect(paywall.close?.visible?.value == true)
    }

    @Test("variables: unknown and malformed placeholders with exact spans")
    func variables() throws {
        let report = try lintCore(
            "paywall: 1\ncta: \"Only {{ pirce }} / {{ period }\"\nheadline: Hi {price}, {{ price }}\n")
        #expect(
            report.findings.map { "\($0.span) \($0.ruleID) \($0.message)" } == [
                "2:12-2:23 core/unknown-variable unknown variable {{ pirce }} in cta; did you mean {{ price }}?",
                "2:26-2:37 core/malformed-variable placeholder closed with one brace; write {{ name }} in cta",
                "3:14-3:21 core/malformed-variable placeholder opened with one brace; write {{ name }} in headline",
            ])
    }

    @Test("templates stay linear on 100,000 braces")
    func braceRuns() {
        let clock = ContinuousClock()
        var template: Template?
        let elapsed = clock.measure { template = Template(String(repeating: "{", count: 100_000) + " x") }
        #expect(template?.problems.isEmpty == false)
        #expect(elapsed < .seconds(1))
        let closing = Template(String(repeating: "}", count: 100_000))
        #expect(closing.problems.count == 1)
    }

    @Test("localizations override copy; what they leave out is not repeated")
    func localizations() throws {
        let text = """
            paywall: 1
            headline: Hi
            cta: Go
            localizations:
              de:
                headline: Hallo
                close: {label: Nicht jetzt}
                products:
                  com.a.b: {label: Woche}

            """
        let paywall = try #require(try lintCore(text).paywalls.first)
        #expect(
            paywall.copy.map(\.label) == [
                "headline", "cta", "headline (de)", "close.label (de)", "products[com.a.b].label (de)",
            ])
        #expect(paywall.localizations.first?.locale.span.start == SourcePosition(line: 5, column: 3))
        #expect(
            paywall.localizations.map { paywall.copy[$0.copies].map(\.path) } == [
                ["headline", "close.label", "products[com.a.b].label"]
            ])
    }

    @Test("thousands of locales of different sizes: each locale's copy in its range, no spare room kept")
    func localizationCapacity() throws {
        // The first locale has 2,000 bullets, the 2,000 after it one headline each: room is
        // made from the first (bounded by the node count) and what is left over is given back.
        var text = "paywall: 1\nheadline: Hi\nlocalizations:\n  l0:\n    bullets:\n"
        for k in 0..<2_000 { text += "      - b\(k)\n" }
        for k in 1...2_000 { text += "  l\(k):\n    headline: h\(k)\n" }
        let report = try lintCore(text)
        let paywall = try #require(report.paywalls.first)
        #expect(paywall.copy.count == 4_001)
        #expect(paywall.copy.capacity < 2 * 4_001)
        #expect(paywall.localizations.count == 2_001)
        #expect(paywall.localizations.last.map { paywall.copy[$0.copies].map(\.text) } == ["h2000"])
    }

    @Test("remote-config: the article's fallback paywall")
    func remoteConfig() throws {
        let text = """
            {"id": "fallback", "headline": "Unlock everything", "subhead": "One subscription, every feature.",
             "bullets": ["Unlimited projects", "Sync across devices", "No ads"],
             "productIDs": ["com.app.pro.yearly", "com.app.pro.monthly"],
             "highlightedProductID": "com.app.pro.yearly", "ctaTitle": "Start free trial", "footnote": "Cancel anytime."}
            """
        let report = try lintCore(text, name: "fallback.json")
        #expect(report.findings.isEmpty)
        let paywall = try #require(report.paywalls.first)
        try expectGolden(ModelDump.text(paywall), "model-remote-config.txt")
        #expect(paywall.dialect == .remoteConfig)
        #expect(!paywall.capabilities.contains(.close))
        #expect(paywall.cta?.text?.span.description == "4:60-4:78")
    }

    @Test("every RevenueCat fixture reads without a crash and without core/unknown-dialect", .needsShared)
    func revenueCatFixtures() throws {
        let folder = Paths.shared.appendingPathComponent("fixtures/revenuecat")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 11)
        for name in files {
            let walked = try lintFile(folder.appendingPathComponent(name), explicitlyNamed: false)
            #expect(!walked.findings.contains { $0.ruleID == CoreRuleID.unknownDialect }, "\(name)")
            if name == "offerings-invalid_paywall.json" {
                // `{"Missing": "data"}`: found by walking, it is skipped; forced, it reads.
                #expect(walked.skipped)
                let forced = try lintFile(folder.appendingPathComponent(name), dialect: .revenueCat)
                #expect(forced.paywalls.count == 1)
                #expect(
                    forced.findings.map(\.ruleID).sorted() == [
                        CoreRuleID.unknownKey, "revenuecat/localization", "revenuecat/template",
                    ])
            } else {
                #expect(walked.paywalls.first?.dialect == .revenueCat, "\(name)")
            }
        }
        let sample = try #require(
            try lintFile(folder.appendingPathComponent("PaywallData-Sample1.json")).paywalls.first)
        try expectGolden(ModelDump.text(sample), "model-revenuecat-sample1.txt")
        #expect(sample.revenueCat?.displayRestorePurchases?.value == false)
        #expect(sample.revenueCat?.defaultPackage?.value == "$rc_annual")
        #expect(sample.defaultLocale == "en_US")
        // es_ES's offer_details_with_intro_offer is " ": blank reads as absent, as RevenueCat's tests expect.
        #expect(!sample.copy.contains { $0.locale == "es_ES" && $0.path == "offer_details_with_intro_offer" })
        let tiers = try #require(
            try lintFile(folder.appendingPathComponent("PaywallData-multitier1.json")).paywalls.first)
        #expect(
            tiers.revenueCat?.packages.map(\.value) == [
                "standard_annual", "standard_monthly", "premium_annual", "premium_monthly",
            ])
        let missing = try #require(
            try lintFile(folder.appendingPathComponent("PaywallData-missing_current_and_default_locale.json"))
                .paywalls.first)
        #expect(missing.defaultLocale == "es_ES")
        #expect(missing.revenueCat?.locales.map(\.value) == ["it_IT"])
    }

    @Test("generic: copy from any vendor's tree, not identifiers, URLs, colours or base64", .needsShared)
    func generic() throws {
        let text = """
            {"title": "Start your free trial", "product_id": "com.x.pro", "background_color": "#FFFFFF",
             "items": [{"label": "Save 50%", "image_url": "https://x/y.png"}], "token": "c29tZSBiYXNlNjQgZGF0YQ==",
             "footer": "<p>Cancel anytime</p>", "layout": "vertical", "cta_title": "Continue"}
            """
        let paywall = try #require(try lintCore(text, name: "x.json", dialect: .generic).paywalls.first)
        #expect(paywall.copy.map(\.text) == ["Start your free trial", "Save 50%", "Continue"])
        #expect(paywall.copy.map(\.path) == ["/title", "/items/0/label", "/cta_title"])
        for name in try FileManager.default.contentsOfDirectory(
            atPath: Paths.shared.appendingPathComponent("fixtures/remote-config").path)
        {
            let url = Paths.shared.appendingPathComponent("fixtures/remote-config").appendingPathComponent(
                name)
            let report = try lintFile(url, dialect: .generic)
            if name.contains("egor_pw_2") {
                // A base64 preview image of 120 KiB: over the 64 KiB scalar limit, as it should be.
                #expect(report.findings.map(\.ruleID) == [CoreRuleID.limits], "\(name)")
            } else {
                #expect(report.paywalls.count == 1, "\(name)")
                #expect(!report.paywalls[0].copy.isEmpty, "\(name)")
            }
        }
    }

    @Test("a file that is no paywall: error when named, skipped with a note when walked")
    func unknownDialect() throws {
        let named = try lintCore("title: x\nitems: [1]\n")
        #expect(named.findings.map { "\($0.span.start) \($0.ruleID)" } == ["1:1 core/unknown-dialect"])
        #expect(named.findings.first?.message.contains("--dialect generic") == true)
        let declared = try lintCore("dialect: paywall/v9\nheadline: x\n")
        #expect(declared.findings.map { "\($0.span.start) \($0.ruleID)" } == ["1:10 core/unknown-dialect"])
        #expect(
            try lintCore("dialect: remote-config\nheadline: x\n").paywalls.first?.dialect == .remoteConfig)
    }
}

@Suite("StoreKit", .yaml)
struct StoreKitTests {
    func load(_ name: String) throws -> StoreData {
        let url = Paths.shared.appendingPathComponent("fixtures/storekit").appendingPathComponent(name)
        return try StoreKitReader.read(path: name, bytes: Array(try Data(contentsOf: url)))
    }

    @Test("every fixture reads; products, periods and offers come through", .needsShared)
    func fixtures() throws {
        let counts = try [
            "RevenueCat-purchases-ios.storekit", "apphud-ApphudSDK.storekit", "flutter-packages.storekit",
            "russell-archer-StoreHelper.storekit", "superwall-Superwall-iOS.storekit",
        ].map { try load($0).products.count }
        #expect(counts.allSatisfy { $0 > 0 })
        let store = try load("russell-archer-StoreHelper.storekit")
        let flowers = try #require(store.product("com.rarcher.nonconsumable.flowers.large"))
        #expect(flowers.type == .nonConsumable)
        #expect(flowers.displayPrice == "1.99")
        #expect(flowers.names["en_GB"] == "Large Flowers")
        let subscriptions = store.products.values.filter { $0.type == .autoRenewable }
        #expect(!subscriptions.isEmpty)
        #expect(subscriptions.allSatisfy { $0.period != nil })
        #expect(store.storefront == "USA")
    }

    @Test("ISO 8601 periods")
    func periods() {
        #expect(SubscriptionPeriod(iso: "P1W")?.description == "week")
        #expect(SubscriptionPeriod(iso: "P3D")?.minimumDays == 3)
        #expect(SubscriptionPeriod(iso: "P1M")?.minimumDays == 28)
        #expect(SubscriptionPeriod(iso: "P6M")?.description == "6 months")
        #expect(SubscriptionPeriod(iso: "1W") == nil)
        #expect(SubscriptionPeriod(iso: "P0W") == nil)
    }

    @Test("variables render with store values")
    func rendering() throws {
        let text = """
            {"subscriptionGroups": [{"subscriptions": [{"productID": "com.sketchy.pro.weekly", "displayPrice": "3.99",
              "recurringSubscriptionPeriod": "P1W", "localizations": [{"locale": "en_US", "displayName": "Sketchy Pro"}],
              "introductoryOffer": {"paymentMode": "payAsYouGo", "displayPrice": "0.99", "subscriptionPeriod": "P1W",
              "numberOfPeriods": 1}}]}], "settings": {"_storefront": "USA"}}
            """
        let store = try StoreKitReader.read(path: "s.storekit", bytes: Array(text.utf8))
        let values = store.variableValues(for: "com.sketchy.pro.weekly")
        let template = Template(
            "{{ intro_price }} for the first {{ intro_period }}, then {{ price }} per {{ period }}.")
        #expect(template.rendered(with: values) == "$0.99 for the first week, then $3.99 per week.")
        #expect(Template("{{ product_name }}").rendered(with: values) == "Sketchy Pro")
        #expect(Template("{{ trial_end_date }}").rendered(with: values) == nil)
    }

    @Test("a broken StoreKit file is an error with its position")
    func broken() {
        #expect(throws: ConfigurationError.self) {
            try StoreKitReader.read(
                path: "x.storekit", bytes: Array("{\"products\": [{\"displayPrice\": \"1\"}]}".utf8))
        }
        do {
            _ = try StoreKitReader.read(
                path: "x.storekit",
                bytes: Array(
                    "{\"subscriptionGroups\": [{\"subscriptions\": [{\"productID\": \"a\", \"displayPrice\": \"1\", \"recurringSubscriptionPeriod\": \"weekly\"}]}]}"
                        .utf8))
            Issue.record("expected an error")
        } catch let error as ConfigurationError {
            #expect(error.span?.start == SourcePosition(line: 1, column: 115))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite("Templates", .yaml)
struct TemplateTests {
    @Test("plain text maps back to raw offsets around variables and broken braces")
    func plainToRaw() {
        let template = Template("Get {{ price }} now {x} ok")
        #expect(template.plainText == "Get \u{FFFC} now \u{FFFC} ok")
        // "now" in plain is 6..<9; in raw it starts after "{{ price }} ".
        #expect(template.rawRange(ofPlain: 6..<9) == 16..<19)
        #expect(template.rawRange(ofPlain: 4..<5) == 4..<15)
        #expect(template.rawRange(ofPlain: 10..<11) == 20..<23)
        let plain = Template("no variables")
        #expect(plain.rawRange(ofPlain: 3..<12) == 3..<12)
    }

    @Test(
        "plain offsets map back to the raw text around broken and extra braces",
        arguments: [
            // text, plain range, raw range
            ("{{{ price }} now", 2..<6, 12..<16),  // an extra `{` is kept, the placeholder is 1..<12
            ("{{{ price }} now", 1..<2, 1..<12),
            ("a}}b", 1..<2, 3..<4),  // stray closing braces are dropped
            ("x {price} y", 2..<3, 2..<9),  // a one-brace placeholder stands for its whole text
            ("x {price} y", 4..<5, 10..<11),
            ("{{ a }}{{ b }}c", 1..<3, 7..<15),
            ("no braces", 3..<6, 3..<6),
            ("x{{ a }}y{{ b }}z{{ c }}w", 6..<7, 24..<25),  // after three placeholders
            ("x{{ a }}y{{ b }}z{{ c }}w", 4..<5, 16..<17),
            ("x{{ a }}y{{ b }}z{{ c }}w", 5..<6, 17..<24),
            ("x{{ a }}y{{ b }}z{{ c }}w", 0..<1, 0..<1),
            ("ends {{ date }}", 5..<6, 5..<15),  // a placeholder at the end: no jump after it
            ("ends {{ date }}", 0..<6, 0..<15),
        ])
    func rawRanges(text: String, plain: Range<Int>, raw: Range<Int>) {
        #expect(Template(text).rawRange(ofPlain: plain) == raw)
    }

    @Test("a file's repeated copy text is parsed once and shared; only the same bytes are the same text")
    func repeatedText() {
        let cache = TemplateCache()
        let label = cache.template(for: "{{ product_name }}")
        #expect(cache.template(for: "{{ product_name }}").normalized === label.normalized)
        // Canonically equal, different scalars: "é" precomposed, then e + combining acute.
        let composed = cache.template(for: "Caf\u{E9}")
        let decomposed = cache.template(for: "Cafe\u{301}")
        #expect(composed.rawCount == 4)
        #expect(decomposed.rawCount == 5)
        // Same length, first and last eight bytes: the same slot, told apart by their bytes.
        let annual = cache.template(for: "Save now on the annual plan today")
        let yearly = cache.template(for: "Save now on the yearly plan today")
        #expect(annual.raw == "Save now on the annual plan today")
        #expect(yearly.raw == "Save now on the yearly plan today")
        // Many different texts: every one comes back as itself, whatever slot it shares.
        for k in 0..<2_000 {
            let text = "Line \(k) of the copy"
            #expect(cache.template(for: text).raw == text)
        }
        #expect(cache.template(for: "Line 7 of the copy").rawCount == 18)
    }
}
