/// Typed reads of document nodes for dialect readers. Each problem becomes a finding
/// (`core/unknown-key`, `core/wrong-type`, `core/yaml-ambiguity`, variable findings) and reading
/// goes on: one bad field never hides the others. A `field` argument names the place in those
/// findings' messages and is worked out only for a finding: building `products[2].id` for every
/// read showed in the profile.
struct ModelReader {
    let document: Document
    let format: SourceFormat
    let dialect: Dialect
    var findings: [Finding] = []
    /// Rule IDs for variable problems (RevenueCat reports its own, instead of the core ones).
    var unknownVariableRule = CoreRuleID.unknownVariable
    var malformedVariableRule = CoreRuleID.malformedVariable
    /// Placeholders must be written exactly `{{ name }}` (RevenueCat renders others as raw text).
    var requireCanonicalSpacing = false
    private let templates: TemplateCache
    /// Where the last prebuilt template was found (`Document.prebuiltTemplate(of:near:)`).
    private var templateHint = 0

    init(document: Document, format: SourceFormat, dialect: Dialect, templates: TemplateCache) {
        self.document = document
        self.templates = templates
        self.format = format
        self.dialect = dialect
    }

    func place(_ node: NodeID) -> Place { Place(node: node, span: document[node].span) }

    mutating func report(_ rule: String, _ severity: Severity, _ message: String, at node: NodeID) {
        findings.append(
            Finding(
                ruleID: rule, severity: severity, message: message, span: document[node].span,
                pointer: document.pointer(of: node)))
    }

    mutating func wrongType(_ node: NodeID, expected: String, field: String) {
        report(CoreRuleID.wrongType, .error, "\(field) must be \(expected), not \(describe(node))", at: node)
    }

    func describe(_ node: NodeID) -> String {
        let item = document[node]
        switch item.kind {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            if item.style != .plain { return "text" }
            if format == .json {
                switch document.text(of: node) {
                case "true", "false": return "a boolean"
                case "null": return "null"
                default: return "a number"
                }
            }
            let text = document.text(of: node)
            return YAMLPlainScalar.type(of: text).map { "\($0) \(text)" } ?? "text"
        }
    }

    /// The pairs of a mapping, keyed by name; keys not in `known` are `core/unknown-key` warnings
    /// (with the nearest known key as a suggestion). Nil (and `core/wrong-type`) when not a mapping.
    mutating func fields(
        _ node: NodeID, known: KnownKeys, field: @autoclosure () -> String,
        ignoring: (String) -> Bool = { _ in false }
    ) -> MappingFields? {
        guard document[node].isMapping else {
            if !document.isNull(node) { wrongType(node, expected: "a mapping", field: field()) }
            return nil
        }
        var result = MappingFields()
        let pairs = document.pairs(of: node)
        result.pairs.reserveCapacity(pairs.count)
        for pair in pairs {
            let key = document.text(of: pair.key)
            let digest = DocumentBuilder.keyDigest(key)
            if known.contains(key, digest: digest) {
                result.pairs.append(MappingFields.Pair(key: key, digest: digest, value: pair.value))
            } else if !ignoring(key) {
                let field = field()
                var message = "unknown key '\(key)'" + (field.isEmpty ? "" : " in \(field)")
                if let nearest = Suggestion.nearest(to: key, in: known.names) {
                    message += "; did you mean '\(nearest)'?"
                }
                findings.append(
                    Finding(
                        ruleID: CoreRuleID.unknownKey, severity: .warning, message: message,
                        span: document[pair.key].span, pointer: document.pointer(of: pair.value)))
            }
        }
        return result
    }

    /// Text: any scalar in YAML (plain values that YAML 1.1 types differently get a
    /// `core/yaml-ambiguity` warning); a string in JSON. Null is absent.
    mutating func text(_ node: NodeID?, field: @autoclosure () -> String) -> Field<String>? {
        guard let node, !document.isNull(node) else { return nil }
        let item = document[node]
        guard item.isScalar else {
            wrongType(node, expected: "text", field: field())
            return nil
        }
        let text = document.text(of: node)
        if item.style == .plain {
            if format == .json {
                wrongType(node, expected: "text", field: field())
                return nil
            }
            if let type = YAMLPlainScalar.type(of: text) {
                report(
                    CoreRuleID.yamlAmbiguity, .warning,
                    "\(field()): plain `\(text)` is read as \(type) by YAML 1.1 readers; quote it to keep it text",
                    at: node)
            }
        }
        return Field(text, node: node, span: item.span)
    }

    mutating func number(_ node: NodeID?, field: @autoclosure () -> String) -> Field<Double>? {
        guard let node, !document.isNull(node) else { return nil }
        let item = document[node]
        guard item.isScalar, item.style == .plain,
            let value = Double(document.text(of: node).replacingUnderscores())
        else {
            wrongType(node, expected: "a number", field: field())
            return nil
        }
        return Field(value, node: node, span: item.span)
    }

    mutating func bool(_ node: NodeID?, field: @autoclosure () -> String) -> Field<Bool>? {
        guard let node, !document.isNull(node) else { return nil }
        let item = document[node]
        if item.isScalar, item.style == .plain {
            let text = document.text(of: node)
            switch text {
            case "true", "True", "TRUE": return Field(true, node: node, span: item.span)
            case "false", "False", "FALSE": return Field(false, node: node, span: item.span)
            case "yes", "Yes", "YES", "on", "On", "ON", "no", "No", "NO", "off", "Off", "OFF":
                guard format == .yaml else { break }
                report(
                    CoreRuleID.yamlAmbiguity, .warning,
                    "\(field()): `\(text)` is a boolean only to YAML 1.1 readers; write true or false",
                    at: node)
                return Field(
                    ["yes", "Yes", "YES", "on", "On", "ON"].contains(text), node: node, span: item.span)
            default: break
            }
        }
        wrongType(node, expected: "true or false", field: field())
        return nil
    }

    /// The items of a list; a single scalar where a list belongs is `core/wrong-type`.
    mutating func list(_ node: NodeID?, field: @autoclosure () -> String) -> ArraySlice<NodeID>? {
        guard let node, !document.isNull(node) else { return nil }
        guard document[node].isSequence else {
            wrongType(node, expected: "a list", field: field())
            return nil
        }
        return document.items(of: node)
    }

    /// Copy: text parsed into a template, its variables checked against the dialect.
    mutating func copy(
        _ node: NodeID?, field: String, path makePath: @autoclosure () -> String, locale: String,
        isDefault: Bool
    ) -> Copy? {
        // The path is made only for copy that is there: `products[com.app.pro].badge` for every
        // product of every file cost a string built and dropped.
        guard let node, !document.isNull(node) else { return nil }
        let path = makePath()
        guard let text = text(node, field: path) else { return nil }
        let template =
            document.prebuiltTemplate(of: text.node, near: &templateHint)
            ?? templates.template(for: text.value)
        var copy = Copy(
            field: field, path: path, locale: locale, isDefaultLocale: isDefault, template: template,
            node: text.node, span: text.span,
            valueStart: valueStart(document[text.node], scalarCount: template.rawCount))
        copy.blockLayout = document.blockLayout(of: text.node)
        checkVariables(&copy)
        return copy
    }

    static let maxProblemsPerText = 10

    private mutating func checkVariables(_ copy: inout Copy) {
        guard !copy.template.problems.isEmpty || !copy.template.variables.isEmpty else { return }
        // Worked out for the first finding: most copy's variables are all known.
        lazy var pointer = document.pointer(of: copy.node)
        // A text of thousands of `{{ ` is one problem told a few times, not thousands of findings.
        for (index, problem) in copy.template.problems.prefix(Self.maxProblemsPerText).enumerated() {
            var message = "\(problem.message) in \(copy.label)"
            let more = copy.template.problems.count - Self.maxProblemsPerText
            if index == Self.maxProblemsPerText - 1, more > 0 {
                message += " (and \(more) more in this text)"
            }
            findings.append(
                Finding(
                    ruleID: malformedVariableRule, severity: .error, message: message,
                    span: copy.span(of: problem.range), pointer: pointer))
        }
        let catalog = dialect.variables
        if catalog.knowsEveryVariable(of: copy.template)
            && (!requireCanonicalSpacing || copy.template.variables.allSatisfy(\.isCanonicallySpaced))
            && copy.template.variables.allSatisfy({ $0.filters.isEmpty })
        {
            return
        }
        let before = findings.count
        for variable in copy.template.variables {
            guard findings.count - before < Self.maxProblemsPerText else {
                findings[findings.count - 1].message += " (and more in this text)"
                break
            }
            if let filter = variable.filters.first(where: { !catalog.filters.contains($0) }) {
                let message =
                    catalog.filters.isEmpty
                    ? "{{ \(variable.name) | \(filter) }} in \(copy.label): this dialect has no filters"
                    : "unknown filter | \(filter) in \(copy.label); use one of "
                        + catalog.filters.joined(separator: ", ")
                findings.append(
                    Finding(
                        ruleID: unknownVariableRule, severity: .error, message: message,
                        span: copy.span(of: variable.range), pointer: pointer))
            }
            if catalog.kind(of: variable.name) == nil {
                var message = "unknown variable {{ \(variable.name) }} in \(copy.label)"
                if let nearest = Suggestion.nearest(to: variable.name, in: catalog.names) {
                    message += "; did you mean {{ \(nearest) }}?"
                }
                findings.append(
                    Finding(
                        ruleID: unknownVariableRule, severity: .error, message: message,
                        span: copy.span(of: variable.range), pointer: pointer))
            } else if requireCanonicalSpacing, !variable.isCanonicallySpaced {
                findings.append(
                    Finding(
                        ruleID: unknownVariableRule, severity: .error,
                        message:
                            "{{ \(variable.name) }} in \(copy.label) must have exactly one space inside each brace pair "
                            + "(otherwise it renders as raw text)",
                        span: copy.span(of: variable.range), pointer: pointer))
            }
        }
    }

    /// Where the value's first scalar is, when a one-line scalar's source maps one to one onto it.
    private func valueStart(_ item: Node, scalarCount: Int) -> SourcePosition? {
        guard item.start.line == item.end.line else { return nil }
        let quote = item.style == .singleQuoted || item.style == .doubleQuoted ? 1 : 0
        guard item.style == .plain || quote == 1 else { return nil }
        let sourceLength = item.end.column - item.start.column - 2 * quote
        guard sourceLength == scalarCount else { return nil }
        return SourcePosition(line: item.start.line, column: item.start.column + quote)
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        contains("_" as Character) ? String(unicodeScalars.filter { $0 != "_" }.map(Character.init)) : self
    }
}

/// How YAML readers type plain scalars, for `core/yaml-ambiguity`.
enum YAMLPlainScalar {
    /// "boolean", "null" or "a number" when a YAML 1.1 (or 1.2 core) reader would not read the
    /// plain scalar as text.
    static func type(of text: String) -> String? {
        // Most copy is long or starts with a letter that no boolean, null or number starts
        // with: decided from the first byte, without comparing against every keyword.
        guard let first = text.utf8.first else { return nil }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            break
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"),
            UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"),
            UInt8(ascii: "~"):
            guard text.utf8.count <= 5 else { return nil }
        default:
            return nil
        }
        switch text {
        case "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true", "True", "TRUE", "false",
            "False",
            "FALSE", "on", "On", "ON", "off", "Off", "OFF":
            return "a boolean"
        case "~", "null", "Null", "NULL":
            return "null"
        case ".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN":
            return "a number"
        default:
            return isNumber(text) ? "a number" : nil
        }
    }

    private static func isNumber(_ text: String) -> Bool {
        var s = Substring(text)
        if s.first == "-" || s.first == "+" { s = s.dropFirst() }
        guard let first = s.first, first.isASCII, first.isNumber || first == "." else { return false }
        let lower = s.lowercased()
        if lower.hasPrefix("0x") {
            return lower.dropFirst(2).allSatisfy { $0.isHexDigit || $0 == "_" } && s.count > 2
        }
        if lower.hasPrefix("0o") || lower.hasPrefix("0b") {
            return s.count > 2 && lower.dropFirst(2).allSatisfy { $0.isNumber || $0 == "_" }
        }
        // Decimal, float, exponent (1e3) and sexagesimal (1:30) forms.
        var sawDigit = false
        var sawExponent = false
        var previous: Character = " "
        for c in lower {
            switch c {
            case "0"..."9": sawDigit = true
            case "_", ".", ":": break
            case "e" where sawDigit && !sawExponent: sawExponent = true
            case "+",
                "-" where previous == "e":
                break
            default: return false
            }
            previous = c
        }
        return sawDigit && previous != "e"
    }
}

/// The known keys of a mapping and their values. A paywall's mappings have a few keys each, and
/// every file has hundreds of them: a linear search is cheaper than hashing each key twice.
struct MappingFields: ExpressibleByDictionaryLiteral {
    /// A struct rather than a tuple: an array of tuples is destroyed by the runtime reading the
    /// tuple's layout for each element, a dozen arrays a file.
    struct Pair {
        var key: String
        /// `DocumentBuilder.keyDigest(key)`: a lookup compares digests, and texts only where
        /// they agree on a key of eight bytes or more.
        var digest: UInt64
        var value: NodeID
    }

    var pairs: [Pair] = []

    init() {}

    init(dictionaryLiteral elements: (String, NodeID)...) {
        pairs = elements.map { Pair(key: $0.0, digest: DocumentBuilder.keyDigest($0.0), value: $0.1) }
    }

    /// The value of `key`; the last one where a key is repeated (a duplicate key is reported
    /// where the document is read).
    subscript(key: String) -> NodeID? {
        let digest = DocumentBuilder.keyDigest(key)
        return pairs.last { $0.digest == digest && KnownKeys.same(key, $0.key, digest: digest) }?.value
    }
}
