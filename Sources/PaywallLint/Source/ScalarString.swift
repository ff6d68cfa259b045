extension String {
    /// A string of the given scalars. Encodes to UTF-8 in one buffer: appending to a
    /// `String.UnicodeScalarView` scalar by scalar costs several times more, and copy text is
    /// turned back into strings for every match and variable name.
    init<Scalars: Sequence<Unicode.Scalar>>(scalars: Scalars) {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars { UTF8.encode(scalar) { utf8.append($0) } }
        self.init(decoding: utf8, as: UTF8.self)
    }

    /// Runs `body` on the string's UTF-8 bytes: in place where the string keeps them together
    /// (native strings), else on a copy. `withUTF8` needs a `var`, and the copy made for it
    /// retained the string at every call.
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }

    /// The string's scalars in an array; ASCII text, most copy, read straight from its bytes.
    var scalarArray: [Unicode.Scalar] { asciiScalars() ?? Array(unicodeScalars) }

    /// The scalars of an ASCII string, read straight from its bytes; nil for any other string.
    /// `Array(unicodeScalars)` decodes a string twice, once to count and once to copy, and every
    /// copy string is turned into scalars.
    func asciiScalars() -> [Unicode.Scalar]? {
        var text = self
        return text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: bytes.count) { buffer in
                for (offset, byte) in bytes.enumerated() {
                    buffer.initializeElement(at: offset, to: Unicode.Scalar(byte))
                }
                // Copied out rather than written into `Array(unsafeUninitializedCapacity:)`:
                // the standard library allocates that array through a function it does not
                // inline, which looks up the array's type at run time, a few hundred
                // instructions for every copy string.
                return Array(UnsafeBufferPointer(buffer))
            }
        }
    }
}
