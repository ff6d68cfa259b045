/// `none-of`: the field's value is none of `values`.
struct NoneOfCheck: Check {
    static let name = "none-of"
    static let field = FieldUse.required
    static let options = [
        OptionSpec("values", .texts, required: true, "the forbidden values"),
        MessageTemplate.option,
    ]

    let inner: OneOfCheck

    init(_ setup: CheckSetup) throws {
        var check = try OneOfCheck(setup)
        check.allowed = false
        inner = check
    }

    func run(_ context: inout RuleContext) { inner.run(&context) }
}
