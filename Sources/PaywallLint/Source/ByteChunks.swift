/// Tests on eight bytes at once (SWAR), for the passes that read every byte of a file: most
/// bytes of most files are plain ASCII, and one test per eight of them is several times cheaper
/// than a branch per byte. Every mask is exact per byte: bit 7 of byte k is set when byte k
/// passes the test.
package enum ByteChunks {
    package static let ones: UInt64 = 0x0101_0101_0101_0101
    package static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` as one word, first byte lowest; `offset + 8` must not pass the end.
    @inline(__always)
    package static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// Bytes equal to `byte`.
    @inline(__always)
    package static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        // Without bit 7, subtracting one from each byte cannot borrow across bytes.
        return ~((x | highBits) &- ones) & ~x & highBits
    }

    /// Bytes below `bound` (at most 0x80).
    @inline(__always)
    package static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        ~((word | highBits) &- ones &* UInt64(bound)) & ~word & highBits
    }

    /// Whether two buffers hold the same bytes, compared a word at a time: the generic
    /// `elementsEqual` went byte by byte, a thousand instructions for a disclosure. Two views of
    /// one storage (a string the reader kept and handed out again, `ShortStrings`) are the same
    /// without reading it.
    package static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        if a.baseAddress == b.baseAddress { return true }
        var i = 0
        while i + 8 <= a.count {
            guard load(a, at: i) == load(b, at: i) else { return false }
            i += 8
        }
        return a[i...].elementsEqual(b[i...])
    }

    /// Bytes that end a run of plain JSON string text: the closing `quote`, a backslash, or a
    /// control byte (which must be escaped).
    @inline(__always)
    package static func jsonStringStop(_ word: UInt64, quote: UInt8) -> UInt64 {
        equal(word, quote) | equal(word, UInt8(ascii: "\\")) | below(word, 0x20)
    }

    /// Bytes beyond ASCII.
    @inline(__always)
    package static func beyondASCII(_ word: UInt64) -> UInt64 { word & highBits }

    /// UTF-8 continuation bytes (`10xxxxxx`): bit 7 set and bit 6 clear. Shifting left by one puts
    /// each byte's bit 6 under its bit 7; what crosses into the next byte lands below bit 7.
    @inline(__always)
    package static func continuation(_ word: UInt64) -> UInt64 { word & ~(word << 1) & highBits }
}
