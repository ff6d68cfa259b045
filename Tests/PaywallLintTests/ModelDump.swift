@testable import PaywallLint

/// Prints a paywall model with the span of every field, for golden tests.
enum ModelDump {
    static func text(_ paywall: Paywall) -> String {
        var out = "dialect: \(paywall.dialect.rawValue)\ndefault locale: \(paywall.defaultLocale)\n"
        out += "place: \(paywall.place.span)\n"
        let capabilities = Capabilities.names.filter { paywall.capabilities.contains($0.1) }.map(\.0)
        out += "capabilities: \(capabilities.joined(separator: ", "))\n"
        func field<T>(_ name: String, _ value: Field<T>?) {
            guard let value else { return }
            out += "\(name) = \(value.value) @\(value.span)\n"
        }
        func copy(_ item: Copy?) {
            guard let item else { return }
            var line = "copy \(item.label) = \(JSONText.quoted(item.text)) @\(item.span)"
            for variable in item.template.variables {
                line += " {{\(variable.name)}}@\(item.span(of: variable.range))"
            }
            out += line + "\n"
        }
        field("id", paywall.id)
        field("app", paywall.app)
        field("locale", paywall.locale)
        field("presentation", paywall.presentation)
        for (index, product) in (paywall.products?.value ?? []).enumerated() {
            field("products[\(index)].id", product.id)
            field("products[\(index)].kind", product.kind)
        }
        field("highlighted_product", paywall.highlightedProduct)
        field("cta.font_size", paywall.cta?.fontSize)
        if let close = paywall.close {
            out += "close @\(close.place.span)\n"
            field("close.visible", close.visible)
            field("close.delay_seconds", close.delaySeconds)
            field("close.destination", close.destination)
        }
        if let restore = paywall.restore {
            out += "restore @\(restore.place.span)\n"
            field("restore.visible", restore.visible)
            field("restore.above_fold", restore.aboveFold)
            field("restore.font_size", restore.fontSize)
        }
        field("links.terms", paywall.links?.terms)
        field("links.privacy", paywall.links?.privacy)
        field("disclosure.placement", paywall.disclosure?.placement)
        field("disclosure.font_size", paywall.disclosure?.fontSize)
        field("disclosure.color", paywall.disclosure?.color)
        field("price.font_size", paywall.price?.fontSize)
        for (index, element) in (paywall.elements?.value ?? []).enumerated() {
            field("elements[\(index)].type", element.type)
        }
        for (index, trigger) in (paywall.triggers?.value ?? []).enumerated() {
            field("triggers[\(index)].event", trigger.event)
        }
        field("gate.free_uses", paywall.gate?.freeUses)
        field("gate.period_hours", paywall.gate?.periodHours)
        field("gate.carry_over", paywall.gate?.carryOver)
        field("theme.background", paywall.theme?.background)
        field("theme.text", paywall.theme?.text)
        for localization in paywall.localizations {
            out += "localization \(localization.locale.value) @\(localization.locale.span): "
            out += Set(paywall.copy[localization.copies].map(\.path)).sorted().joined(separator: ", ") + "\n"
        }
        if let rc = paywall.revenueCat {
            field("revenuecat.template_name", rc.templateName)
            for package in rc.packages { field("revenuecat.package", package) }
            field("revenuecat.default_package", rc.defaultPackage)
            field("revenuecat.display_restore_purchases", rc.displayRestorePurchases)
            out += "revenuecat.locales = \(rc.locales.map(\.value).joined(separator: ", "))\n"
        }
        for item in paywall.copy { copy(item) }
        return out
    }
}
