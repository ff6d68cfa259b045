/// `template`: the copy, rendered with the rule's `values` for its variables, reads exactly `text`,
/// and the values come in through variables, not as literals.
struct TemplateCheck: Check {
    static let name = "template"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("text", .text, required: true, "the exact sentence the rendered copy must read"),
        OptionSpec("values", .fieldValues, "variable name → the value it renders as"),
    ]

    let selector: FieldSelector
    let text: String
    let values: [String: String]

    init(_ setup: CheckSetup) throws {
        selector = setup.selector!
        text = setup.text("text") ?? ""
        var values: [String: String] = [:]
        if case .map(let pairs) = setup.rule.options["values"] ?? .null {
            for (name, value) in pairs {
                guard let text = value.text else { throw setup.error("the value of '\(name)' must be text") }
                values[name] = text
            }
        }
        self.values = values
    }

    func run(_ context: inout RuleContext) {
        for value in context.values(selector) {
            guard let copy = value.copy else {
                if value.isMissing {
                    context.report("missing \(value.path); it must read \"\(text)\"", at: value)
                }
                continue
            }
            // Literal values (a price typed in) instead of their variables.
            for (name, literal) in values.sorted(by: { $0.key < $1.key })
            where literal.contains(where: \.isNumber) && copy.text.contains(literal) {
                context.report(
                    "\(copy.label) writes \"\(literal)\" literally; use {{ \(name) }}", at: copy.span,
                    node: copy.node)
                return
            }
            guard let rendered = copy.template.rendered(with: values) else {
                let unknown = copy.template.variables.map(\.name).filter { values[$0] == nil }
                context.report(
                    "\(copy.label) uses {{ \(unknown.first ?? "?") }}, which the required wording has no place for",
                    at: copy.span, node: copy.node)
                continue
            }
            if rendered != text {
                context.report(
                    "\(copy.label) reads \"\(rendered)\"; it must read \"\(text)\"", at: copy.span,
                    node: copy.node)
            }
        }
    }
}
