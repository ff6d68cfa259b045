import Foundation
import Testing

/// Real paywalls nobody here wrote (../shared/fixtures): every file reads, and the findings are
/// the ones judged correct (see the closing notes of the catalogue issue for the judgements).
@Suite("Real fixtures", .yaml, .needsShared)
struct FixtureTests {
    /// `line:column rule` for each finding of one file.
    func findings(_ arguments: [String]) throws -> [String] {
        let result = try runCLI(["--color", "never"] + arguments)
        #expect(result.status != 2, "\(result.error)")
        return result.output.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("../shared/"), let open = line.lastIndex(of: "[") else { return nil }
            let afterPath = line.drop { $0 != ":" }.dropFirst()
            let location = afterPath.prefix { $0 != " " }.dropLast()
            return "\(location) \(line[line.index(after: open)...].dropLast())"
        }.sorted()
    }

    func fixture(_ path: String) -> String { "../shared/fixtures/" + path }

    @Test("RevenueCat Sample1: per-month-only pricing, hidden restore, the trailing comma, {{ period }}")
    func sample1() throws {
        #expect(
            try findings([fixture("revenuecat/PaywallData-Sample1.json")]) == [
                "10:84 apple/trial-terms", "11:28 revenuecat/variables",
                "25:9 recommended/localizations-complete",
                "29:28 revenuecat/variables", "54:38 revenuecat/restore-hidden", "68:65 core/parse-error",
                "9:31 revenuecat/per-unit-only",
            ])
    }

    @Test("the other RevenueCat fixtures")
    func revenueCat() throws {
        let expected: [String: [String]] = [
            "PaywallData-chinese.json": [],
            "PaywallData-empty_images.json": [
                "10:84 apple/trial-terms", "13:15 apple/privacy-link", "13:15 apple/terms-link",
                "9:31 revenuecat/per-unit-only",
            ],
            "PaywallData-missing_current_and_default_locale.json": [
                "10:84 apple/trial-terms", "14:15 apple/privacy-link", "14:15 apple/terms-link",
                "3:26 revenuecat/localization", "9:31 revenuecat/per-unit-only",
            ],
            "PaywallData-missing_localization.json": [
                "3:26 revenuecat/localization", "4:15 apple/privacy-link", "4:15 apple/terms-link",
            ],
            "PaywallData-multitier1.json": [
                "109:86 apple/trial-terms", "129:86 apple/trial-terms", "151:55 apple/trial-terms",
                "171:55 apple/trial-terms",
            ],
            "offerings-paywall_with_exit_offers.json": [
                "10:13 apple/privacy-link", "10:13 apple/terms-link", "7:25 revenuecat/per-unit-only",
            ],
        ]
        for (name, findings) in expected {
            #expect(try self.findings([fixture("revenuecat/" + name)]) == findings, "\(name)")
        }
        // `{"Missing": "data"}`: not a paywall when walked; read as RevenueCat on request.
        let walked = try runCLI(["--verbose", fixture("revenuecat")])
        #expect(walked.output.contains("offerings-invalid_paywall.json: skipped: not a paywall definition"))
        #expect(
            try findings(["--dialect", "revenuecat", fixture("revenuecat/offerings-invalid_paywall.json")])
                == [
                    "1:1 apple/privacy-link", "1:1 apple/terms-link", "1:1 revenuecat/localization",
                    "1:1 revenuecat/template", "2:3 core/unknown-key",
                ])
    }

    @Test("Adapty and Qonversion paywalls under --dialect generic: free-trial wording without its terms")
    func generic() throws {
        let qonversion = try findings([
            "--dialect", "generic",
            fixture("remote-config/qonversion-qonversion-ios-sdk-qonversion_ios_fallbacks.json"),
        ])
        #expect(qonversion == ["102:23 apple/trial-terms", "85:19 apple/trial-terms"])
        let adapty = try findings([
            "--dialect", "generic",
            fixture("remote-config/adaptyteam-AdaptySDK-iOS-fallback-test_egor_pw_1.json"),
        ])
        #expect(!adapty.isEmpty && adapty.allSatisfy { $0.hasSuffix("apple/trial-terms") })
        // Its sibling carries a 120 KiB base64 image: over the scalar limit unless raised.
        let limited = try findings([
            "--dialect", "generic",
            fixture("remote-config/adaptyteam-AdaptySDK-iOS-fallback-test_egor_pw_2.json"),
        ])
        #expect(limited == ["819:32 core/limits"])
        let raised = try findings([
            "--dialect", "generic", "--max-scalar-kib", "256",
            fixture("remote-config/adaptyteam-AdaptySDK-iOS-fallback-test_egor_pw_2.json"),
        ])
        #expect(raised.contains { $0.hasSuffix("apple/trial-terms") })
        // Qonversion's no-code screens are HTML pages inside strings: markup, not copy.
        #expect(
            try findings([
                "--dialect", "generic",
                fixture("remote-config/qonversion-qonversion-ios-sdk-nocodes_fallbacks.json"),
            ]).isEmpty)
        // Superwall's paywall text is base64 inside a string: not copy, so nothing to report.
        #expect(
            try findings([
                "--dialect", "generic",
                fixture("remote-config/superwall-Superwall-Android-config_example.json"),
            ]).isEmpty)
    }

    @Test("every StoreKit fixture works as --storekit")
    func storeKit() throws {
        for name in try FileManager.default.contentsOfDirectory(
            atPath: Paths.shared.appendingPathComponent("fixtures/storekit").path)
        {
            let result = try runCLI([
                "--storekit", fixture("storekit/" + name), "Examples/sketchy/weekly.yaml", "--pack",
                "recommended",
            ])
            #expect(result.status == 1, "\(name): the Sketchy product is not in it")
            #expect(result.output.contains("[recommended/store-product-exists]"), "\(name)")
        }
    }
}
