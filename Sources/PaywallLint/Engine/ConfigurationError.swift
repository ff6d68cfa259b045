/// A problem in a rule pack or a config file: the run stops with exit code 2.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The file with the problem (a rule pack, a config, a `.storekit` file), or `configuration`
    /// for packs named in code, such as an unknown pack given to `PaywallValidator`.
    public var path: String
    /// Where in the file; nil when the problem is the file as a whole.
    public var span: SourceSpan?
    /// What is wrong, for people.
    public var message: String
    /// Further errors found in the same pass, so one run names them all.
    public var others: [ConfigurationError] = []

    /// An error in the file at `path`, at `span` when known.
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

    /// `path:line:column: error: message`, one line per error, with file content escaped.
    public var description: String {
        let location = span.map { "\(path):\($0.start.line):\($0.start.column)" } ?? path
        return
            (["\(TerminalText.escaped(location)): error: \(TerminalText.escaped(message))"]
            + others.map(\.description)).joined(separator: "\n")
    }
}
