/// Path globs as config files use them: `*` (any run within a folder), `**` (any folders),
/// `?` (one character), `{a,b}` (either, and nested). Paths use `/` and are relative to the
/// config's folder; a glob without a slash matches a file name in any folder, as .gitignore
/// does. A glob is compiled to a `LinearPattern`, so matching costs time linear in the path
/// whatever the glob (`{a,b}` is never expanded, `*a*a*a` never backtracks).
package struct Glob: Sendable, Hashable {
    package struct Invalid: Error, Equatable {
        package var message: String
    }

    /// Globs of configs are paths: longer ones are refused rather than compiled.
    package static let maxScalars = 256

    package let pattern: String
    private let compiled: LinearPattern

    package init(_ pattern: String) throws(Invalid) {
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= Self.maxScalars else {
            throw Invalid(message: "a glob is at most \(Self.maxScalars) characters")
        }
        self.pattern = pattern
        var expression = scalars.contains("/") ? "" : "(?:[\\s\\S]*/)?"
        var index = scalars.first == "/" ? 1 : 0
        var openBraces = 0
        // A `{` with no `}` after it is a literal one, as a `}` with no `{` before it.
        var closesLeft = scalars.count { $0 == "}" }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*" where index < scalars.count && scalars[index] == "*":
                index += 1
                if index < scalars.count, scalars[index] == "/" {
                    index += 1
                    expression += "(?:[\\s\\S]*/)?"
                } else {
                    expression += "[\\s\\S]*"
                }
            case "*": expression += "[^/]*"
            case "?": expression += "[^/]"
            case "{" where closesLeft > openBraces:
                openBraces += 1
                expression += "(?:"
            case "," where openBraces > 0: expression += "|"
            case "}" where openBraces > 0:
                openBraces -= 1
                closesLeft -= 1
                expression += ")"
            default:
                if scalar == "}" { closesLeft -= 1 }
                if scalar.isASCII && !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar) {
                    expression += "\\"
                }
                expression.unicodeScalars.append(scalar)
            }
        }
        expression += String(repeating: ")", count: openBraces)
        do {
            compiled = try LinearPattern(expression, maxScalars: Self.maxScalars * 16)
        } catch {
            throw Invalid(message: "'\(pattern)' is not a glob paywall-lint reads: \(error.message)")
        }
    }

    package func matches(_ path: String) -> Bool { compiled.wholeMatch(path) }

    package static func == (a: Glob, b: Glob) -> Bool { a.pattern == b.pattern }
    package func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
