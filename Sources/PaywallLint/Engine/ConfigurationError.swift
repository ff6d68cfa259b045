/// A problem in a rule pack or a config file: the run stops with exit code 2.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var span: SourceSpan?
    public var message: String
    /// Further errors found in the same pass, so one run names them all.
    public var others: [ConfigurationError] = []

    public init(path: String, span: SourceSpan? = nil, message: String) {
        self.path = path
        self.span = span
        self.message = message
    }

    /// The errors as one, the first leading; nil when there are none.
    static func combined(_ errors: [ConfigurationError]) -> ConfigurationError? {
        guard var first = errors.first else { return nil }
        first.others += errors.dropFirst()
        return first
    }

    public var description: String {
        let location = span.map { "\(path):\($0.start.line):\($0.start.column)" } ?? path
        return
            (["\(TerminalText.escaped(location)): error: \(TerminalText.escaped(message))"]
            + others.map(\.description)).joined(separator: "\n")
    }
}
