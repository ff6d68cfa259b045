import PaywallLint

/// Code actions and hovers for a document's findings.
enum CodeActions {
    static let explainCommand = "paywall-lint.explain"
    static let fixAllKind = "source.fixAll.paywall-lint"

    /// The reason placeholder of an inserted suppression: a suppression needs a reason.
    static let reasonPlaceholder = "TODO: why this is fine"

    /// The actions for the findings whose ranges touch `range`: each safe fix, "disable for this
    /// line" (YAML), "explain rule"; and, when any safe fix applies, "fix all".
    static func actions(
        for findings: [Finding], in document: TextDocument, range: LSPRange, only: [String]?,
        encoding: PositionEncoding
    ) -> [JSONObject] {
        var actions: [JSONObject] = []
        func wanted(_ kind: String) -> Bool {
            guard let only else { return true }
            return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
        }
        let isYAML = document.languageID == "yaml" || SourceFormat(path: document.path) == .yaml
        var explained = Set<String>()
        for finding in findings {
            let findingRange = document.range(of: finding.span, encoding: encoding)
            guard findingRange.touches(range) else { continue }
            let diagnostic = Diagnostics.diagnostic(for: finding, in: document, encoding: encoding)
            if let fix = finding.fix, fix.isAutomatic, wanted("quickfix") {
                let edits = fix.edits.map { edit -> JSONObject in
                    [
                        "range": document.range(of: edit.span, encoding: encoding).json,
                        "newText": edit.replacement,
                    ]
                }
                actions.append([
                    "title": "Fix: \(fix.description)", "kind": "quickfix", "diagnostics": [diagnostic],
                    "isPreferred": true, "edit": ["changes": [document.uri: edits]] as JSONObject,
                ])
            }
            if isYAML, wanted("quickfix") {
                let line = findingRange.start.line
                let comment =
                    document.indentation(ofLine: line)
                    + "# paywall-lint: disable-next-line \(finding.ruleID) -- \(reasonPlaceholder)\n"
                let at = LSPPosition(line: line, character: 0)
                let edit: JSONObject = ["range": LSPRange(start: at, end: at).json, "newText": comment]
                actions.append([
                    "title": "Disable \(finding.ruleID) for this line", "kind": "quickfix",
                    "diagnostics": [diagnostic], "edit": ["changes": [document.uri: [edit]]] as JSONObject,
                ])
            }
            if explained.insert(finding.ruleID).inserted, only == nil || wanted("quickfix") {
                actions.append([
                    "title": "Explain rule \(finding.ruleID)", "kind": "quickfix",
                    "diagnostics": [diagnostic],
                    "command": [
                        "title": "Explain rule \(finding.ruleID)", "command": explainCommand,
                        "arguments": [finding.ruleID, document.uri],
                    ] as JSONObject,
                ])
            }
        }
        if wanted(fixAllKind), let fixed = fixAll(findings, in: document, encoding: encoding) {
            actions.append(fixed)
        }
        return actions
    }

    /// Every safe fix of the document at once, as `paywall-lint fix` makes them (checked by
    /// reading the result again): one edit of the whole text. Nil when nothing is fixable.
    static func fixAll(_ findings: [Finding], in document: TextDocument, encoding: PositionEncoding)
        -> JSONObject?
    {
        guard findings.contains(where: { $0.fix?.isAutomatic == true }) else { return nil }
        let outcome = Fixer.apply(findings, to: SourceFile(path: document.path, bytes: document.bytes))
        guard let bytes = outcome.bytes, outcome.count > 0 else { return nil }
        let whole = LSPRange(
            start: .init(line: 0, character: 0),
            end: document.position(ofByte: document.bytes.count, encoding: encoding))
        let edit: JSONObject = ["range": whole.json, "newText": String(decoding: bytes, as: UTF8.self)]
        let noun = outcome.count == 1 ? "fix" : "fixes"
        return [
            "title": "Apply all safe paywall-lint fixes (\(outcome.count) \(noun))", "kind": fixAllKind,
            "edit": ["changes": [document.uri: [edit]]] as JSONObject,
        ]
    }

    /// The hover at `position`: the explanation of each rule whose finding covers it.
    static func hover(
        at position: LSPPosition, findings: [Finding], in document: TextDocument, encoding: PositionEncoding,
        explain: (String) -> String?
    ) -> JSONObject? {
        var sections: [String] = []
        var covered: LSPRange?
        var seen = Set<String>()
        for finding in findings {
            let range = document.range(of: finding.span, encoding: encoding)
            guard range.start <= position, position <= range.end else { continue }
            covered = covered ?? range
            var section = "**\(finding.ruleID)**: \(Diagnostics.message(of: finding))"
            if seen.insert(finding.ruleID).inserted, let text = explain(finding.ruleID) {
                section += "\n\n" + text
            }
            sections.append(section)
        }
        guard let covered else { return nil }
        return [
            "contents": ["kind": "markdown", "value": sections.joined(separator: "\n\n---\n\n")]
                as JSONObject,
            "range": covered.json,
        ]
    }
}
