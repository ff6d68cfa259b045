/// The checks that need code beyond a generic comparison.
extension CheckRegistry {
    static let semanticChecks: [any Check.Type] = [
        ControlPresentCheck.self, LegibilityCheck.self, LocalizationsCompleteCheck.self, ProductIDsCheck.self,
        BilledAmountCheck.self, StoreProductExistsCheck.self, MinPeriodCheck.self, TrialTimelineCheck.self,
        WeeklyPlanCheck.self, LockedPricingCheck.self, TemplateCheck.self, RevenueCatLocalizationCheck.self,
        PerUnitOnlyCheck.self, ForbidWordsCheck.self, RequireWordsCheck.self, PriceLiteralCheck.self,
        SavingsLiteralCheck.self, UrgencyCheck.self, TrialTermsCheck.self, DisclosureCheck.self,
        CalmToneCheck.self,
        ConfirmshamingCheck.self,
    ]
}
