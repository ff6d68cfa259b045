import Foundation
import Testing

@testable import PaywallLint

/// Pack patterns are matched without backtracking: the same answers as `Regex`, in linear time.
@Suite("Linear-time patterns", .yaml)
struct LinearPatternTests {
    /// Random patterns with groups, alternation, classes and quantifiers against random texts,
    /// from a fixed seed: every answer agrees with Swift's `Regex`.
    @Test func agreesWithRegex() throws {
        var random = SplitMix(seed: 0xC0FFEE)
        let atoms = [
            "a", "b", ".", "[ab]", "[^a]", "\\d", "\\w", "\\s", "\\.", "é", "(a|b)", "(?:ab|c)", "(a*)",
            "(x?)",
        ]
        let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,}", "*?"]
        let alphabet: [Character] = ["a", "b", "c", ".", "1", " ", "é", "x", "B"]
        var checked = 0
        for _ in 0..<400 {
            var pattern = (0..<random.next(4) + 1).map { _ in
                atoms[random.next(atoms.count)] + quantifiers[random.next(quantifiers.count)]
            }.joined()
            if random.next(5) == 0 { pattern = "(" + pattern + ")|b+" }
            if random.next(6) == 0 { pattern = "^" + pattern }
            if random.next(6) == 0 { pattern += "$" }
            let linear = try LinearPattern(pattern)
            let regex = try Regex(pattern)
            for _ in 0..<10 {
                let text = String((0..<random.next(7)).map { _ in alphabet[random.next(alphabet.count)] })
                #expect(
                    linear.wholeMatch(text) == ((try regex.wholeMatch(in: text)) != nil), "\(pattern) \(text)"
                )
                #expect(
                    linear.containsMatch(text) == ((try regex.firstMatch(in: text)) != nil),
                    "\(pattern) \(text)")
                checked += 1
            }
        }
        #expect(checked == 4000)
    }

    @Test func caseInsensitive() throws {
        let pattern = try LinearPattern("(?i)free [a-z]+ trial")
        #expect(pattern.containsMatch("Start your FREE Week Trial"))
        #expect(!pattern.containsMatch("Start your trial"))
    }

    @Test(
        "what needs backtracking is refused with a reason",
        arguments: ["(a)\\1", "(?=a)b", "\\bword", "a**", "(ab", "[z-a]", "a{5,2}", "a{1001}"])
    func refused(_ pattern: String) {
        #expect(throws: LinearPattern.SyntaxError.self) { try LinearPattern(pattern) }
    }

    /// The pattern that stalled a backtracking matcher for minutes on 20 characters: here a
    /// headline 500 times as long is read in a moment. The bound is generous so that a loaded
    /// machine cannot fail it; a backtracking matcher would not finish at all.
    @Test func catastrophicPatternsEndQuickly() throws {
        let pack = """
            pack: hostile
            rules:
              - id: hostile/headline-words
                severity: error
                summary: headline words
                check: pattern
                field: headline
                with: {require: '(\\w+\\s?)*'}
            """
        var library = try PackLibrary.builtIn()
        try library.add(try PackReader.read(path: "hostile.yml", text: pack))
        let linter = try Linter(ruleSet: try RuleSet(packs: ["hostile"], library: library))
        let headline = String(repeating: "abcdefghij ", count: 1_000) + "!"
        let file = SourceFile(path: "p.yaml", text: "paywall: 1\nheadline: \"\(headline)\"\n")
        let clock = ContinuousClock()
        var report: FileReport?
        let elapsed = clock.measure { report = linter.lint(file) }
        #expect(report?.findings.contains { $0.ruleID == "hostile/headline-words" } == true)
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
