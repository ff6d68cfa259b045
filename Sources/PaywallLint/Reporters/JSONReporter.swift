/// `--format json`: one object per finding, in a documented, stable schema (README "JSON
/// output"). Version 1; fields are only ever added.
package struct JSONReporter: Reporter {
    private var first = true

    package init() {}

    package mutating func begin(rules: [RuleDescriptor]) -> String {
        "{\n  \"version\": 1,\n  \"tool\": {\"name\": \(JSONText.quoted(ToolInfo.name)), \"version\": \(JSONText.quoted(ToolInfo.version))},\n  \"findings\": ["
    }

    package mutating func file(_ report: FileReport) -> String {
        var out = ""
        for finding in report.findings {
            out += first ? "\n" : ",\n"
            first = false
            out +=
                "    {\"rule\": \(JSONText.quoted(finding.ruleID)), \"severity\": \(JSONText.quoted(finding.severity.name)), "
            out +=
                "\"message\": \(JSONText.quoted(finding.message)), \"file\": \(JSONText.quoted(report.file.path)), "
            out +=
                "\"start\": \(Self.position(finding.span.start)), \"end\": \(Self.position(finding.span.end)), "
            out += "\"pointer\": \(JSONText.quoted(finding.pointer)), "
            if let variant = finding.variant { out += "\"variant\": \(JSONText.quoted(variant)), " }
            out += "\"fix\": "
            if let fix = finding.fix {
                out += "{\"description\": \(JSONText.quoted(fix.description)), \"edits\": ["
                out += fix.edits.map {
                    "{\"start\": \(Self.position($0.span.start)), \"end\": \(Self.position($0.span.end)), "
                        + "\"replacement\": \(JSONText.quoted($0.replacement))}"
                }.joined(separator: ", ")
                out += "]}"
            } else {
                out += "null"
            }
            out += "}"
        }
        return out
    }

    package mutating func end(_ summary: RunSummary) -> String {
        var out = first ? "],\n" : "\n  ],\n"
        out +=
            "  \"summary\": {\"files_checked\": \(summary.filesChecked), \"files_skipped\": \(summary.filesSkipped), "
        out += "\"files_with_findings\": \(summary.filesWithFindings), \"errors\": \(summary.errors), "
        out += "\"warnings\": \(summary.warnings), \"notes\": \(summary.notes), "
        out += "\"execution_successful\": \(summary.executionSuccessful)}\n}\n"
        return out
    }

    static func position(_ position: SourcePosition) -> String {
        "{\"line\": \(position.line), \"column\": \(position.column)}"
    }
}
