/// Known findings a team accepts for now, so it can adopt the linter on old files: keyed by file,
/// rule, JSON pointer and variant (not line numbers, so inserted lines do not break it), with counts.
package struct Baseline: Sendable {
    struct Key: Hashable {
        var file: String
        var rule: String
        var pointer: String
        /// The container's variant (a Remote Config condition, an offering), or "".
        var variant: String
    }

    private var counts: [Key: Int] = [:]

    package init() {}

    package var isEmpty: Bool { counts.isEmpty }

    /// How many findings it accounts for.
    package var findingCount: Int { counts.values.reduce(0, +) }

    package mutating func record(_ report: FileReport) {
        for finding in report.findings {
            counts[
                Key(
                    file: Self.normalized(report.file.path), rule: finding.ruleID, pointer: finding.pointer,
                    variant: finding.variant ?? ""),
                default: 0] += 1
        }
    }

    /// The findings of a report that the baseline does not already account for.
    package func filter(_ report: FileReport) -> FileReport {
        guard !counts.isEmpty else { return report }
        var remaining: [Key: Int] = [:]
        var result = report
        result.findings = report.findings.filter { finding in
            let key = Key(
                file: Self.normalized(report.file.path), rule: finding.ruleID, pointer: finding.pointer,
                variant: finding.variant ?? "")
            let left = remaining[key] ?? counts[key] ?? 0
            guard left > 0 else { return true }
            remaining[key] = left - 1
            return false
        }
        return result
    }

    static func normalized(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    /// The baseline as JSON, sorted so it diffs well.
    package var json: String {
        let keys = counts.keys.sorted {
            ($0.file, $0.rule, $0.pointer, $0.variant) < ($1.file, $1.rule, $1.pointer, $1.variant)
        }
        var out = "{\n  \"version\": 1,\n  \"findings\": ["
        for (index, key) in keys.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\"file\": \(JSONText.quoted(key.file)), \"rule\": \(JSONText.quoted(key.rule)), "
            out += "\"pointer\": \(JSONText.quoted(key.pointer)), "
            if !key.variant.isEmpty { out += "\"variant\": \(JSONText.quoted(key.variant)), " }
            out += "\"count\": \(counts[key]!)}"
        }
        out += keys.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    package static func read(path: String, bytes: [UInt8]) throws -> Baseline {
        let result = DocumentReader.read(SourceFile(path: path, bytes: bytes, format: .json))
        if let problem = result.findings.first(where: { $0.severity == .error }) {
            throw ConfigurationError(path: path, span: problem.span, message: problem.message)
        }
        guard let document = result.documents.first, let root = document.root, document[root].isMapping,
            let list = document.value(of: root, key: "findings"), document[list].isSequence
        else {
            throw ConfigurationError(
                path: path, message: "a baseline is {\"version\": 1, \"findings\": [...]}")
        }
        guard let version = document.value(of: root, key: "version"), document[version].style == .plain,
            document.text(of: version) == "1"
        else {
            let span = document.value(of: root, key: "version").map { document[$0].span }
            throw ConfigurationError(
                path: path, span: span,
                message: "this baseline's version is not 1, the one this paywall-lint reads")
        }
        var baseline = Baseline()
        for item in document.items(of: list) {
            guard document[item].isMapping else {
                throw ConfigurationError(
                    path: path, span: document[item].span, message: "an entry is an object with file and rule"
                )
            }
            func text(_ key: String) throws -> String? {
                guard let value = document.value(of: item, key: key) else { return nil }
                guard document[value].isScalar, document[value].style != .plain else {
                    throw ConfigurationError(
                        path: path, span: document[value].span, message: "\(key) is a string")
                }
                return document.text(of: value)
            }
            guard let file = try text("file"), let rule = try text("rule") else {
                throw ConfigurationError(
                    path: path, span: document[item].span, message: "an entry needs file and rule")
            }
            var count = 1
            if let value = document.value(of: item, key: "count") {
                guard document[value].isScalar, document[value].style == .plain,
                    let number = Int(document.text(of: value)), number >= 1
                else {
                    throw ConfigurationError(
                        path: path, span: document[value].span,
                        message: "count is a whole number of at least 1")
                }
                count = number
            }
            let key = Key(
                file: file, rule: rule, pointer: try text("pointer") ?? "", variant: try text("variant") ?? ""
            )
            let (total, overflow) = baseline.counts[key, default: 0].addingReportingOverflow(count)
            guard !overflow else {
                throw ConfigurationError(
                    path: path, span: document[item].span,
                    message: "the counts of this entry's finding add up past any number of findings")
            }
            baseline.counts[key] = total
        }
        return baseline
    }
}
