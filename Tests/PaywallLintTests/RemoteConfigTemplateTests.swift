import Foundation
import Testing

@testable import PaywallLint

/// Firebase Remote Config templates: each parameter value that holds a paywall is linted as a
/// variant, its findings placed at the characters of the JSON string that hold them.
@Suite("Firebase Remote Config templates", .yaml)
struct RemoteConfigTemplateTests {
    let template = Paths.examples.appendingPathComponent("firebase/remoteconfig.template.json")

    func lint(_ bytes: [UInt8], packs: [String] = ["recommended"], dialect: Dialect? = nil) throws
        -> FileReport
    {
        var options = LintOptions()
        options.dialect = dialect
        let linter = try Linter(
            ruleSet: try RuleSet(packs: packs, library: PackLibrary.builtIn()), options: options)
        return linter.lint(SourceFile(path: "remoteconfig.template.json", bytes: bytes))
    }

    func summary(_ report: FileReport) -> [String] {
        report.findings.map { "\($0.span.start) \($0.ruleID) \($0.variant ?? "-")" }
    }

    @Test(
        "every paywall value is a variant; flags, in-app defaults and the default's clean copy give nothing")
    func example() throws {
        let report = try lint(Array(try Data(contentsOf: template)))
        #expect(
            summary(report) == [
                "48:389 apple/trial-terms paywall_config[exp_trial_cta]",
                "51:407 apple/hardcoded-price paywall_config[french_speakers]",
                "54:83 apple/fake-urgency paywall_config[black_friday]",
                "54:95 apple/hardcoded-savings paywall_config[black_friday]",
                "57:511 core/parse-error paywall_config[beta_testers]",
            ])
        #expect(report.paywalls.count == 4)
        #expect(report.notes.contains("feature_flags: skipped, not a paywall"))
        #expect(report.notes.contains("read as a Firebase Remote Config template (7 values)"))
        let broken = try #require(report.findings.first { $0.ruleID == CoreRuleID.parseError })
        // The reader's own position is the file's, not the embedded text's.
        #expect(broken.message == "the string that starts at 57:404 is never closed", "\(broken.message)")
    }

    @Test("a fix inside a string is told, never written")
    func fixes() throws {
        let report = try lint(Array(try Data(contentsOf: template)))
        let savings = try #require(report.findings.first { $0.ruleID == "apple/hardcoded-savings" })
        #expect(savings.fix?.isAutomatic == false)
        #expect(savings.fix?.description.contains("by hand") == true)
        #expect(Fixer.apply(report.findings, to: report.file).bytes == nil)
    }

    @Test("a baseline keys on the variant: the same finding in another variant is new")
    func baseline() throws {
        let report = try lint(Array(try Data(contentsOf: template)))
        var baseline = Baseline()
        baseline.record(report)
        #expect(baseline.json.contains("\"variant\": \"paywall_config[black_friday]\""))
        let reread = try Baseline.read(path: "b.json", bytes: Array(baseline.json.utf8))
        #expect(reread.filter(report).findings.isEmpty)
        var moved = report
        for index in moved.findings.indices { moved.findings[index].variant = "paywall_config[other]" }
        #expect(reread.filter(moved).findings.count == report.findings.count)
    }

    @Test("config overrides choose variants by glob: severities per experiment arm")
    func variantOverrides() throws {
        let folder = try makeScratchDirectory("paywall-lint-variants")
        defer { removeScratchDirectory(folder) }
        try Data(contentsOf: template).write(to: folder.appendingPathComponent("t.json"))
        try Data(
            """
            overrides:
              - variants: ["paywall_config[black_friday]"]
                rules:
                  apple/fake-urgency: off
                  apple/hardcoded-savings: warning
              - files: ["*.json"]
                variants: ["paywall_config[exp_*]"]
                rules:
                  apple/trial-terms: note

            """.utf8
        ).write(to: folder.appendingPathComponent(".paywall-lint.yml"))
        let result = try runCLI(["--format", "json", "t.json"], in: folder)
        let findings = try #require(
            (try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])?["findings"]
                as? [[String: Any]])
        let found = Set(findings.map { "\($0["rule"]!) \($0["severity"]!) \($0["variant"]!)" })
        #expect(
            found == [
                "apple/trial-terms note paywall_config[exp_trial_cta]",
                "apple/hardcoded-price error paywall_config[french_speakers]",
                "apple/hardcoded-savings warning paywall_config[black_friday]",
                "core/parse-error error paywall_config[beta_testers]",
            ], "\(found)")
        for (rules, message) in [
            ("core/parse-error: off", "cannot be turned off"),
            ("apple/close-delay: {with: {max: 3}}", "severities only"),
            ("apple/hardcoded-prise: off", "did you mean 'apple/hardcoded-price'"),
        ] {
            try Data("overrides:\n  - variants: [\"p*\"]\n    rules:\n      \(rules)\n".utf8).write(
                to: folder.appendingPathComponent(".paywall-lint.yml"))
            let refused = try runCLI(["t.json"], in: folder)
            #expect(refused.status == 2 && refused.error.contains(message), "\(refused.error)")
        }
    }

    @Test("a value that does not parse is an error only where a paywall was meant")
    func brokenValues() throws {
        let template = """
            {"parameters": {
              "greeting": {"defaultValue": {"value": "{not json"}, "valueType": "STRING"},
              "paywall": {"defaultValue": {"value": "{\\"headline\\": \\"Go\\", \\"ctaTitle\\": }"}},
              "config": {"defaultValue": {"value": "[1, 2"}, "valueType": "JSON"},
              "offer": {"defaultValue": {"useInAppDefault": true},
                "conditionalValues": {"ios": {"value": "{\\"headline\\": \\"Pro\\", \\"productIDs\\": [\\"a\\"], \\"ctaTitle\\": \\"Buy for $3.99\\"}"}}}
            }}
            """
        let report = try lint(Array(template.utf8))
        let found = summary(report)
        #expect(found.contains("3:79 core/parse-error paywall"), "\(found)")
        #expect(found.contains("4:46 core/parse-error config"), "\(found)")
        #expect(!found.contains { $0.hasSuffix(" greeting") })
        #expect(found.contains("6:118 apple/hardcoded-price offer[ios]"), "\(found)")
    }

    @Test("a suppression inside the embedded paywall applies to it; --dialect reads every object value")
    func suppressionsAndDialect() throws {
        let inner =
            #"{"headline": "Pro", "productIDs": ["a"], "ctaTitle": "Buy for $3.99", "#
            + #""x-paywall-lint": {"disable": [{"rule": "apple/hardcoded-price", "reason": "legal copy"}]}}"#
        let escaped = inner.replacingOccurrences(of: "\"", with: "\\\"")
        let template = #"{"parameters": {"p": {"defaultValue": {"value": ""# + escaped + #""}}}}"#
        #expect(!summary(try lint(Array(template.utf8))).contains { $0.contains("hardcoded-price") })
        let flags = #"{"parameters": {"f": {"defaultValue": {"value": "{\"headline\": \"Free!\"}"}}}}"#
        #expect(try lint(Array(flags.utf8)).paywalls.isEmpty)
        #expect(try lint(Array(flags.utf8), dialect: .generic).paywalls.count == 1)
    }

    /// Property: for embedded paywalls written with every kind of escape, at both levels, each
    /// scalar's span in the file unescapes to exactly the text of its span in the paywall.
    @Test("positions in the file unescape to the embedded text", arguments: 0..<40)
    func positions(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let pieces = [
            "Pro", " ", "é", "😀", "\"", "\\", "/", "\n", "\t", "’", "€", "\u{01}", "漢字", "{{ price }}", "ß",
        ]
        func value() -> String {
            (0..<random.next(8)).map { _ in pieces[random.next(pieces.count)] }.joined()
        }
        func escape(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "/": out += random.next(2) == 0 ? "/" : "\\/"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20 || (scalar.value > 0x7F && random.next(2) == 0):
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        let keys = ["headline", "subhead", "ctaTitle", "footnote"]
        let inner =
            "{" + keys.map { "\"\($0)\": \"\(escape(value()))\"" }.joined(separator: ",\n ")
            + ", \"productIDs\": [\"\(escape(value()))\"]}"
        let outer = Array(
            "{\"parameters\": {\"p\": {\"defaultValue\": {\"value\": \"\(escape(inner))\"}}}}".utf8)
        let read = DocumentReader.read(SourceFile(path: "t.json", bytes: outer))
        let document = try #require(read.documents.first)
        let values = try #require(RemoteConfigTemplateContainer.values(in: document, root: document.root!))
        let node = document[values[0].node]
        let lines = LineIndex(outer)
        let range = lines.byteRange(of: node.span)
        let embedded = try #require(
            EmbeddedText(
                content: outer[(range.lowerBound + 1)..<(range.upperBound - 1)],
                text: document.text(of: values[0].node),
                quote: node.start))
        let innerBytes = Array(embedded.text.utf8)
        let innerDocument = try #require(
            DocumentReader.read(SourceFile(path: "i.json", bytes: innerBytes)).documents.first)
        let innerLines = LineIndex(innerBytes)
        var checked = 0
        for index in innerDocument.nodes.indices where innerDocument.nodes[index].isScalar {
            let span = innerDocument.nodes[index].span
            let expected = String(decoding: innerBytes[innerLines.byteRange(of: span)], as: UTF8.self)
            let placed = Array(outer[lines.byteRange(of: embedded.span(span))])
            let unescaped = try JSONSerialization.jsonObject(
                with: Data([UInt8(ascii: "\"")] + placed + [UInt8(ascii: "\"")]), options: .fragmentsAllowed)
            #expect(unescaped as? String == expected, "\(span) in \(inner)")
            checked += 1
        }
        #expect(checked == 2 * keys.count + 2)
    }

    @Test("the shared template: the findings its variants hold", .needsShared)
    func shared() throws {
        let file = Paths.shared.appendingPathComponent("fixtures/firebase/remoteconfig-template-paywall.json")
        let report = try lint(Array(try Data(contentsOf: file)))
        #expect(
            summary(report) == [
                "43:379 apple/trial-terms paywall_config[paywall_exp_b]",
                "46:358 apple/hardcoded-price paywall_config[german_speakers]",
                "58:80 apple/hardcoded-savings paywall_copy_sale[ios_only]",
                "58:89 apple/fake-urgency paywall_copy_sale[ios_only]",
                "58:273 recommended/highlighted-product paywall_copy_sale[ios_only]",
            ])
    }
}

/// Adapty's paywalls: each remote config is a variant; the dashboard's metadata is never copy.
@Suite("Adapty paywalls", .yaml)
struct AdaptyFallbackTests {
    let fallback = """
        {"data": [
          {"type": "adapty_inapps_fallback_paywalls", "id": "1", "attributes": {
            "developer_id": "onboarding", "paywall_name": "Save 50% today only!", "ab_test_name": "Free trial test",
            "variation_id": "v1", "paywall_id": "p1",
            "remote_config": {"lang": "en", "data": "{\\"headline\\": \\"Pro\\", \\"productIDs\\": [\\"a\\"], \\"ctaTitle\\": \\"Buy for $3.99\\"}"}}},
          {"type": "adapty_inapps_fallback_paywalls", "id": "2", "attributes": {
            "developer_id": "settings", "paywall_name": "Only today: FREE", "variation_id": "v2", "paywall_id": "p2",
            "remote_config": {"lang": "en", "data": ""}}},
          {"type": "adapty_inapps_fallback_paywalls", "id": "3", "attributes": {
            "developer_id": "flags", "paywall_name": "Flags", "variation_id": "v3", "paywall_id": "p3",
            "remote_config": {"lang": "en", "data": "{\\"foo\\": \\"Hurry, 90% off\\"}"}}}
        ], "meta": {"version": 1}}
        """

    func lint(dialect: Dialect? = nil) throws -> FileReport {
        var options = LintOptions()
        options.dialect = dialect
        let linter = try Linter(
            ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()), options: options)
        return linter.lint(SourceFile(path: "fallback.json", text: fallback))
    }

    @Test("each remote config is a variant named by placement and paywall")
    func variants() throws {
        let report = try lint()
        #expect(report.paywalls.count == 1)
        let price = try #require(report.findings.first { $0.ruleID == "apple/hardcoded-price" })
        #expect(price.variant == "onboarding / Save 50% today only! [en]")
        #expect(price.span.start == SourcePosition(line: 5, column: 119))
        #expect(report.notes.contains("flags / Flags [en]: skipped, not a paywall"))
    }

    @Test("metadata is never copy, even with --dialect generic")
    func metadata() throws {
        let report = try lint(dialect: .generic)
        #expect(report.paywalls.count == 2)
        #expect(!report.findings.contains { $0.span.start.line == 4 || $0.span.start.line == 7 })
        #expect(report.findings.contains { $0.variant == "flags / Flags [en]" && $0.message.contains("90%") })
    }

    @Test(
        "the shared Adapty files: no finding on metadata; a builder layout is not passed in silence",
        .needsShared)
    func shared() throws {
        let linter = try Linter(ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()))
        func lint(_ name: String) throws -> FileReport {
            let bytes = Array(try Data(contentsOf: Paths.shared.appendingPathComponent("fixtures/" + name)))
            return linter.lint(SourceFile(path: name, bytes: bytes))
        }
        let fallback = try lint("adapty/AdaptySDK-Flutter-example-fallback_ios-2024-02.json")
        #expect(fallback.findings.isEmpty, "\(fallback.findings)")
        #expect(fallback.notes.contains("read as Adapty paywalls (9 remote configs)"))
        let builder = try lint("remote-config/adaptyteam-AdaptySDK-iOS-fallback-test_egor_pw_1.json")
        #expect(
            builder.findings.map { "\($0.ruleID) \($0.pointer)" } == ["core/unknown-dialect /paywall_builder"]
        )
    }
}
