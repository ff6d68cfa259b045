/// The rule packs a run can use: the built-in ones (compiled in from Rules/*.yml) and any pack
/// files a config names.
package struct PackLibrary: Sendable {
    package private(set) var packs: [String: RulePack] = [:]
    /// Pack names in the order they were added (built-ins first), for listings.
    package private(set) var order: [String] = []

    package init() {}

    /// The built-in packs, parsed once per process. Without `documented`, the rules carry no
    /// description and no examples: a lint that reports neither (text, JSON, GitHub output)
    /// reads a third of the packs' text at start-up.
    package static func builtIn(documented: Bool = true) throws -> PackLibrary {
        try (documented ? documentedResult : undocumentedResult).get()
    }

    private static let documentedResult = read(\.text)
    private static let undocumentedResult = read(\.lintText)

    private typealias EmbeddedFile = (
        name: String, text: String, lintText: String, vocabularies: [String: [String]]
    )

    private static func read(_ text: KeyPath<EmbeddedFile, String>) -> Result<PackLibrary, ConfigurationError>
    {
        var library = PackLibrary()
        do {
            for file in EmbeddedRulePacks.files {
                var pack = try PackReader.read(
                    path: "Rules/" + file.name, text: file[keyPath: text], format: .json)
                // Read at build time (embed-rule-packs); the text holds `vocabularies: {}`.
                pack.vocabularies.merge(file.vocabularies) { $0 + $1 }
                try library.add(pack)
            }
            return .success(library)
        } catch let error as ConfigurationError {
            return .failure(error)
        } catch {
            return .failure(ConfigurationError(path: "Rules", message: "\(error)"))
        }
    }

    package static let builtInNames = ["core", "apple", "recommended", "sketchy", "revenuecat"]

    package mutating func add(_ pack: RulePack) throws {
        if let existing = packs[pack.name] {
            throw ConfigurationError(
                path: pack.path, message: "pack '\(pack.name)' is already defined by \(existing.path)")
        }
        packs[pack.name] = pack
        order.append(pack.name)
    }

    /// The packs `names` stand for with everything they extend, parents before children, each once.
    package func closure(of names: [String], from path: String = "configuration") throws -> [RulePack] {
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
