/// A `.paywall-lint.yml` (or `.yaml` / `.json`): the packs a project extends, its rule settings,
/// which files to lint, per-folder overrides, store data and the fail level.
package struct Configuration: Sendable {
    /// Rule settings for some files (`files`), or for some variants of containers (`variants`:
    /// `paywall_config[exp_*]`), or both. A variant override sets severities only: its variants
    /// share their file's rules and options.
    package struct Override: Sendable {
        package var files: [Glob]
        package var variants: [Glob] = []
        package var rules: [RuleSet.Setting]
    }

    package var path: String?
    /// Folder the config's globs and paths are relative to.
    package var directory: String
    /// Built-in pack names, or pack files (resolved relative to the config's folder).
    package var extends: [String] = ["recommended"]
    package var packFiles: [RulePack] = []
    package var rules: [RuleSet.Setting] = []
    package var include: [Glob] = []
    package var exclude: [Glob] = []
    package var overrides: [Override] = []
    package var storekit: String?
    package var failOn: Severity?
    package var dialect: Dialect?
    /// `swift: true`, or `swift: {paywall-views: […], paywall-types: […]}`: walked folders'
    /// Swift files are linted, with these names marking paywall code.
    package var swift: SwiftNames?

    package static let fileNames = [".paywall-lint.yml", ".paywall-lint.yaml", ".paywall-lint.json"]
    static let keys = [
        "extends", "rules", "include", "exclude", "overrides", "storekit", "fail-on", "dialect", "swift",
    ]

    package init(directory: String) {
        self.directory = directory
    }

    /// Reads a config; `readFile` loads pack files it names (relative paths are joined to `directory`).
    package static func read(
        path: String, text: String, directory: String, readFile: (String) throws -> String
    ) throws -> Configuration {
        let format: SourceFormat = path.hasSuffix(".json") ? .json : .yaml
        let result = DocumentReader.read(SourceFile(path: path, text: text, format: format))
        if let problem = result.findings.first(where: { $0.severity == .error }) {
            throw ConfigurationError(path: path, span: problem.span, message: problem.message)
        }
        var config = Configuration(directory: directory)
        config.path = path
        guard let document = result.documents.first, let root = document.root else { return config }
        let reader = NodeReader(document: document, path: path)
        let f = try reader.fields(root, "the configuration", known: keys)
        if let node = f["extends"] {
            config.extends = []
            for name in try reader.strings(node, "extends") {
                if name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                    let file = name.hasPrefix("/") ? name : directory + "/" + name
                    let text: String
                    do {
                        text = try readFile(file)
                    } catch {
                        throw reader.error(node, "cannot read pack file \(name): \(error)")
                    }
                    let pack = try PackReader.read(path: file, text: text)
                    config.packFiles.append(pack)
                    config.extends.append(pack.name)
                } else {
                    guard PackLibrary.builtInNames.contains(name) else {
                        var message =
                            "unknown pack '\(name)' (built-in packs: \(PackLibrary.builtInNames.joined(separator: ", ")); a pack file ends in .yml)"
                        if let nearest = Suggestion.nearest(to: name, in: PackLibrary.builtInNames) {
                            message = "unknown pack '\(name)'; did you mean '\(nearest)'?"
                        }
                        throw reader.error(node, message)
                    }
                    config.extends.append(name)
                }
            }
        }
        if let node = f["rules"] { config.rules = try readRules(node, reader: reader) }
        if let node = f["include"] { config.include = try reader.globs(node, "include") }
        if let node = f["exclude"] { config.exclude = try reader.globs(node, "exclude") }
        if let node = f["overrides"] {
            guard document[node].isSequence else {
                throw reader.error(node, "overrides is a list of {files, rules}")
            }
            for item in document.items(of: node) {
                let o = try reader.fields(item, "an override", known: ["files", "variants", "rules"])
                guard o["files"] != nil || o["variants"] != nil else {
                    throw reader.error(item, "an override needs 'files', 'variants' or both")
                }
                let rules = try o["rules"].map { try readRules($0, reader: reader) } ?? []
                let variants = try o["variants"].map { try reader.globs($0, "variants") } ?? []
                if !variants.isEmpty, let setting = rules.first(where: { !$0.override.options.isEmpty }) {
                    throw ConfigurationError(
                        path: path, span: setting.override.location,
                        message:
                            "an override with 'variants' sets severities only (off, error, warning, note)")
                }
                config.overrides.append(
                    Override(
                        files: try o["files"].map { try reader.globs($0, "files") } ?? [],
                        variants: variants, rules: rules))
            }
        }
        if let node = f["storekit"] { config.storekit = try reader.string(node, "storekit") }
        if let node = f["fail-on"] {
            let name = try reader.string(node, "fail-on")
            guard let severity = Severity(name: name) else {
                throw reader.error(node, "fail-on is error, warning or note")
            }
            config.failOn = severity
        }
        if let node = f["dialect"] {
            let name = try reader.string(node, "dialect")
            guard let dialect = Dialect(name: name) else {
                throw reader.error(node, "unknown dialect '\(name)'")
            }
            config.dialect = dialect
        }
        if let node = f["swift"] { config.swift = try readSwift(node, reader: reader) }
        return config
    }

    private static func readSwift(_ node: NodeID, reader: NodeReader) throws -> SwiftNames? {
        let document = reader.document
        if document[node].isScalar {
            switch document.text(of: node) {
            case "true": return SwiftNames()
            case "false": return nil
            default:
                throw reader.error(
                    node, "swift is true, false or {paywall-views: [...], paywall-types: [...]}")
            }
        }
        let f = try reader.fields(node, "swift", known: ["paywall-views", "paywall-types"])
        var names = SwiftNames()
        if let views = f["paywall-views"] { names.views = try reader.strings(views, "paywall-views") }
        if let types = f["paywall-types"] { names.types = try reader.strings(types, "paywall-types") }
        return names
    }

    private static func readRules(_ node: NodeID, reader: NodeReader) throws -> [RuleSet.Setting] {
        try reader.mapping(node, "rules").map { pair in
            let id = try reader.string(pair.key, "a rule ID")
            var override = try PackReader.readOverride(pair.value, reader: reader)
            override.location = reader.document[pair.key].span
            return RuleSet.Setting(ruleID: id, override: override, origin: reader.path)
        }
    }

    /// The packs every file uses, as pack library and names; `documented`: with the rules'
    /// descriptions and examples (see `PackLibrary.builtIn`).
    package func library(documented: Bool = true) throws -> PackLibrary {
        var library = try PackLibrary.builtIn(documented: documented)
        for pack in packFiles { try library.add(pack) }
        return library
    }

    /// Whether a path (relative to `directory`) is linted: included (or no include list) and not excluded.
    package func includes(_ relativePath: String) -> Bool {
        if exclude.contains(where: { $0.matches(relativePath) }) { return false }
        return include.isEmpty || include.contains { $0.matches(relativePath) }
    }

    /// Indices of the overrides that apply to a path.
    package func overrides(for relativePath: String) -> [Int] {
        guard !overrides.isEmpty else { return [] }
        return overrides.indices.filter {
            overrides[$0].files.isEmpty || overrides[$0].files.contains { $0.matches(relativePath) }
        }
    }

    /// The severities that the given overrides set for some variants, in order (a later one wins).
    package func variantOverrides(_ indices: [Int]) -> [VariantOverride] {
        indices.filter { !overrides[$0].variants.isEmpty }.map { index in
            var severities: [String: Severity?] = [:]
            for setting in overrides[index].rules {
                if setting.override.off {
                    severities[setting.ruleID] = .some(nil)
                } else if let severity = setting.override.severity {
                    severities[setting.ruleID] = .some(severity)
                }
            }
            return VariantOverride(variants: overrides[index].variants, severities: severities)
        }
    }

    /// The rule set for files that the given overrides apply to; `extra` (command-line flags) comes last.
    package func ruleSet(
        overrides indices: [Int], packs: [String]? = nil, extra: [RuleSet.Setting] = [],
        documented: Bool = true
    ) throws -> RuleSet {
        let settings =
            rules + indices.filter { overrides[$0].variants.isEmpty }.flatMap { overrides[$0].rules } + extra
        let library = try library(documented: documented)
        let variantSettings = indices.filter { !overrides[$0].variants.isEmpty }.flatMap {
            overrides[$0].rules
        }
        if !variantSettings.isEmpty {
            // Checked as any setting is: a rule that exists, and no reading failure turned off.
            _ = try RuleSet(packs: packs ?? extends, library: library, settings: settings + variantSettings)
        }
        return try RuleSet(packs: packs ?? extends, library: library, settings: settings)
    }
}
