import Foundation
import Testing

@testable import PaywallLint

/// RevenueCat Paywalls V2 ("components"): the component tree read onto the one model.
@Suite("RevenueCat V2", .yaml)
struct RevenueCatV2Tests {
    let linter: Linter = {
        do {
            return try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        } catch {
            fatalError("the built-in packs do not load: \(error)")
        }
    }()

    func findings(_ text: String, name: String = "p.json") -> [String] {
        findingsSummary(linter.lint(SourceFile(path: name, text: text)).findings)
    }

    func findings(at url: URL) throws -> [String] {
        let report = linter.lint(
            SourceFile(path: url.lastPathComponent, bytes: Array(try Data(contentsOf: url))))
        #expect(report.paywalls.first?.dialect == .revenueCatV2, "\(url.lastPathComponent)")
        return findingsSummary(report.findings)
    }

    /// A V2 paywall of one text, one package and the given extra components and strings.
    func paywall(strings: String = "", components: String = "", templateName: Bool = true) -> String {
        """
        {\(templateName ? "\"template_name\": \"components\", " : "")"default_locale": "en_US",
         "components_localizations": {"en_US": {"t": "Go Pro"\(strings)}},
         "components_config": {"base": {"stack": {"type": "stack", "components": [
           {"type": "text", "id": "t1", "text_lid": "t"}\(components)]}}}}
        """
    }

    @Test("detected by components_config and components_localizations, or by template_name components")
    func detection() {
        for text in [paywall(), paywall(templateName: false), "{\"template_name\": \"components\"}"] {
            let report = linter.lint(SourceFile(path: "p.json", text: text))
            #expect(report.paywalls.first?.dialect == .revenueCatV2)
        }
        let v1 =
            "{\"template_name\": \"2\", \"localized_strings\": {\"en_US\": {\"title\": \"Go\"}}, \"config\": {}}"
        #expect(linter.lint(SourceFile(path: "p.json", text: v1)).paywalls.first?.dialect == .revenueCat)
    }

    @Test("the example: every finding at the string, the component or the paywall")
    func example() throws {
        #expect(
            try findings(at: Paths.examples.appendingPathComponent("revenuecat-v2/paywall.json")) == [
                "1:1 apple/close-button", "11:28 apple/hardcoded-price", "13:30 apple/trial-terms",
                "19:59 revenuecat/variables",
                "21:5 recommended/localizations-complete", "37:57 revenuecat/missing-string",
                "49:11 apple/fake-urgency",
            ])
    }

    @Test("controls: navigate_back closes, restore_purchases restores, navigate_to terms and privacy link")
    func controls() {
        let strings =
            ", \"u1\": \"https://a.example/terms\", \"u2\": \"https://a.example/privacy\", \"c\": \"Continue\""
        func button(_ action: String) -> String {
            ", {\"type\": \"button\", \"action\": \(action), \"stack\": {\"type\": \"stack\", \"components\": []}}"
        }
        let complete =
            button("{\"type\": \"navigate_back\"}") + button("{\"type\": \"restore_purchases\"}")
            + button(
                "{\"type\": \"navigate_to\", \"destination\": \"terms\", \"url\": {\"url_lid\": \"u1\"}}")
            + button(
                "{\"type\": \"navigate_to\", \"destination\": \"privacy_policy\", \"url\": {\"url_lid\": \"u2\"}}"
            )
            + button("{\"type\": \"navigate_to\", \"destination\": \"customer_center\"}")
            + ", {\"type\": \"package\", \"package_id\": \"$rc_annual\", \"is_selected_by_default\": true,"
            + " \"stack\": {\"type\": \"stack\", \"components\": []}}"
            + ", {\"type\": \"purchase_button\", \"stack\": {\"type\": \"stack\", \"components\": "
            + "[{\"type\": \"text\", \"text_lid\": \"c\"}]}}"
        #expect(findings(paywall(strings: strings, components: complete)) == [])
        let rules = findings(paywall()).map { $0.split(separator: " ")[1] }
        for rule in [
            "apple/close-button", "apple/restore-button", "apple/terms-link", "apple/privacy-link",
            "recommended/cta",
        ] {
            #expect(rules.contains(Substring(rule)), "\(rule)")
        }
    }

    @Test("the restore and legal-link labels' size (points or named) and colour against the background")
    func legibility() {
        func restore(_ style: String) -> String {
            paywall(
                strings: ", \"r\": \"Restore\"",
                components:
                    ", {\"type\": \"button\", \"action\": {\"type\": \"restore_purchases\"}, \"stack\": {\"type\": "
                    + "\"stack\", \"components\": [{\"type\": \"text\", \"text_lid\": \"r\"\(style)}]}}")
        }
        #expect(
            !findings(restore(", \"font_size\": \"body_s\"")).contains {
                $0.hasSuffix("recommended/legible-text")
            })
        #expect(findings(restore(", \"font_size\": 9")).contains { $0.hasSuffix("recommended/legible-text") })
        let faint = ", \"color\": {\"light\": {\"type\": \"hex\", \"value\": \"#C7C7CCFF\"}}"
        let faintOnWhite = restore(faint).replacingOccurrences(
            of: "\"base\": {",
            with: "\"base\": {\"background\": {\"type\": \"color\", \"value\": {\"light\": "
                + "{\"type\": \"hex\", \"value\": \"#FFFFFF\"}}}, ")
        #expect(findings(faintOnWhite).contains { $0.hasSuffix("recommended/legible-text") })
    }

    @Test("V2 variables with filters; V1 names, unknown names and filters are revenuecat/variables")
    func variables() {
        let known = paywall(
            strings:
                ", \"x\": \"Try free for {{ product.offer_period_with_unit }}, then {{ product.price_per_period_abbreviated | uppercase }}\"",
            components: ", {\"type\": \"text\", \"text_lid\": \"x\"}")
        #expect(
            !findings(known).contains {
                $0.hasSuffix("revenuecat/variables") || $0.hasSuffix("apple/trial-terms")
            })
        for bad in ["{{ sub_offer_duration }}", "{{ product.pirce }}", "{{ product.price | shout }}"] {
            let text = paywall(
                strings: ", \"x\": \"\(bad)\"", components: ", {\"type\": \"text\", \"text_lid\": \"x\"}")
            #expect(findings(text).contains { $0.hasSuffix("revenuecat/variables") }, "\(bad)")
        }
        // Filters belong to V2 alone.
        #expect(
            findings("paywall: 1\nheadline: \"{{ price | uppercase }}\"\n", name: "p.yaml").contains {
                $0.hasSuffix("core/unknown-variable")
            })
    }

    @Test("free wording: in an intro-offer override it is for eligible people; elsewhere it is reported")
    func introOffer() {
        let strings =
            ", \"base\": \"Subscribe\", \"intro\": \"Start your free week\", \"freebie\": \"Start free trial\""
        func text(_ lid: String, intro: String?) -> String {
            let override =
                intro.map {
                    ", \"overrides\": [{\"conditions\": [{\"type\": \"intro_offer\"}], \"properties\": {\"text_lid\": \"\($0)\"}}]"
                } ?? ""
            return "{\"type\": \"text\", \"text_lid\": \"\(lid)\"\(override)}"
        }
        func button(_ text: String) -> String {
            ", {\"type\": \"purchase_button\", \"stack\": {\"type\": \"stack\", \"components\": [\(text)]}}"
        }
        let eligible = findings(paywall(strings: strings, components: button(text("base", intro: "intro"))))
        #expect(!eligible.contains { $0.hasSuffix("revenuecat/free-in-ineligible-copy") })
        let everyone = findings(paywall(strings: strings, components: button(text("freebie", intro: nil))))
        #expect(everyone.contains { $0.hasSuffix("revenuecat/free-in-ineligible-copy") })
    }

    @Test(
        "RevenueCat's published V2 templates: read as revenuecat-v2, each real problem and nothing else",
        .needsShared)
    func templates() throws {
        let expected: [String: [String]] = [
            "template_001": ["1:1 apple/privacy-link", "1:1 apple/terms-link"],
            // Restore and legal links in #AF52DE on white: 4.13:1.
            "template_002": [
                "2805:38 recommended/legible-text", "2906:38 recommended/legible-text",
                "3194:86 apple/trial-terms",
                "3208:86 apple/trial-terms",
            ],
            "template_004": ["1:1 apple/privacy-link", "1:1 apple/terms-link", "2077:30 apple/trial-terms"],
            // "{{ product.offer_period_with_unit }} FREE!": a trial offer without the price after it.
            "template_005": [
                "1:1 apple/privacy-link", "1:1 apple/terms-link", "2328:59 apple/trial-terms",
                "2335:59 apple/trial-terms",
            ],
            "template_007": ["2456:22 apple/trial-terms"],
            "template_010": ["2644:21 apple/privacy-link", "2644:21 apple/terms-link"],
            "template_012": [
                "1:1 apple/privacy-link", "1:1 apple/restore-button", "1:1 apple/terms-link",
                "2225:22 apple/trial-terms",
                "2232:22 apple/trial-terms", "2232:26 revenuecat/free-in-ineligible-copy",
                "2236:22 apple/trial-terms",
            ],
            "template_014": [
                "1:1 apple/close-button", "1:1 apple/privacy-link", "1:1 apple/terms-link",
                "1527:38 apple/trial-terms", "1534:34 apple/trial-terms",
            ],
            "template_017": ["1:1 apple/close-button", "1:1 apple/privacy-link", "1:1 apple/terms-link"],
            "template_019": [
                "1:1 apple/close-button", "1:1 apple/privacy-link", "1:1 apple/terms-link",
                "2758:32 apple/trial-terms",
            ],
            "template_022": [
                "2565:86 apple/trial-terms", "2575:36 apple/trial-terms", "2583:86 apple/trial-terms",
            ],
            "template_024": ["4097:22 apple/trial-terms", "4125:71 apple/trial-terms"],
            // Restore and legal links in #F69414 on white: 2.29:1.
            "template_027": [
                "2019:38 recommended/legible-text", "2120:38 recommended/legible-text",
                "2406:28 revenuecat/free-in-ineligible-copy", "2406:33 apple/trial-terms",
                "2408:22 apple/trial-terms",
            ],
        ]
        let folder = Paths.shared.appendingPathComponent("fixtures/revenuecat-v2")
        for (name, findings) in expected {
            let got = try self.findings(at: folder.appendingPathComponent(name + ".paywall_components.json"))
            #expect(got == findings, "\(name)")
            #expect(!got.contains { $0.contains("core/unknown") }, "\(name)")
        }
    }
}

/// RevenueCat offerings responses: each offering's paywall linted as a variant named by it.
@Suite("RevenueCat offerings", .yaml)
struct OfferingsContainerTests {
    let example = Paths.examples.appendingPathComponent("revenuecat-v2/offerings.json").path

    @Test("each offering's paywall (V1 or V2) is a variant; broken references are findings")
    func variants() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let report = linter.lint(
            SourceFile(path: "o.json", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: example)))))
        #expect(report.paywalls.map(\.dialect) == [.revenueCat, .revenueCatV2])
        let variants = Set(report.findings.compactMap(\.variant))
        #expect(variants == ["default", "onboarding"])
        let reference = try #require(report.findings.first { $0.ruleID == OfferingsContainer.referenceRule })
        #expect(
            reference.message.contains("'onboarding_v2'")
                && reference.message.contains("did you mean 'onboarding'"))
        #expect(reference.variant == nil)
        #expect(
            report.findings.contains { $0.ruleID == "apple/hardcoded-price" && $0.variant == "onboarding" })
    }

    @Test("every output format names the variant")
    func outputs() throws {
        let text = try runCLI([example])
        #expect(text.output.contains("(variant onboarding) [apple/hardcoded-price]"))
        let json = try runCLI(["--format", "json", example])
        #expect(json.output.contains("\"variant\": \"onboarding\""))
        let github = try runCLI(["--format", "github", example])
        #expect(github.output.contains("title=apple/hardcoded-price (onboarding)::"))
        let sarif = try runCLI(["--format", "sarif", example])
        #expect(sarif.output.contains("{ \"name\": \"onboarding\", \"kind\": \"object\" }"))
        if let validation = try validateSARIF(sarif.output) {
            #expect(validation.status == 0, "\(validation.summary)")
        }
    }

    @Test("the shared offerings responses: every paywall read, references checked", .needsShared)
    func shared() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        let folder = Paths.shared.appendingPathComponent("fixtures/revenuecat-v2")
        let subset = linter.lint(
            SourceFile(
                path: "s.json",
                bytes: Array(
                    try Data(contentsOf: folder.appendingPathComponent("offerings-v2-templates-subset.json")))
            ))
        #expect(subset.paywalls.count >= 13 && subset.paywalls.allSatisfy { $0.dialect == .revenueCatV2 })
        #expect(!subset.findings.contains { $0.ruleID.hasPrefix("core/") })
        let ios = linter.lint(
            SourceFile(
                path: "i.json",
                bytes: Array(
                    try Data(
                        contentsOf: folder.appendingPathComponent(
                            "purchases-ios-OfferingsWithPaywallComponents.json")))))
        #expect(
            ios.findings.filter { $0.ruleID == OfferingsContainer.referenceRule }.map(\.pointer) == [
                "/current_offering_id", "/offerings/3/paywall_components/exit_offers/dismiss/offering_id",
            ])
        #expect(Set(ios.findings.compactMap(\.variant)).contains("only_draft_paywall_components (draft)"))
        #expect(!ios.findings.contains { $0.ruleID.hasPrefix("core/") })
    }
}
