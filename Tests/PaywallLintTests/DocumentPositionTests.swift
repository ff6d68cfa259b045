import Testing

@testable import PaywallLint

@Suite("Document positions", .yaml)
struct DocumentPositionTests {
    @Test("YAML nodes of every kind carry exact start and end")
    func yamlNodeKinds() throws {
        let text = """
            plain: hello
            single: 'it''s'
            double: "a\\tb"
            list:
              - one
              - [two, three]
            literal: |
              line
            folded: >
              x
            map: {k: v}
            tagged: !!binary aGk=

            """
        let result = read(text)
        #expect(result.findings.isEmpty)
        let document = try #require(result.documents.first)
        let root = try #require(document.root)
        #expect(spanText(document[root]) == "1:1-13:1")
        func value(_ key: String) throws -> Node {
            document[try #require(document.value(of: root, key: key))]
        }
        func valueText(_ key: String) throws -> String {
            document.text(of: try #require(document.value(of: root, key: key)))
        }
        #expect(try value("plain").style == .plain)
        #expect(try spanText(value("plain")) == "1:8-1:13")
        #expect(try valueText("single") == "it's")
        #expect(try value("single").style == .singleQuoted)
        #expect(try spanText(value("single")) == "2:9-2:16")
        #expect(try valueText("double") == "a\tb")
        #expect(try spanText(value("double")) == "3:9-3:15")
        let list = try value("list")
        #expect(list.kind == .sequence)
        #expect(spanText(list) == "5:3-7:1")
        let items = document.items(of: try #require(document.value(of: root, key: "list")))
        #expect(items.count == 2)
        #expect(spanText(document[items[items.startIndex + 1]]) == "6:5-6:17")
        #expect(try value("literal").style == .literal)
        #expect(try valueText("literal") == "line\n")
        #expect(try value("folded").style == .folded)
        #expect(try value("map").kind == .mapping)
        #expect(document.tag(of: try #require(document.value(of: root, key: "tagged"))) == "!!binary")
        #expect(document.tag(of: try #require(document.value(of: root, key: "map"))) == nil)
        // A large file holds hundreds of thousands of nodes: tags and texts live beside them, and
        // a node is plain data.
        #expect(MemoryLayout<Node>.stride == 44)
        #expect(_isPOD(Node.self))
        // Keys keep their own positions.
        let pairs = document.pairs(of: root)
        #expect(spanText(document[pairs[3].key]) == "4:1-4:5")
    }

    @Test("columns count Unicode scalars, not bytes")
    func multiByteColumns() throws {
        for name in ["t.yaml", "t.json"] {
            let text = name.hasSuffix("json") ? "{\"ü\": \"日本語\", \"x\": \"😀\"}" : "ü: 日本語\nx: 😀 y\n"
            let document = try #require(read(text, name: name).documents.first)
            let root = try #require(document.root)
            let x = document[try #require(document.value(of: root, key: "x"))]
            if name.hasSuffix("json") {
                #expect(spanText(x) == "1:19-1:22")
            } else {
                #expect(spanText(x) == "2:4-2:7")
            }
        }
    }

    @Test("CRLF line ends count as one line break", arguments: ["t.yaml", "t.json"])
    func crlf(name: String) throws {
        let text = name.hasSuffix("json") ? "{\r\n\"a\": 1,\r\n\"b\": \"x\"\r\n}" : "a: 1\r\nb: x\r\n"
        let document = try #require(read(text, name: name).documents.first)
        let b = document[try #require(document.value(of: document.root!, key: "b"))]
        #expect(b.start.line == (name.hasSuffix("json") ? 3 : 2))
        #expect(b.start.column == (name.hasSuffix("json") ? 6 : 4))
    }

    @Test("tabs in JSON are whitespace and count one column")
    func tabsInJSON() throws {
        let result = read("{\n\t\"a\":\t\"b\"\n}", name: "t.json")
        #expect(result.findings.isEmpty)
        let document = try #require(result.documents.first)
        let a = document[try #require(document.value(of: document.root!, key: "a"))]
        #expect(spanText(a) == "2:7-2:10")
    }

    @Test("a UTF-8 byte-order mark is accepted and takes no column")
    func byteOrderMark() throws {
        for name in ["t.yaml", "t.json"] {
            let text = "\u{FEFF}" + (name.hasSuffix("json") ? "{\"a\": 1}" : "a: 1")
            let result = read(text, name: name)
            #expect(result.findings.isEmpty)
            let document = try #require(result.documents.first)
            let pairs = document.pairs(of: document.root!)
            #expect(
                document[pairs[0].key].start
                    == SourcePosition(line: 1, column: name.hasSuffix("json") ? 2 : 1))
        }
    }

    @Test("a YAML stream with several documents gives several documents")
    func multiDocument() {
        let result = read("a: 1\n---\nb: 2\n---\nc: 3\n")
        #expect(result.documents.count == 3)
        #expect(result.documents[2][result.documents[2].root!].start.line == 5)
    }

    @Test("aliases resolve to the anchored node and merge keys bring their pairs")
    func aliasesAndMerge() throws {
        let text = """
            base: &base {x: 1, y: 2}
            copy: *base
            merged:
              <<: *base
              y: 3

            """
        let result = read(text)
        #expect(result.findings.isEmpty)
        let document = try #require(result.documents.first)
        let root = document.root!
        let copy = try #require(document.value(of: root, key: "copy"))
        #expect(document[copy].isMapping)
        #expect(document.text(of: try #require(document.value(of: copy, key: "x"))) == "1")
        let merged = try #require(document.value(of: root, key: "merged"))
        #expect(document.text(of: try #require(document.value(of: merged, key: "y"))) == "3")
        #expect(document.text(of: try #require(document.value(of: merged, key: "x"))) == "1")
        #expect(document.pairs(of: merged).count == 2)
    }

    @Test("JSON pointers name the path, escaping ~ and /")
    func pointers() throws {
        let document = try #require(read("{\"a/b\": [{\"c~d\": 1}]}", name: "t.json").documents.first)
        let list = try #require(document.value(of: document.root!, key: "a/b"))
        let item = document.items(of: list).first!
        let leaf = try #require(document.value(of: item, key: "c~d"))
        #expect(document.pointer(of: leaf) == "/a~1b/0/c~0d")
    }

    @Test("a file is JSON by its name's .json in any case, and YAML otherwise")
    func formatByName() {
        for path in ["a.json", "dir/B.JSON", "c.Json", ".json"] {
            #expect(SourceFormat(path: path) == .json, "\(path)")
        }
        for path in ["a.yaml", "a.json.yaml", "json", "a.jsonl", "a.jsön", "a.\u{0130}son", ""] {
            #expect(SourceFormat(path: path) == .yaml, "\(path)")
        }
        #expect("paywall.YML".hasSuffix(ignoringASCIICase: ".yml"))
        #expect("paywall.yml".hasSuffix(ignoringASCIICase: ".YML"))
        #expect(!"yml".hasSuffix(ignoringASCIICase: ".yml"))
    }
}
