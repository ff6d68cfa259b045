#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SARIF 2.1.0 for GitHub code scanning and other viewers: the full rule list (every enabled rule,
/// not only those that fired), one result per finding with a full region in Unicode code points,
/// and fingerprints built from rule, file and JSON pointer, so they survive moved lines.
package struct SARIFReporter: Reporter {
    private var ruleIndex: [String: Int] = [:]
    private var firstResult = true

    package init() {}

    package mutating func begin(rules: [RuleDescriptor]) -> String {
        // As bytes: the rule list runs to 100 KB, and appending it to a string, then quoting
        // each description into a string of its own, took a millisecond and a half before the
        // first result.
        var out = JSONBytes()
        out.append(
            "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        )
        out.append("  \"runs\": [\n    {\n      \"tool\": {\n        \"driver\": {\n")
        let driver = [
            ("name", ToolInfo.name), ("version", ToolInfo.version), ("semanticVersion", ToolInfo.version),
            ("informationUri", ToolInfo.informationURI),
        ]
        for (key, value) in driver {
            out.append("          \"")
            out.append(key)
            out.append("\": ")
            out.appendQuoted(value)
            out.append(",\n")
        }
        out.append("          \"rules\": [")
        for (index, rule) in rules.enumerated() {
            ruleIndex[rule.id] = index
            out.append(index == 0 ? "\n" as StaticString : ",\n")
            appendRuleObject(rule, to: &out)
        }
        out.append(rules.isEmpty ? "]\n" as StaticString : "\n          ]\n")
        out.append("        }\n      },\n")
        out.append("      \"originalUriBaseIds\": {\n")
        out.append(
            "        \"%SRCROOT%\": { \"description\": { \"text\": \"The folder paywall-lint ran in.\" } }\n")
        out.append("      },\n")
        out.append("      \"automationDetails\": { \"id\": \"paywall-lint/\" },\n")
        out.append("      \"columnKind\": \"unicodeCodePoints\",\n")
        out.append("      \"results\": [")
        return out.text
    }

    private func appendRuleObject(_ rule: RuleDescriptor, to out: inout JSONBytes) {
        let full = rule.description.isEmpty ? rule.summary : rule.description
        var help = full
        var markdown = full
        if !rule.source.isEmpty {
            help += "\n\nSource: " + rule.source
            markdown += "\n\nSource: " + rule.source
            for (plain, linked) in zip(
                RuleSources.plainReferences(in: rule.source), RuleSources.references(in: rule.source))
            {
                help += "\n- " + plain
                markdown += "\n- " + linked
            }
        }
        out.append("            {\n              \"id\": ")
        out.appendQuoted(rule.id)
        out.append(",\n              \"name\": ")
        out.appendQuoted(rule.name)
        out.append(",\n              \"shortDescription\": { \"text\": ")
        out.appendQuoted(rule.summary)
        out.append(" },\n              \"fullDescription\": { \"text\": ")
        // At most 1,000 characters; a text of no more bytes has no more characters.
        out.appendQuoted(full.utf8.count <= 1000 ? full : String(full.prefix(1000)))
        out.append(" },\n              \"help\": { \"text\": ")
        out.appendQuoted(help)
        out.append(", \"markdown\": ")
        out.appendQuoted(markdown)
        out.append(" },\n              \"helpUri\": ")
        out.appendQuoted(RuleSources.documentationURL(of: rule.id))
        out.append(",\n              \"defaultConfiguration\": { \"level\": ")
        out.appendQuoted(level(rule.severity))
        out.append(" },\n              \"properties\": { \"tags\": [")
        out.appendQuoted(rule.pack)
        out.append("] }\n            }")
    }

    package mutating func file(_ report: FileReport) -> String {
        var bytes: [UInt8] = []
        file(report, appendingTo: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package mutating func file(_ report: FileReport, appendingTo output: inout [UInt8]) {
        guard !report.findings.isEmpty else { return }
        // `output` emptied, so `out` holds the only reference and appends in place.
        var out = JSONBytes(appendingTo: output)
        output = []
        defer { output = out.bytes }
        var occurrences: [UInt64: Int] = [:]
        let location = artifactLocation(report.file.path)
        for finding in report.findings {
            out.append(firstResult ? "\n" as StaticString : ",\n")
            firstResult = false
            let key = Self.fingerprint(
                finding.ruleID, report.file.path,
                finding.variant.map { "\($0)\u{0}\(finding.pointer)" } ?? finding.pointer)
            let occurrence = occurrences[key, default: 0] + 1
            occurrences[key] = occurrence
            out.append("        {\n          \"ruleId\": ")
            out.appendQuoted(finding.ruleID)
            out.append(",\n")
            if let index = ruleIndex[finding.ruleID] {
                out.append("          \"ruleIndex\": ")
                out.append(index)
                out.append(",\n")
            }
            out.append("          \"level\": \"")
            out.append(level(finding.severity))
            out.append("\",\n          \"message\": { \"text\": ")
            out.appendQuoted(finding.message)
            out.append(" },\n          \"locations\": [ { \"physicalLocation\": { ")
            out.append(location)
            out.append(", ")
            appendRegion(finding.span, to: &out)
            out.append(" }")
            if !finding.pointer.isEmpty || finding.variant != nil {
                out.append(", \"logicalLocations\": [ ")
                if !finding.pointer.isEmpty {
                    out.append("{ \"fullyQualifiedName\": ")
                    out.appendQuoted(finding.pointer)
                    out.append(", \"kind\": \"element\" }")
                }
                if let variant = finding.variant {
                    out.append(finding.pointer.isEmpty ? "{ \"name\": " as StaticString : ", { \"name\": ")
                    out.appendQuoted(variant)
                    out.append(", \"kind\": \"object\" }")
                }
                out.append(" ]")
            }
            out.append(" } ],\n")
            if !finding.related.isEmpty {
                out.append("          \"relatedLocations\": [")
                for (index, related) in finding.related.enumerated() {
                    out.append(index == 0 ? " " as StaticString : ", ")
                    out.append("{ \"id\": ")
                    out.append(index + 1)
                    out.append(", \"physicalLocation\": { ")
                    out.append(location)
                    out.append(", ")
                    appendRegion(related.span, to: &out)
                    out.append(" }, \"message\": { \"text\": ")
                    out.appendQuoted(related.message)
                    out.append(" } }")
                }
                out.append(" ],\n")
            }
            if let fix = finding.fix, fix.isAutomatic {
                out.append("          \"fixes\": [ { \"description\": { \"text\": ")
                out.appendQuoted(fix.description)
                out.append(" }, \"artifactChanges\": [ { ")
                out.append(location)
                out.append(", \"replacements\": [")
                for (index, edit) in fix.edits.enumerated() {
                    out.append(index == 0 ? " " as StaticString : ", ")
                    out.append("{ \"deletedRegion\": { ")
                    appendRegionBody(edit.span, to: &out)
                    out.append(" }, \"insertedContent\": { \"text\": ")
                    out.appendQuoted(edit.replacement)
                    out.append(" } }")
                }
                out.append(" ] } ] } ],\n")
            }
            // The same pointer-based hash under GitHub's key, so alerts follow a finding when lines move.
            out.append("          \"partialFingerprints\": { \"paywallLint/v1\": \"")
            out.appendHex(key)
            out.append(":")
            out.append(occurrence)
            out.append("\", \"primaryLocationLineHash\": \"")
            out.appendHex(key)
            out.append(":")
            out.append(occurrence)
            out.append("\" }\n        }")
        }
    }

    package mutating func end(_ summary: RunSummary) -> String {
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
                    let location = String(decoding: artifactLocation(path), as: UTF8.self)
                    out += ", \"locations\": [ { \"physicalLocation\": { \(location) } } ]"
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

    private func appendRegion(_ span: SourceSpan, to out: inout JSONBytes) {
        out.append("\"region\": { ")
        appendRegionBody(span, to: &out)
        out.append(" }")
    }

    private func appendRegionBody(_ span: SourceSpan, to out: inout JSONBytes) {
        let end = span.end < span.start ? span.start : span.end
        out.append("\"startLine\": ")
        out.append(span.start.line)
        out.append(", \"startColumn\": ")
        out.append(span.start.column)
        out.append(", \"endLine\": ")
        out.append(end.line)
        out.append(", \"endColumn\": ")
        out.append(end.column)
    }

    /// A relative path is relative to `%SRCROOT%`; an absolute one becomes a `file:` URI. Made
    /// once a file, as bytes: the URI needs no JSON escape, being percent-encoded, and the
    /// strings it was made of cost 10,000 instructions a file.
    private func artifactLocation(_ path: String) -> [UInt8] {
        // `..` has no place under %SRCROOT%: such a path is made absolute, and relative again
        // when it lies inside the folder the run started in.
        var path = Self.hasDotDot(path) ? Self.withoutDotDot(path) : path
        return path.withUTF8 { bytes in
            var relative = bytes[...]
            while relative.starts(with: [UInt8(ascii: "."), UInt8(ascii: "/")]) {
                relative = relative.dropFirst(2)
            }
            let absolute = relative.first == UInt8(ascii: "/")
            var out: [UInt8] = []
            out.reserveCapacity(relative.count + 64)
            out += #""artifactLocation": { "uri": ""#.utf8
            if absolute { out += "file://".utf8 }
            Self.percentEncode(relative, to: &out)
            out += (absolute ? #"" }"# : #"", "uriBaseId": "%SRCROOT%" }"#).utf8
            return out
        }
    }

    /// The path with `.` and `..` segments resolved (against the working folder when it
    /// climbs out of it); unchanged when it has none.
    static func withoutDotDot(_ path: String, workingDirectory: String? = currentDirectory) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.contains("..") else { return path }
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        if !absolute, let workingDirectory {
            parts = workingDirectory.split(separator: "/")
        }
        let base = parts.count
        for segment in segments where !segment.isEmpty && segment != "." {
            if segment == "..", !parts.isEmpty {
                parts.removeLast()
            } else if segment != ".." {
                parts.append(segment)
            }
        }
        let joined = "/" + parts.joined(separator: "/")
        guard !absolute, let workingDirectory, parts.count >= base else { return joined }
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return joined.hasPrefix(prefix) ? String(joined.dropFirst(prefix.count)) : joined
    }

    /// Whether the path has `..` in it: a scan of its bytes, as every file's path is checked.
    private static func hasDotDot(_ path: String) -> Bool {
        var previousWasDot = false
        for byte in path.utf8 {
            let isDot = byte == UInt8(ascii: ".")
            if isDot && previousWasDot { return true }
            previousWasDot = isDot
        }
        return false
    }

    private static let currentDirectory: String? = {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }()

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// `percentEncode` as a string, as the tests read it.
    package static func percentEncoded(_ path: Substring) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        percentEncode(path.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes outside the URI's unreserved set and "/" as `%XX`. Built as bytes: appending to a
    /// String a scalar at a time cost more than the rest of a file's SARIF.
    private static func percentEncode(_ path: some Sequence<UInt8>, to out: inout [UInt8]) {
        for byte in path {
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
