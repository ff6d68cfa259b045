/// A position in a source file: 1-based line and column. Columns count Unicode scalars,
/// which is what libyaml's marks count and what a person counts.
///
/// Stored in 32 bits each: every node, finding and piece of copy carries positions, and a large
/// file holds hundreds of thousands of them. Files are far smaller than 2 GB.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The line, counting from 1.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// The column, counting Unicode scalars from 1.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// The position at a 1-based `line` and `column`; values beyond 32 bits are clamped.
    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// Line 1, column 1: the start of a file.
    public static let start = SourcePosition(line: 1, column: 1)

    /// Whether `lhs` comes before `rhs` in the text: by line, then by column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.line != rhs.line ? lhs.line < rhs.line : lhs.column < rhs.column
    }

    /// `line:column`, such as `12:5`.
    public var description: String { "\(line):\(column)" }
}

/// A half-open range of source text: `end` is the position just after the last scalar.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The position of the first scalar.
    public var start: SourcePosition
    /// The position just after the last scalar.
    public var end: SourcePosition

    /// The span from `start` up to, not including, `end`.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// The span of the one scalar at `position`.
    public init(at position: SourcePosition) {
        self.start = position
        self.end = SourcePosition(line: position.line, column: position.column + 1)
    }

    /// The first scalar of a file: the place for what has no better one (an empty file, say).
    public static let fileStart = SourceSpan(at: .start)

    /// `start-end`, such as `3:1-3:9`.
    public var description: String { "\(start)-\(end)" }
}
