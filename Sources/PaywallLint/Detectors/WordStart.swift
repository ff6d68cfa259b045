/// A place in normalised copy where a phrase may begin, with what the phrase scan tests there
/// before it searches a vocabulary: the offset, and two indexes into bit tables each vocabulary
/// keeps (`PhraseSet`), one for the first two scalars and one for a hash of the first three.
/// Worked out once per copy string (`NormalizedText.wordStarts`) rather than by each of the dozen
/// vocabularies that scan it: most word starts begin no phrase of a vocabulary, and its two bits
/// tell so in a few instructions.
///
/// Packed in 64 bits: the offset in the low 32, the pair index in the next 14, the triple index
/// in the 15 above those.
struct WordStart {
    let packed: UInt64

    var offset: Int { Int(UInt32(truncatingIfNeeded: packed)) }
    /// For a first scalar in ASCII, its value and the second's (one beyond ASCII or none as 0)
    /// as `first << 7 | second`; for any other first scalar `beyondASCII`, whose bit every
    /// vocabulary sets, so the scan searches there.
    var pairIndex: Int { Int(truncatingIfNeeded: packed >> 32) & 0x3FFF }
    /// For first and second scalars in ASCII and a third, `tripleIndex(_:_:_:)` of the three, any
    /// space as U+0020; else `noTriple`, whose bit no vocabulary sets.
    var tripleIndex: Int { Int(truncatingIfNeeded: packed >> 46) & 0x7FFF }

    static let beyondASCII = 0
    static let noTriple = 0
    static let tripleIndexBits = 15

    init(offset: Int, in scalars: UnsafeBufferPointer<Unicode.Scalar>) {
        let n = scalars.count
        let first = scalars[offset].value
        var pair = Self.beyondASCII
        var triple = Self.noTriple
        if first < 128 {
            let next = offset + 1 < n ? scalars[offset + 1].value : 0
            let second = next < 128 ? next : 0
            pair = Int(first) << 7 | Int(second)
            if second != 0, offset + 2 < n {
                let third = scalars[offset + 2]
                triple = Self.tripleIndex(first, second, Scalars.isSpace(third) ? 0x20 : third.value)
            }
        }
        packed = UInt64(UInt32(truncatingIfNeeded: offset)) | UInt64(pair) << 32 | UInt64(triple) << 46
    }

    /// A hash of three scalars, never `noTriple`.
    static func tripleIndex(_ first: UInt32, _ second: UInt32, _ third: UInt32) -> Int {
        let mixed = ((first << 25 | second << 18) ^ third) &* 0x9E37_79B1
        return max(1, Int(truncatingIfNeeded: mixed >> (32 - tripleIndexBits)))
    }
}
