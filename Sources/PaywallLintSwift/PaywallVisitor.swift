#if SwiftSource
    import PaywallLint
    import SwiftSyntax

    /// Walks a Swift file for what paywall-lint checks in it:
    /// - **paywall literals**: a call of a type (`PaywallConfig(…)`, `PaywallConfig.init(…)`,
    ///   `.init(…)`) with at least three arguments, every one labelled with a field of the
    ///   remote-config dialect, one of them `headline` or `ctaTitle`. String and string-array
    ///   literals become the document's values; other arguments are computed, not copy;
    /// - **presentations**: `.sheet`, `.popover` and `.fullScreenCover` calls whose content names a
    ///   paywall view (`SwiftNames.views`);
    /// - **literals in paywall code**: the string literals of types whose names mark them as paywall
    ///   code (`SwiftNames.types`), outside paywall literals.
    final class PaywallVisitor: SyntaxVisitor {
        private let names: SwiftNames
        private let positions: Positions
        private let limits: ReadLimits

        private(set) var paywalls: [SwiftSource.PaywallLiteral] = []
        private(set) var presentations: [SwiftSource.Presentation] = []
        private(set) var literals: [SwiftSource.Literal] = []
        private(set) var findings: [Finding] = []
        private(set) var notes: [String] = []

        /// The enclosing types and bindings, innermost last.
        private var types: [String] = []
        private var bindings: [String] = []
        /// The paywall literals being walked: their strings are the document's, not loose copy.
        private var paywallCalls: Set<SyntaxIdentifier> = []

        init(names: SwiftNames, positions: Positions, limits: ReadLimits) {
            self.names = names
            self.positions = positions
            self.limits = limits
            super.init(viewMode: .sourceAccurate)
        }

        // MARK: Types and bindings

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
        override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            enter(node.extendedType.trimmedDescription)
        }
        override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

        private func enter(_ type: String) -> SyntaxVisitorContinueKind {
            types.append(type)
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            bindings.append(node.pattern.trimmedDescription)
            return .visitChildren
        }
        override func visitPost(_ node: PatternBindingSyntax) { bindings.removeLast() }

        // MARK: Calls

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let paywall = paywallLiteral(node) {
                paywalls.append(paywall)
                paywallCalls.insert(node.id)
            } else if let presentation = presentation(node) {
                presentations.append(presentation)
            }
            return .visitChildren
        }

        override func visitPost(_ node: FunctionCallExprSyntax) { paywallCalls.remove(node.id) }

        /// `PaywallConfig(id: "fallback", headline: "…", …)` as a document.
        private func paywallLiteral(_ call: FunctionCallExprSyntax) -> SwiftSource.PaywallLiteral? {
            let type: String
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                type = reference.baseName.text
                guard type.first?.isUppercase == true else { return nil }
            } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "init"
            {
                type = member.base?.trimmedDescription ?? "init"
            } else {
                return nil
            }
            let arguments = Array(call.arguments)
            let labels = arguments.compactMap { $0.label?.text }
            guard arguments.count >= 3, labels.count == arguments.count,
                labels.allSatisfy(SwiftSource.paywallFields.contains),
                labels.contains("headline") || labels.contains("ctaTitle")
            else { return nil }
            var builder = DocumentBuilder(limits: limits)
            var findings: [Finding] = []
            if let tooDeep = builder.begin(.mapping, tag: nil, at: positions.span(call).start) {
                self.findings.append(tooDeep)
                return nil
            }
            var computed: [String] = []
            for argument in arguments {
                guard let label = argument.label else { continue }
                let key = label.text
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                let value = argument.expression
                if let string = value.as(StringLiteralExprSyntax.self), let text = Self.staticText(of: string)
                {
                    addKey(key, label, to: &builder)
                    addString(text, string, to: &builder)
                } else if let array = value.as(ArrayExprSyntax.self),
                    case let strings = array.elements.compactMap({
                        $0.expression.as(StringLiteralExprSyntax.self)
                    }),
                    strings.count == array.elements.count,
                    case let texts = strings.compactMap(Self.staticText(of:)), texts.count == strings.count
                {
                    addKey(key, label, to: &builder)
                    _ = builder.begin(.sequence, tag: nil, at: positions.span(array).start)
                    for (text, string) in zip(texts, strings) { addString(text, string, to: &builder) }
                    builder.end(at: positions.span(array).end, findings: &findings)
                } else {
                    // Present but not read: an empty value, so no rule reports the field missing; the
                    // findings at it are dropped (`Linter.lintSwift`).
                    computed.append(key)
                    addKey(key, label, to: &builder)
                    let span = positions.span(value)
                    builder.scalar(
                        "", keyDigest: DocumentBuilder.keyDigest(""), style: .plain, tag: nil,
                        start: span.start,
                        end: span.end)
                }
            }
            builder.end(at: positions.span(call).end, findings: &findings)
            self.findings += findings
            guard let document = builder.finish(findings: &self.findings), let root = document.root else {
                return nil
            }
            let line = positions.span(call).start.line
            var name = "\(type)(…) at line \(line)"
            if let binding = bindings.last {
                name = types.last.map { "\($0).\(binding)" } ?? binding
            }
            for key in computed {
                notes.append("\(name): \(key) is computed or interpolated, not copy: not checked")
            }
            return SwiftSource.PaywallLiteral(document: document, root: root, name: name, computed: computed)
        }

        private func addKey(_ key: String, _ label: TokenSyntax, to builder: inout DocumentBuilder) {
            let span = positions.span(label)
            builder.scalar(
                key, keyDigest: DocumentBuilder.keyDigest(key), style: .plain, tag: nil, start: span.start,
                end: span.end)
        }

        private func addString(
            _ text: String, _ literal: StringLiteralExprSyntax, to builder: inout DocumentBuilder
        ) {
            let span = positions.span(literal)
            let multiline = literal.openingQuote.tokenKind == .multilineStringQuote
            builder.scalar(
                text, keyDigest: DocumentBuilder.keyDigest(text), style: multiline ? .literal : .doubleQuoted,
                tag: nil,
                start: span.start, end: span.end)
        }

        /// `.sheet(isPresented: $show) { PaywallView() }` and its kin.
        private func presentation(_ call: FunctionCallExprSyntax) -> SwiftSource.Presentation? {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
            let modifier = member.declName.baseName.text
            guard modifier == "sheet" || modifier == "popover" || modifier == "fullScreenCover" else {
                return nil
            }
            var contents: [Syntax] = call.trailingClosure.map { [Syntax($0)] } ?? []
            contents += call.arguments.filter { $0.label?.text == "content" }.map { Syntax($0.expression) }
            guard let view = contents.lazy.compactMap(paywallView(in:)).first else { return nil }
            let dismissDisabled = contents.contains { content in
                content.tokens(viewMode: .sourceAccurate).contains { $0.text == "interactiveDismissDisabled" }
            }
            let movable: Set = ["isPresented", "item", "onDismiss", "content"]
            let renamable = call.arguments.allSatisfy { $0.label.map { movable.contains($0.text) } ?? false }
            return SwiftSource.Presentation(
                modifier: modifier, nameSpan: positions.span(member.declName.baseName), view: view,
                dismissDisabled: dismissDisabled, renamable: renamable)
        }

        /// The first type name in `content` that names a paywall view.
        private func paywallView(in content: Syntax) -> String? {
            for token in content.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, name.first?.isUppercase == true,
                    SwiftNames.matches(name, names.views)
                else { continue }
                return name
            }
            return nil
        }

        // MARK: String literals in paywall code

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            guard paywallCalls.isEmpty, let type = types.last(where: { SwiftNames.matches($0, names.types) })
            else {
                return .visitChildren
            }
            for case .stringSegment(let segment) in node.segments {
                let text = segment.content.text
                var start = segment.content.positionAfterSkippingLeadingTrivia
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if !line.isEmpty {
                        literals.append(
                            SwiftSource.Literal(
                                text: String(line), start: positions.position(start), type: type))
                    }
                    start = start.advanced(by: line.utf8.count + 1)
                }
            }
            return .visitChildren
        }

        /// The value of a literal without interpolations, its escapes read; nil for one with an
        /// interpolation (computed, not copy). swift-syntax keeps a multi-line literal's
        /// indentation and its last line break in trivia, so the segments are the value.
        static func staticText(of literal: StringLiteralExprSyntax) -> String? {
            var raw = ""
            for segment in literal.segments {
                guard case .stringSegment(let piece) = segment else { return nil }
                raw += piece.content.text
            }
            return literal.openingPounds != nil ? raw : unescaped(raw)
        }

        /// Swift's escapes: `\n`, `\t`, `\r`, `\0`, `\"`, `\'`, `\\` and `\u{…}`.
        static func unescaped(_ text: String) -> String {
            guard text.contains("\\") else { return text }
            var result = ""
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "\\", let next = scalars.next() else {
                    result.unicodeScalars.append(scalar)
                    continue
                }
                switch next {
                case "n": result += "\n"
                case "t": result += "\t"
                case "r": result += "\r"
                case "0": result += "\0"
                case "u":
                    var hex = ""
                    while let digit = scalars.next(), digit != "}" {
                        if digit != "{" { hex.unicodeScalars.append(digit) }
                    }
                    if let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        result.unicodeScalars.append(decoded)
                    }
                default: result.unicodeScalars.append(next)
                }
            }
            return result
        }
    }
#endif
