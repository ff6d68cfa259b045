/// Reads a rule pack file (YAML). The schema is documented in Rules/README.md; every problem is
/// a `ConfigurationError` at its position, never ignored.
package enum PackReader {
    static let packKeys = [
        "pack", "summary", "extends", "vocabularies", "rules", "overrides", "example-base", "dialects",
    ]
    static let ruleKeys = [
        "id", "severity", "summary", "description", "source", "check", "field", "with", "examples", "locale",
        "dialects", "supersedes",
    ]

    /// A pack file is YAML; the built-in packs are compiled in as JSON.
    package static func read(path: String, text: String, format: SourceFormat = .yaml) throws -> RulePack {
        let file = SourceFile(path: path, text: text, format: format)
        let result = DocumentReader.read(file)
        if let problem = result.findings.first(where: { $0.severity == .error }) {
            throw ConfigurationError(path: path, span: problem.span, message: problem.message)
        }
        guard result.documents.count == 1, let document = result.documents.first, let root = document.root
        else {
            throw ConfigurationError(path: path, message: "a rule pack is one YAML document")
        }
        let reader = NodeReader(document: document, path: path)
        let fields = try reader.fields(root, "a rule pack", known: packKeys)
        guard let nameNode = fields["pack"] else {
            throw reader.error(root, "a rule pack needs 'pack: NAME'")
        }
        var pack = RulePack(
            name: try reader.string(nameNode, "pack"), path: path,
            summary: try fields["summary"].map { try reader.string($0, "summary") } ?? "",
            extends: try fields["extends"].map { try reader.strings($0, "extends") } ?? [],
            vocabularies: [:], rules: [], overrides: [:],
            exampleBase: fields["example-base"].map { OptionValue(document, $0) })
        if let vocabularies = fields["vocabularies"] {
            for pair in try reader.mapping(vocabularies, "vocabularies") {
                let name = try reader.string(pair.key, "a vocabulary name")
                pack.vocabularies[name] = try reader.strings(pair.value, "vocabulary '\(name)'")
            }
        }
        // A pack-level `dialects:` restricts every rule of the pack (revenuecat's rules apply to its dialect only).
        var packDialects: [Dialect] = []
        if let node = fields["dialects"] {
            packDialects = try reader.strings(node, "dialects").map { name in
                guard let dialect = Dialect(name: name) else {
                    throw reader.error(node, "unknown dialect '\(name)'")
                }
                return dialect
            }
        }
        if let rules = fields["rules"] {
            guard document[rules].isSequence || document.isNull(rules) else {
                throw reader.error(rules, "'rules' must be a list of rules")
            }
            var seen = Set<String>()
            for node in document.items(of: rules) {
                var rule = try readRule(node, pack: pack.name, reader: reader)
                guard seen.insert(rule.descriptor.id).inserted else {
                    throw reader.error(node, "rule \(rule.descriptor.id) is defined twice in this pack")
                }
                if rule.dialects.isEmpty { rule.dialects = packDialects }
                pack.rules.append(rule)
            }
        }
        if let overrides = fields["overrides"] {
            for pair in try reader.mapping(overrides, "overrides") {
                let id = try reader.string(pair.key, "a rule ID")
                pack.overrides[id] = try readOverride(pair.value, reader: reader)
            }
        }
        return pack
    }

    private static func readRule(_ node: NodeID, pack: String, reader: NodeReader) throws -> RuleDefinition {
        let document = reader.document
        let fields = try reader.fields(node, "a rule", known: ruleKeys)
        func required(_ key: String) throws -> String {
            guard let value = fields[key] else { throw reader.error(node, "a rule needs '\(key)'") }
            return try reader.string(value, key)
        }
        let id = try required("id")
        guard id.hasPrefix(pack + "/") else {
            throw reader.error(fields["id"]!, "rule IDs in pack '\(pack)' start with '\(pack)/'")
        }
        // IDs are printed, keyed on and matched in globs: letters, digits and `-_./` only.
        guard
            id.utf8.allSatisfy({ byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "/")
            })
        else {
            throw reader.error(
                fields["id"]!, "a rule ID is written with ASCII letters, digits and - _ . / only")
        }
        let severityName = try required("severity")
        guard let severity = Severity(name: severityName) else {
            throw reader.error(fields["severity"]!, "severity must be error, warning or note")
        }
        var options: [String: OptionValue] = [:]
        var optionLocations: [String: SourceSpan] = [:]
        if let with = fields["with"] {
            for pair in try reader.mapping(with, "'with'") {
                let name = try reader.string(pair.key, "an option name")
                options[name] = OptionValue(document, pair.value)
                optionLocations[name] = document[pair.key].span
            }
        }
        var examples = RuleExamples()
        if let node = fields["examples"] {
            let kinds = try reader.fields(node, "examples", known: ["valid", "invalid"])
            examples.valid = try kinds["valid"].map { try readExamples($0, reader: reader) } ?? []
            examples.invalid = try kinds["invalid"].map { try readExamples($0, reader: reader) } ?? []
        }
        let descriptor = RuleDescriptor(
            id: id, pack: pack, severity: severity, summary: try required("summary"),
            description: try fields["description"].map { try reader.string($0, "description") } ?? "",
            source: try fields["source"].map { try reader.string($0, "source") } ?? "")
        var rule = RuleDefinition(
            descriptor: descriptor, check: try required("check"),
            field: try fields["field"].map { try reader.string($0, "field") }, options: options,
            location: document[node].span, examples: examples)
        rule.optionLocations = optionLocations
        rule.checkLocation = fields["check"].map { document[$0].span }
        rule.fieldLocation = fields["field"].map { document[$0].span }
        rule.packPath = reader.path
        if let locale = fields["locale"] {
            switch try reader.string(locale, "locale") {
            case "default": rule.defaultLocaleOnly = true
            case "all": rule.defaultLocaleOnly = false
            default: throw reader.error(locale, "locale must be 'default' or 'all'")
            }
        }
        if let dialects = fields["dialects"] {
            rule.dialects = try reader.strings(dialects, "dialects").map { name in
                guard let dialect = Dialect(name: name) else {
                    throw reader.error(dialects, "unknown dialect '\(name)'")
                }
                return dialect
            }
        }
        if let supersedes = fields["supersedes"] {
            rule.supersedes = try reader.strings(supersedes, "supersedes")
        }
        return rule
    }

    private static func readExamples(_ node: NodeID, reader: NodeReader) throws -> [RuleExample] {
        let document = reader.document
        guard document[node].isSequence else { throw reader.error(node, "examples must be a list") }
        return try document.items(of: node).map { item in
            if document[item].isMapping, document.pairs(of: item).count == 1 {
                let pair = document.pairs(of: item)[0]
                let key = document.text(of: pair.key)
                if key == "yaml" || key == "json" {
                    return .file(
                        text: try reader.string(pair.value, key), format: key == "json" ? .json : .yaml)
                }
            }
            guard document[item].isMapping else {
                throw reader.error(
                    item, "an example is a paywall fragment (a mapping) or {yaml: TEXT} / {json: TEXT}")
            }
            return .fragment(OptionValue(document, item))
        }
    }

    static func readOverride(_ node: NodeID, reader: NodeReader) throws -> RuleOverride {
        let document = reader.document
        var result = RuleOverride(location: document[node].span)
        if document[node].isScalar {
            try applySeverity(try reader.string(node, "a rule setting"), node, to: &result, reader: reader)
            return result
        }
        let fields = try reader.fields(node, "a rule setting", known: ["severity", "with"])
        if let severity = fields["severity"] {
            try applySeverity(try reader.string(severity, "severity"), severity, to: &result, reader: reader)
        }
        if let with = fields["with"] {
            for pair in try reader.mapping(with, "'with'") {
                let name = try reader.string(pair.key, "an option name")
                result.options[name] = OptionValue(document, pair.value)
                result.optionLocations[name] = document[pair.value].span
            }
        }
        return result
    }

    private static func applySeverity(
        _ name: String, _ node: NodeID, to result: inout RuleOverride, reader: NodeReader
    ) throws {
        if name == "off" {
            result.off = true
        } else if let severity = Severity(name: name) {
            result.severity = severity
        } else {
            throw reader.error(node, "'\(name)' is not a severity: use off, error, warning or note")
        }
    }
}
