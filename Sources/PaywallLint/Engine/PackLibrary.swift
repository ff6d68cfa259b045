/// The rule packs a run can use: the built-in ones (compiled in from Rules/*.yml) and any pack
/// files a config names.
public struct PackLibrary: Sendable {
    public private(set) var packs: [String: RulePack] = [:]
    /// Pack names in the order they were added (built-ins first), for listings.
    public private(set) var order: [String] = []

    public init() {}

    /// The built-in packs, parsed once per process.
    public static func builtIn() throws -> PackLibrary {
        try builtInResult.get()
    }

    private static let builtInResult: Result<PackLibrary, ConfigurationError> = {
        var library = PackLibrary()
        do {
            for (name, text, vocabularies) in EmbeddedRulePacks.files {
                var pack = try PackReader.read(path: "Rules/" + name, text: text)
                // Read at build time (embed-rule-packs); the text holds `vocabularies: {}`.
                pack.vocabularies.merge(vocabularies) { $0 + $1 }
                try library.add(pack)
            }
            return .success(library)
        } catch let error as ConfigurationError {
            return .failure(error)
        } catch {
            return .failure(ConfigurationError(path: "Rules", message: "\(error)"))
        }
    }()

    public static let builtInNames = ["core", "apple", "recommended", "sketchy", "revenuecat"]

    public mutating func add(_ pack: RulePack) throws {
        if let existing = packs[pack.name] {
            throw ConfigurationError(
                path: pack.path, message: "pack '\(pack.name)' is already defined by \(existing.path)")
        }
        packs[pack.name] = pack
        order.append(pack.name)
    }

    /// The packs `names` stand for with everything they extend, parents before children, each once.
    public func closure(of names: [String], from path: String = "configuration") throws -> [RulePack] {
        var result: [RulePack] = []
        var done = Set<String>()
        var visiting = Set<String>()
        func visit(_ name: String, from: String) throws {
            if done.contains(name) { return }
            guard let pack = packs[name] else {
                var message = "unknown pack '\(name)'"
                if let nearest = Suggestion.nearest(to: name, in: order) {
                    message += "; did you mean '\(nearest)'?"
                }
                throw ConfigurationError(path: from, message: message)
            }
            guard visiting.insert(name).inserted else {
                throw ConfigurationError(path: pack.path, message: "pack '\(name)' extends itself (a cycle)")
            }
            for parent in pack.extends { try visit(parent, from: pack.path) }
            visiting.remove(name)
            done.insert(name)
            result.append(pack)
        }
        for name in names { try visit(name, from: path) }
        return result
    }
}
