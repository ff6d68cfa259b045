import Foundation
import PaywallLintSwift
import Testing

@testable import PaywallLint
@testable import paywall_lint

/// Drives a `LanguageServer` in the process, with a clock the test moves, and keeps what it sends.
private final class TestClient {
    var time = 0.0
    var sent: [JSONObject] = []
    var server: LanguageServer!
    private var nextID = 1

    init(capabilities: JSONObject = [:], options: JSONObject? = nil, initialize: Bool = true) {
        server = LanguageServer(
            debounce: 0.15, now: { [unowned self] in self.time },
            send: { [unowned self] body in
                let object = try? JSONSerialization.jsonObject(with: Data(body))
                self.sent.append(
                    object as? JSONObject ?? ["unreadable": String(decoding: body, as: UTF8.self)])
            })
        if initialize {
            var params: JSONObject = ["capabilities": capabilities]
            if let options { params["initializationOptions"] = options }
            _ = request("initialize", params)
            notify("initialized", [:])
        }
    }

    func raw(_ text: String) { server.receive(Array(text.utf8)) }

    func notify(_ method: String, _ params: JSONObject) {
        server.receive(JSONRPC.encode(["jsonrpc": "2.0", "method": method, "params": params]))
    }

    /// Sends a request and returns its response.
    @discardableResult
    func request(_ method: String, _ params: JSONObject) -> JSONObject {
        let id = nextID
        nextID += 1
        server.receive(JSONRPC.encode(["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
        return sent.last { ($0["id"] as? Int) == id && $0["method"] == nil } ?? [:]
    }

    /// The diagnostics last published for `uri`.
    func published(_ uri: String) -> [JSONObject]? {
        let last = sent.last {
            $0["method"] as? String == "textDocument/publishDiagnostics"
                && ($0["params"] as? JSONObject)?["uri"] as? String == uri
        }
        return (last?["params"] as? JSONObject)?["diagnostics"] as? [JSONObject]
    }

    func open(_ uri: String, _ text: String, version: Int = 1, language: String = "yaml") {
        notify(
            "textDocument/didOpen",
            [
                "textDocument": ["uri": uri, "languageId": language, "version": version, "text": text]
                    as JSONObject
            ])
    }

    func change(_ uri: String, version: Int, _ changes: [JSONObject]) {
        notify(
            "textDocument/didChange",
            ["textDocument": ["uri": uri, "version": version] as JSONObject, "contentChanges": changes])
    }

    /// Moves the clock past the debounce and lints what is due.
    func settle() {
        time += 1
        server.lintDue()
    }
}

private func range(_ line: Int, _ character: Int, _ endLine: Int, _ endCharacter: Int) -> JSONObject {
    ["start": ["line": line, "character": character], "end": ["line": endLine, "character": endCharacter]]
}

private func codes(_ diagnostics: [JSONObject]?) -> Set<String> {
    Set((diagnostics ?? []).compactMap { $0["code"] as? String })
}

private let brokenPath = Paths.examples.appendingPathComponent("sketchy/weekly-broken.yaml").path
private let brokenURI = URL(fileURLWithPath: brokenPath).absoluteString
private let brokenText = (try? String(contentsOfFile: brokenPath, encoding: .utf8)) ?? ""

/// Frames LSP messages for a subprocess's standard input.
private func framed(_ messages: [JSONObject]) -> Data {
    Data(messages.flatMap { MessageFramer.frame(JSONRPC.encode($0)) })
}

/// The message bodies in a server's standard output.
private func messages(in output: String) -> [JSONObject] {
    var framer = MessageFramer()
    return framer.append(Array(output.utf8)).compactMap { event in
        guard case .message(let body) = event else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(body))) as? JSONObject
    }
}

@Suite("Language server: framing", .yaml)
struct LanguageServerFramingTests {
    @Test("a message with its Content-Length header, and Content-Type beside it")
    func contentLength() {
        var framer = MessageFramer()
        let events = framer.append(
            Array(
                "Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        )
        #expect(events == [.message(Array("{}".utf8))])
        #expect(framer.pendingCount == 0)
    }

    @Test("a message that arrives a byte at a time")
    func partialReads() {
        var framer = MessageFramer()
        let bytes = MessageFramer.frame(Array(#"{"jsonrpc":"2.0","method":"x"}"#.utf8))
        var events: [MessageFramer.Event] = []
        for byte in bytes { events += framer.append([byte]) }
        #expect(events == [.message(Array(#"{"jsonrpc":"2.0","method":"x"}"#.utf8))])
    }

    @Test("several messages in one read, the last one cut short")
    func severalInOneRead() {
        var framer = MessageFramer()
        let whole = MessageFramer.frame(Array("[1]".utf8)) + MessageFramer.frame(Array("[22]".utf8))
        let third = MessageFramer.frame(Array("[333]".utf8))
        let events = framer.append(whole + third.prefix(10))
        #expect(events == [.message(Array("[1]".utf8)), .message(Array("[22]".utf8))])
        #expect(framer.append(third.dropFirst(10)) == [.message(Array("[333]".utf8))])
    }

    @Test("a header without Content-Length, and a body over the limit, are reported and read past")
    func malformedAndHuge() {
        var framer = MessageFramer(maxContentLength: 8)
        var events = framer.append(Array("Content-Type: x\r\n\r\n".utf8))
        events += framer.append(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
        events += framer.append(Array("0123456789".utf8) + MessageFramer.frame(Array("{}".utf8)))
        #expect(events.count == 3)
        #expect(events.last == .message(Array("{}".utf8)))
        guard case .malformed = events[0], case .malformed = events[1] else {
            Issue.record("expected two framing errors, got \(events)")
            return
        }
    }
}

@Suite("Language server", .yaml)
struct LanguageServerTests {
    @Test("initialize answers the capabilities; UTF-32 positions when the client offers them")
    func initialize() {
        let client = TestClient(initialize: false)
        let reply = client.request(
            "initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-32", "utf-16"]]]])
        let result = reply["result"] as? JSONObject
        let capabilities = result?["capabilities"] as? JSONObject
        #expect(capabilities?["positionEncoding"] as? String == "utf-32")
        #expect((capabilities?["textDocumentSync"] as? JSONObject)?["change"] as? Int == 2)
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        #expect(capabilities?["diagnosticProvider"] != nil)
        #expect((result?["serverInfo"] as? JSONObject)?["name"] as? String == "paywall-lint")
        #expect(TestClient().server.encoding == .utf16)
    }

    @Test("JSON-RPC errors: before initialize, unknown methods, bad JSON, bad requests, after shutdown")
    func errors() {
        let fresh = TestClient(initialize: false)
        let early = fresh.request("textDocument/hover", [:])
        #expect((early["error"] as? JSONObject)?["code"] as? Int == -32002)

        let client = TestClient()
        #expect((client.request("no/such", [:])["error"] as? JSONObject)?["code"] as? Int == -32601)
        client.notify("no/such/notification", [:])  // Ignored, unanswered.
        client.raw("{not json")
        #expect((client.sent.last?["error"] as? JSONObject)?["code"] as? Int == -32700)
        client.raw(#"{"jsonrpc":"2.0","id":7}"#)
        #expect((client.sent.last?["error"] as? JSONObject)?["code"] as? Int == -32600)
        #expect(client.sent.last?["id"] as? Int == 7)
        client.raw("[1,2]")
        #expect((client.sent.last?["error"] as? JSONObject)?["code"] as? Int == -32600)
        client.server.receiveMalformed("a message header without a valid Content-Length")
        #expect(client.sent.last?["id"] is NSNull)

        #expect(client.request("shutdown", [:])["result"] is NSNull)
        #expect(
            (client.request("textDocument/hover", [:])["error"] as? JSONObject)?["code"] as? Int == -32600)
        client.notify("exit", [:])
        #expect(client.server.exitCode == 0)

        let abrupt = TestClient()
        abrupt.notify("exit", [:])
        #expect(abrupt.server.exitCode == 1)
    }

    @Test("didOpen publishes diagnostics with code, documentation, source and severity")
    func openPublishes() throws {
        let client = TestClient()
        client.open(brokenURI, brokenText)
        client.server.lintDue()
        let diagnostics = try #require(client.published(brokenURI))
        #expect(
            codes(diagnostics).isSuperset(of: [
                "apple/hardcoded-price", "apple/restore-button", "apple/close-delay",
            ]))
        let price = try #require(diagnostics.first { $0["code"] as? String == "apple/hardcoded-price" })
        #expect(price["source"] as? String == "paywall-lint")
        #expect(price["severity"] as? Int == 1 || price["severity"] as? Int == 2)
        let href = (price["codeDescription"] as? JSONObject)?["href"] as? String
        #expect(href == RuleSources.documentationURL(of: "apple/hardcoded-price"))
        // The `cta:` line (line 19 of the file) is 0-based 18.
        let start = (price["range"] as? JSONObject)?["start"] as? JSONObject
        #expect(start?["line"] as? Int == 18)
    }

    @Test("edits: incremental and full changes, debounced, a newer edit superseding the older")
    func editCycle() throws {
        let client = TestClient()
        let uri = "file:///tmp/paywall-lint-lsp-test/paywall.yaml"
        client.open(uri, brokenText)
        client.server.lintDue()
        #expect(codes(client.published(uri)).contains("apple/hardcoded-price"))
        let before = client.sent.count
        // Line 18: `cta: Start your free week for $0.99   # ...`: replace the whole value.
        let line = brokenText.split(separator: "\n", omittingEmptySubsequences: false)[18]
        client.change(
            uri, version: 2, [["range": range(18, 5, 18, line.utf16.count), "text": "Start drawing"]])
        client.change(uri, version: 3, [["range": range(18, 5, 18, 18), "text": "Continue"]])
        client.server.lintDue()
        #expect(client.sent.count == before)  // Still within the debounce.
        client.settle()
        let published = client.sent.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect(published.count == 2)  // One for the open, one for both edits.
        #expect((published.last?["params"] as? JSONObject)?["version"] as? Int == 3)
        let lines = client.server.documents[uri]?.text.split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines?[18] == "cta: Continue")
        let ctaFindings = (client.published(uri) ?? []).filter {
            (($0["range"] as? JSONObject)?["start"] as? JSONObject)?["line"] as? Int == 18
        }
        #expect(!codes(ctaFindings).contains("apple/hardcoded-price"))

        client.change(uri, version: 4, [["text": "paywall: 1\nid: tiny\n"]])
        client.settle()
        #expect(client.server.documents[uri]?.text == "paywall: 1\nid: tiny\n")
        #expect(!codes(client.published(uri)).contains("apple/hardcoded-price"))

        client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        #expect(client.published(uri)?.isEmpty == true)
        #expect(client.server.documents.isEmpty)
    }

    @Test("positions count UTF-16 code units by default, scalars under UTF-32")
    func positions() {
        let text = "a: \"😀 é\"\nb: x\r\nc: y"
        let document = TextDocument(uri: "file:///x.yaml", languageID: "yaml", version: 1, text: text)
        let afterE = SourcePosition(line: 1, column: 8)  // 1-based, scalars: after `é`
        #expect(document.position(of: afterE, encoding: .utf16) == LSPPosition(line: 0, character: 8))
        #expect(document.position(of: afterE, encoding: .utf32) == LSPPosition(line: 0, character: 7))
        #expect(document.position(of: afterE, encoding: .utf8) == LSPPosition(line: 0, character: 11))
        #expect(
            document.position(of: SourcePosition(line: 3, column: 4), encoding: .utf16)
                == LSPPosition(line: 2, character: 3))
        var edited = document
        edited.apply(
            "Z", in: LSPRange(start: .init(line: 0, character: 7), end: .init(line: 0, character: 8)),
            encoding: .utf16)
        #expect(edited.text == "a: \"😀 Z\"\nb: x\r\nc: y")
        edited.apply(
            "!", in: LSPRange(start: .init(line: 1, character: 99), end: .init(line: 1, character: 99)),
            encoding: .utf16)
        #expect(edited.text == "a: \"😀 Z\"\nb: x!\r\nc: y")
    }

    @Test("pull diagnostics: a full report, then unchanged for the same result ID; closed files from disk")
    func pull() throws {
        let client = TestClient(capabilities: ["textDocument": ["diagnostic": [:] as JSONObject]])
        client.open(brokenURI, brokenText)
        let first = try #require(
            client.request("textDocument/diagnostic", ["textDocument": ["uri": brokenURI]])["result"]
                as? JSONObject)
        #expect(first["kind"] as? String == "full")
        #expect(codes(first["items"] as? [JSONObject]).contains("apple/hardcoded-price"))
        // A client that pulls gets no pushes.
        #expect(client.published(brokenURI) == nil)
        let resultID = try #require(first["resultId"] as? String)
        let second = client.request(
            "textDocument/diagnostic", ["textDocument": ["uri": brokenURI], "previousResultId": resultID])
        #expect((second["result"] as? JSONObject)?["kind"] as? String == "unchanged")

        client.notify("textDocument/didClose", ["textDocument": ["uri": brokenURI]])
        let closed = client.request("textDocument/diagnostic", ["textDocument": ["uri": brokenURI]])
        let closedItems = (closed["result"] as? JSONObject)?["items"] as? [JSONObject]
        #expect(codes(closedItems).contains("apple/hardcoded-price"))
        let missing = client.request(
            "textDocument/diagnostic", ["textDocument": ["uri": "file:///no/such/paywall.yaml"]])
        #expect((missing["error"] as? JSONObject)?["code"] as? Int == -32602)
    }

    @Test("code actions: each safe fix, fix all, disable for this line, explain rule")
    func codeActions() throws {
        let client = TestClient()
        let uri = "file:///tmp/paywall-lint-lsp-test/actions.yaml"
        client.open(uri, brokenText)
        client.server.lintDue()
        let diagnostics = try #require(client.published(uri))
        let price = try #require(diagnostics.first { $0["code"] as? String == "apple/hardcoded-price" })
        let reply = client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": uri], "range": price["range"]!,
                "context": ["diagnostics": [price]] as JSONObject,
            ])
        let actions = try #require(reply["result"] as? [JSONObject])
        let titles = actions.compactMap { $0["title"] as? String }
        #expect(titles.contains("Disable apple/hardcoded-price for this line"))
        #expect(titles.contains("Explain rule apple/hardcoded-price"))
        let disable = try #require(
            actions.first { $0["title"] as? String == "Disable apple/hardcoded-price for this line" })
        let edits = ((disable["edit"] as? JSONObject)?["changes"] as? JSONObject)?[uri] as? [JSONObject]
        #expect(
            edits?.first?["newText"] as? String
                == "# paywall-lint: disable-next-line apple/hardcoded-price -- TODO: why this is fine\n")

        // Any safe fix in the file: its edit, applied, leaves text the linter reads.
        let fixable = diagnostics.filter { ($0["data"] as? JSONObject)?["fixable"] as? Bool == true }
        #expect(!fixable.isEmpty)
        for diagnostic in fixable {
            let reply = client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": uri], "range": diagnostic["range"]!,
                    "context": ["diagnostics": [diagnostic]] as JSONObject,
                ])
            let fix = (reply["result"] as? [JSONObject])?.first {
                ($0["title"] as? String)?.hasPrefix("Fix: ") == true
            }
            #expect(fix?["isPreferred"] as? Bool == true, "no fix for \(diagnostic["code"] ?? "")")
        }
        let all = client.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": uri], "range": range(0, 0, 0, 0),
                "context": ["diagnostics": [], "only": ["source.fixAll"]] as JSONObject,
            ])
        let fixAll = try #require((all["result"] as? [JSONObject])?.first)
        #expect(fixAll["kind"] as? String == "source.fixAll.paywall-lint")
        let fixedText = try #require(
            ((((fixAll["edit"] as? JSONObject)?["changes"] as? JSONObject)?[uri] as? [JSONObject])?.first)?[
                "newText"] as? String)
        client.change(uri, version: 2, [["text": fixedText]])
        client.settle()
        #expect((client.published(uri) ?? []).count < diagnostics.count)

        let explain = client.request(
            "workspace/executeCommand",
            ["command": "paywall-lint.explain", "arguments": ["apple/hardcoded-price", uri]])
        #expect((explain["result"] as? String)?.contains("apple/hardcoded-price") == true)
        let unknown = client.request(
            "workspace/executeCommand", ["command": "paywall-lint.explain", "arguments": ["no/such"]])
        #expect((unknown["error"] as? JSONObject)?["code"] as? Int == -32602)
    }

    @Test(
        "hover on a diagnostic's range shows the rule's explanation; elsewhere and on closed files, nothing")
    func hover() throws {
        let client = TestClient()
        client.open(brokenURI, brokenText)
        client.server.lintDue()
        let price = try #require(
            client.published(brokenURI)?.first { $0["code"] as? String == "apple/hardcoded-price" })
        let start = try #require((price["range"] as? JSONObject)?["start"] as? JSONObject)
        let reply = client.request(
            "textDocument/hover", ["textDocument": ["uri": brokenURI], "position": start])
        let contents = (reply["result"] as? JSONObject)?["contents"] as? JSONObject
        #expect(contents?["kind"] as? String == "markdown")
        let value = contents?["value"] as? String ?? ""
        #expect(value.contains("apple/hardcoded-price"))
        let markdown = try #require(
            client.server.linter.explanation(of: "apple/hardcoded-price", linter: nil))
        #expect(value.contains(markdown.prefix(40)))
        let blank = client.request(
            "textDocument/hover", ["textDocument": ["uri": "file:///closed.yaml"], "position": start])
        #expect(blank["result"] is NSNull)
        #expect(
            client.request(
                "textDocument/codeAction",
                ["textDocument": ["uri": "file:///closed.yaml"], "range": range(0, 0, 0, 0)])["result"]
                is NSNull)
    }

    @Test(
        "a broken config is a diagnostic on the config file; fixing it and a watched-file change lints again")
    func brokenConfig() throws {
        let folder = try makeScratchDirectory("lsp-config")
        defer { removeScratchDirectory(folder) }
        let config = folder.appendingPathComponent(".paywall-lint.yml")
        try "extends: [no-such-pack]\n".write(to: config, atomically: true, encoding: .utf8)
        let paywall = folder.appendingPathComponent("paywall.yaml")
        try brokenText.write(to: paywall, atomically: true, encoding: .utf8)
        let uri = URL(fileURLWithPath: paywall.path).absoluteString
        let configURI = URL(fileURLWithPath: config.path).absoluteString

        let client = TestClient()
        client.open(uri, brokenText)
        client.server.lintDue()
        #expect(codes(client.published(uri)) == ["paywall-lint/config"])
        let onConfig = try #require(client.published(configURI))
        #expect(codes(onConfig) == ["paywall-lint/config"])

        try "rules:\n  apple/hardcoded-price: off\n".write(to: config, atomically: true, encoding: .utf8)
        client.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": configURI, "type": 2] as JSONObject]])
        client.server.lintDue()
        #expect(client.published(configURI)?.isEmpty == true)
        let codesNow = codes(client.published(uri))
        #expect(codesNow.contains("apple/restore-button"))
        #expect(!codesNow.contains("apple/hardcoded-price"))
        #expect(!codesNow.contains("paywall-lint/config"))
    }

    #if SwiftSource
        @Test("a Swift file is linted where the config asks for Swift, and left alone elsewhere")
        func swiftFiles() throws {
            SwiftSupport.enable()
            let folder = try makeScratchDirectory("lsp-swift")
            defer { removeScratchDirectory(folder) }
            let text =
                "struct Home: View {\n    var body: some View {\n        Text(\"Hi\").sheet(isPresented: $show) { PaywallView() }\n    }\n}\n"
            let asked = folder.appendingPathComponent("asked")
            let plain = folder.appendingPathComponent("plain")
            for sub in [asked, plain] {
                try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            }
            try "swift: true\n".write(
                to: asked.appendingPathComponent(".paywall-lint.yml"), atomically: true, encoding: .utf8)
            let client = TestClient()
            let askedURI = URL(fileURLWithPath: asked.appendingPathComponent("Home.swift").path)
                .absoluteString
            let plainURI = URL(fileURLWithPath: plain.appendingPathComponent("Home.swift").path)
                .absoluteString
            client.open(askedURI, text, language: "swift")
            client.open(plainURI, text, language: "swift")
            client.server.lintDue()
            let diagnostics = try #require(client.published(askedURI))
            #expect(codes(diagnostics) == ["recommended/full-screen"])
            let start = (diagnostics.first?["range"] as? JSONObject)?["start"] as? JSONObject
            #expect(start?["line"] as? Int == 2 && start?["character"] as? Int == 19)
            #expect(client.published(plainURI)?.isEmpty ?? true)
        }
    #endif

    @Test("the variant of a container file is in the message")
    func variants() {
        let message = Diagnostics.message(
            of: Finding(
                ruleID: "x/y", severity: .warning, message: "too loud", span: .fileStart, variant: "B"))
        #expect(message == "[B] too loud")
    }

    @Test("10,000 edits keep one document and one lint")
    func manyEdits() {
        let client = TestClient()
        let uri = "file:///tmp/paywall-lint-lsp-test/many.yaml"
        client.open(uri, "paywall: 1\nid: many\nheadline: x\n")
        for version in 2...10_001 {
            client.change(
                uri, version: version, [["range": range(2, 10, 2, 11), "text": version % 2 == 0 ? "y" : "x"]])
            if version % 1000 == 0 { client.settle() }
            client.sent.removeAll(keepingCapacity: true)
        }
        #expect(client.server.documents[uri]?.text == "paywall: 1\nid: many\nheadline: x\n")
        #expect(client.server.documents.count == 1)
    }
}

@Suite("Language server: the binary", .yaml)
struct LanguageServerProcessTests {
    @Test("paywall-lint server: initialize, open, pull, shutdown, exit with 0")
    func session() throws {
        let input = framed([
            [
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": ["capabilities": [:] as JSONObject],
            ],
            ["jsonrpc": "2.0", "method": "initialized", "params": [:] as JSONObject],
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": [
                        "uri": brokenURI, "languageId": "yaml", "version": 1, "text": brokenText,
                    ] as JSONObject
                ],
            ],
            [
                "jsonrpc": "2.0", "id": 2, "method": "textDocument/diagnostic",
                "params": ["textDocument": ["uri": brokenURI]],
            ],
            ["jsonrpc": "2.0", "id": 3, "method": "shutdown"],
            ["jsonrpc": "2.0", "method": "exit"],
        ])
        let result = try runProcess(cliPath, ["server"], input: input)
        #expect(result.status == 0, "\(result.error)")
        let replies = messages(in: result.output)
        let pulled = replies.first { $0["id"] as? Int == 2 }?["result"] as? JSONObject
        let pulledItems = pulled?["items"] as? [JSONObject]
        #expect(codes(pulledItems).contains("apple/hardcoded-price"))
        #expect(replies.contains { $0["method"] as? String == "textDocument/publishDiagnostics" })
        #expect(replies.contains { $0["id"] as? Int == 3 })
    }

    @Test("garbage, a huge message and a client gone without shutdown: errors, then exit 1, no crash")
    func hostileClient() throws {
        var input = Data("Content-Length: 5\r\n\r\n{oops".utf8)
        input += Data("Content-Length: 99999999999\r\n\r\n".utf8) + Data(repeating: 0x41, count: 4096)
        let result = try runProcess(cliPath, ["server", "--max-message-kib", "1"], input: input)
        #expect(result.status == 1)
        #expect(!result.error.contains("Fatal error"))
        let replies = messages(in: result.output)
        #expect(replies.contains { ($0["error"] as? JSONObject)?["code"] as? Int == -32700 })
    }

    /// Memory stays flat over many edits: the peak after 10,000 is the peak after 1,000, within
    /// a margin for the allocator (a leak of even a copy of the text per edit would be megabytes).
    @Test("memory stays flat over 10,000 edits")
    func flatMemory() throws {
        func peakKilobytes(edits: Int) throws -> Int {
            var messages: [JSONObject] = [
                [
                    "jsonrpc": "2.0", "id": 1, "method": "initialize",
                    "params": ["capabilities": [:] as JSONObject],
                ],
                ["jsonrpc": "2.0", "method": "initialized", "params": [:] as JSONObject],
                [
                    "jsonrpc": "2.0", "method": "textDocument/didOpen",
                    "params": [
                        "textDocument": [
                            "uri": brokenURI, "languageId": "yaml", "version": 1, "text": brokenText,
                        ] as JSONObject
                    ],
                ],
            ]
            for version in 0..<edits {
                messages.append([
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": brokenURI, "version": version + 2] as JSONObject,
                        "contentChanges": [["text": brokenText + "# edit \(version)\n"] as JSONObject],
                    ],
                ])
            }
            messages += [
                ["jsonrpc": "2.0", "id": 2, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"],
            ]
            let result = try runProcess(
                "/usr/bin/time", ["-f", "%M", cliPath, "server"], input: framed(messages))
            #expect(result.status == 0, "\(result.error.suffix(300))")
            return Int(result.error.split(separator: "\n").last.map(String.init) ?? "") ?? 0
        }
        let few = try peakKilobytes(edits: 1_000)
        let many = try peakKilobytes(edits: 10_000)
        #expect(few > 0 && many < few + 16 * 1024, "\(few) KB after 1,000 edits, \(many) KB after 10,000")
    }
}
