/// `localizations-complete`: every locale defines every copy field the default locale defines.
struct LocalizationsCompleteCheck: Check {
    static let name = "localizations-complete"
    static let needs: Capabilities = .localizations
    static let options: [OptionSpec] = []

    init(_ setup: CheckSetup) throws {}

    /// Default copy lists up to this long are searched rather than hashed.
    private static let searchedUpTo = 32

    func run(_ context: inout RuleContext) {
        guard !context.paywall.localizations.isEmpty else { return }
        let defaultLocale = context.paywall.defaultLocale
        // Paths read by index: mapping the copy strings copied each one out, retaining its
        // strings and text, and a file of thousands of locales has hundreds of thousands.
        let copies = context.paywall.copy
        let defaults = copies.indices.filter { copies[$0].isDefaultLocale }
        guard !defaults.isEmpty else { return }
        // Each locale's copy is matched against the default locale's in order; where the order
        // differs (a list shorter than the default's, a field the default lacks), by a search
        // of a short list or a dictionary of a long one. Hashing every path of every locale (and
        // copying a set of paths for each) was a tenth of the rules' time.
        var found = [Bool](repeating: false, count: defaults.count)
        var defaultIndexByPath: [String: Int]?
        for localization in context.paywall.localizations {
            for k in found.indices { found[k] = false }
            var next = 0
            for index in localization.copies {
                let path = copies[index].path
                var match: Int?
                if next < defaults.count, copies[defaults[next]].path == path {
                    match = next
                } else if defaults.count <= Self.searchedUpTo {
                    match = defaults.indices.firstIndex { copies[defaults[$0]].path == path }
                } else {
                    if defaultIndexByPath == nil {
                        var byPath: [String: Int] = [:]
                        for (k, index) in defaults.enumerated() where byPath[copies[index].path] == nil {
                            byPath[copies[index].path] = k
                        }
                        defaultIndexByPath = byPath
                    }
                    match = defaultIndexByPath?[path]
                }
                if let match {
                    found[match] = true
                    next = match + 1
                }
            }
            guard found.contains(false) else { continue }
            // A path the default locale repeats is missing only if no copy of it was found.
            var missingPaths = Set<String>()
            var presentPaths = Set<String>()
            for k in found.indices {
                if found[k] {
                    presentPaths.insert(copies[defaults[k]].path)
                } else {
                    missingPaths.insert(copies[defaults[k]].path)
                }
            }
            missingPaths.subtract(presentPaths)
            guard !missingPaths.isEmpty else { continue }
            let missing = missingPaths.sorted()
            let shown = missing.prefix(6).joined(separator: ", ") + (missing.count > 6 ? ", …" : "")
            context.report(
                "locale \(localization.locale.value) leaves out \(missing.count) copy field"
                    + "\(missing.count == 1 ? "" : "s") of \(defaultLocale): \(shown) (shown in \(defaultLocale) instead)",
                at: localization.locale.span, node: localization.place.node)
        }
    }
}
