import PaywallLint

/// Findings as LSP diagnostics.
enum Diagnostics {
    static let source = "paywall-lint"
    /// The code of a diagnostic about the configuration itself.
    static let configCode = "paywall-lint/config"

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// A finding's message, with the variant of a container file (a Firebase variant, a
    /// RevenueCat offering) it is in.
    static func message(of finding: Finding) -> String {
        guard let variant = finding.variant else { return finding.message }
        return "[\(variant)] \(finding.message)"
    }

    static func diagnostic(
        for finding: Finding, in document: TextDocument, encoding: PositionEncoding
    ) -> JSONObject {
        var diagnostic: JSONObject = [
            "range": document.range(of: finding.span, encoding: encoding).json,
            "severity": severity(finding.severity),
            "code": finding.ruleID,
            "codeDescription": ["href": RuleSources.documentationURL(of: finding.ruleID)],
            "source": source,
            "message": message(of: finding),
        ]
        if !finding.related.isEmpty {
            diagnostic["relatedInformation"] = finding.related.map { related -> JSONObject in
                [
                    "location": [
                        "uri": document.uri,
                        "range": document.range(of: related.span, encoding: encoding).json,
                    ] as JSONObject,
                    "message": related.message,
                ]
            }
        }
        var data: JSONObject = ["pointer": finding.pointer]
        if let variant = finding.variant { data["variant"] = variant }
        if let fix = finding.fix, fix.isAutomatic { data["fixable"] = true }
        diagnostic["data"] = data
        return diagnostic
    }

    /// The diagnostics of a broken configuration, by the URI of the file each is in (the
    /// config, a pack or a `.storekit` file it names); errors in no file go under `fallbackURI`.
    /// `text` gives an open file's text (else it is read from disk, for the error's position).
    static func configDiagnostics(
        _ error: ConfigurationError, fallbackURI: String, encoding: PositionEncoding,
        text: (String) -> TextDocument?
    ) -> [String: [JSONObject]] {
        var byURI: [String: [JSONObject]] = [:]
        for error in [error] + error.others {
            let absolute =
                error.path.hasPrefix("/") ? error.path : FileSystem.currentDirectory() + "/" + error.path
            let exists = if case .file = FileSystem.kind(of: absolute) { true } else { false }
            let uri = exists ? TextDocument.uri(of: absolute) : fallbackURI
            var range = LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
            if exists, let span = error.span {
                let document =
                    text(uri)
                    ?? (try? FileSystem.read(absolute, limit: 8 << 20)).map {
                        String(decoding: $0, as: UTF8.self)
                    }.map {
                        TextDocument(uri: uri, languageID: "", version: 0, text: $0)
                    }
                if let document { range = document.range(of: span, encoding: encoding) }
            }
            let message = exists ? error.message : "\(error.path): \(error.message)"
            byURI[uri, default: []].append([
                "range": range.json, "severity": 1, "code": configCode, "source": source,
                "message": message,
            ])
        }
        return byURI
    }

    /// The one diagnostic a paywall gets when its config is broken.
    static func brokenConfigNotice(_ error: ConfigurationError) -> JSONObject {
        [
            "range": LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)).json,
            "severity": 1, "code": configCode, "source": source,
            "message": "not linted: the configuration is broken (\(error.path): \(error.message))",
        ]
    }
}
