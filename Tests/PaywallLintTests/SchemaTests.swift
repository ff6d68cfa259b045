import Foundation
import Testing

/// Runs Tests/Scripts/validate_examples.py (python3 with jsonschema and PyYAML), which checks the
/// canonical files of a folder against Rules/schemas/paywall-v1.schema.json.
private enum SchemaValidator {
    static let schema = "Rules/schemas/paywall-v1.schema.json"
    static let script = "Tests/Scripts/validate_examples.py"

    static let isAvailable: Bool = {
        let check = try? runProcess("/usr/bin/env", ["python3", "-c", "import jsonschema, yaml"])
        return check?.status == 0
    }()

    /// Exit status, the whole output, and its last line (the `N passed, N failed` summary).
    static func run(_ folder: URL) throws -> (status: Int32, output: String, summary: String) {
        let result = try runProcess(
            "/usr/bin/env", ["python3", script, schema, folder.path], currentDirectory: Paths.repository)
        let output = result.output + result.error
        let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
        return (result.status, output, summary)
    }

    /// Validates the given files, written to a fresh temporary folder.
    static func run(files: [String: String]) throws -> (status: Int32, output: String, summary: String) {
        let folder = try makeScratchDirectory("paywall-schema")
        defer { removeScratchDirectory(folder) }
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try run(folder)
    }
}

@Suite(.yaml, .enabled(if: SchemaValidator.isAvailable, "needs python3 with the jsonschema and yaml modules"))
struct SchemaTests {
    /// The packs are read by libyaml here, but teams process them with other tools too: PyYAML's
    /// pure-Python parser, stricter about `?` at the end of a plain scalar in a flow mapping,
    /// must read every built-in pack.
    @Test func packsReadWithAnotherYAMLParser() throws {
        let packs = try FileManager.default.contentsOfDirectory(
            atPath: Paths.repository.appendingPathComponent("Rules").path
        )
        .filter { $0.hasSuffix(".yml") }.sorted().map { "Rules/" + $0 }
        #expect(packs.count >= 5)
        let result = try runProcess(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sys, yaml\nfor f in sys.argv[1:]: yaml.load(open(f), Loader=yaml.SafeLoader)",
            ]
                + packs,
            currentDirectory: Paths.repository)
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func examplesMatchTheSchema() throws {
        let result = try SchemaValidator.run(Paths.examples)
        #expect(result.status == 0, "\(result.output)")
        let match = try #require(result.summary.wholeMatch(of: /(\d+) passed, 0 failed/), "\(result.output)")
        #expect((Int(match.1) ?? 0) >= 1, "no canonical example was validated")
    }

    @Test(
        arguments: [
            ("bad.yaml", "paywall: 1\nproducts: \"com.x\"\n", "/products"),
            ("bad.yaml", "paywall: 1\npresentation: modal\n", "/presentation"),
            ("bad.yaml", "paywall: 1\nclose: {visible: true, delay: 0}\n", "/close"),
            ("bad.yaml", "paywall: 1\ndisclosure: {text: Hi, placement: top}\n", "/disclosure/placement"),
            ("bad.json", #"{"paywall": 1, "headline": 5}"#, "/headline"),
        ])
    func invalidCanonicalFileFails(name: String, text: String, pointer: String) throws {
        let result = try SchemaValidator.run(files: [name: text])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.summary == "0 passed, 1 failed", "\(result.output)")
        #expect(result.output.contains("\(name): \(pointer): "), "\(result.output)")
    }

    /// YAML is read as YAML 1.2 reads it: `no`, `on` and `yes` stay text, as the linter reads them.
    @Test func yaml11BooleansStayText() throws {
        let text = """
            paywall: 1
            products:
              - {id: com.x.weekly, badge: no}
            triggers: [on, yes]
            localizations:
              no: {headline: Hei}

            """
        let result = try SchemaValidator.run(files: ["quirks.yaml": text])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.summary == "1 passed, 0 failed", "\(result.output)")
    }

    @Test func unreadableAndOtherDialectFilesAreSkipped() throws {
        let result = try SchemaValidator.run(files: [
            "broken.yaml": "paywall: 1\nheadline: [unclosed\n",
            "remote.json": #"{"headline": "Go Pro", "productIDs": ["com.x"], "ctaTitle": "Subscribe"}"#,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("2 skipped (1 unreadable, 1 not canonical)"), "\(result.output)")
        #expect(result.summary == "0 passed, 0 failed", "\(result.output)")
    }
}
