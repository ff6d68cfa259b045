/// A value read from a file, with the node it came from (for spans and JSON pointers).
public struct Field<Value: Sendable>: Sendable {
    public var value: Value
    public var node: NodeID
    public var span: SourceSpan

    public init(_ value: Value, node: NodeID, span: SourceSpan) {
        self.value = value
        self.node = node
        self.span = span
    }
}

/// Where a missing field would belong: the mapping it is missing from.
public struct Place: Sendable {
    public var node: NodeID
    public var span: SourceSpan
}
