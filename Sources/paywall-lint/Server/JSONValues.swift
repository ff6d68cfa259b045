import PaywallLint

/// JSON `null` among the `Any` values of a message.
struct JSONNull: Equatable {}

/// Messages as `Any` values (`JSONObject`, `[Any]`, `String`, `Int`, `Double`, `Bool`,
/// `JSONNull`), read with the linter's own strict JSON reader and written with its string
/// escaping: the server needs no Foundation, so the command line stays one static binary.
enum JSONValues {
    /// A message may carry a whole document's text in one string.
    private static let limits: ReadLimits = {
        var limits = ReadLimits()
        limits.maxFileBytes = ReadLimits.maxima.maxFileBytes
        limits.maxScalarBytes = ReadLimits.maxima.maxScalarBytes
        limits.maxDepth = ReadLimits.maxima.maxDepth
        return limits
    }()

    /// The value of a JSON text; nil when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> Any? {
        let read = DocumentReader.read(
            SourceFile(path: "message.json", bytes: bytes, format: .json), limits: limits)
        guard !read.findings.contains(where: { $0.ruleID != CoreRuleID.duplicateKey }),
            let document = read.documents.first, let root = document.root
        else { return nil }
        return value(of: root, in: document)
    }

    private static func value(of node: NodeID, in document: Document) -> Any {
        let item = document[node]
        if item.isMapping {
            var object: JSONObject = [:]
            for pair in document.pairs(of: node) {
                object[document.text(of: pair.key)] = value(of: pair.value, in: document)
            }
            return object
        }
        if item.isSequence { return document.items(of: node).map { value(of: $0, in: document) } }
        let text = document.text(of: node)
        guard item.style == .plain else { return text }
        switch text {
        case "null": return JSONNull()
        case "true": return true
        case "false": return false
        default: return Int(text) ?? Double(text) ?? text
        }
    }

    /// The JSON text of a value, object keys sorted (the same bytes on every run).
    static func encode(_ value: Any) -> [UInt8] {
        var out = ""
        write(value, to: &out)
        return Array(out.utf8)
    }

    private static func write(_ value: Any, to out: inout String) {
        switch value {
        case let object as JSONObject:
            out += "{"
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += JSONText.quoted(key) + ":"
                write(object[key]!, to: &out)
            }
            out += "}"
        case let list as [Any]:
            out += "["
            for (index, item) in list.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case let text as String: out += JSONText.quoted(text)
        case let flag as Bool: out += flag ? "true" : "false"
        case let number as Int: out += String(number)
        case let number as Double: out += number.isFinite ? String(number) : "null"
        case let number as UInt32: out += String(number)
        default: out += "null"
        }
    }
}
