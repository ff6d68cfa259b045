/// A value read from a file, with the node it came from (for spans and JSON pointers).
package struct Field<Value: Sendable>: Sendable {
    package var value: Value
    package var node: NodeID
    package var span: SourceSpan

    package init(_ value: Value, node: NodeID, span: SourceSpan) {
        self.value = value
        self.node = node
        self.span = span
    }
}

/// Where a missing field would belong: the mapping it is missing from.
package struct Place: Sendable {
    package var node: NodeID
    package var span: SourceSpan
}
