/// A problem in a rule pack or a config file: the run stops with exit code 2.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var span: SourceSpan?
    public var message: String

    public init(path: String, span: SourceSpan? = nil, message: String) {
        self.path = path
        self.span = span
        self.message = message
    }

    public var description: String {
        let location = span.map { "\(path):\($0.start.line):\($0.start.column)" } ?? path
        return "\(TerminalText.escaped(location)): error: \(TerminalText.escaped(message))"
    }
}
