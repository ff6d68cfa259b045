/// Runs a rule's valid and invalid examples, SwiftLint-style: a valid example must not trigger
/// the rule, an invalid one must. Fragment examples are laid over the pack's example base; an
/// `x-store` key in a fragment stands for store data.
package struct ExampleRunner: Sendable {
    package struct Failure: Sendable, CustomStringConvertible {
        package var ruleID: String
        package var message: String
        package var description: String { "\(ruleID): \(message)" }
    }

    let library: PackLibrary

    package init(library: PackLibrary) {
        self.library = library
    }

    /// Every problem with the examples of `pack`'s own rules.
    package func check(pack name: String) throws -> [Failure] {
        guard let pack = library.packs[name] else { return [Failure(ruleID: name, message: "no such pack")] }
        let closure = try library.closure(of: [name])
        let base = closure.reversed().lazy.compactMap(\.exampleBase).first
        var failures: [Failure] = []
        // Examples run with the whole pack on (suppression rules need the rules they suppress);
        // only the rule's own findings count.
        let ruleSet = try RuleSet(packs: [name], library: library)
        for rule in pack.rules {
            let id = rule.descriptor.id
            if rule.examples.valid.isEmpty || rule.examples.invalid.isEmpty {
                failures.append(Failure(ruleID: id, message: "needs both valid and invalid examples"))
            }
            for (expectFinding, examples) in [(false, rule.examples.valid), (true, rule.examples.invalid)] {
                for (index, example) in examples.enumerated() {
                    let (file, store) = try Self.file(for: example, base: base, ruleID: id, index: index)
                    var options = LintOptions()
                    options.store = store
                    let report = try Linter(ruleSet: ruleSet, options: options).lint(file)
                    let fired = report.findings.filter { $0.ruleID == id }
                    if expectFinding && fired.isEmpty {
                        failures.append(
                            Failure(ruleID: id, message: "invalid example \(index + 1) does not trigger it"))
                    } else if !expectFinding && !fired.isEmpty {
                        let messages = fired.map(\.message).joined(separator: "; ")
                        failures.append(
                            Failure(
                                ruleID: id, message: "valid example \(index + 1) triggers it: \(messages)"))
                    }
                }
            }
        }
        return failures
    }

    /// The file an example stands for, and its store data.
    static func file(for example: RuleExample, base: OptionValue?, ruleID: String, index: Int) throws -> (
        SourceFile, StoreData?
    ) {
        switch example {
        case .file(let text, let format):
            return (SourceFile(path: "example.\(format.rawValue)", text: text, format: format), nil)
        case .fragment(let fragment):
            var merged = base.map { merge($0, fragment) } ?? fragment
            var store: StoreData?
            if case .map(var pairs) = merged, let index = pairs.firstIndex(where: { $0.0 == "x-store" }) {
                store = try storeData(pairs[index].1, ruleID: ruleID)
                pairs.remove(at: index)
                merged = .map(pairs)
            }
            return (SourceFile(path: "example.json", text: json(merged), format: .json), store)
        }
    }

    /// Lays `overlay` over `base`: mappings merge key by key, `null` removes a key, anything else replaces.
    static func merge(_ base: OptionValue, _ overlay: OptionValue) -> OptionValue {
        guard case .map(var pairs) = base, case .map(let changes) = overlay else { return overlay }
        for (key, value) in changes {
            if let index = pairs.firstIndex(where: { $0.0 == key }) {
                if value == .null {
                    pairs.remove(at: index)
                } else {
                    pairs[index].1 = merge(pairs[index].1, value)
                }
            } else if value != .null {
                pairs.append((key, value))
            }
        }
        return .map(pairs)
    }

    /// JSON text for a value; scalars that read as numbers or booleans are written as such.
    static func json(_ value: OptionValue) -> String {
        switch value {
        case .null: return "null"
        case .text(let text):
            if text == "true" || text == "false" { return text }
            if !text.isEmpty, text.withUTF8Bytes({ JSONNumberCheck.problem($0) }) == nil { return text }
            return JSONText.quoted(text)
        case .list(let items): return "[" + items.map(json).joined(separator: ", ") + "]"
        case .map(let pairs):
            return "{" + pairs.map { JSONText.quoted($0.0) + ": " + json($0.1) }.joined(separator: ", ") + "}"
        }
    }

    /// `x-store: {products: [{id, price, period, type, intro: {mode, price, period, count}}]}`.
    static func storeData(_ value: OptionValue, ruleID: String) throws -> StoreData {
        guard case .list(let items) = value["products"] ?? .null else {
            throw ConfigurationError(path: ruleID, message: "x-store needs products: [...]")
        }
        var products: [StoreData.Product] = []
        for item in items {
            guard let id = item["id"]?.text else {
                throw ConfigurationError(path: ruleID, message: "x-store product needs id")
            }
            var offer: StoreData.IntroductoryOffer?
            if let intro = item["intro"] {
                offer = StoreData.IntroductoryOffer(
                    paymentMode: StoreData.PaymentMode(rawValue: intro["mode"]?.text ?? "") ?? .free,
                    displayPrice: intro["price"]?.text,
                    period: intro["period"]?.text.flatMap(SubscriptionPeriod.init(iso:)),
                    numberOfPeriods: Int(intro["count"]?.text ?? "1") ?? 1)
            }
            let period = item["period"]?.text.flatMap(SubscriptionPeriod.init(iso:))
            products.append(
                StoreData.Product(
                    id: id,
                    type: StoreData.ProductType(rawValue: item["type"]?.text ?? "")
                        ?? (period == nil ? .nonConsumable : .autoRenewable),
                    displayPrice: item["price"]?.text ?? "0", period: period, introductoryOffer: offer,
                    names: [:],
                    span: .fileStart))
        }
        return StoreData(path: "x-store", products: products, storefront: "USA")
    }
}
