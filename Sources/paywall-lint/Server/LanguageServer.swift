import PaywallLint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's state and its answer to each message; it does no I/O of its own. `send` gets
/// each outgoing message body; `ServerLoop` reads the stream, times the debounce and calls
/// `lintDue` when an edit has settled.
final class LanguageServer {
    /// How long after an edit linting waits for the next one (a newer edit pushes it back).
    var debounce: Double
    private let send: ([UInt8]) -> Void
    /// The clock, in seconds (a test's own in tests).
    private let now: () -> Double

    private enum Phase { case uninitialized, running, shuttingDown }
    private var phase = Phase.uninitialized
    /// The process's exit code once `exit` arrived: 0 after `shutdown`, else 1.
    private(set) var exitCode: Int32?

    private(set) var encoding = PositionEncoding.utf16
    private var pushes = true
    private var refreshesPulls = false
    private var registersWatchers = false
    private var nextRequestID = 1

    private(set) var documents: [String: TextDocument] = [:]
    /// The last lint of each open document.
    private struct Lint {
        var version: Int
        var findings: [Finding]
        var linter: Linter?
        var diagnostics: [JSONObject]
        var resultID: String
        /// The config files with errors this lint found, and their diagnostics.
        var configErrors: [String: [JSONObject]]
        var skipped: Bool
    }
    private var lints: [String: Lint] = [:]
    /// Documents waiting to be linted, and when.
    private var pending: [String: Double] = [:]
    /// Config files whose diagnostics were last published.
    private var publishedConfigURIs = Set<String>()
    let linter = DocumentLinter()

    init(
        debounce: Double = 0.15, now: @escaping () -> Double = LanguageServer.monotonicSeconds,
        send: @escaping ([UInt8]) -> Void
    ) {
        self.debounce = debounce
        self.now = now
        self.send = send
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Messages

    private func write(_ object: JSONObject) { send(JSONRPC.encode(object)) }

    private func notify(_ method: String, _ params: Any) { write(JSONRPC.notification(method, params)) }

    private func request(_ method: String, _ params: Any) {
        write(JSONRPC.request(id: .number(nextRequestID), method, params))
        nextRequestID += 1
    }

    private func log(_ message: String, type: Int = 3) {
        notify("window/logMessage", ["type": type, "message": "paywall-lint: " + message] as JSONObject)
    }

    /// A framing problem: answered as the protocol answers a message it cannot read.
    func receiveMalformed(_ reason: String) {
        write(JSONRPC.errorResponse(id: nil, JSONRPC.Failure(.parseError, reason)))
    }

    /// Handles one message body.
    func receive(_ body: [UInt8]) {
        switch JSONRPC.decode(body) {
        case .invalid(let id, let failure):
            write(JSONRPC.errorResponse(id: id, failure))
        case .response:
            break  // The answers to this server's own requests need nothing done.
        case .notification(let method, let params):
            handleNotification(method, params as? JSONObject)
        case .request(let id, let method, let params):
            let reply: Result<Any?, JSONRPC.Failure>
            do {
                reply = .success(try handleRequest(method, params))
            } catch let failure as JSONRPC.Failure {
                reply = .failure(failure)
            } catch {
                reply = .failure(JSONRPC.Failure(.internalError, "\(error)"))
            }
            switch reply {
            case .success(let result): write(JSONRPC.response(id: id, result: result))
            case .failure(let failure): write(JSONRPC.errorResponse(id: id, failure))
            }
        }
    }

    private func handleRequest(_ method: String, _ params: Any?) throws -> Any? {
        switch phase {
        case .uninitialized where method != "initialize":
            throw JSONRPC.Failure(
                .serverNotInitialized, "the server is not initialized: send initialize first")
        case .running where method == "initialize":
            throw JSONRPC.Failure(.invalidRequest, "the server is already initialized")
        case .shuttingDown:
            throw JSONRPC.Failure(.invalidRequest, "the server is shutting down")
        default: break
        }
        let object = params as? JSONObject ?? [:]
        switch method {
        case "initialize": return initialize(object)
        case "shutdown":
            phase = .shuttingDown
            pending.removeAll()
            return nil
        case "textDocument/diagnostic": return try pullDiagnostics(object)
        case "textDocument/codeAction": return codeActions(object)
        case "textDocument/hover": return hover(object)
        case "workspace/executeCommand": return try executeCommand(object)
        default:
            throw JSONRPC.Failure(.methodNotFound, "paywall-lint does not handle \(method)")
        }
    }

    private func handleNotification(_ method: String, _ params: JSONObject?) {
        if method == "exit" {
            exitCode = phase == .shuttingDown ? 0 : 1
            return
        }
        guard phase == .running else { return }
        let params = params ?? [:]
        switch method {
        case "initialized": registerWatchers()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles": reloadConfigs()
        default: break  // `$/cancelRequest`, `$/setTrace`, settings: nothing to do.
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSONObject) -> JSONObject {
        phase = .running
        let capabilities = params["capabilities"] as? JSONObject ?? [:]
        let general = capabilities["general"] as? JSONObject ?? [:]
        encoding = PositionEncoding.negotiate(general["positionEncodings"] as? [String] ?? [])
        let textDocument = capabilities["textDocument"] as? JSONObject ?? [:]
        let workspace = capabilities["workspace"] as? JSONObject ?? [:]
        let clientPulls = textDocument["diagnostic"] != nil
        // A client that pulls gets no pushes (it would show each problem twice), unless asked.
        let options = params["initializationOptions"] as? JSONObject ?? [:]
        switch options["diagnosticMode"] as? String {
        case "push", "both": pushes = true
        case "pull": pushes = false
        default: pushes = !clientPulls
        }
        refreshesPulls = (workspace["diagnostics"] as? JSONObject)?["refreshSupport"] as? Bool ?? false
        registersWatchers =
            (workspace["didChangeWatchedFiles"] as? JSONObject)?["dynamicRegistration"] as? Bool ?? false
        if let seconds = options["debounceMilliseconds"] as? Double { debounce = max(0, seconds / 1000) }
        return [
            "capabilities": [
                "positionEncoding": encoding.rawValue,
                "textDocumentSync": [
                    "openClose": true, "change": 2, "save": ["includeText": false] as JSONObject,
                ] as JSONObject,
                "diagnosticProvider": [
                    "identifier": "paywall-lint", "interFileDependencies": false,
                    "workspaceDiagnostics": false,
                ] as JSONObject,
                "codeActionProvider": [
                    "codeActionKinds": ["quickfix", CodeActions.fixAllKind]
                ] as JSONObject,
                "hoverProvider": true,
                "executeCommandProvider": ["commands": [CodeActions.explainCommand]] as JSONObject,
            ] as JSONObject,
            "serverInfo": ["name": "paywall-lint", "version": ToolInfo.version] as JSONObject,
        ]
    }

    /// Asks the client to report changes to configs, packs and StoreKit files.
    private func registerWatchers() {
        guard registersWatchers else { return }
        let patterns = ["**/.paywall-lint.{yml,yaml,json}", "**/*.storekit", "**/*.{yml,yaml}"]
        request(
            "client/registerCapability",
            [
                "registrations": [
                    [
                        "id": "paywall-lint-watched-files", "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": ["watchers": patterns.map { ["globPattern": $0] }] as JSONObject,
                    ] as JSONObject
                ]
            ] as JSONObject)
    }

    // MARK: Documents

    private static func uri(_ params: JSONObject) -> String? {
        (params["textDocument"] as? JSONObject)?["uri"] as? String
    }

    private func didOpen(_ params: JSONObject) {
        guard let item = params["textDocument"] as? JSONObject, let uri = item["uri"] as? String,
            let text = item["text"] as? String
        else { return log("didOpen without a text document", type: 2) }
        documents[uri] = TextDocument(
            uri: uri, languageID: item["languageId"] as? String ?? "", version: item["version"] as? Int ?? 0,
            text: text)
        pending[uri] = now()
    }

    private func didChange(_ params: JSONObject) {
        guard let uri = Self.uri(params), var document = documents[uri] else {
            return log("didChange for a document that is not open", type: 2)
        }
        documents[uri] = nil  // So that the edits below change the one copy in place.
        for change in params["contentChanges"] as? [JSONObject] ?? [] {
            guard let text = change["text"] as? String else { continue }
            document.apply(text, in: LSPRange(change["range"]), encoding: encoding)
        }
        if let version = (params["textDocument"] as? JSONObject)?["version"] as? Int {
            document.version = version
        }
        documents[uri] = document
        pending[uri] = now() + debounce
    }

    private func didSave(_ params: JSONObject) {
        guard let uri = Self.uri(params) else { return }
        let path = TextDocument.path(of: uri)
        // A config, a StoreKit file or a YAML file that is no paywall (a pack, perhaps).
        if DocumentLinter.isConfig(path) || path.hasSuffix(".storekit") || documents[uri] == nil
            || lints[uri]?.skipped == true
        {
            reloadConfigs()
        }
    }

    private func didClose(_ params: JSONObject) {
        guard let uri = Self.uri(params) else { return }
        documents[uri] = nil
        pending[uri] = nil
        if let lint = lints.removeValue(forKey: uri) {
            if pushes && !lint.diagnostics.isEmpty {
                notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()] as JSONObject)
            }
            if !lint.configErrors.isEmpty { publishConfigDiagnostics() }
        }
    }

    /// Reads configs, packs and store data again and lints every open document again.
    func reloadConfigs() {
        linter.reload()
        let time = now()
        for uri in documents.keys { pending[uri] = time }
        if refreshesPulls { request("workspace/diagnostic/refresh", JSONNull()) }
    }

    // MARK: Linting

    /// When the next pending lint is due, if any.
    var nextDeadline: Double? { pending.values.min() }

    /// Lints the documents whose debounce has passed, while `interrupted` says no newer
    /// message is waiting (a newer edit supersedes the older run).
    func lintDue(interrupted: () -> Bool = { false }) {
        let time = now()
        for (uri, deadline) in pending.sorted(by: { $0.value < $1.value }) where deadline <= time {
            if interrupted() { return }
            pending[uri] = nil
            lint(uri)
        }
    }

    /// Lints every pending document now.
    func lintAllPending() {
        for uri in pending.keys.sorted() {
            pending[uri] = nil
            lint(uri)
        }
    }

    @discardableResult
    private func lint(_ uri: String) -> Lint? {
        guard let document = documents[uri] else { return nil }
        let lint = makeLint(document)
        let previous = lints[uri]
        lints[uri] = lint
        if pushes {
            notify(
                "textDocument/publishDiagnostics",
                ["uri": uri, "version": document.version, "diagnostics": lint.diagnostics] as JSONObject)
        }
        if !lint.configErrors.isEmpty || !(previous?.configErrors.isEmpty ?? true) {
            publishConfigDiagnostics()
        }
        return lint
    }

    private func makeLint(_ document: TextDocument) -> Lint {
        let resultID = "\(document.version).\(linter.generation)"
        var lint = Lint(
            version: document.version, findings: [], linter: nil, diagnostics: [], resultID: resultID,
            configErrors: [:], skipped: false)
        if DocumentLinter.isConfig(document.path) {
            // The config itself (as saved: that is what the linter reads).
            lint.skipped = true
            if let error = linter.check(config: document.path) {
                lint.configErrors = configDiagnostics(error, fallbackURI: document.uri)
                lint.diagnostics = lint.configErrors.removeValue(forKey: document.uri) ?? []
            }
            return lint
        }
        switch linter.lint(path: document.path, bytes: document.bytes) {
        case .skipped:
            lint.skipped = true
        case .configFailure(let error):
            lint.configErrors = configDiagnostics(error, fallbackURI: document.uri)
            lint.diagnostics =
                (lint.configErrors.removeValue(forKey: document.uri) ?? []) + [
                    Diagnostics.brokenConfigNotice(error)
                ]
        case .report(let report, let linter):
            lint.findings = report.findings
            lint.linter = linter
            lint.diagnostics = report.findings.map {
                Diagnostics.diagnostic(for: $0, in: document, encoding: encoding)
            }
        }
        return lint
    }

    private func configDiagnostics(_ error: ConfigurationError, fallbackURI: String) -> [String: [JSONObject]]
    {
        Diagnostics.configDiagnostics(error, fallbackURI: fallbackURI, encoding: encoding) {
            self.documents[$0]
        }
    }

    /// Publishes the diagnostics of broken config files (and clears those fixed). A client
    /// that pulls gets them only for files it does not have open.
    private func publishConfigDiagnostics() {
        var byURI: [String: [JSONObject]] = [:]
        for lint in lints.values {
            for (uri, diagnostics) in lint.configErrors where byURI[uri] == nil { byURI[uri] = diagnostics }
        }
        for uri in Set(byURI.keys).union(publishedConfigURIs).sorted() {
            if !pushes && documents[uri] != nil { continue }
            if let lint = lints[uri], documents[uri] != nil, pushes, byURI[uri] == nil,
                !lint.diagnostics.isEmpty
            {
                continue  // An open config's own lint published it.
            }
            notify(
                "textDocument/publishDiagnostics",
                ["uri": uri, "diagnostics": byURI[uri] ?? []] as JSONObject)
        }
        publishedConfigURIs = Set(byURI.keys)
    }

    /// The document's lint for its current text: the last one, or a new one now.
    private func currentLint(_ uri: String) -> (TextDocument, Lint)? {
        guard let document = documents[uri] else { return nil }
        if pending[uri] == nil, let lint = lints[uri], lint.version == document.version,
            lint.resultID.hasSuffix(".\(linter.generation)")
        {
            return (document, lint)
        }
        pending[uri] = nil
        guard let lint = lint(uri) else { return nil }
        return (document, lint)
    }

    // MARK: Requests on documents

    private func pullDiagnostics(_ params: JSONObject) throws -> JSONObject {
        guard let uri = Self.uri(params) else {
            throw JSONRPC.Failure(.invalidParams, "textDocument/diagnostic needs a textDocument.uri")
        }
        if let (_, lint) = currentLint(uri) {
            if params["previousResultId"] as? String == lint.resultID {
                return ["kind": "unchanged", "resultId": lint.resultID]
            }
            return ["kind": "full", "resultId": lint.resultID, "items": lint.diagnostics]
        }
        // Not open: the file as it is on disk, if it is there.
        let path = TextDocument.path(of: uri)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw JSONRPC.Failure(.invalidParams, "\(uri) is not open and cannot be read")
        }
        let lint = makeLint(TextDocument(uri: uri, languageID: "", version: 0, text: text))
        return ["kind": "full", "items": lint.diagnostics]
    }

    private func codeActions(_ params: JSONObject) -> [JSONObject]? {
        guard let uri = Self.uri(params), let range = LSPRange(params["range"]),
            let (document, lint) = currentLint(uri)
        else { return nil }
        let only = (params["context"] as? JSONObject)?["only"] as? [String]
        return CodeActions.actions(
            for: lint.findings, in: document, range: range, only: only, encoding: encoding)
    }

    private func hover(_ params: JSONObject) -> JSONObject? {
        guard let uri = Self.uri(params), let position = LSPPosition(params["position"]),
            let (document, lint) = currentLint(uri)
        else { return nil }
        return CodeActions.hover(at: position, findings: lint.findings, in: document, encoding: encoding) {
            self.linter.explanation(of: $0, linter: lint.linter)
        }
    }

    private func executeCommand(_ params: JSONObject) throws -> Any? {
        guard params["command"] as? String == CodeActions.explainCommand else {
            throw JSONRPC.Failure(.invalidParams, "unknown command \(params["command"] ?? "")")
        }
        let arguments = params["arguments"] as? [Any] ?? []
        guard let ruleID = arguments.first as? String else {
            throw JSONRPC.Failure(.invalidParams, "\(CodeActions.explainCommand) needs a rule ID")
        }
        let lint = (arguments.dropFirst().first as? String).flatMap { lints[$0] }
        guard let text = linter.explanation(of: ruleID, linter: lint?.linter) else {
            throw JSONRPC.Failure(.invalidParams, "unknown rule '\(ruleID)'")
        }
        notify("window/showMessage", ["type": 3, "message": text] as JSONObject)
        return text
    }
}
