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
    /// Compiled once per run.
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
            throw setup.error(
                "'\(require ?? forbid ?? "")' is not a pattern paywall-lint matches: \(error.message)")
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

/// A rule's compiled patterns, shared by the threads that lint files: a `SimplePattern` where the
/// pattern is simple (the fastest), a `LinearPattern` otherwise. Both match in time linear in
/// the text, and neither needs a lock.
struct CompiledPatterns: Sendable {
    private let require: (simple: SimplePattern?, linear: LinearPattern)?
    private let forbid: (simple: SimplePattern?, linear: LinearPattern)?

    init(require: String?, forbid: String?) throws(LinearPattern.SyntaxError) {
        func compiled(_ pattern: String?) throws(LinearPattern.SyntaxError) -> (
            SimplePattern?, LinearPattern
        )? {
            guard let pattern else { return nil }
            return (SimplePattern(pattern), try LinearPattern(pattern))
        }
        self.require = try compiled(require)
        self.forbid = try compiled(forbid)
    }

    /// Whether `text` wholly matches `require` (true when there is none) and whether any part
    /// of it matches `forbid`.
    func test(_ text: String) -> (Bool, Bool) {
        let required = require.map { $0.simple?.wholeMatch(text) ?? $0.linear.wholeMatch(text) } ?? true
        let forbidden =
            forbid.map { $0.simple?.containsMatch(text) ?? $0.linear.containsMatch(text) } ?? false
        return (required, forbidden)
    }
}
