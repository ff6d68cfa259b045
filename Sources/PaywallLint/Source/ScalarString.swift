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
}
