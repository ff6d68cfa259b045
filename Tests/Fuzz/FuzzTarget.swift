// libFuzzer entry point over the whole pipeline: bytes → document → dialect → model → rules →
// reporters, and the fixer. Compiled into the library's module by Tests/Fuzz/run.sh (swiftc
// -sanitize=fuzzer,address); not part of the Swift package.

/// Every built-in pack, compiled once; store data so the store rules run too.
private let linters: [Linter] = {
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
    if let (fixed, _) = Fixer.apply(report.findings, to: report.file) {
        let again = linter.lint(SourceFile(path: name, bytes: fixed))
        _ = Fixer.unifiedDiff(path: name, old: bytes, new: fixed)
        _ = again.findings.count
    }
    return 0
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
