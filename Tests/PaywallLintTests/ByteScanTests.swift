import Testing

@testable import PaywallLint

/// The passes that read a file eight bytes at a time must find exactly what a byte-by-byte
/// reading finds, wherever in a word the byte of interest falls.
@Suite("Byte scans", .yaml)
struct ByteScanTests {
    /// Deterministic filler bytes, beyond ASCII and control bytes included.
    private static func filler(_ seed: Int) -> [UInt8] {
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<8).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }

    @Test("each mask marks exactly the bytes that pass its test")
    func masksAreExactPerByte() {
        let tests: [(String, (UInt64) -> UInt64, (UInt8) -> Bool)] = [
            ("equal 0x0A", { ByteChunks.equal($0, 0x0A) }, { $0 == 0x0A }),
            ("equal 0", { ByteChunks.equal($0, 0) }, { $0 == 0 }),
            ("equal 0xFF", { ByteChunks.equal($0, 0xFF) }, { $0 == 0xFF }),
            ("below 0x20", { ByteChunks.below($0, 0x20) }, { $0 < 0x20 }),
            ("below 0x80", { ByteChunks.below($0, 0x80) }, { $0 < 0x80 }),
            ("beyond ASCII", ByteChunks.beyondASCII, { $0 >= 0x80 }),
            ("continuation", ByteChunks.continuation, { $0 & 0xC0 == 0x80 }),
            ("JSON string stop", { ByteChunks.jsonStringStop($0, quote: 0x22) }, JSONText.needsEscape),
        ]
        var wrong: [String] = []
        for seed in 0..<64 {
            var bytes = Self.filler(seed)
            for position in 0..<8 {
                for value in 0...255 {
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBufferPointer { ByteChunks.load($0, at: 0) }
                    for (name, mask, test) in tests {
                        let marked = mask(word)
                        for (k, byte) in bytes.enumerated()
                        where (marked >> (8 * k + 7) & 1 == 1) != test(byte) {
                            wrong.append("\(name): byte \(k) = \(byte) in \(bytes)")
                        }
                    }
                }
            }
        }
        #expect(wrong.prefix(5) == [])
    }

    /// 40 bytes of YAML-ish ASCII with line breaks, so a planted byte lands at every offset of
    /// a word and in the tail that is read byte by byte.
    private static let base = Array("key: value\nother: more text here\nend: 1\n".utf8)

    private static func expectedPosition(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        let before = bytes[..<offset]
        let line = before.filter { $0 == 0x0A }.count + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }

    @Test(
        "an encoding problem is found at its exact position from every offset",
        arguments: [[0x00], [0x01], [0x0B], [0x7F], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]]
            as [[UInt8]])
    func encodingProblemAtEveryOffset(planted: [UInt8]) throws {
        for offset in 0..<Self.base.count {
            var bytes = Self.base
            bytes.replaceSubrange(offset..<offset + 1, with: planted)
            // JSON allows control bytes other than NUL in this check (its parser reports them).
            let yaml = try #require(TextEncoding.check(bytes, format: .yaml).problem, "offset \(offset)")
            #expect(yaml.span.start == Self.expectedPosition(of: offset, in: bytes), "offset \(offset)")
            let json = TextEncoding.check(bytes, format: .json).problem
            let jsonAllows = planted == [0x01] || planted == [0x0B] || planted == [0x7F]
            #expect((json == nil) == jsonAllows, "offset \(offset)")
        }
    }

    @Test("text that is clean from every offset on has no problem")
    func cleanTextAtEveryOffset() {
        for planted in [[0x09], [0x0D], [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xF0, 0x9F, 0x98, 0x80]]
            as [[UInt8]]
        {
            for offset in 0..<Self.base.count {
                var bytes = Self.base
                bytes.replaceSubrange(offset..<offset + 1, with: planted)
                #expect(TextEncoding.check(bytes, format: .yaml).problem == nil, "\(planted) at \(offset)")
            }
        }
    }

    @Test("line starts are found after LF, CRLF and a lone CR at every offset")
    func lineStartsAtEveryOffset() {
        for lineBreak in [[0x0A], [0x0D, 0x0A], [0x0D]] as [[UInt8]] {
            for offset in 0..<Self.base.count {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: Self.base.count)
                bytes.replaceSubrange(offset..<offset + 1, with: lineBreak)
                #expect(LineIndex(bytes).lineStarts == [0, offset + lineBreak.count], "offset \(offset)")
            }
        }
        #expect(LineIndex(Array("a\r\n\rb\n\nc".utf8)).lineStarts == [0, 3, 4, 6, 7])
    }

    @Test("a partial line index knows its lines, and where the next one starts")
    func partialLineIndex() {
        var text = ""
        for k in 1...200 {
            text += "line \(k) " + String(repeating: "x", count: k % 13) + (k % 3 == 0 ? "\r\n" : "\n")
        }
        let bytes = Array(text.utf8)
        let full = LineIndex(bytes)
        #expect(full.lineCount == 201)
        for last in [0, 1, 2, 7, 150, 199, 200, 201, 5_000] {
            let partial = LineIndex(bytes, throughLine: last)
            #expect(partial.lineStarts == Array(full.lineStarts.prefix(last + 1)), "through \(last)")
            for line in stride(from: 1, through: min(last, 200), by: 1) {
                #expect(partial.lineBytes(line) == full.lineBytes(line), "line \(line) through \(last)")
            }
        }
    }

    @Test("the suppression marker is found at every offset, and a near miss is not")
    func suppressionMarkerAtEveryOffset() {
        let marker = Array("# paywall-lint: disable".utf8)
        for offset in 0...Self.base.count {
            var bytes = Self.base
            bytes.insert(contentsOf: marker, at: offset)
            #expect(Suppressions.mentionsTool(bytes), "offset \(offset)")
            bytes = Self.base
            bytes.insert(contentsOf: Array("# paywall-lint disable".utf8), at: offset)
            #expect(!Suppressions.mentionsTool(bytes), "offset \(offset)")
            // Other `#`s before it (a colour) and spaces after its own.
            bytes = Self.base
            bytes.insert(contentsOf: Array("color: \"#FFF\" #   paywall-lint: disable".utf8), at: offset)
            #expect(Suppressions.mentionsTool(bytes), "offset \(offset), after a colour")
            bytes = Self.base
            bytes.insert(contentsOf: Array("color: \"#FFF\" paywall-lint: disable".utf8), at: offset)
            #expect(!Suppressions.mentionsTool(bytes), "offset \(offset), no comment")
        }
        #expect(Suppressions.mentionsTool(Array("#paywall-lint:".utf8)))
        #expect(!Suppressions.mentionsTool(Array("# paywall-lint".utf8)))
        #expect(!Suppressions.mentionsTool(Array("#".utf8)))
        #expect(!Suppressions.mentionsTool([]))
    }

    /// A JSON string whose quote, escape or control byte falls at every offset of a word, after
    /// text beyond ASCII: its value, and the column of the node after it, counted in scalars.
    /// Columns of an ASCII file are byte counts when the encoding check has said it is ASCII, and
    /// scalar counts otherwise: the two must agree on every node.
    @Test func jsonColumnsOfAnASCIIFileAgreeBothWays() throws {
        let text = Array("\u{FEFF}{\n  \"a\": [1, \"two\",\t{\"b\": null}],\r\n    \"c\": \"d\"\n}\n".utf8)
        #expect(TextEncoding.check(text, format: .json).isASCII)
        var findings: [Finding] = []
        let counted = try #require(
            JSONReader.read(text, isASCII: false, limits: .default, findings: &findings))
        let known = try #require(JSONReader.read(text, isASCII: true, limits: .default, findings: &findings))
        #expect(counted.nodes.count == 10)
        #expect(counted.nodes.map(\.span) == known.nodes.map(\.span))
        #expect(!TextEncoding.check(Array("{\"é\": 1}".utf8), format: .json).isASCII)
    }

    @Test(arguments: [("\\\"", "\""), ("\\u00e9", "é"), ("\\n", "\n"), ("", ""), ("\t", "\t")])
    func jsonStringAtEveryOffset(escape: String, value: String) throws {
        for offset in 0..<20 {
            let before = String(repeating: "é", count: offset % 3) + String(repeating: "a", count: offset)
            // A run of spaces of every length before the second key.
            let text =
                "{\"k\": \"\(before)\(escape)z\"," + String(repeating: " ", count: offset + 1) + "\"n\": 1}"
            var findings: [Finding] = []
            let document = try #require(
                JSONReader.read(Array(text.utf8), limits: .default, findings: &findings), "offset \(offset)")
            let root = try #require(document.root)
            let pairs = document.pairs(of: root)
            #expect(document.text(of: pairs[0].value) == before + value + "z", "offset \(offset)")
            let column = Array(text.unicodeScalars).firstIndex(of: "1")! + 1
            #expect(
                document[pairs[1].value].start == SourcePosition(line: 1, column: column), "offset \(offset)")
            // A raw tab is a control byte JSON forbids, reported where it is; nothing else is.
            #expect(findings.count == (escape == "\t" ? 1 : 0), "offset \(offset): \(findings)")
        }
    }

    @Test("two buffers are the same only when every byte is, at every length and offset")
    func sameBytesAtEveryOffset() {
        for length in 0...20 {
            let a = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            a.withUnsafeBufferPointer { a in
                #expect(ByteChunks.same(a, a), "length \(length)")
                for offset in 0..<length {
                    var b = Array(a)
                    b[offset] ^= 1
                    b.withUnsafeBufferPointer {
                        #expect(!ByteChunks.same(a, $0), "length \(length), offset \(offset)")
                    }
                }
                let longer = Array(a) + [0]
                longer.withUnsafeBufferPointer { #expect(!ByteChunks.same(a, $0), "length \(length)") }
            }
        }
    }
}
