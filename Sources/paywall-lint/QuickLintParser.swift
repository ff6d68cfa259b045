import ArgumentParser
import PaywallLint

/// Reads the command lines a pre-commit hook or CI sends (paths, and the lint command's options
/// in `--name value` or `--name=value` form) without ArgumentParser, which reflects over every
/// option of every command first: 11.4 of the 39.0 million instructions of a one-file run
/// (callgrind). Anything it is not sure of is nil and goes to ArgumentParser: help, version,
/// short options, `--`, a value that starts with `-` or is empty after `=`, an option given
/// twice that takes one value, a value an option would reject, every error. The values it reads
/// go through the same `ExpressibleByArgument` initialisers, and a test holds it to
/// ArgumentParser's result.
enum QuickLintParser {
    /// The lint command's arguments, or nil to let ArgumentParser read the command line.
    /// `subcommands`: the names that select another command (the lint command's own included).
    static func parse(_ commandLine: [String], subcommands: Set<String>) -> LintArguments? {
        var words = commandLine[...]
        // After an explicit `lint`, every argument is the lint command's, as in the full parser.
        if words.first == "lint" {
            words = words.dropFirst()
        } else if words.contains(where: subcommands.contains) {
            return nil
        }
        var arguments = LintArguments()
        var paths: [String] = []
        var given = Set<String>()
        while let word = words.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                paths.append(word)
                continue
            }
            guard word.hasPrefix("--"), word.count > 2 else { return nil }
            let name: Substring
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                name = word[word.index(word.startIndex, offsetBy: 2)..<equals]
                value = String(word[word.index(after: equals)...])
                // ArgumentParser reads `--name=` as a missing value.
                guard value != "" else { return nil }
            } else {
                name = word.dropFirst(2)
            }
            if let flag = Flag(rawValue: String(name)) {
                guard value == nil, given.insert(flag.rawValue).inserted else { return nil }
                flag.set(in: &arguments)
                continue
            }
            if value == nil {
                guard let next = words.popFirst(), !next.hasPrefix("-") else { return nil }
                value = next
            }
            guard read(value!, for: name, into: &arguments, given: &given) else { return nil }
        }
        if !paths.isEmpty { arguments.paths = paths }
        return arguments.invalidity == nil ? arguments : nil
    }

    private enum Flag: String {
        case syntaxOnly = "syntax-only"
        case fix, diff, quiet, verbose
        case forceExclude = "force-exclude"
        case skipNonPaywalls = "skip-non-paywalls"
        case swift

        func set(in arguments: inout LintArguments) {
            switch self {
            case .syntaxOnly: arguments.syntaxOnly = true
            case .fix: arguments.fix = true
            case .diff: arguments.diff = true
            case .quiet: arguments.quiet = true
            case .verbose: arguments.verbose = true
            case .forceExclude: arguments.forceExclude = true
            case .skipNonPaywalls: arguments.skipNonPaywalls = true
            case .swift: arguments.swift = true
            }
        }
    }

    /// Stores the value of the option `name`; false when there is no such option, it takes one
    /// value and was given before, or the value is not one it accepts.
    private static func read(
        _ value: String, for name: Substring, into arguments: inout LintArguments, given: inout Set<String>
    ) -> Bool {
        switch name {
        // Repeatable: the values are collected.
        case "format":
            return append(OutputFormat(argument: value).map { .format($0) }, to: &arguments.reportOptions)
        case "output": return append(.output(value), to: &arguments.reportOptions)
        case "pack": return append(value, to: &arguments.ruleSelection.packs)
        case "rule": return append(value, to: &arguments.ruleSelection.rules)
        default: break
        }
        guard given.insert(String(name)).inserted else { return false }
        switch name {
        case "fail-on": return store(Severity(argument: value), in: &arguments.failOn)
        case "color": return store(ColorChoice(argument: value), in: &arguments.color)
        case "config": return store(value, in: &arguments.ruleSelection.config)
        case "stdin-filename": return store(value, in: &arguments.stdinFilename)
        case "dialect": return store(value, in: &arguments.dialect)
        case "storekit": return store(value, in: &arguments.storekit)
        case "baseline": return store(value, in: &arguments.baseline)
        case "write-baseline": return store(value, in: &arguments.writeBaseline)
        case "max-file-kib": return store(Int(argument: value), in: &arguments.maxFileKib)
        case "max-depth": return store(Int(argument: value), in: &arguments.maxDepth)
        case "max-alias-expansion": return store(Int(argument: value), in: &arguments.maxAliasExpansion)
        case "max-scalar-kib": return store(Int(argument: value), in: &arguments.maxScalarKib)
        case "max-documents": return store(Int(argument: value), in: &arguments.maxDocuments)
        default: return false
        }
    }

    private static func append<Value>(_ value: Value?, to list: inout [Value]) -> Bool {
        guard let value else { return false }
        list.append(value)
        return true
    }

    private static func store<Value>(_ value: Value?, in slot: inout Value) -> Bool {
        guard let value else { return false }
        slot = value
        return true
    }

    private static func store<Value>(_ value: Value?, in slot: inout Value?) -> Bool {
        guard let value else { return false }
        slot = value
        return true
    }
}
