/// A position in a source file: 1-based line and column. Columns count Unicode scalars,
/// which is what libyaml's marks count and what a person counts.
///
/// Stored in 32 bits each: every node, finding and piece of copy carries positions, and a large
/// file holds hundreds of thousands of them. Files are far smaller than 2 GB.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
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
