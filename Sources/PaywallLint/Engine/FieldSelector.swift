/// One value a field selector picked from a paywall, or the place where a missing one belongs.
package struct FieldValue: Sendable {
    package enum Value: Sendable {
        case text(String)
        case number(Double)
        case bool(Bool)
        case copy(Copy)
        /// A list or mapping that is present (its items are selected by `name[*]`).
        case collection(count: Int)
    }

    /// Nil when the field is missing.
    package var value: Value?
    /// `close.delay_seconds`, `products[0].id`, `cta (de)`.
    package var path: String
    package var node: NodeID?
    /// The value's span, or the span of the mapping where a missing field belongs.
    package var span: SourceSpan
    /// The node a missing field belongs in (for its JSON pointer).
    package var placeNode: NodeID

    package var isMissing: Bool { value == nil }

    /// The value as text for comparisons: text, copy text, numbers without a needless `.0`, `true`/`false`.
    package var text: String? {
        switch value {
        case .text(let text): text
        case .copy(let copy): copy.text
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let bool): bool ? "true" : "false"
        case .collection, .none: nil
        }
    }

    package var copy: Copy? {
        if case .copy(let copy) = value { return copy }
        return nil
    }

    package var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }
}

/// A compiled field selector: a model field (`close.delay_seconds`), every item of a list
/// (`products[*].id`) or a set (`copy`: every copy field in every locale).
package struct FieldSelector: Sendable {
    package let name: String
    /// What the dialect must be able to express for the field to apply.
    package let needs: Capabilities
    /// Reads the paywall through a pointer: passed as a value, the paywall (2 KB inline) was
    /// copied onto the stack for each selector of each rule of each file, and passed `inout` it
    /// was, to the two threads of a large file's rules, a modifying access each (which
    /// ThreadSanitizer reports as a race, though nothing is written).
    let extract: @Sendable (UnsafePointer<Paywall>) -> [FieldValue]

    package func values(in paywall: Paywall) -> [FieldValue] {
        withUnsafePointer(to: paywall) { extract($0) }
    }

    /// The values, reading the paywall in place (see `extract`).
    func values(reading paywall: UnsafePointer<Paywall>) -> [FieldValue] { extract(paywall) }

    package static func compile(_ name: String) -> FieldSelector? { registry[name] }

    package static var names: [String] { registry.keys.sorted() }

    private static let registry: [String: FieldSelector] = {
        var all: [String: FieldSelector] = [:]
        func add(
            _ name: String, _ needs: Capabilities,
            _ extract: @escaping @Sendable (UnsafePointer<Paywall>) -> [FieldValue]
        ) {
            all[name] = FieldSelector(name: name, needs: needs, extract: extract)
        }
        @Sendable func text(_ field: Field<String>?, _ path: String, in place: Place) -> FieldValue {
            guard let field else { return missing(path, place) }
            return FieldValue(
                value: .text(field.value), path: path, node: field.node, span: field.span,
                placeNode: place.node)
        }
        @Sendable func number(_ field: Field<Double>?, _ path: String, in place: Place) -> FieldValue {
            guard let field else { return missing(path, place) }
            return FieldValue(
                value: .number(field.value), path: path, node: field.node, span: field.span,
                placeNode: place.node)
        }
        @Sendable func bool(_ field: Field<Bool>?, _ path: String, in place: Place) -> FieldValue {
            guard let field else { return missing(path, place) }
            return FieldValue(
                value: .bool(field.value), path: path, node: field.node, span: field.span,
                placeNode: place.node)
        }
        /// A list or control that is there, with its item count.
        @Sendable func present(_ path: String, count: Int, node: NodeID, span: SourceSpan) -> FieldValue {
            FieldValue(value: .collection(count: count), path: path, node: node, span: span, placeNode: node)
        }
        @Sendable func copy(_ item: Copy) -> FieldValue {
            FieldValue(
                value: .copy(item), path: item.label, node: item.node, span: item.span, placeNode: item.node)
        }
        /// The copy of one field as values, in one pass over the paywall's list: taking the
        /// field's copies out first (`Paywall.copies(inField:)`) copied each twice, into two arrays.
        @Sendable func copyValues(_ field: String, of paywall: UnsafePointer<Paywall>) -> (
            values: [FieldValue], hasDefault: Bool
        ) {
            var values: [FieldValue] = []
            var hasDefault = false
            let length = field.utf8.count
            for index in paywall.pointee.copy.indices
            where paywall.pointee.copy[index].field.utf8.count == length
                && paywall.pointee.copy[index].field == field
            {
                hasDefault = hasDefault || paywall.pointee.copy[index].isDefaultLocale
                values.append(copy(paywall.pointee.copy[index]))
            }
            return (values, hasDefault)
        }
        func copyField(
            _ name: String, _ needs: Capabilities, _ field: String,
            missingIn: @escaping @Sendable (UnsafePointer<Paywall>) -> Place
        ) {
            add(name, needs) { paywall in
                var (values, hasDefault) = copyValues(field, of: paywall)
                if !hasDefault { values.insert(missing(name, missingIn(paywall)), at: 0) }
                return values
            }
        }

        add("id", .variantID) { [text($0.pointee.id, "id", in: $0.pointee.place)] }
        add("app", .app) { [text($0.pointee.app, "app", in: $0.pointee.place)] }
        add("locale", .structure) { [text($0.pointee.locale, "locale", in: $0.pointee.place)] }
        add("presentation", .presentation) {
            [text($0.pointee.presentation, "presentation", in: $0.pointee.place)]
        }
        add("highlighted_product", .products) {
            [text($0.pointee.highlightedProduct, "highlighted_product", in: $0.pointee.place)]
        }
        copyField("headline", .headline, "headline") { $0.pointee.place }
        copyField("subhead", .headline, "subhead") { $0.pointee.place }
        copyField("cta", .cta, "cta") { $0.pointee.cta?.place ?? $0.pointee.place }
        copyField("close.label", .close, "close.label") { $0.pointee.close?.place ?? $0.pointee.place }
        copyField("restore.label", .restore, "restore.label") {
            $0.pointee.restore?.place ?? $0.pointee.place
        }
        copyField("disclosure.text", .disclosure, "disclosure.text") {
            $0.pointee.disclosure?.place ?? $0.pointee.place
        }
        copyField("price.text", .priceDisplay, "price.text") { $0.pointee.price?.place ?? $0.pointee.place }
        add("copy", []) { $0.pointee.copy.map(copy) }
        add("bullets", .bullets) { paywall in
            guard let bullets = paywall.pointee.bullets else {
                return [missing("bullets", paywall.pointee.place)]
            }
            // Counted in place: `filter` built an array of copies to count them.
            var count = 0
            for index in bullets.value.indices where bullets.value[index].isDefaultLocale { count += 1 }
            return [present("bullets", count: count, node: bullets.node, span: bullets.span)]
        }
        add("bullets[*]", .bullets) { copyValues("bullets", of: $0).values }
        add("products", .products) { paywall in
            guard let products = paywall.pointee.products else {
                return [missing("products", paywall.pointee.place)]
            }
            return [
                present("products", count: products.value.count, node: products.node, span: products.span)
            ]
        }
        // List items are read by index: `enumerated().map` copied each item out whole.
        add("products[*].id", .products) { paywall in
            let products = paywall.pointee.products?.value ?? []
            return products.indices.map {
                text(products[$0].id, "products[\($0)].id", in: products[$0].place)
            }
        }
        add("products[*].kind", .products) { paywall in
            let products = paywall.pointee.products?.value ?? []
            return products.indices.map {
                text(products[$0].kind, "products[\($0)].kind", in: products[$0].place)
            }
        }
        add("products[*].label", .products) {
            copyValues("products.label", of: $0).values
        }
        add("products[*].badge", .products) {
            copyValues("products.badge", of: $0).values
        }
        add("cta.font_size", [.cta, .fontSizes]) { paywall in
            guard let cta = paywall.pointee.cta else { return [] }
            return [number(cta.fontSize, "cta.font_size", in: cta.place)]
        }
        add("close", .close) { paywall in
            guard let close = paywall.pointee.close else { return [missing("close", paywall.pointee.place)] }
            return [present("close", count: 1, node: close.place.node, span: close.place.span)]
        }
        add("close.visible", .close) { paywall in
            paywall.pointee.close.map { [bool($0.visible, "close.visible", in: $0.place)] } ?? []
        }
        add("close.delay_seconds", .close) { paywall in
            paywall.pointee.close.map { [number($0.delaySeconds, "close.delay_seconds", in: $0.place)] } ?? []
        }
        add("close.destination", .close) { paywall in
            paywall.pointee.close.map { [text($0.destination, "close.destination", in: $0.place)] } ?? []
        }
        add("restore", .restore) { paywall in
            guard let restore = paywall.pointee.restore else {
                return [missing("restore", paywall.pointee.place)]
            }
            return [present("restore", count: 1, node: restore.place.node, span: restore.place.span)]
        }
        add("restore.visible", .restore) { paywall in
            paywall.pointee.restore.map { [bool($0.visible, "restore.visible", in: $0.place)] } ?? []
        }
        add("restore.above_fold", .restore) { paywall in
            paywall.pointee.restore.map { [bool($0.aboveFold, "restore.above_fold", in: $0.place)] } ?? []
        }
        add("restore.font_size", [.restore, .fontSizes]) { paywall in
            paywall.pointee.restore.map { [number($0.fontSize, "restore.font_size", in: $0.place)] } ?? []
        }
        add("restore.color", .restore) { paywall in
            paywall.pointee.restore.map { [text($0.color, "restore.color", in: $0.place)] } ?? []
        }
        add("links.terms", .links) {
            [text($0.pointee.links?.terms, "links.terms", in: $0.pointee.links?.place ?? $0.pointee.place)]
        }
        add("links.privacy", .links) {
            [
                text(
                    $0.pointee.links?.privacy, "links.privacy",
                    in: $0.pointee.links?.place ?? $0.pointee.place)
            ]
        }
        add("links.font_size", [.links, .fontSizes]) { paywall in
            paywall.pointee.links.map { [number($0.fontSize, "links.font_size", in: $0.place)] } ?? []
        }
        add("links.color", .links) { paywall in
            paywall.pointee.links.map { [text($0.color, "links.color", in: $0.place)] } ?? []
        }
        add("disclosure.placement", .disclosure) { paywall in
            paywall.pointee.disclosure.map { [text($0.placement, "disclosure.placement", in: $0.place)] }
                ?? []
        }
        add("disclosure.font_size", [.disclosure, .fontSizes]) { paywall in
            paywall.pointee.disclosure.map { [number($0.fontSize, "disclosure.font_size", in: $0.place)] }
                ?? []
        }
        add("disclosure.color", .disclosure) { paywall in
            paywall.pointee.disclosure.map { [text($0.color, "disclosure.color", in: $0.place)] } ?? []
        }
        add("price.font_size", [.priceDisplay, .fontSizes]) { paywall in
            paywall.pointee.price.map { [number($0.fontSize, "price.font_size", in: $0.place)] } ?? []
        }
        add("elements[*].type", .elements) { paywall in
            let elements = paywall.pointee.elements?.value ?? []
            return elements.indices.map {
                text(elements[$0].type, "elements[\($0)].type", in: elements[$0].place)
            }
        }
        add("elements[*].text", .elements) { copyValues("elements.text", of: $0).values }
        add("triggers", .triggers) { paywall in
            guard let triggers = paywall.pointee.triggers else {
                return [missing("triggers", paywall.pointee.place)]
            }
            return [
                present("triggers", count: triggers.value.count, node: triggers.node, span: triggers.span)
            ]
        }
        add("triggers[*].event", .triggers) { paywall in
            let triggers = paywall.pointee.triggers?.value ?? []
            return triggers.indices.map {
                text(triggers[$0].event, "triggers[\($0)].event", in: triggers[$0].place)
            }
        }
        add("gate", .gate) { paywall in
            guard let gate = paywall.pointee.gate else { return [missing("gate", paywall.pointee.place)] }
            return [present("gate", count: 1, node: gate.place.node, span: gate.place.span)]
        }
        add("gate.free_uses", .gate) {
            [
                number(
                    $0.pointee.gate?.freeUses, "gate.free_uses",
                    in: $0.pointee.gate?.place ?? $0.pointee.place)
            ]
        }
        add("gate.period_hours", .gate) {
            [
                number(
                    $0.pointee.gate?.periodHours, "gate.period_hours",
                    in: $0.pointee.gate?.place ?? $0.pointee.place)
            ]
        }
        add("gate.carry_over", .gate) {
            [
                bool(
                    $0.pointee.gate?.carryOver, "gate.carry_over",
                    in: $0.pointee.gate?.place ?? $0.pointee.place)
            ]
        }
        add("theme.background", .theme) { paywall in
            paywall.pointee.theme.map { [text($0.background, "theme.background", in: $0.place)] } ?? []
        }
        add("theme.text", .theme) { paywall in
            paywall.pointee.theme.map { [text($0.text, "theme.text", in: $0.place)] } ?? []
        }
        add("revenuecat.template_name", []) { paywall in
            guard let rc = paywall.pointee.revenueCat else { return [] }
            return [text(rc.templateName, "template_name", in: paywall.pointee.place)]
        }
        add("revenuecat.default_package", []) { paywall in
            guard let rc = paywall.pointee.revenueCat else { return [] }
            return [
                text(rc.defaultPackage, "config.default_package", in: rc.configPlace ?? paywall.pointee.place)
            ]
        }
        add("revenuecat.packages[*]", []) { paywall in
            (paywall.pointee.revenueCat?.packages ?? []).enumerated().map { index, package in
                text(package, "config.packages[\(index)]", in: paywall.pointee.place)
            }
        }
        add("revenuecat.display_restore_purchases", []) { paywall in
            guard let rc = paywall.pointee.revenueCat, let config = rc.configPlace else { return [] }
            return [bool(rc.displayRestorePurchases, "config.display_restore_purchases", in: config)]
        }
        return all
    }()

    private static func missing(_ path: String, _ place: Place) -> FieldValue {
        FieldValue(
            value: nil, path: path, node: nil, span: SourceSpan(at: place.span.start), placeNode: place.node)
    }
}
