import Foundation
import Testing

@testable import PaywallLint
@testable import PaywallLintSwift

#if SwiftSource
    import SwiftParser
    import SwiftSyntax
#endif

/// Without the SwiftSource trait: Swift asked for is refused, a named Swift file is a finding.
@Suite(.yaml) struct SwiftSupportTests {
    @Test(.enabled(if: !SwiftSupport.isAvailable, "this build reads Swift (the SwiftSource trait)"))
    func aBuildWithoutSwiftSaysHowToGetIt() throws {
        let asked = try runCLI(["--swift", "Examples/"])
        #expect(asked.status == 2 && asked.error.contains("--traits SwiftSource"))
        let folder = try makeScratchDirectory("no-swift")
        defer { removeScratchDirectory(folder) }
        try Data("struct PlanCard { let p = \"$4.99\" }\n".utf8).write(
            to: folder.appendingPathComponent("Plan.swift"))
        let named = try runCLI([folder.appendingPathComponent("Plan.swift").path])
        #expect(named.status == 1 && named.output.contains("[core/parse-error]"))
        #expect(named.output.contains("--traits SwiftSource"))
    }
}

#if SwiftSource
    /// Swift files: paywall literals, SwiftUI presentations of paywall views, and prices and savings
    /// in paywall types, through the same rules, suppressions and fixes as YAML and JSON.
    @Suite(.yaml) struct SwiftSourceTests {
        static func linter() throws -> Linter {
            SwiftSupport.enable()
            var options = LintOptions()
            options.readsSwift = true
            return try Linter(
                ruleSet: try RuleSet(packs: ["recommended"], library: PackLibrary.builtIn()), options: options
            )
        }

        /// A Swift file of `Fixtures/swift`, kept there as `NAME.txt` so that swift-format and the
        /// compiler leave it alone.
        static func fixture(_ name: String) throws -> SourceFile {
            let url = Paths.fixtures.appendingPathComponent("swift/\(name).txt")
            return SourceFile(path: name, bytes: Array(try Data(contentsOf: url)))
        }

        /// `line:column rule` of each finding.
        static func summary(_ report: FileReport) -> [String] {
            report.findings.map { "\($0.span.start.line):\($0.span.start.column) \($0.ruleID)" }
        }

        @Test func sheetsAndPopoversOfPaywallViewsAreNotFullScreen() throws {
            let report = try Self.linter().lint(try Self.fixture("Presentations.swift"))
            // The settings sheet and the full-screen cover pass.
            #expect(
                Self.summary(report) == [
                    "11:18 recommended/full-screen", "17:10 recommended/full-screen",
                    "21:10 recommended/full-screen",
                ])
            #expect(report.findings[1].message.contains(".interactiveDismissDisabled() blocks the swipe"))
            // `.popover(arrowEdge:)` has no `.fullScreenCover` twin: a person moves it.
            #expect(report.findings.map { $0.fix?.isAutomatic == true } == [true, true, false])
        }

        @Test func theFixRenamesTheModifierAndProvesTheSyntax() throws {
            let linter = try Self.linter()
            let file = try Self.fixture("Presentations.swift")
            let outcome = Fixer.apply(linter.lint(file).findings, to: file)
            let fixed = try #require(outcome.bytes)
            #expect(outcome.count == 2 && outcome.refused.isEmpty)
            let text = String(decoding: fixed, as: UTF8.self)
            #expect(
                text.contains(
                    ".fullScreenCover(isPresented: $showPaywall) {\n                    PaywallView(source: .home)"
                ))
            #expect(text.contains(".fullScreenCover(item: $upsell) { reason in"))
            #expect(text.contains(".sheet(isPresented: $showSettings) { SettingsView() }"))
            let again = linter.lint(SourceFile(path: file.path, bytes: fixed))
            #expect(Self.summary(again) == ["21:10 recommended/full-screen"])
        }

        @Test func literalsOfPaywallTypesAndPaywallLiterals() throws {
            let report = try Self.linter().lint(try Self.fixture("PaywallCode.swift"))
            // Not reported: the comment's price, `product.displayPrice`, interpolated copy, the
            // version number, the receipt (no paywall type), the suppressed preview price and the
            // computed footnote (which no rule reports missing either).
            #expect(
                Self.summary(report) == [
                    "8:34 apple/hardcoded-price", "9:18 apple/hardcoded-savings",
                    "37:30 apple/hardcoded-price",
                ])
            #expect(
                report.findings[0].message
                    == "hard-coded price \"$4.99\" in a string of PlanCard; show the store's price (Product.displayPrice)"
            )
            #expect(report.findings[2].variant == "Fallbacks.offline")
            #expect(report.findings[2].fix?.isAutomatic != true)
            #expect(
                report.notes.contains {
                    $0.contains("Fallbacks.offline: footnote is computed or interpolated")
                })
        }

        @Test func suppressionsInSwiftCommentsAreCheckedLikeYAMLs() throws {
            let text = """
                struct PaywallView {
                    // paywall-lint: disable-next-line apple/hardcoded-price
                    let a = "$1.99"
                    let b = "$2.99"  // paywall-lint: disable-line apple/hardcoded-savings -- not a saving
                    // paywall-lint: disable-next-line apple/hardcodde-price -- typo
                    let c = "$3.99"
                }
                """
            let report = try Self.linter().lint(SourceFile(path: "P.swift", bytes: Array(text.utf8)))
            #expect(
                Self.summary(report) == [
                    "2:5 core/suppression-without-reason", "4:14 apple/hardcoded-price",
                    "4:22 core/unused-suppression",
                    "5:5 core/invalid-suppression", "6:14 apple/hardcoded-price",
                ])
        }

        @Test func swiftThatDoesNotParseIsReportedWhereItBreaks() throws {
            let report = try Self.linter().lint(try Self.fixture("Broken.swift"))
            #expect(Self.summary(report) == ["3:33 core/parse-error"])
            #expect(report.findings[0].message.contains("expected ')'"))
        }

        @Test func paywallLiteralsNeedThePaywallsFields() throws {
            let text = """
                let a = PaywallConfig(id: "a", headline: "Save 40% today", ctaTitle: "Continue")
                let b = Banner(id: "b", headline: "Save 40% today", ctaTitle: "Continue", color: .red)
                let c = PaywallConfig(headline: "Save 40% today", ctaTitle: "Continue")
                let d: PaywallConfig = .init(id: "d", headline: "Save \\(x)%", subhead: "Save 40% today")
                """
            let report = try Self.linter().lint(SourceFile(path: "P.swift", bytes: Array(text.utf8)))
            // `b` has a label no paywall has; `c` has two arguments; `d`'s headline is interpolated.
            let savings = report.findings.filter { $0.ruleID == "apple/hardcoded-savings" }
            #expect(savings.map { "\($0.span.start.line):\($0.span.start.column)" } == ["1:43", "4:73"])
            #expect(savings.map(\.variant) == ["a", "d"])
            // A partial literal is still a paywall: its missing bullets are reported.
            #expect(report.findings.contains { $0.ruleID == "recommended/bullets" && $0.variant == "a" })
        }

        @Test func escapesAndMultilineLiteralsAreReadAsTheCompilerReadsThem() throws {
            #expect(PaywallVisitor.unescaped(#"Tap \"Go\"\n\u{20AC}3"#) == "Tap \"Go\"\n€3")
            let source = "let f = \"\"\"\n    Renews at {{ price }}.\n    Cancel anytime.\n    \"\"\"\n"
            let tree = Parser.parse(source: source)
            let literals = tree.tokens(viewMode: .sourceAccurate).compactMap {
                $0.parent?.as(StringLiteralExprSyntax.self)
            }
            let literal = try #require(literals.first)
            #expect(PaywallVisitor.staticText(of: literal) == "Renews at {{ price }}.\nCancel anytime.")
        }

        @Test(.needsShared) func theSourcesSnippetsFireWhereTheySayAndPassWhereTheyShow() throws {
            let linter = try Self.linter()
            func blocks(_ name: String) throws -> String {
                let text = try String(
                    contentsOf: Paths.shared.appendingPathComponent("spec/sources/\(name)"), encoding: .utf8)
                var code: [String] = []
                var inside = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix("```") {
                        inside = line.hasPrefix("```swift")
                        continue
                    }
                    if inside { code.append(String(line)) }
                }
                return code.joined(separator: "\n")
            }
            func lint(_ code: String) -> FileReport {
                linter.lint(SourceFile(path: "snippet.swift", bytes: Array(code.utf8)))
            }
            // The design card: PaywallView and the plan card read every price from the store, the
            // saving is computed, `.fullScreenCover` is required, and the one `.sheet` is marked WRONG.
            let card = try blocks("000_4aed6787f7a8eef0.txt")
            let cardReport = lint(card)
            let wrong =
                try #require(
                    card.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                        $0.contains("// WRONG")
                    }) + 1
            #expect(Self.summary(cardReport) == ["\(wrong):2 recommended/full-screen"])
            // The feature-gating guide presents its paywall as a sheet.
            let gating = lint(try blocks("004_a7a843c22e046f5d.txt"))
            #expect(gating.findings.map(\.ruleID).filter { $0 == "recommended/full-screen" }.count == 1)
            #expect(!gating.findings.contains { $0.ruleID.hasPrefix("apple/hardcoded") })
            // The remote-config article's bundled fallback: "Start free trial" without the trial's
            // terms, and "Cancel anytime." as the whole disclosure.
            let article = try String(
                contentsOf: Paths.shared.appendingPathComponent("spec/sources/003_b51f82222f2abc84.txt"),
                encoding: .utf8)
            let start = try #require(article.range(of: "static let bundled = PaywallConfig("))
            let end = try #require(article.range(of: "\n)\n", range: start.upperBound..<article.endIndex))
            let bundled = lint("enum PaywallLoader {\n" + article[start.lowerBound..<end.upperBound] + "}\n")
            #expect(Set(bundled.findings.map(\.ruleID)) == ["apple/trial-terms", "apple/disclosure-present"])
            #expect(bundled.findings.allSatisfy { $0.variant == "PaywallLoader.bundled" })
        }

        @Test func walkedSwiftFilesAreLintedOnlyWhenAsked() throws {
            let folder = try makeScratchDirectory("swift-walk")
            defer { removeScratchDirectory(folder) }
            try Data("struct PlanCard { let p = \"$4.99\" }\n".utf8).write(
                to: folder.appendingPathComponent("Plan.swift"))
            try Data(contentsOf: Paths.examples.appendingPathComponent("sketchy/weekly.yaml")).write(
                to: folder.appendingPathComponent("weekly.yaml"))
            let plain = try runCLI([folder.path])
            #expect(plain.status == 0 && plain.output.contains("1 file checked"))
            let asked = try runCLI(["--swift", folder.path])
            #expect(asked.status == 1 && asked.output.contains("Plan.swift:1:28: error: hard-coded price"))
            try Data("swift: true\n".utf8).write(to: folder.appendingPathComponent(".paywall-lint.yml"))
            let configured = try runCLI([folder.path])
            #expect(configured.status == 1 && configured.output.contains("2 files checked"))
            // Named, a Swift file is asked for.
            let named = try runCLI([folder.appendingPathComponent("Plan.swift").path])
            #expect(named.status == 1)
        }
    }
#endif
