import Synchronization

/// `pattern`: the field's text matches `require` and does not match `forbid` (regular expressions).
struct PatternCheck: Check {
    static let name = "pattern"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("require", .text, "a regular expression the whole value must match"),
        OptionSpec("forbid", .text, "a regular expression no part of the value may match"),
        OptionSpec("required", .bool, "also report the field when it is missing"),
        MessageTemplate.option,
    ]

    let selector: FieldSelector
    let require: String?
    let forbid: String?
    /// Compiled once per run; `Regex` is not `Sendable`, so threads take turns using it.
    let compiled: CompiledPatterns
    let required: Bool
    let message: MessageTemplate

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        require = setup.text("require")
        forbid = setup.text("forbid")
        required = try setup.bool("required") ?? false
        message = MessageTemplate(setup)
        do {
            compiled = try CompiledPatterns(require: require, forbid: forbid)
        } catch {
            throw setup.error("'\(require ?? forbid ?? "")' is not a valid regular expression")
        }
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            guard let text = value.text else {
                if value.isMissing && required {
                    context.report("missing \(value.path)", at: value)
                }
                continue
            }
            let (matchesRequired, matchesForbidden) = compiled.test(text)
            if let require, !matchesRequired {
                context.report(
                    message.render(
                        "\(value.path) \(MessageTemplate.quoted(text)) does not match \(require)",
                        path: value.path,
                        value: text, expected: require), at: value)
            } else if let forbid, matchesForbidden {
                context.report(
                    message.render(
                        "\(value.path) \(MessageTemplate.quoted(text)) matches \(forbid)", path: value.path,
                        value: text,
                        expected: forbid), at: value)
            }
        }
    }
}

/// A rule's compiled regular expressions, shared by the threads that lint files.
final class CompiledPatterns: Sendable {
    private let patterns: Mutex<(require: Regex<AnyRegexOutput>?, forbid: Regex<AnyRegexOutput>?)>
    /// The same patterns as `SimplePattern`s where they are simple, which need no lock; `.some(nil)`
    /// for a pattern `Regex` must match.
    private let simple: (require: SimplePattern??, forbid: SimplePattern??)

    init(require: String?, forbid: String?) throws {
        let compiled = (try require.map { try Regex($0) }, try forbid.map { try Regex($0) })
        patterns = Mutex(compiled)
        simple = (require.map { SimplePattern($0) }, forbid.map { SimplePattern($0) })
    }

    /// Whether `text` wholly matches `require` (true when there is none) and whether any part
    /// of it matches `forbid`.
    func test(_ text: String) -> (Bool, Bool) {
        let required = simple.require.map { $0?.wholeMatch(text) } ?? true
        let forbidden = simple.forbid.map { $0?.containsMatch(text) } ?? false
        if let required, let forbidden { return (required, forbidden) }
        return patterns.withLock { patterns in
            let required = patterns.require.map { (try? $0.wholeMatch(in: text)) != nil } ?? true
            let forbidden = patterns.forbid.map { (try? $0.firstMatch(in: text)) != nil } ?? false
            return (required, forbidden)
        }
    }
}
