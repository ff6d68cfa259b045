/// SARIF 2.1.0 for GitHub code scanning and other viewers: the full rule list (every enabled rule,
/// not only those that fired), one result per finding with a full region in Unicode code points,
/// and fingerprints built from rule, file and JSON pointer, so they survive moved lines.
public struct SARIFReporter: Reporter {
    private var ruleIndex: [String: Int] = [:]
    private var firstResult = true

    public init() {}

    public mutating func begin(rules: [RuleDescriptor]) -> String {
        var out =
            "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [\n    {\n      \"tool\": {\n        \"driver\": {\n"
        out += "          \"name\": \(JSONText.quoted(ToolInfo.name)),\n"
        out += "          \"version\": \(JSONText.quoted(ToolInfo.version)),\n"
        out += "          \"semanticVersion\": \(JSONText.quoted(ToolInfo.version)),\n"
        out += "          \"informationUri\": \(JSONText.quoted(ToolInfo.informationURI)),\n"
        out += "          \"rules\": ["
        for (index, rule) in rules.enumerated() {
            ruleIndex[rule.id] = index
            out += index == 0 ? "\n" : ",\n"
            out += ruleObject(rule)
        }
        out += rules.isEmpty ? "]\n" : "\n          ]\n"
        out += "        }\n      },\n"
        out += "      \"originalUriBaseIds\": {\n"
        out +=
            "        \"%SRCROOT%\": { \"description\": { \"text\": \"The folder paywall-lint ran in.\" } }\n"
        out += "      },\n"
        out += "      \"automationDetails\": { \"id\": \"paywall-lint/\" },\n"
        out += "      \"columnKind\": \"unicodeCodePoints\",\n"
        out += "      \"results\": ["
        return out
    }

    private func ruleObject(_ rule: RuleDescriptor) -> String {
        let full = rule.description.isEmpty ? rule.summary : rule.description
        var help = full
        if !rule.source.isEmpty { help += "\n\nSource: " + rule.source }
        var out = "            {\n"
        out += "              \"id\": \(JSONText.quoted(rule.id)),\n"
        out += "              \"name\": \(JSONText.quoted(rule.name)),\n"
        out += "              \"shortDescription\": { \"text\": \(JSONText.quoted(rule.summary)) },\n"
        out +=
            "              \"fullDescription\": { \"text\": \(JSONText.quoted(String(full.prefix(1000)))) },\n"
        out +=
            "              \"help\": { \"text\": \(JSONText.quoted(help)), \"markdown\": \(JSONText.quoted(help)) },\n"
        out +=
            "              \"defaultConfiguration\": { \"level\": \(JSONText.quoted(level(rule.severity))) },\n"
        out += "              \"properties\": { \"tags\": [\(JSONText.quoted(rule.pack))] }\n"
        out += "            }"
        return out
    }

    public mutating func file(_ report: FileReport) -> String {
        guard !report.findings.isEmpty else { return "" }
        var out = ""
        var occurrences: [UInt64: Int] = [:]
        let location = artifactLocation(report.file.path)
        for finding in report.findings {
            out += firstResult ? "\n" : ",\n"
            firstResult = false
            let key = Self.fingerprint(finding.ruleID, report.file.path, finding.pointer)
            let occurrence = occurrences[key, default: 0] + 1
            occurrences[key] = occurrence
            out += "        {\n"
            out += "          \"ruleId\": \(JSONText.quoted(finding.ruleID)),\n"
            if let index = ruleIndex[finding.ruleID] { out += "          \"ruleIndex\": \(index),\n" }
            out += "          \"level\": \(JSONText.quoted(level(finding.severity))),\n"
            out += "          \"message\": { \"text\": \(JSONText.quoted(finding.message)) },\n"
            out +=
                "          \"locations\": [ { \"physicalLocation\": { \(location), \(region(finding.span)) }"
            if !finding.pointer.isEmpty {
                out +=
                    ", \"logicalLocations\": [ { \"fullyQualifiedName\": \(JSONText.quoted(finding.pointer)), "
                out += "\"kind\": \"element\" } ]"
            }
            out += " } ],\n"
            if !finding.related.isEmpty {
                out += "          \"relatedLocations\": ["
                for (index, related) in finding.related.enumerated() {
                    out += index == 0 ? " " : ", "
                    out +=
                        "{ \"id\": \(index + 1), \"physicalLocation\": { \(location), \(region(related.span)) }, "
                    out += "\"message\": { \"text\": \(JSONText.quoted(related.message)) } }"
                }
                out += " ],\n"
            }
            if let fix = finding.fix, fix.isAutomatic {
                out +=
                    "          \"fixes\": [ { \"description\": { \"text\": \(JSONText.quoted(fix.description)) }, "
                out += "\"artifactChanges\": [ { \(location), \"replacements\": ["
                for (index, edit) in fix.edits.enumerated() {
                    out += index == 0 ? " " : ", "
                    out += "{ \"deletedRegion\": { \(regionBody(edit.span)) }, "
                    out += "\"insertedContent\": { \"text\": \(JSONText.quoted(edit.replacement)) } }"
                }
                out += " ] } ] } ],\n"
            }
            let hex = String(key, radix: 16)
            let padded = String(repeating: "0", count: 16 - hex.count) + hex
            // The same pointer-based hash under GitHub's key, so alerts follow a finding when lines move.
            out += "          \"partialFingerprints\": { \"paywallLint/v1\": \"\(padded):\(occurrence)\", "
            out += "\"primaryLocationLineHash\": \"\(padded):\(occurrence)\" }\n"
            out += "        }"
        }
        return out
    }

    public mutating func end(_ summary: RunSummary) -> String {
        var out = firstResult ? "],\n" : "\n      ],\n"
        out += "      \"invocations\": [\n        {\n"
        out += "          \"executionSuccessful\": \(summary.executionSuccessful)"
        if !summary.notifications.isEmpty {
            out += ",\n          \"toolExecutionNotifications\": ["
            for (index, notification) in summary.notifications.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                out += "            { \"level\": \(JSONText.quoted(level(notification.level))), "
                out += "\"message\": { \"text\": \(JSONText.quoted(notification.message)) }"
                if let path = notification.path {
                    out += ", \"locations\": [ { \"physicalLocation\": { \(artifactLocation(path)) } } ]"
                }
                out += " }"
            }
            out += "\n          ]"
        }
        out += "\n        }\n      ]\n    }\n  ]\n}\n"
        return out
    }

    private func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private func region(_ span: SourceSpan) -> String { "\"region\": { \(regionBody(span)) }" }

    private func regionBody(_ span: SourceSpan) -> String {
        let end = span.end < span.start ? span.start : span.end
        return "\"startLine\": \(span.start.line), \"startColumn\": \(span.start.column), "
            + "\"endLine\": \(end.line), \"endColumn\": \(end.column)"
    }

    /// A relative path is relative to `%SRCROOT%`; an absolute one becomes a `file:` URI.
    private func artifactLocation(_ path: String) -> String {
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        if relative.hasPrefix("/") {
            return
                "\"artifactLocation\": { \"uri\": \(JSONText.quoted("file://" + Self.percentEncoded(relative))) }"
        }
        return "\"artifactLocation\": { \"uri\": \(JSONText.quoted(Self.percentEncoded(relative))), "
            + "\"uriBaseId\": \"%SRCROOT%\" }"
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func percentEncoded(_ path: Substring) -> String {
        // Built as bytes: appending to a String a scalar at a time cost more than the rest of a
        // file's SARIF.
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// FNV-1a over rule, file and pointer: stable across runs and machines, and blind to line numbers.
    static func fingerprint(_ rule: String, _ path: String, _ pointer: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [rule, path, pointer] {
            for byte in part.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            hash ^= 0xFF
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
