// Writes the Swift file that holds each built-in rule pack (Rules/*.yml), so the library carries
// its packs and Rules/ stays their single source of truth. The packs are written as JSON, which
// the core reads without YAML (it has no C dependency); the file is checked in, so the package
// needs no build plugin, and a test fails when it is stale.
// Usage: swift run embed-rule-packs   (from the package root; writes Sources/PaywallLint/Engine/EmbeddedRulePacks.swift)
//
// Vocabularies (thousands of words, most of every pack's bytes) are read here, at build time,
// and written as Swift arrays; the pack text keeps `vocabularies: {}` and blank lines in their
// place, so every other line keeps its number. Reading YAML is most of what a one-file run did
// before it linted anything.
// Or: embed-rule-packs OUTPUT.swift PACK.yml...
import CYAML
import Foundation

struct PackProblem: Error, CustomStringConvertible {
    let path: String
    let line: Int
    let message: String
    var description: String { "\(path):\(line + 1): \(message)" }
}

/// What the extraction needs of one libyaml event.
struct PackEvent {
    var type: yaml_event_type_t
    /// A scalar's text.
    var value: String?
    /// Where the event starts (0-based).
    var line: Int
    var column: Int
    var plain: Bool
    /// An anchor, a tag or an alias: nothing a built-in vocabulary may use.
    var decorated: Bool
}

/// The vocabularies of one pack and the lines their YAML took (key line to the line where the
/// next top-level key starts); and the lines of every rule's `description` and `examples` and of
/// the pack's `example-base`, which a lint needs none of (only SARIF's rule metadata, `explain`
/// and the example runner do).
struct ExtractedVocabularies {
    var lists: [(name: String, words: [String])] = []
    var lines: Range<Int>?
    var documentationLines: [Range<Int>] = []
}

/// Reads the top-level `vocabularies:` of a pack with libyaml's event API. Only what built-in
/// packs need: a block mapping of names to lists of text (or one text); anchors, aliases, tags
/// and nested lists there are build errors rather than a second, subtly different reader.
/// A pack's libyaml events, with what the extraction and the JSON writing need of each.
func packEvents(path: String, text: String) throws -> [PackEvent] {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
        throw PackProblem(path: path, line: 0, message: "libyaml")
    }
    defer { yaml_parser_delete(&parser) }
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        var events: [PackEvent] = []
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw PackProblem(
                    path: path, line: Int(parser.problem_mark.line),
                    message: String(cString: parser.problem))
            }
            var value: String?
            var plain = false
            var decorated = false
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                value = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                decorated = scalar.anchor != nil || scalar.tag != nil
            case YAML_SEQUENCE_START_EVENT:
                decorated = event.data.sequence_start.anchor != nil || event.data.sequence_start.tag != nil
            case YAML_MAPPING_START_EVENT:
                decorated = event.data.mapping_start.anchor != nil || event.data.mapping_start.tag != nil
            case YAML_ALIAS_EVENT:
                decorated = true
            default: break
            }
            events.append(
                PackEvent(
                    type: event.type, value: value, line: Int(event.start_mark.line),
                    column: Int(event.start_mark.column), plain: plain, decorated: decorated))
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if done { break }
        }
        return events
    }
}

func extractVocabularies(path: String, text: String) throws -> ExtractedVocabularies {
    let events = try packEvents(path: path, text: text)
    // STREAM_START, DOCUMENT_START, MAPPING_START (the pack), then key/value pairs.
    var result = ExtractedVocabularies()
    guard events.count > 3, events[2].type == YAML_MAPPING_START_EVENT else { return result }
    var i = 3
    /// Index just past the node that starts at `start`.
    func skipNode(_ start: Int) -> Int {
        var depth = 0
        var k = start
        repeat {
            switch events[k].type {
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: depth += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: depth -= 1
            default: break
            }
            k += 1
        } while depth > 0
        return k
    }
    /// The lines of `description:` and `examples:` in the rules of the sequence at `start`.
    func documentation(inRulesAt start: Int) throws -> [Range<Int>] {
        guard events[start].type == YAML_SEQUENCE_START_EVENT else { return [] }
        var result: [Range<Int>] = []
        var k = start + 1
        while events[k].type == YAML_MAPPING_START_EVENT {
            let rule = events[k]
            var pair = k + 1
            while events[pair].type == YAML_SCALAR_EVENT {
                let key = events[pair]
                let next = skipNode(pair + 1)
                if key.value == "description" || key.value == "examples" {
                    // Blank whole lines only: a block mapping whose key does not open the
                    // rule's line ("- id: …") and whose next key starts a later line.
                    guard pair > k + 1, key.line > rule.line, events[next].line > key.line else {
                        throw PackProblem(
                            path: path, line: key.line,
                            message:
                                "a built-in rule's '\(key.value!)' must be a block key after its first")
                    }
                    result.append(key.line..<events[next].line)
                }
                pair = next
            }
            k = skipNode(k)
        }
        return result
    }
    while i < events.count, events[i].type == YAML_SCALAR_EVENT {
        let key = events[i]
        let valueStart = i + 1
        let valueEnd = skipNode(valueStart)
        defer { i = valueEnd }
        if key.value == "rules", key.column == 0 {
            result.documentationLines += try documentation(inRulesAt: valueStart)
        }
        // The examples' shared base: only the example runner reads it.
        if key.value == "example-base", key.column == 0, events[valueEnd].type == YAML_SCALAR_EVENT,
            events[valueEnd].column == 0, events[valueEnd].line > key.line
        {
            result.documentationLines.append(key.line..<events[valueEnd].line)
        }
        guard key.value == "vocabularies" else { continue }
        let mapping = events[valueStart]
        guard key.column == 0, mapping.type == YAML_MAPPING_START_EVENT, !mapping.decorated,
            mapping.line > key.line
        else {
            throw PackProblem(
                path: path, line: key.line,
                message: "built-in vocabularies must be a block mapping under a top-level 'vocabularies:'"
            )
        }
        let end = events[valueEnd - 1]
        guard end.column == 0 || end.type == YAML_STREAM_END_EVENT else {
            throw PackProblem(
                path: path, line: end.line, message: "the next top-level key must start a line")
        }
        result.lines = key.line..<end.line
        var k = valueStart + 1
        while events[k].type == YAML_SCALAR_EVENT, let name = events[k].value {
            var words: [String] = []
            let list = events[k + 1]
            if list.type == YAML_SCALAR_EVENT, !list.decorated, let word = list.value {
                guard !(list.plain && ["", "~", "null", "Null", "NULL"].contains(word)) else {
                    throw PackProblem(
                        path: path, line: list.line, message: "vocabulary '\(name)' is null")
                }
                words = [word]
                k += 2
            } else if list.type == YAML_SEQUENCE_START_EVENT, !list.decorated {
                k += 2
                while events[k].type == YAML_SCALAR_EVENT, !events[k].decorated,
                    let word = events[k].value
                {
                    words.append(word)
                    k += 1
                }
                guard events[k].type == YAML_SEQUENCE_END_EVENT else {
                    throw PackProblem(
                        path: path, line: events[k].line,
                        message:
                            "vocabulary '\(name)' must be a list of plain text (no anchors, tags or lists)"
                    )
                }
                k += 1
            } else {
                throw PackProblem(
                    path: path, line: list.line, message: "vocabulary '\(name)' must be a list of text")
            }
            result.lists.append((name, words))
        }
        guard events[k].type == YAML_MAPPING_END_EVENT else {
            throw PackProblem(path: path, line: events[k].line, message: "a vocabulary name must be text")
        }
    }
    return result
}

/// The pack's YAML as JSON: mappings, lists, text, and null for YAML's null. Every other scalar
/// is a JSON string: the pack reader reads every scalar as text.
func jsonText(path: String, yaml text: String) throws -> String {
    var out = ""
    // Per open collection: whether it is a mapping, and how many keys and values it has had.
    var open: [(isMapping: Bool, count: Int)] = []
    func beforeValue() {
        guard var top = open.popLast() else { return }
        let separator = ",\n" + String(repeating: " ", count: min(open.count + 1, 4))
        if top.isMapping {
            out += top.count % 2 == 0 ? (top.count > 0 ? separator : "") : ": "
        } else if top.count > 0 {
            out += separator
        }
        top.count += 1
        open.append(top)
    }
    for event in try packEvents(path: path, text: text) {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let isKey = open.last.map { $0.isMapping && $0.count % 2 == 0 } ?? false
            beforeValue()
            let value = event.value ?? ""
            let isNull = !isKey && event.plain && ["", "~", "null", "Null", "NULL"].contains(value)
            out += isNull ? "null" : jsonQuoted(value)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            beforeValue()
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            out += isMapping ? "{" : "["
            open.append((isMapping, 0))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            out += open.removeLast().isMapping ? "}" : "]"
        case YAML_ALIAS_EVENT:
            throw PackProblem(path: path, line: event.line, message: "a built-in pack uses no aliases")
        default: break
        }
    }
    return out + "\n"
}

/// A JSON string literal.
func jsonQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A Swift string literal that holds `text` verbatim: a raw delimiter longer than any run of '#'.
func rawLiteral(_ text: String, multiline: Bool) -> String {
    var longestRun = 0
    var run = 0
    for character in text {
        run = character == "#" ? run + 1 : 0
        longestRun = max(longestRun, run)
    }
    let hashes = String(repeating: "#", count: longestRun + 1)
    return multiline || text.contains(where: \.isNewline)
        ? "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)" : "\(hashes)\"\(text)\"\(hashes)"
}

var arguments = CommandLine.arguments
if arguments.count == 1 {
    let rules = try FileManager.default.contentsOfDirectory(atPath: "Rules").filter { $0.hasSuffix(".yml") }
    arguments += ["Sources/PaywallLint/Engine/EmbeddedRulePacks.swift"] + rules.map { "Rules/" + $0 }
}
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: embed-rule-packs [OUTPUT.swift PACK.yml...]\n".utf8))
    exit(2)
}
var output = "// swift-format-ignore-file\n"
output += "// Generated by embed-rule-packs from Rules/*.yml (swift run embed-rule-packs). Do not edit.\n"
output += "enum EmbeddedRulePacks {\n"
output += "    /// Each pack as JSON, without its vocabularies; the same without the rules' descriptions\n"
output += "    /// and examples, for a lint that reports neither; its vocabularies.\n"
output += "    static let files = makeFiles()\n\n"
// Each vocabulary is built by functions of at most `wordsPerFunction` words: the optimiser's time
// grows faster than linearly with a function's size, and one literal of ~17,000 words took most of
// a release build (over six minutes for this file alone; 18 s in chunks of 256).
output +=
    "    private static func makeFiles() -> [(name: String, text: String, lintText: String, vocabularies: [String: [String]])] {\n"
output += "        [\n"
var listFunctions: [String] = []
let wordsPerFunction = 256
do {
    for path in arguments.dropFirst(2).sorted() {
        let url = URL(fileURLWithPath: path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let extracted = try extractVocabularies(path: path, text: text)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let blank = extracted.lines {
            lines[blank.lowerBound] = "vocabularies: {}"
            for line in blank.dropFirst() { lines[line] = "" }
        }
        output += "        (\n            \"\(url.lastPathComponent)\",\n"
        let json = try jsonText(path: path, yaml: lines.joined(separator: "\n"))
        output += "            \(rawLiteral(json, multiline: true)),\n"
        for range in extracted.documentationLines {
            for line in range { lines[line] = "" }
        }
        let lintJSON = try jsonText(path: path, yaml: lines.joined(separator: "\n"))
        output += "            \(rawLiteral(lintJSON, multiline: true)),\n"
        output += "            [\n"
        for (name, words) in extracted.lists {
            var functions: [String] = []
            for start in stride(from: 0, to: max(words.count, 1), by: wordsPerFunction) {
                let function = "words\(listFunctions.count)"
                functions.append(function + "()")
                var body = "    private static func \(function)() -> [String] {\n        [\n"
                for word in words[start..<min(start + wordsPerFunction, words.count)] {
                    body += "            \(rawLiteral(word, multiline: false)),\n"
                }
                body += "        ]\n    }\n"
                listFunctions.append(body)
            }
            // Appended chunk by chunk (`joined()` runs slower).
            let list =
                functions.count == 1
                ? functions[0]
                : "{ var list = \(functions[0]); "
                    + functions.dropFirst().map { "list += \($0); " }.joined() + "return list }()"
            output += "                \(rawLiteral(name, multiline: false)): \(list),\n"
        }
        if extracted.lists.isEmpty { output += "                :\n" }
        output += "            ]\n        ),\n"
    }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
output += "        ]\n    }\n\n" + listFunctions.joined(separator: "\n") + "}\n"
try output.write(to: URL(fileURLWithPath: arguments[1]), atomically: true, encoding: .utf8)
