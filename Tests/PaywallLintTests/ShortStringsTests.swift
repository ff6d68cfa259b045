import Testing

@testable import PaywallLint

/// The readers' table of strings already made must give exactly the string that decoding the
/// bytes gives: the same bytes, not just an equal string (`==` holds for canonically equal texts
/// with different scalars, and columns count scalars).
@Suite("Short strings", .yaml)
struct ShortStringsTests {
    private func made(_ bytes: [UInt8], by table: ShortStrings) -> [UInt8] {
        Array(bytes.withUnsafeBufferPointer { table.string($0) }.utf8)
    }

    private func decoded(_ bytes: [UInt8]) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    @Test("strings of every length, met again and again in any order, are the decoded bytes")
    func randomStrings() {
        var generator = SystemRandomNumberGenerator()
        // Few pieces, so many strings share their start, end and length, and some are invalid.
        let pieces: [[UInt8]] = [
            [0x61], [0x62], Array("é".utf8), Array("e\u{301}".utf8), [0xFF], [0xE2, 0x82], Array("{{".utf8),
        ]
        var pool: [[UInt8]] = []
        for length in 0...(ShortStrings.maxCount + 8) {
            for _ in 0..<6 {
                var bytes: [UInt8] = []
                while bytes.count < length { bytes += pieces.randomElement(using: &generator)! }
                pool.append(Array(bytes.prefix(length)))
            }
        }
        let table = ShortStrings()
        for _ in 0..<20_000 {
            let bytes = pool.randomElement(using: &generator)!
            #expect(made(bytes, by: table) == decoded(bytes), "\(bytes)")
        }
    }

    @Test("strings that agree in length, first and last eight bytes differ in the middle")
    func sameEnds() {
        let table = ShortStrings()
        let first = Array("com.app.pro_month_ly".utf8)
        let second = Array("com.app.pro_annua_ly".utf8)
        #expect(made(first, by: table) == first)
        #expect(made(second, by: table) == second)
        #expect(made(first, by: table) == first)
        for length in 1...3 {
            let a = [UInt8](repeating: 0x61, count: length)
            var b = a
            b[length / 2] = 0x62
            #expect(made(a, by: table) == a)
            #expect(made(b, by: table) == b)
        }
    }

    @Test("invalid UTF-8 is repaired as decoding repairs it, every time")
    func repaired() {
        let table = ShortStrings()
        let bytes: [UInt8] = [0x61, 0xC3, 0x28, 0xFF]
        let expected = Array("a\u{FFFD}(\u{FFFD}".utf8)
        #expect(made(bytes, by: table) == expected)
        #expect(made(bytes, by: table) == expected)
    }
}
