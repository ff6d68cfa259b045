/// Every built-in check, by the name packs use.
package enum CheckRegistry {
    /// Generic checks (parameterised by packs) first, then the ones that need code of their own.
    static let types: [any Check.Type] = [
        RequiredCheck.self, OneOfCheck.self, NoneOfCheck.self, NumericBoundsCheck.self, CountCheck.self,
        PatternCheck.self, ReferencesCheck.self, URLCheck.self, EqualsCheck.self, TemplateCheck.self,
        ForbidWordsCheck.self, RequireWordsCheck.self,
        ControlPresentCheck.self, LegibilityCheck.self, LocalizationsCompleteCheck.self, ProductIDsCheck.self,
        BilledAmountCheck.self, PriceLiteralCheck.self, SavingsLiteralCheck.self, UrgencyCheck.self,
        TrialTermsCheck.self, DisclosureCheck.self, CalmToneCheck.self, ConfirmshamingCheck.self,
        StoreProductExistsCheck.self, MinPeriodCheck.self, TrialTimelineCheck.self, WeeklyPlanCheck.self,
        LockedPricingCheck.self, RevenueCatLocalizationCheck.self, PerUnitOnlyCheck.self,
    ]

    static let checks: [String: any Check.Type] = Dictionary(
        uniqueKeysWithValues: types.map { ($0.name, $0) })

    package static var names: [String] { checks.keys.sorted() + ["reader"] }

    /// Name, options and field use of every check, for the pack schema docs.
    package static var catalogue:
        [(name: String, field: FieldUse, options: [OptionSpec], needsStoreData: Bool)]
    {
        types.map { ($0.name, $0.field, $0.options, $0.needsStoreData) }.sorted { $0.name < $1.name }
    }
}
