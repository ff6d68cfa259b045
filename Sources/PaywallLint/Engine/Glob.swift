/// Path globs as config files use them: `*` (any run within a folder), `**` (any folders),
/// `?` (one character), `{a,b}` (either). Paths use `/` and are relative to the config's folder.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let alternatives: [[Unicode.Scalar]]

    public init(_ pattern: String) {
        self.pattern = pattern
        alternatives = Self.expandBraces(pattern).map { Array($0.unicodeScalars) }
    }

    public func matches(_ path: String) -> Bool {
        let text = Array(path.unicodeScalars)
        // A pattern without a slash matches a file name in any folder, as .gitignore does.
        return alternatives.contains { pattern in
            if !pattern.contains("/") {
                let name = text.split(separator: "/").last.map(Array.init) ?? text
                return Self.match(pattern[...], name[...])
            }
            var p = pattern[...]
            if p.first == "/" { p = p.dropFirst() }
            return Self.match(p, text[...])
        }
    }

    private static func match(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>)
        -> Bool
    {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            let rest = pattern.dropFirst()
            if rest.first == "*" {
                // `**`: any number of folders (including none); `**/` may match nothing.
                var after = rest.dropFirst()
                if after.first == "/" { after = after.dropFirst() }
                var index = text.startIndex
                while true {
                    if match(after, text[index...]) { return true }
                    guard index < text.endIndex else { return false }
                    index += 1
                }
            }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, text[index] != "/" else { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == "?" ? character != "/" : first == character {
            return match(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }

    private static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") else {
            return [pattern]
        }
        let head = pattern[..<open]
        let tail = pattern[pattern.index(after: close)...]
        return pattern[pattern.index(after: open)..<close].split(
            separator: ",", omittingEmptySubsequences: false
        )
        .flatMap { expandBraces(String(head) + $0 + tail) }
    }
}
