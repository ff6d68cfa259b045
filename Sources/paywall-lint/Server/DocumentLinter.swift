import PaywallLint

/// Lints a document's text with the config that applies to its path (the nearest
/// `.paywall-lint.yml` walking up from its folder), as `paywall-lint lint` would lint the file:
/// its dialect, containers and store data come from that config. Configs, packs and `.storekit`
/// files are read once and kept until `reload`.
final class DocumentLinter {
    enum Outcome {
        /// The file's findings, and the linter that found them (its rules explain them).
        case report(FileReport, Linter)
        /// Not a paywall, or excluded by its config: nothing to report.
        case skipped
        /// The config that applies (or a pack or `.storekit` file it names) is broken.
        case configFailure(ConfigurationError)
    }

    private var setup: LintArguments.Setup?

    /// How many times the configs were read again; part of each pull result ID.
    private(set) var generation = 0

    /// Forgets every config, pack and store read: the next lint reads them again.
    func reload() {
        setup = nil
        generation += 1
    }

    /// The arguments of a lint run whose linters carry the rules' documentation (for hover and
    /// explain), as a SARIF report's do.
    private static func arguments(config: String? = nil) -> LintArguments {
        var arguments = LintArguments()
        arguments.reportOptions = [.format(.sarif)]
        arguments.ruleSelection.config = config
        return arguments
    }

    func lint(path: String, bytes: [UInt8]) -> Outcome {
        do {
            var setup = try self.setup ?? LintArguments.Setup(Self.arguments())
            defer { self.setup = setup }
            guard try setup.includes(path) else { return .skipped }
            let index = try setup.linterIndex(for: path)
            let linter = setup.linters[index]
            // An editor sends every Swift file it opens: only a project that asks is linted.
            if SwiftSources.isSwift(path), !linter.options.readsSwift { return .skipped }
            if bytes.count > linter.options.limits.maxFileBytes {
                return .report(linter.oversizedReport(path: path, size: bytes.count), linter)
            }
            let report = linter.lint(SourceFile(path: path, bytes: bytes), explicitlyNamed: false)
            return report.skipped ? .skipped : .report(report, linter)
        } catch let error as ConfigurationError {
            return .configFailure(error)
        } catch {
            return .configFailure(ConfigurationError(path: path, message: "\(error)"))
        }
    }

    /// Whether a path names a config file.
    static func isConfig(_ path: String) -> Bool {
        Configuration.fileNames.contains(String(path.split(separator: "/").last ?? ""))
    }

    /// Reads a config file as the linter would use it (its packs and store data too); the
    /// error if any.
    func check(config path: String) -> ConfigurationError? {
        do {
            _ = try LintArguments.Setup(Self.arguments(config: path))
            return nil
        } catch let error as ConfigurationError {
            return error
        } catch {
            return ConfigurationError(path: path, message: "\(error)")
        }
    }

    /// A rule's documentation: from the linter that reported it, else from every built-in pack.
    func explanation(of ruleID: String, linter: Linter?) -> String? {
        if let rule = linter?.ruleSet.rule(ruleID) { return RuleDocumentation.markdown(for: rule) }
        var selection = RuleSelection()
        selection.packs = PackLibrary.builtInNames
        guard let configuration = try? selection.configuration(),
            let ruleSet = try? selection.ruleSet(configuration), let rule = ruleSet.rule(ruleID)
        else { return nil }
        return RuleDocumentation.markdown(for: rule)
    }
}
