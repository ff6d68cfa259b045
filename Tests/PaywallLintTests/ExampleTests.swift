import Foundation
import Testing

/// The examples are the product's showcase: their text and SARIF output are reviewed golden files.
@Suite("Examples")
struct ExampleTests {
    static let folders = ["feature-gate", "remote-config", "revenuecat", "sketchy", "syntax"]

    @Test("text and SARIF output of every example folder match their golden files", arguments: folders)
    func golden(folder: String) throws {
        let text = try runCLI(["--color", "never", "Examples/\(folder)"])
        #expect(text.status == 1 || folder == "none")
        try expectGolden(text.output, "examples-\(folder).txt")
        let sarif = try runCLI(["--format", "sarif", "Examples/\(folder)"])
        try expectGolden(sarif.output, "examples-\(folder).sarif")
        let validation = try validateSARIF(sarif.output)
        #expect(validation.summary == "1 passed, 0 failed")
    }

    @Test("the compliant Sketchy paywall is clean under the sketchy pack, with its store data")
    func compliantSketchy() throws {
        let result = try runCLI(["--verbose", "Examples/sketchy/weekly.yaml"])
        #expect(result.status == 0)
        #expect(result.output.contains("No problems found; 1 file checked"))
        #expect(!result.output.contains("need store data"))
    }

    @Test("the broken Sketchy variant reports each planted problem at its position")
    func brokenSketchy() throws {
        let result = try runCLI(["Examples/sketchy/weekly-broken.yaml"])
        let found = Set(
            result.output.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("Examples/sketchy/weekly-broken.yaml:"),
                    let open = line.lastIndex(of: "[")
                else {
                    return nil
                }
                let location = line.dropFirst("Examples/sketchy/weekly-broken.yaml:".count).prefix {
                    $0 != " "
                }
                return "\(location.dropLast()) \(line[line.index(after: open)...].dropLast())"
            })
        let planted = [
            "4:5 recommended/variant-id", "7:15 recommended/full-screen", "8:11 apple/fake-urgency",
            "8:11 sketchy/calm-tone", "9:48 sketchy/calm-tone", "11:3 sketchy/benefits",
            "13:3 sketchy/weekly-plan",
            "15:12 apple/hardcoded-savings", "16:9 recommended/store-product-exists",
            "19:17 sketchy/cta-no-free",
            "19:17 sketchy/first-week-not-free", "19:17 apple/trial-terms", "19:31 apple/hardcoded-price",
            "22:18 apple/close-delay", "23:21 recommended/confirmshaming",
            "24:16 sketchy/dismiss-destination",
            "26:10 apple/terms-link", "29:9 apple/disclosure-present", "29:9 sketchy/disclosure-wording",
            "29:10 apple/hardcoded-price", "31:14 recommended/legible-text", "32:10 recommended/legible-text",
            "34:9 apple/billed-amount-prominent", "37:11 apple/fake-urgency", "41:12 sketchy/triggers",
            "43:14 sketchy/daily-limit", "3:1 apple/restore-button",
        ]
        for problem in planted { #expect(found.contains(problem), "not reported: \(problem)") }
    }
}
