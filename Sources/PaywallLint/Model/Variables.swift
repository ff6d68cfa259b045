/// What a copy variable stands for; rules reason about kinds, not names, so one rule works for
/// every dialect.
package enum VariableKind: String, Sendable, CaseIterable {
    /// The billed total for one period (`price`, RevenueCat's `price_per_period`).
    case billedTotal = "billed-total"
    /// The billing period ("week").
    case period
    /// A calculated per-unit price, subordinate to the billed total (`price_per_month`).
    case perUnit = "per-unit"
    /// The introductory offer's price.
    case intro
    /// The introductory offer's period or number of periods.
    case introPeriod = "intro-period"
    /// The free trial's length.
    case trial
    /// The exact date a free trial ends.
    case trialEndDate = "trial-end-date"
    /// Savings computed from store prices.
    case savings
    /// Product or app names.
    case name
}

extension VariableKind {
    /// The kind as one bit of a set (`VariableCatalog.kindBits`).
    var bit: UInt32 {
        switch self {
        case .billedTotal: 1 << 0
        case .period: 1 << 1
        case .perUnit: 1 << 2
        case .intro: 1 << 3
        case .introPeriod: 1 << 4
        case .trial: 1 << 5
        case .trialEndDate: 1 << 6
        case .savings: 1 << 7
        case .name: 1 << 8
        }
    }
}

/// The variables a dialect knows, by name.
package struct VariableCatalog: Sendable {
    /// Which of the static tables below it is. The tables are read where they are: a catalogue
    /// that held its table was copied for every copy string of every file, retaining and
    /// releasing an object both workers share.
    private let table: Table

    private enum Table {
        case canonical
        case revenueCat
        case revenueCatV2

        /// Names the table in what a template keeps (`Template.variableSummary`).
        var tag: UInt8 {
            switch self {
            case .canonical: 1
            case .revenueCat: 2
            case .revenueCatV2: 3
            }
        }
    }

    package var kinds: [String: VariableKind] {
        switch table {
        case .canonical: Self.canonicalKinds
        case .revenueCat: Self.revenueCatKinds
        case .revenueCatV2: Self.revenueCatV2Kinds
        }
    }

    package func kind(of name: String) -> VariableKind? {
        switch table {
        case .canonical: Self.canonicalKinds[name]
        case .revenueCat: Self.revenueCatKinds[name]
        case .revenueCatV2:
            // `{{ custom.key }}`: a value the app (or the dashboard's default) supplies.
            Self.revenueCatV2Kinds[name]
                ?? (name.hasPrefix("custom.") || name.hasPrefix("$custom.") ? .name : nil)
        }
    }

    /// The filters a variable may take (`{{ name | uppercase }}`); none outside RevenueCat V2.
    package var filters: [String] {
        table == .revenueCatV2 ? ["uppercase", "lowercase", "capitalize"] : []
    }

    /// The kinds of a template's variables, as `VariableKind.bit`s: rules ask this of copy strings
    /// in every file, where a set of kinds was allocated and hashed each time.
    func kindBits(of template: Template) -> UInt32 {
        UInt32(truncatingIfNeeded: summary(of: template))
    }

    /// Whether every variable of a template is one of this catalogue's.
    func knowsEveryVariable(of template: Template) -> Bool {
        summary(of: template) & Self.allKnown != 0
    }

    private static let allKnown: UInt64 = 1 << 32

    /// The kind bits of a template's variables, and `allKnown`: looked up by name once a text
    /// rather than for each copy that has it (a dictionary lookup a variable, of every file).
    private func summary(of template: Template) -> UInt64 {
        guard !template.variables.isEmpty else { return Self.allKnown }
        return template.variableSummary(tag: table.tag) {
            var bits: UInt32 = 0
            var allKnown = true
            for variable in template.variables {
                if let kind = kind(of: variable.name) { bits |= kind.bit } else { allKnown = false }
            }
            return UInt64(bits) | (allKnown ? Self.allKnown : 0)
        }
    }

    package var names: [String] { kinds.keys.sorted() }

    /// FORMAT.md's variables: the canonical and remote-config dialects.
    package static let canonical = VariableCatalog(table: .canonical)
    private static let canonicalKinds: [String: VariableKind] = [
        "price": .billedTotal, "period": .period, "price_per_period": .billedTotal,
        "price_per_week": .perUnit, "price_per_month": .perUnit, "price_per_year": .perUnit,
        "intro_price": .intro, "intro_period": .introPeriod, "intro_periods": .introPeriod,
        "trial_duration": .trial, "trial_end_date": .trialEndDate, "savings_percent": .savings,
        "product_name": .name, "app_name": .name,
    ]

    /// RevenueCat's paywall V1 variables.
    package static let revenueCat = VariableCatalog(table: .revenueCat)
    private static let revenueCatKinds: [String: VariableKind] = [
        "app_name": .name, "product_name": .name,
        "price": .billedTotal, "price_per_period": .billedTotal, "price_per_period_full": .billedTotal,
        "total_price_and_per_month": .billedTotal, "total_price_and_per_month_full": .billedTotal,
        "sub_price_per_month": .perUnit, "sub_price_per_week": .perUnit,
        "sub_period": .period, "sub_period_abbreviated": .period, "sub_period_length": .period,
        "sub_duration": .period, "sub_duration_in_months": .period,
        "sub_offer_duration": .introPeriod, "sub_offer_duration_2": .introPeriod,
        "sub_offer_price": .intro, "sub_offer_price_2": .intro,
        "sub_relative_discount": .savings,
    ]

    /// RevenueCat Paywalls V2's variables (purchases-ios `VariableHandlerV2`): each product value
    /// under `product.`, and the countdown's under `count_`. A V1 name is unknown here: V2
    /// renders it as raw text.
    package static let revenueCatV2 = VariableCatalog(table: .revenueCatV2)
    private static let revenueCatV2Kinds: [String: VariableKind] = {
        var kinds: [String: VariableKind] = [
            "product.store_product_name": .name,
            "product.price": .billedTotal, "product.price_per_period": .billedTotal,
            "product.price_per_period_abbreviated": .billedTotal,
            "product.price_per_day": .perUnit, "product.price_per_week": .perUnit,
            "product.price_per_month": .perUnit, "product.price_per_year": .perUnit,
            "product.period": .period, "product.period_abbreviated": .period, "product.periodly": .period,
            "product.period_in_days": .period, "product.period_in_weeks": .period,
            "product.period_in_months": .period, "product.period_in_years": .period,
            "product.period_with_unit": .period,
            "product.offer_price": .intro, "product.offer_price_per_day": .intro,
            "product.offer_price_per_week": .intro, "product.offer_price_per_month": .intro,
            "product.offer_price_per_year": .intro,
            "product.offer_period": .introPeriod, "product.offer_period_abbreviated": .introPeriod,
            "product.offer_period_in_days": .introPeriod, "product.offer_period_in_weeks": .introPeriod,
            "product.offer_period_in_months": .introPeriod, "product.offer_period_in_years": .introPeriod,
            "product.offer_period_with_unit": .introPeriod, "product.offer_end_date": .trialEndDate,
            "product.secondary_offer_price": .intro, "product.secondary_offer_period": .introPeriod,
            "product.secondary_offer_period_abbreviated": .introPeriod,
            "product.relative_discount": .savings,
            "product.currency_code": .name, "product.currency_symbol": .name,
        ]
        for unit in ["days", "hours", "minutes", "seconds"] {
            for form in ["with_zero", "without_zero"] { kinds["count_\(unit)_\(form)"] = .name }
        }
        return kinds
    }()
}
