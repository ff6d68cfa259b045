import Atomics

/// What reading a file gave: its documents (a YAML stream may hold several) and the problems
/// found on the way.
package struct ReadResult: Sendable {
    package var documents: [Document]
    package var findings: [Finding]
}

/// Turns a file's bytes into positioned documents: checks size and encoding, then reads
/// `.json` files strictly as JSON and everything else as YAML.
package enum DocumentReader {
    /// `strings`: short strings made for earlier files, to reuse (a worker passes its own).
    package static func read(
        _ file: SourceFile, limits: ReadLimits = .default, strings: ShortStrings = ShortStrings()
    ) -> ReadResult {
        var findings: [Finding] = []
        if file.bytes.count > limits.maxFileBytes {
            let size = file.bytes.count >> 10
            findings.append(
                Finding(
                    ruleID: CoreRuleID.limits, severity: .error,
                    message:
                        "the file is \(size) KiB, over the limit of \(limits.maxFileBytes >> 10) KiB "
                        + "(raise it with --max-file-kib)",
                    span: .fileStart))
            return ReadResult(documents: [], findings: findings)
        }
        switch file.format {
        case .json:
            let encoding = TextEncoding.check(file.bytes, format: .json)
            if let problem = encoding.problem {
                return ReadResult(documents: [], findings: [problem])
            }
            let document = JSONReader.read(
                file.bytes, isASCII: encoding.isASCII, limits: limits, strings: strings, findings: &findings)
            return ReadResult(documents: document.map { [$0] } ?? [], findings: findings)
        case .yaml:
            // libyaml checks the encoding as it reads, more strictly than `TextEncoding` (which
            // lets C1 controls and noncharacters through): a stream it read to the end without a
            // finding is clean. Only when it complained or stopped does the check run, to report
            // the first encoding problem, exactly placed and worded, in place of what it said.
            guard let parser = yamlParser.load()?.parser else {
                findings.append(
                    Finding(
                        ruleID: CoreRuleID.parseError, severity: .error,
                        message:
                            "this build reads JSON only: YAML needs the PaywallLintYAML library "
                            + "(YAMLSupport.enable())",
                        span: .fileStart))
                return ReadResult(documents: [], findings: findings)
            }
            let documents = parser.read(file.bytes, limits: limits, strings: strings, findings: &findings)
            if !findings.isEmpty, let problem = TextEncoding.check(file.bytes, format: .yaml).problem {
                return ReadResult(documents: [], findings: [problem])
            }
            return ReadResult(documents: documents, findings: findings)
        }
    }
}

/// Reads YAML into documents. The core parses JSON itself and has no YAML parser of its own, so
/// that it builds where libyaml does not (an app on iOS); `PaywallLintYAML` installs libyaml's.
package protocol YAMLParser: Sendable {
    func read(_ bytes: [UInt8], limits: ReadLimits, strings: ShortStrings, findings: inout [Finding])
        -> [Document]
}

extension DocumentReader {
    package final class InstalledParser: Sendable {
        let parser: any YAMLParser
        package init(_ parser: any YAMLParser) { self.parser = parser }
    }

    /// Set once, then read without a lock by every file's read.
    package static let yamlParser = ManagedAtomicLazyReference<InstalledParser>()

    /// Whether YAML files can be read (`YAMLSupport.enable()` was called).
    package static var readsYAML: Bool { yamlParser.load() != nil }
}
