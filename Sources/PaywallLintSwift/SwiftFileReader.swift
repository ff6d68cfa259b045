#if SwiftSource
    import PaywallLint
    import SwiftParser
    import SwiftSyntax

    /// Reads a Swift file with swift-syntax into what paywall-lint checks (`SwiftSource`).
    enum SwiftFileReader {
        static func read(_ file: SourceFile, names: SwiftNames, limits: ReadLimits) -> SwiftSource {
            var source = SwiftSource()
            if file.bytes.count > limits.maxFileBytes {
                source.findings.append(
                    Finding(
                        ruleID: CoreRuleID.limits, severity: .error,
                        message:
                            "the file is \(file.bytes.count >> 10) KiB, over the limit of \(limits.maxFileBytes >> 10) KiB "
                            + "(raise it with --max-file-kib)",
                        span: .fileStart))
                return source
            }
            if let problem = TextEncoding.check(file.bytes, format: .json).problem {
                source.findings.append(problem)
                return source
            }
            let tree = file.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let positions = Positions(file.bytes)
            if tree.hasError, let error = firstError(in: tree, positions: positions) {
                source.findings.append(error)
            }
            let visitor = PaywallVisitor(names: names, positions: positions, limits: limits)
            visitor.walk(tree)
            source.paywalls = visitor.paywalls
            source.presentations = visitor.presentations
            source.literals = visitor.literals
            source.findings += visitor.findings
            source.notes = visitor.notes
            source.comments = comments(in: tree, positions: positions)
            return source
        }

        /// The first place the parser could not read: a token it expected and did not find, or text
        /// it did not expect. swift-syntax reads on past it, and so does the lint.
        private static func firstError(in tree: SourceFileSyntax, positions: Positions) -> Finding? {
            for token in tree.tokens(viewMode: .all) {
                let unexpected = token.ancestorOrSelf { $0.as(UnexpectedNodesSyntax.self) } != nil
                guard token.presence == .missing || unexpected else { continue }
                let position = positions.position(token.positionAfterSkippingLeadingTrivia)
                let what =
                    token.presence == .missing ? "expected '\(token.text)'" : "unexpected '\(token.text)'"
                return Finding(
                    ruleID: CoreRuleID.parseError, severity: .error,
                    message:
                        "this Swift does not parse here (\(what)); the rest of the file was read as far as it goes",
                    span: SourceSpan(at: position))
            }
            return nil
        }

        /// The `// paywall-lint:` comments, each with the line of the code after it.
        private static func comments(in tree: SourceFileSyntax, positions: Positions) -> [SwiftSource.Comment]
        {
            var comments: [SwiftSource.Comment] = []
            var waiting: [Int] = []  // comments after code on a line: their next code is the next token's
            for token in tree.tokens(viewMode: .sourceAccurate) {
                let codeLine = positions.position(token.positionAfterSkippingLeadingTrivia).line
                for index in waiting { comments[index].nextCodeLine = codeLine }
                waiting.removeAll()
                var offset = token.position
                for piece in token.leadingTrivia {
                    if case .lineComment(let text) = piece, text.contains("paywall-lint:") {
                        comments.append(
                            SwiftSource.Comment(
                                text: text, start: positions.position(offset), nextCodeLine: codeLine))
                    }
                    offset += piece.sourceLength
                }
                offset = token.endPositionBeforeTrailingTrivia
                for piece in token.trailingTrivia {
                    if case .lineComment(let text) = piece, text.contains("paywall-lint:") {
                        waiting.append(comments.count)
                        let start = positions.position(offset)
                        comments.append(
                            SwiftSource.Comment(text: text, start: start, nextCodeLine: start.line + 1))
                    }
                    offset += piece.sourceLength
                }
            }
            return comments
        }
    }

    /// Byte offsets to line and column (Unicode scalars from 1), as the rest of the linter counts.
    struct Positions {
        private let bytes: [UInt8]
        private let lineStarts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
            for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
            lineStarts = starts
        }

        func position(_ absolute: AbsolutePosition) -> SourcePosition {
            let offset = min(max(absolute.utf8Offset, 0), bytes.count)
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            var column = 1
            var index = lineStarts[low]
            while index < offset {
                if bytes[index] & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            return SourcePosition(line: low + 1, column: column)
        }

        func span(_ node: some SyntaxProtocol) -> SourceSpan {
            SourceSpan(
                start: position(node.positionAfterSkippingLeadingTrivia),
                end: position(node.endPositionBeforeTrailingTrivia))
        }
    }
#endif
