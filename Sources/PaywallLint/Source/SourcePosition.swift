/// A position in a source file: 1-based line and column. Columns count Unicode scalars,
/// which is what libyaml's marks count and what a person counts.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static let start = SourcePosition(line: 1, column: 1)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.column < rhs.column
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range of source text: `end` is the position just after the last scalar.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    public init(at position: SourcePosition) {
        self.start = position
        self.end = SourcePosition(line: position.line, column: position.column + 1)
    }

    public static let fileStart = SourceSpan(at: .start)

    public var description: String { "\(start)-\(end)" }
}
