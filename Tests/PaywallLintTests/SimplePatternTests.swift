import Testing

@testable import PaywallLint

/// `SimplePattern` stands in for `Regex` on simple patterns and ASCII text, so it must decide
/// exactly as `Regex` does; these compare the two.
@Suite(.yaml) struct SimplePatternTests {
    static let simplePatterns = [
        "[a-z0-9][a-z0-9._-]*", "[a-z]+", "\\d{2,4}", "a?b*c+", "[A-Z][a-z]{0,3}x", "\\w+@\\w+\\.com",
        "[-a]b", "[a-]b", "x{3}", "x{2,}y", "[\\.\\-]+", "#[0-9a-fA-F]{6}", "free", "", "a b",
        "[_\\d]*z?",
    ]

    static let texts = [
        "", "sketchy-weekly-b", "Weekly Variant B", "a", "abc", "ac", "bbbc", "c", "12", "12345", "Abcx",
        "Abcdx", "Abcdex", "joe@mail.com", "joe@mail.comm", "-", "a-b", "ab", "xxx", "xx", "xxxxy", "..--",
        "#FF00aa", "#FF00a", "free trial", "it is free", "a b", "_9z", "z", "9_", "x\u{301}", "café",
        "line\r\nbreak", "id\n", "ÄB",
    ]

    @Test("simple patterns decide as Regex does, on every text it answers for", arguments: simplePatterns)
    func agreesWithRegex(_ pattern: String) throws {
        let simple = try #require(SimplePattern(pattern), "\(pattern) should be simple")
        let regex = try Regex(pattern)
        for text in Self.texts {
            let whole = (try regex.wholeMatch(in: text)) != nil
            let some = (try regex.firstMatch(in: text)) != nil
            if let fast = simple.wholeMatch(text) {
                #expect(fast == whole, "\(pattern) whole \(text.debugDescription)")
            }
            if let fast = simple.containsMatch(text) {
                #expect(fast == some, "\(pattern) some \(text.debugDescription)")
            }
        }
    }

    @Test("classes, escapes and plain punctuation accept the bytes Regex accepts, byte by byte")
    func agreesByteByByte() throws {
        let printable = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) }
        var patterns = ["\\d", "\\w", "[\\w.]", "[0-9A-Fa-f]", "[0-9a-f_ ]"]
        patterns += printable.compactMap { SimplePattern($0) == nil ? nil : $0 }
        patterns += printable.map { "\\" + $0 }.filter { SimplePattern($0) != nil }
        #expect(patterns.count > 40)
        for pattern in patterns {
            let simple = try #require(SimplePattern(pattern))
            let regex = try Regex(pattern)
            for text in printable + ["\t", "\n"] {
                #expect(
                    simple.wholeMatch(text) == ((try regex.wholeMatch(in: text)) != nil), "\(pattern) \(text)"
                )
            }
        }
    }

    @Test("text beyond ASCII, or with a CR, is left to Regex")
    func declinesOtherText() throws {
        let simple = try #require(SimplePattern("[a-z]+"))
        for text in ["café", "x\u{301}", "a\r\nb", "a\rb"] {
            #expect(simple.wholeMatch(text) == nil)
            #expect(simple.containsMatch(text) == nil)
        }
        #expect(simple.wholeMatch("abc") == true)
        #expect(simple.wholeMatch("ab1") == false)
    }

    @Test(
        "anything else is left to Regex",
        arguments: [
            "[^a]", "a|b", "(ab)", "^a", "a$", "a.", "a*?", "a++", "a**", "[[:alpha:]]", "[:alpha:]",
            "[a-z&&[^b]]",
            "[a--b]", "[a~~b]", "[a-z-0]", "[]a]", "[z-a]", "\\s", "\\bword", "(?i)free", "a{17}", "a{2,1}",
            "a{,2}",
            "{", "}", "]", "é", "[é]", "\\p{L}", "a{1}{2}",
        ])
    func leavesTheRestToRegex(_ pattern: String) {
        #expect(SimplePattern(pattern) == nil)
    }

    @Test("the pattern of recommended/variant-id is simple")
    func builtInPackPatternIsSimple() {
        #expect(SimplePattern("[a-z0-9][a-z0-9._-]*") != nil)
    }

    /// Random patterns of the simple kind against random ASCII texts, from a fixed seed.
    @Test func agreesWithRegexOnRandomPatterns() throws {
        var random = SplitMix(seed: 0x5EED)
        let atoms = ["a", "b", "-", "[ab]", "[a-c_]", "\\d", "\\w", "[-b]", "\\.", "_"]
        let quantifiers = ["", "", "?", "*", "+", "{2}", "{1,3}", "{0,}", "{2,}"]
        let alphabet = Array("ab-_.1cB ")
        var checked = 0
        for _ in 0..<300 {
            let pattern = (0..<Int(random.next() % 4 + 1)).map { _ in
                atoms[Int(random.next() % UInt64(atoms.count))]
                    + quantifiers[Int(random.next() % UInt64(quantifiers.count))]
            }.joined()
            let simple = try #require(SimplePattern(pattern), "\(pattern) should be simple")
            let regex = try Regex(pattern)
            for _ in 0..<12 {
                let text = String((0..<Int(random.next() % 7)).map { _ in alphabet[Int(random.next() % 9)] })
                #expect(
                    simple.wholeMatch(text) == ((try regex.wholeMatch(in: text)) != nil), "\(pattern) \(text)"
                )
                #expect(
                    simple.containsMatch(text) == ((try regex.firstMatch(in: text)) != nil),
                    "\(pattern) \(text)")
                checked += 1
            }
        }
        #expect(checked == 3600)
    }
}
