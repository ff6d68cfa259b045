import Foundation
import Testing

@testable import PaywallLint
@testable import PaywallLintYAML

@Suite("Document errors", .yaml)
struct DocumentErrorTests {
    @Test(
        "duplicate keys are found at the second occurrence, with the first related",
        arguments: ["t.yaml", "t.json"])
    func duplicateKeys(name: String) throws {
        let text = name.hasSuffix("json") ? "{\"a\": 1,\n \"a\": 2}" : "a: 1\na: 2\n"
        let result = read(text, name: name)
        let finding = try #require(result.findings.first)
        #expect(finding.ruleID == CoreRuleID.duplicateKey)
        #expect(finding.span.start == SourcePosition(line: 2, column: name.hasSuffix("json") ? 2 : 1))
        #expect(
            finding.related.first?.span.start
                == SourcePosition(line: 1, column: name.hasSuffix("json") ? 2 : 1))
        #expect(finding.pointer == "/a")
        // The last value wins, as most decoders do.
        #expect(result.documents.first.map { $0.text(of: $0.value(of: $0.root!, key: "a")!) } == "2")
    }

    @Test("JSON numbers outside RFC 8259 are each named, at their place; valid ones pass")
    func jsonNumbers() {
        let text = """
            [0, -1.5e+10, 2E-3, 10,
             +1, .5, 012, 0x1F, 1., 1e, 1.5.2, NaN, abc]
            """
        let result = read(text, name: "t.json")
        #expect(
            result.findings.map { "\($0.span.start) \($0.message)" } == [
                "2:2 '+1': JSON numbers have no '+' sign",
                "2:6 '.5': JSON numbers need a digit before '.'",
                "2:10 '012': JSON numbers have no leading zeros",
                "2:15 '0x1F': JSON has no hexadecimal numbers",
                "2:21 '1.': JSON numbers need a digit after '.'",
                "2:25 '1e': the exponent needs digits",
                "2:29 '1.5.2' is not a JSON value (strings need double quotes)",
                "2:36 NaN is not a JSON number",
                "2:41 'abc' is not a JSON value (strings need double quotes)",
            ])
        #expect(result.documents.first.map { $0.items(of: $0.root!).count } == 13)
    }

    @Test("keys alike in length and first bytes are told apart; only real repeats are duplicates")
    func duplicateKeysAmongLookalikes() {
        // The first seven bytes and the length agree in each group.
        let text = """
            products_monthly: 1
            products_weekly_: 2
            products_monthly: 3
            "": 4
            ? [products_monthly]
            : 5
            "": 6
            <<: {products_weekly_: 7, extra: 8}
            ? [products_monthly]
            : 9
            ééééééé1: 10
            ééééééé2: 11
            ééééééé1: 12

            """
        let result = read(text)
        #expect(
            result.findings.map { "\($0.span.start) \($0.message)" } == [
                "3:1 duplicate key \"products_monthly\": decoders disagree on which value wins",
                "7:1 duplicate key \"\": decoders disagree on which value wins",
                "13:1 duplicate key \"ééééééé1\": decoders disagree on which value wins",
            ])
        // The merge brought `extra` and left the explicit `products_weekly_` alone.
        let document = result.documents[0]
        let root = document.root!
        #expect(document.value(of: root, key: "extra").map { document.text(of: $0) } == "8")
        #expect(document.value(of: root, key: "products_weekly_").map { document.text(of: $0) } == "2")
    }

    @Test("keys are compared by value: an escaped JSON key, an aliased YAML key, the merge key")
    func duplicateKeysByValue() {
        #expect(DocumentBuilder.mergeKeyDigest == DocumentBuilder.keyDigest("<<"))
        let json = read("{\"ab\": 1, \"\\u0061b\": 2}", name: "t.json")
        #expect(
            json.findings.map(\.message) == ["duplicate key \"ab\": decoders disagree on which value wins"])
        // The alias is the anchored node itself, so the finding is where that was written.
        let yaml = read("base: &k name\nmap:\n  name: 1\n  *k : 2\n")
        #expect(
            yaml.findings.map { "\($0.span.start) \($0.message)" } == [
                "1:7 duplicate key \"name\": decoders disagree on which value wins"
            ])
    }

    @Test("JSON problems are each reported at their position and reading recovers")
    func jsonRecovery() throws {
        let text = """
            {
              // comment
              "a": 'single',
              "b": [1, 2,],
              c: NaN,
              "d": 01,
              "e": 1
              "f": true,
            }
            """
        let result = read(text, name: "t.json")
        #expect(
            findingsSummary(result.findings) == [
                "2:3 core/parse-error", "3:8 core/parse-error", "4:13 core/parse-error",
                "5:3 core/parse-error",
                "5:6 core/parse-error", "6:8 core/parse-error", "8:3 core/parse-error",
                "8:12 core/parse-error",
            ])
        let document = try #require(result.documents.first)
        #expect(document.pairs(of: document.root!).count == 6)
        #expect(document.text(of: document.value(of: document.root!, key: "f")!) == "true")
    }

    @Test("the trailing comma in RevenueCat's Sample1 is reported and the rest is read", .needsShared)
    func revenueCatTrailingComma() throws {
        let url = Paths.shared.appendingPathComponent("fixtures/revenuecat/PaywallData-Sample1.json")
        let data = try Data(contentsOf: url)
        let result = DocumentReader.read(SourceFile(path: "Sample1.json", bytes: Array(data)))
        #expect(findingsSummary(result.findings) == ["68:65 core/parse-error"])
        let document = try #require(result.documents.first)
        #expect(document.value(of: document.root!, key: "revision") != nil)
    }

    @Test(
        "encoding problems give core/parse-error at the first bad byte",
        arguments: [
            ([0x61, 0x3A, 0x20, 0xC3, 0x28], "1:4", "invalid UTF-8"),
            ([0x61, 0x0A, 0x62, 0x00], "2:2", "NUL byte"),
            ([0xFF, 0xFE, 0x61, 0x00], "1:1", "UTF-16"),
            ([0x61, 0x00, 0x3A, 0x00], "1:2", "UTF-16 text without a byte-order mark"),
            ([0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80], "1:4", "invalid UTF-8"),
            // Columns count scalars, a BOM is not text, CRLF and a lone CR each end one line.
            ([0xC3, 0xA9, 0x3A, 0xFF], "1:3", "invalid UTF-8 (byte 0xFF)"),
            ([0xEF, 0xBB, 0xBF, 0x61, 0x00], "1:2", "NUL byte"),
            ([0x61, 0x0D, 0x0A, 0x62, 0x01], "2:2", "control character U+0001"),
            ([0x61, 0x0D, 0x62, 0x3A, 0x7F], "2:3", "control character U+007F"),
            // libyaml stops at the syntax error first; the encoding problem is still what is said.
            ([0x61, 0x3A, 0x20, 0x5D, 0x0A, 0x62, 0x00], "2:2", "NUL byte"),
            // A duplicate key before a bad byte in a stream libyaml reads to its end.
            ([0x61, 0x3A, 0x20, 0x31, 0x0A, 0x61, 0x3A, 0x20, 0xC3, 0x28], "2:4", "invalid UTF-8"),
        ] as [([UInt8], String, String)])
    func encoding(bytes: [UInt8], position: String, message: String) throws {
        let result = DocumentReader.read(SourceFile(path: "t.yaml", bytes: bytes))
        let finding = try #require(result.findings.first)
        #expect(finding.ruleID == CoreRuleID.parseError)
        #expect(finding.span.start.description == position)
        #expect(finding.message.contains(message))
        #expect(result.documents.isEmpty)
    }

    /// UTF-8 that `TextEncoding` lets through but libyaml refuses (a C1 control) gets libyaml's
    /// word for it, at its place.
    @Test(arguments: [
        ("a: \u{80}\n", "1:4"),
        // libyaml decodes ahead of its scanner: the byte is placed by its offset, not the scanner.
        ("\u{FEFF}a: 1\nb: [x, y]\nc: \"é\u{9F}\"\n", "3:6"),
    ])
    func controlCharactersLibYAMLRefuses(text: String, position: String) throws {
        let result = DocumentReader.read(SourceFile(path: "t.yaml", bytes: Array(text.utf8)))
        #expect(result.documents.isEmpty)
        #expect(findingsSummary(result.findings) == ["\(position) core/parse-error"])
        #expect(result.findings.first?.message.contains("control characters are not allowed") == true)
    }

    @Test("YAML syntax errors point at the problem")
    func yamlSyntax() throws {
        let finding = try #require(read("a: [1, 2\nb: 3\n").findings.first)
        #expect(finding.ruleID == CoreRuleID.parseError)
        #expect(finding.span.start == SourcePosition(line: 2, column: 2))
        let tab = try #require(read("a:\n\t- b\n").findings.first)
        #expect(tab.span.start == SourcePosition(line: 2, column: 1))
        let undefined = try #require(read("a: *nothing\n").findings.first)
        #expect(undefined.span.start == SourcePosition(line: 1, column: 4))
    }

    @Test("empty files")
    func emptyFiles() {
        #expect(read("").documents.isEmpty)
        #expect(read("").findings.isEmpty)
        #expect(findingsSummary(read("", name: "t.json").findings) == ["1:1 core/parse-error"])
    }

    /// A template kept while parsing ahead is found from any starting place, and only for its
    /// own text.
    @Test func prebuiltTemplatesAreFoundFromAnyHint() throws {
        var text = "items:\n"
        for k in 0..<400 {
            text += "  - {id: p\(k), label: \"Item {{ price }} \(k)\", badge: Best \(k % 7)}\n"
        }
        var findings: [Finding] = []
        let document = try #require(
            YAMLReader.read(
                Array(text.utf8), limits: .default, findings: &findings, parsedAheadFrom: 0,
                templatesWhileQueued: .max
            ).first)
        #expect(findings.isEmpty)
        let kept = document.prebuiltTemplateCount
        #expect(kept > 400)
        var found = Set<Int32>()
        var previous = 0
        for index in document.nodes.indices where document.nodes[index].isScalar {
            let id = NodeID(index)
            var results: [String?] = []
            // Fixed starts, the last spread over the list by the node: a failure repeats.
            for start in [0, kept - 1, kept, -5, previous, index * 7_919 % kept] {
                var hint = start
                results.append(document.prebuiltTemplate(of: id, near: &hint)?.raw)
                if start == previous { previous = hint }
            }
            #expect(Set(results).count == 1, "node \(index)")
            if let raw = results[0] {
                #expect(raw == document.text(of: id))
                found.insert(document.nodes[index].textIndex)
            }
        }
        #expect(found.count == kept)
    }

    /// A large file is parsed by libyaml on a second thread, batches of events ahead of their
    /// handling; what it reads is the same as one thread's, including where it stops: at a
    /// parse error, at a crossed limit, at the end of a stream of several documents.
    @Test func parsingAheadReadsWhatOneThreadReads() throws {
        var big = "defaults: &d {kind: auto_renewable, badge: Best}\nitems:\n"
        for k in 0..<1_500 { big += "  - {<<: *d, id: p\(k), label: \"Item \(k)\", tags: [a, b]}\n" }
        var fewAliases = ReadLimits()
        fewAliases.maxAliasExpansion = 2_000
        // Each with the rule of the finding where reading stops, if any.
        let cases: [(name: String, text: String, limits: ReadLimits, stop: String?)] = [
            ("large", big, .default, nil),
            ("parse error", big + "broken: [a, b\nnext: 1\n", .default, CoreRuleID.parseError),
            ("parse error in the first batch", "a: [1\nb: 2\n", .default, CoreRuleID.parseError),
            ("alias limit", big, fewAliases, CoreRuleID.limits),
            ("depth limit", big + "deep: " + String(repeating: "[", count: 80), .default, CoreRuleID.limits),
            ("documents", big + "---\n" + big + "...\n---\nlast: 1\n", .default, nil),
            ("empty", "", .default, nil),
        ]
        func dump(_ documents: [Document], _ findings: [Finding]) -> [String] {
            var lines = findings.map { "\($0.ruleID) \($0.span) \($0.message)" }
            for document in documents {
                lines.append("document, root \(document.root.map(String.init) ?? "none")")
                for (index, node) in document.nodes.enumerated() {
                    lines.append(
                        "\(node.kind) \(node.style) \(node.start)-\(node.end) \(node.tagIndex) \(document.text(of: NodeID(index))) "
                            + "\(node.firstChild)+\(node.childCount) in \(node.parent).\(node.indexInParent)")
                }
                lines.append(document.children.map(String.init).joined(separator: " "))
            }
            return lines
        }
        for item in cases {
            let bytes = Array(item.text.utf8)
            var findings: [Finding] = []
            let oneThread = YAMLReader.read(
                bytes, limits: item.limits, findings: &findings, parsedAheadFrom: .max)
            let expected = dump(oneThread, findings)
            #expect(findings.last?.ruleID == item.stop, "\(item.name)")
            #expect(expected.isEmpty == (item.name == "empty"), "\(item.name)")
            for _ in 0..<3 {
                var aheadFindings: [Finding] = []
                let ahead = YAMLReader.read(
                    bytes, limits: item.limits, findings: &aheadFindings, parsedAheadFrom: 0)
                #expect(dump(ahead, aheadFindings) == expected, "\(item.name)")
            }
        }
    }

    /// Parsing ahead, the reading thread builds the templates of text that looks like copy, and
    /// the dialect takes them: the model and its findings are the same as from one thread.
    @Test func parsingAheadBuildsCopyTemplates() throws {
        var text = """
            paywall: 1
            id: ahead
            cta: "Subscribe for {{ price }}"
            bullets: [Unlimited drawings, Templates]
            localizations:

            """
        for k in 0..<300 {
            text +=
                "  x-\(k): {cta: \"Get it for {{ price }} (\(k))\", bullets: [Save 50% today, \"Sync {{ prise }}\"]}\n"
        }
        let bytes = Array(text.utf8)
        var findings: [Finding] = []
        let oneThread = try #require(
            YAMLReader.read(bytes, limits: .default, findings: &findings, parsedAheadFrom: .max).first)
        let ahead = try #require(
            YAMLReader.read(
                bytes, limits: .default, findings: &findings, parsedAheadFrom: 0, templatesWhileQueued: .max
            ).first)
        #expect(findings.isEmpty)
        var prebuilt = 0
        var hint = 0
        for index in ahead.nodes.indices {
            let id = NodeID(index)
            var none = 0
            #expect(oneThread.prebuiltTemplate(of: id, near: &none) == nil)
            let text = ahead.text(of: id)
            if let template = ahead.prebuiltTemplate(of: id, near: &hint) {
                #expect(template.raw == text)
                prebuilt += 1
            } else {
                // Keys, ids and single words have none.
                #expect(!text.contains(" ") || text.utf8.count < 4, "\(text)")
            }
        }
        #expect(prebuilt == 2 + 300 * 3)
        func model(_ document: Document) -> (String, [String]) {
            let (paywall, findings) = DialectReader.read(
                document, root: document.root!, format: .yaml, as: .canonical, templates: TemplateCache())
            return (ModelDump.text(paywall), findings.map { "\($0.ruleID) \($0.span) \($0.message)" })
        }
        let (oneThreadModel, oneThreadFindings) = model(oneThread)
        let (aheadModel, aheadFindings) = model(ahead)
        #expect(aheadModel == oneThreadModel)
        #expect(aheadFindings == oneThreadFindings)
        // An unknown variable in every locale: the prebuilt templates' variables are checked too.
        #expect(aheadFindings.filter { $0.contains("prise") }.count == 300)
        // With the parser ahead, the reader leaves some or all templates to the dialect: the same.
        let paced = try #require(
            YAMLReader.read(bytes, limits: .default, findings: &findings, parsedAheadFrom: 0).first)
        #expect(model(paced).0 == oneThreadModel)
        #expect(model(paced).1 == oneThreadFindings)
    }
}

@Suite("Safety limits", .yaml)
struct LimitTests {
    @Test("a billion-laughs file stops at the alias limit, fast")
    func billionLaughs() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = ["b", "c", "d", "e", "f", "g", "h", "i"]
        var previous = "a"
        for name in names {
            text +=
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
                + "]\n"
            previous = name
        }
        let clock = ContinuousClock()
        var result: ReadResult?
        let elapsed = clock.measure { result = read(text) }
        let finding = try #require(result?.findings.first)
        #expect(finding.ruleID == CoreRuleID.limits)
        #expect(finding.span.start.line == 5)
        #expect(elapsed < .milliseconds(500))
    }

    @Test(
        "100,000 nested brackets stop at the depth limit without recursion", arguments: ["t.yaml", "t.json"])
    func deepNesting(name: String) throws {
        let text = String(repeating: "[", count: 100_000)
        let finding = try #require(read(text, name: name).findings.first)
        #expect(finding.ruleID == CoreRuleID.limits)
        #expect(finding.span.start == SourcePosition(line: 1, column: 65))
        var limits = ReadLimits()
        limits.maxDepth = 3
        let shallow = try #require(read("a: {b: {c: [1]}}", limits: limits).findings.first)
        #expect(shallow.span.start == SourcePosition(line: 1, column: 12))
    }

    @Test("long scalars stop at the scalar limit", arguments: ["t.yaml", "t.json"])
    func longScalar(name: String) throws {
        let long = String(repeating: "x", count: 70_000)
        let text = name.hasSuffix("json") ? "{\"a\": \"\(long)\"}" : "a: \(long)\n"
        let finding = try #require(read(text, name: name).findings.first)
        #expect(finding.ruleID == CoreRuleID.limits)
        #expect(finding.span.start == SourcePosition(line: 1, column: name.hasSuffix("json") ? 7 : 4))
    }

    @Test("files over the size limit are refused at 1:1")
    func fileSize() throws {
        var limits = ReadLimits()
        limits.maxFileBytes = 10
        let finding = try #require(read("a: 12345678901234567890", limits: limits).findings.first)
        #expect(finding.ruleID == CoreRuleID.limits)
        #expect(finding.span.start == .start)
    }

    @Test("10,000 duplicate keys are found in linear time")
    func manyDuplicates() {
        let text = (0..<10_000).map { "k\($0 % 5000): \($0)" }.joined(separator: "\n")
        let clock = ContinuousClock()
        var result: ReadResult?
        let elapsed = clock.measure { result = read(text) }
        #expect(result?.findings.count == 5000)
        #expect(elapsed < .seconds(2))
    }
}
