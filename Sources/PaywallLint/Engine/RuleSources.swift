/// The documents rules cite, in full. Packs name them by a short name (`AppReview 3.1.2`,
/// `Subs`, `Skill #8`); people outside the project read the name, what it is and where to find it.
package enum RuleSources {
    /// Where the rule reference lives; SARIF's `helpUri` points at a rule's entry in it.
    package static let documentationBase =
        "https://github.com/paywall-lint/paywall-lint/blob/main/docs/rules.md"

    /// The rule's entry in the reference: the anchor GitHub gives its `### \`id\`` heading.
    package static func documentationURL(of ruleID: String) -> String {
        let anchor = ruleID.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        return documentationBase + "#" + anchor
    }

    /// The sources the packs name by a short name, in full: what each is and where to read it.
    /// The names are the catalogue's (`../shared/spec/RULES.md`); the spec's own documents are
    /// in `../shared/spec/`.
    static let all: [(name: String, reference: String)] = [
        (
            "AppReview",
            "AppReview: Apple, [App Store Review Guidelines](https://developer.apple.com/app-store/review/guidelines/)"
        ),
        (
            "Subs",
            "Subs: Apple, [Auto-renewable subscriptions](https://developer.apple.com/app-store/subscriptions/)"
        ),
        (
            "HIG",
            "HIG: Apple, [Human Interface Guidelines](https://developer.apple.com/design/human-interface-guidelines/)"
        ),
        (
            "Sched2",
            "Sched2: Apple, Paid Applications Agreement, Schedule 2 §3.8(b), in the [Apple Developer Program License Agreement](https://developer.apple.com/support/terms/apple-developer-program-license-agreement/)"
        ),
        (
            "Skill",
            "Skill: the custom-paywall compliance checklist (`../shared/spec/sources/000_4aed6787f7a8eef0.txt`)"
        ),
        (
            "Sketchy",
            "Sketchy: the Sketchy app's paywall requirements, sections §1–§15 (`../shared/spec/sources/002_e50b2d3acc25938a.txt`)"
        ),
        (
            "RemoteCfg",
            "RemoteCfg: the remote-config paywall article and its validator (`../shared/spec/sources/003_b51f82222f2abc84.txt`)"
        ),
        ("Gating", "Gating: the feature-gating guide (`../shared/spec/sources/004_a7a843c22e046f5d.txt`)"),
        ("FORMAT.md", "FORMAT.md: the paywall definition formats (`../shared/spec/FORMAT.md`)"),
        ("WCAG", "WCAG 2.1: W3C, [Web Content Accessibility Guidelines 2.1](https://www.w3.org/TR/WCAG21/)"),
        ("YAML 1.2", "YAML 1.2: [YAML Ain't Markup Language, version 1.2.2](https://yaml.org/spec/1.2.2/)"),
        ("YAML 1.1", "YAML 1.1 type repository: [yaml.org/type](https://yaml.org/type/)"),
        (
            "RFC 8259",
            "RFC 8259: [The JavaScript Object Notation (JSON) Data Interchange Format](https://www.rfc-editor.org/rfc/rfc8259)"
        ),
        (
            "RevenueCat Paywalls V2",
            "RevenueCat Paywalls V2: [Creating Paywalls](https://www.revenuecat.com/docs/tools/paywalls/creating-paywalls)"
        ),
        (
            "RevenueCat paywall",
            "RevenueCat paywalls: [Paywalls](https://www.revenuecat.com/docs/tools/paywalls)"
        ),
        (
            "RevenueCat offerings",
            "RevenueCat offerings and placements: [Targeting by Placement](https://www.revenuecat.com/docs/tools/targeting/placements)"
        ),
        (
            "RevenueCat SDKs",
            "RevenueCat SDKs: [purchases-ios](https://github.com/RevenueCat/purchases-ios) (`VariableHandler`, `VariableHandlerV2`)"
        ),
        (
            "PaywallDataValidationTests",
            "RevenueCat's `PaywallDataValidationTests`: [purchases-ios](https://github.com/RevenueCat/purchases-ios)"
        ),
        ("paywall-lint", "paywall-lint: this project's own rule (see [configuration](configuration.md))"),
    ]

    /// The full references of the short names a source text uses, in the order of the list.
    package static func references(in source: String) -> [String] {
        all.filter { source.contains($0.name) }.map(\.reference)
    }

    /// The references as plain text, one a line, with each link's URL written out: for SARIF
    /// viewers and terminals, which show no Markdown.
    package static func plainReferences(in source: String) -> [String] {
        references(in: source).map(plain)
    }

    /// `[title](url)` as `title (url)`, and code spans without their backticks.
    static func plain(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]"),
                rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                let end = rest[close...].firstIndex(of: ")")
            else { break }
            out += rest[..<open]
            out += rest[rest.index(after: open)..<close]
            out += " (" + rest[rest.index(close, offsetBy: 2)..<end] + ")"
            rest = rest[rest.index(after: end)...]
        }
        out += rest
        return out.replacingBackticks()
    }
}

extension String {
    fileprivate func replacingBackticks() -> String { String(filter { $0 != "`" }) }
}
