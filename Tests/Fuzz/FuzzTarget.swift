// libFuzzer entry point over the whole pipeline: bytes → document → dialect → model → rules →
// reporters, and the fixer. Compiled into the library's module by Tests/Fuzz/run.sh (swiftc
// -sanitize=fuzzer,address); not part of the Swift package.

/// Every built-in pack, compiled once; store data so the store rules run too.
private let linters: [Linter] = {
    YAMLSupport.enable()
    do {
        let library = try PackLibrary.builtIn()
        let ruleSet = try RuleSet(packs: ["sketchy"], library: library)
        var options = LintOptions()
        options.store = StoreData(
            path: "fuzz.storekit",
            products: [
                StoreData.Product(
                    id: "com.sketchy.pro.weekly", type: .autoRenewable, displayPrice: "3.99",
                    period: SubscriptionPeriod(iso: "P1W"),
                    introductoryOffer: StoreData.IntroductoryOffer(
                        paymentMode: .payAsYouGo, displayPrice: "0.99",
                        period: SubscriptionPeriod(iso: "P1W"),
                        numberOfPeriods: 1),
                    names: ["en_US": "Sketchy Pro"], span: .fileStart)
            ], storefront: "USA")
        var generic = options
        generic.dialect = .generic
        return [
            try Linter(ruleSet: ruleSet, options: options), try Linter(ruleSet: ruleSet, options: generic),
        ]
    } catch {
        fatalError("the built-in packs do not load: \(error)")
    }
}()

/// One template cache for every input, as a worker of the CLI keeps one for all its files: each
/// input is linted with it and with a fresh one, and the two reports must agree.
nonisolated(unsafe) private let keptTemplates = TemplateCache()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the format and the linter, so both readers and the generic dialect get inputs.
    let selector = bytes.first ?? 0
    let name = selector & 1 == 0 ? "fuzz.yaml" : "fuzz.json"
    let linter = linters[Int(selector >> 1) & 1]
    let file = SourceFile(path: name, bytes: bytes)
    let report = linter.lint(file, explicitlyNamed: selector & 4 == 0, templates: keptTemplates)
    let fresh = linter.lint(file, explicitlyNamed: selector & 4 == 0)
    precondition(report.findings == fresh.findings, "copy kept from earlier inputs changed the findings")
    if name == "fuzz.yaml" { checkParsingAhead(bytes) }
    var summary = RunSummary()
    summary.add(report)
    var text = TextReporter(color: true)
    var sarif = SARIFReporter()
    var json = JSONReporter()
    var github = GitHubReporter()
    _ = text.begin(rules: []) + text.file(report) + text.end(summary)
    _ = sarif.begin(rules: linter.ruleSet.descriptors) + sarif.file(report) + sarif.end(summary)
    _ = json.begin(rules: []) + json.file(report) + json.end(summary)
    _ = github.begin(rules: []) + github.file(report) + github.end(summary)
    checkPositions(file, report: report, limits: linter.options.limits)
    checkFixes(file, report: report, linter: linter)
    return 0
}

/// Every reported position lies inside the file, and every scalar's span covers the bytes the
/// reader gave for it: a plain one-line scalar ends with its value, a quoted one is in its quotes.
private func checkPositions(_ file: SourceFile, report: FileReport, limits: ReadLimits) {
    let lines = LineIndex(file.bytes)
    func inside(_ position: SourcePosition) -> Bool {
        guard position.line >= 1, position.line <= lines.lineCount + 1, position.column >= 1 else {
            return false
        }
        guard position.line <= lines.lineCount else { return position.column == 1 }
        let scalars = String(decoding: lines.lineBytes(position.line), as: UTF8.self).unicodeScalars.count
        return position.column <= scalars + 2
    }
    for finding in report.findings {
        precondition(
            inside(finding.span.start) && inside(finding.span.end), "a finding outside the file: \(finding)")
        for related in finding.related {
            precondition(inside(related.span.start), "a related location outside the file: \(finding)")
        }
    }
    for document in DocumentReader.read(file, limits: limits).documents {
        for index in document.nodes.indices {
            let node = document.nodes[index]
            guard node.isScalar, !node.hasTag, node.start.line == node.end.line else { continue }
            let source = Array(file.bytes[lines.byteRange(of: node.span)])
            let value = Array(document.text(of: NodeID(index)).utf8)
            switch node.style {
            case .plain:
                precondition(
                    source.count >= value.count && Array(source.suffix(value.count)) == value,
                    "a plain scalar's span is not its text: \(node.span)")
            case .doubleQuoted, .singleQuoted:
                let quote = node.style == .doubleQuoted ? UInt8(ascii: "\"") : UInt8(ascii: "'")
                precondition(
                    source.count >= 2 && source.last == quote && source.contains(quote),
                    "a quoted scalar's span is not in its quotes: \(node.span)")
            case .literal, .folded:
                break
            }
        }
    }
}

/// A fix's output reads with no new reading problem, and fixing again ends: the rounds
/// converge, so a second `fix` of a fixed file changes nothing.
private func checkFixes(_ file: SourceFile, report: FileReport, linter: Linter) {
    func problems(_ bytes: [UInt8]) -> [String: Int] {
        var counts: [String: Int] = [:]
        let read = DocumentReader.read(
            SourceFile(path: file.path, bytes: bytes), limits: linter.options.limits)
        for finding in read.findings { counts[finding.ruleID, default: 0] += 1 }
        return counts
    }
    let before = problems(file.bytes)
    var current = report
    for _ in 0..<16 {
        guard let fixed = Fixer.apply(current.findings, to: current.file, limits: linter.options.limits).bytes
        else {
            return
        }
        for (rule, count) in problems(fixed) {
            precondition(count <= before[rule, default: 0], "a fix added a reading problem (\(rule))")
        }
        _ = Fixer.unifiedDiff(path: file.path, old: file.bytes, new: fixed)
        current = linter.lint(SourceFile(path: file.path, bytes: fixed))
    }
    preconditionFailure("fixing did not converge in 16 rounds")
}

/// Large YAML files are parsed on two threads, and the reading one builds copy templates
/// meanwhile (`YAMLReader.parsedAheadFrom`); inputs here are small, so each is also read that way
/// and must give the same documents, findings and copy.
private func checkParsingAhead(_ bytes: [UInt8]) {
    var findings: [Finding] = []
    var aheadFindings: [Finding] = []
    let documents = YAMLReader.read(bytes, limits: .default, findings: &findings, parsedAheadFrom: .max)
    let ahead = YAMLReader.read(
        bytes, limits: .default, findings: &aheadFindings, parsedAheadFrom: 0, templatesWhileQueued: .max)
    precondition(findings == aheadFindings, "parsing ahead changed the reader's findings")
    precondition(documents.count == ahead.count, "parsing ahead changed the documents")
    func dump(_ document: Document) -> [String] {
        document.nodes.indices.map { index in
            let node = document.nodes[index]
            return "\(node.kind) \(node.style) \(node.start)-\(node.end) \(node.tagIndex) "
                + "\(document.text(of: NodeID(index))) \(node.firstChild)+\(node.childCount)"
        } + [document.children.map(String.init).joined(separator: " ")]
    }
    for (document, other) in zip(documents, ahead) {
        precondition(dump(document) == dump(other), "parsing ahead changed a document")
        guard let root = document.root, document[root].isMapping else { continue }
        func copy(_ document: Document) -> ([String], [Finding]) {
            let (paywall, findings) = DialectReader.read(
                document, root: root, format: .yaml, as: .canonical, templates: TemplateCache())
            return (
                paywall.copy.map { "\($0.label) \($0.text) \($0.span) \($0.template.variables.count)" },
                findings
            )
        }
        let (text, dialectFindings) = copy(document)
        let (aheadText, aheadDialectFindings) = copy(other)
        precondition(text == aheadText, "prebuilt templates changed the copy")
        precondition(dialectFindings == aheadDialectFindings, "prebuilt templates changed the findings")
    }
}

/// Builds the process-wide caches (packs, compiled vocabularies) before fuzzing starts, so leak
/// detection only sees what one input allocates.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    let warmUp = Array(
        "paywall: 1\nheadline: Free trial, $3.99, save 50%, last chance!\ncta: Subscribe\n".utf8)
    for linter in linters {
        _ = linter.lint(SourceFile(path: "warm.yaml", bytes: warmUp))
    }
    return 0
}
