import Dispatch
#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

/// The rules of a run, compiled once: each rule's check built with its options and field.
/// Rules that are off are not compiled and never run.
package struct RuleEngine: Sendable {
    /// A class: the engine walks its rules for every file, and copying a rule's definition
    /// retained each of its strings.
    final class CompiledRule: Sendable {
        let definition: RuleDefinition
        let check: any Check
        let needs: Capabilities
        let needsStoreData: Bool

        init(definition: RuleDefinition, check: any Check, needs: Capabilities, needsStoreData: Bool) {
            self.definition = definition
            self.check = check
            self.needs = needs
            self.needsStoreData = needsStoreData
        }
    }

    let rules: [CompiledRule]
    /// What `run` reads of every rule for every file, as plain values and in arrays of their
    /// own: reading a rule's object or its ID retained them, and both workers retaining the same
    /// objects made each retain wait for the other core.
    private let plans: [RulePlan]
    /// `rules` again, without their references counted: `rules` keeps them.
    private let unretainedRules: [Unmanaged<CompiledRule>]
    private let ruleIDs: [String]
    /// The note that names the rules skipped for want of store data, for every subset of those
    /// rules (by `RulePlan.storeBit`): every file of a run without `--storekit` gets the note,
    /// and joining the IDs again for each cost a string and its parts. Empty past
    /// `storeRulesNoted` such rules.
    private let storeNotes: [String]
    /// Rule IDs another rule supersedes, by the superseding rule.
    let supersedes: [String: [String]]
    /// Distinct for each engine of the process: with a rule's index, it names the rule's
    /// detector in the findings a text keeps (`Template.detections`), which outlive a file and
    /// may meet another configuration's rules.
    private let identity: Int
    private static let engineCount = PlatformAtomic<Int>(0)

    package init(ruleSet: RuleSet) throws {
        var compiled: [CompiledRule] = []
        // Every rule's mistake in one run, not one per run.
        var errors: [ConfigurationError] = []
        var supersedes: [String: [String]] = [:]
        for rule in ruleSet.rules where rule.check != "reader" {
            do {
                compiled.append(try Self.compile(rule, vocabularies: ruleSet.vocabularies))
            } catch let error as ConfigurationError {
                errors.append(error)
            }
            if !rule.supersedes.isEmpty { supersedes[rule.descriptor.id] = rule.supersedes }
        }
        if let error = ConfigurationError.combined(errors) { throw error }
        rules = compiled
        var plans = compiled.map(RulePlan.init)
        unretainedRules = compiled.map(Unmanaged.passUnretained)
        let ruleIDs = compiled.map(\.definition.descriptor.id)
        let storeRules = compiled.indices.filter { compiled[$0].needsStoreData }
        if storeRules.count <= Self.storeRulesNoted {
            for (bit, index) in storeRules.enumerated() { plans[index].storeBit = 1 << bit }
            storeNotes = (0..<1 << storeRules.count).map { subset in
                Self.storeNote(storeRules.filter { plans[$0].storeBit & subset != 0 }.map { ruleIDs[$0] })
            }
        } else {
            storeNotes = []
        }
        self.plans = plans
        self.ruleIDs = ruleIDs
        self.supersedes = supersedes
        identity = Self.engineCount.wrappingIncrementThenLoad(by: 1, ordering: .relaxed)
    }

    /// Past this many rules that need store data, the notes for their subsets are not made ahead.
    private static let storeRulesNoted = 6

    private static func storeNote(_ ids: [String]) -> String {
        "skipped (need store data, give --storekit): " + ids.joined(separator: ", ")
    }

    static func compile(_ rule: RuleDefinition, vocabularies: [String: [String]]) throws -> CompiledRule {
        let id = rule.descriptor.id
        func error(_ message: String, option: String? = nil, at span: SourceSpan? = nil) -> ConfigurationError
        {
            if let option, let span = rule.optionLocations[option] {
                return ConfigurationError(
                    path: rule.optionPaths[option] ?? rule.packPath, span: span,
                    message: "rule \(id): \(message)")
            }
            return ConfigurationError(
                path: rule.packPath, span: span ?? rule.location, message: "rule \(id): \(message)")
        }
        guard let type = CheckRegistry.checks[rule.check] else {
            var message = "unknown check '\(rule.check)'"
            if let nearest = Suggestion.nearest(to: rule.check, in: CheckRegistry.names) {
                message += "; did you mean '\(nearest)'?"
            }
            throw error(message, at: rule.checkLocation)
        }
        let known = type.options.map(\.name)
        for name in rule.options.keys.sorted() where !known.contains(name) {
            var message = "check '\(type.name)' has no option '\(name)'"
            if let nearest = Suggestion.nearest(to: name, in: known) {
                message += "; did you mean '\(nearest)'?"
            }
            if known.isEmpty { message += " (it takes none)" }
            throw error(message, option: name)
        }
        for option in type.options where option.required && rule.options[option.name] == nil {
            throw error("check '\(type.name)' needs option '\(option.name)': \(option.summary)")
        }
        var selector: FieldSelector?
        switch (type.field, rule.field) {
        case (.required, nil): throw error("check '\(type.name)' needs a 'field'")
        case (.forbidden, .some): throw error("check '\(type.name)' takes no 'field'")
        case (_, .some(let name)):
            guard let compiled = FieldSelector.compile(name) else {
                var message = "unknown field '\(name)'"
                if let nearest = Suggestion.nearest(to: name, in: FieldSelector.names) {
                    message += "; did you mean '\(nearest)'?"
                }
                throw error(message, at: rule.fieldLocation)
            }
            selector = compiled
        default: break
        }
        let check = try type.init(CheckSetup(rule: rule, vocabularies: vocabularies, selector: selector))
        return CompiledRule(
            definition: rule, check: check, needs: (selector?.needs ?? []).union(type.needs),
            needsStoreData: type.needsStoreData)
    }

    /// Runs every applicable rule on a paywall. `notes` receives why rules were skipped.
    /// `sideBySide` chooses the two-thread run, which by default `Paywall.isLarge` decides.
    /// The paywall is `inout` so that the rules' context can read it where it is (see
    /// `RuleContext`): a copy would retain, and then release, each of its fields.
    func run(on paywall: inout Paywall, store: StoreData?, notes: inout [String], sideBySide: Bool? = nil)
        -> [Finding]
    {
        // The skipped rules' bits when their notes are made ahead, else their IDs.
        var skippedForStore = 0
        var skippedIDs: [String] = []
        var applicable: [Int] = []
        applicable.reserveCapacity(plans.count)
        let dialect = RulePlan.bit(of: paywall.dialect)
        let capabilities = paywall.capabilities
        for index in plans.indices {
            let plan = plans[index]
            if plan.dialects != 0 && plan.dialects & dialect == 0 { continue }
            if !capabilities.isSuperset(of: plan.needs) { continue }
            if plan.needsStoreData && store == nil {
                if plan.storeBit != 0 {
                    skippedForStore |= plan.storeBit
                } else {
                    skippedIDs.append(ruleIDs[index])
                }
                continue
            }
            applicable.append(index)
        }
        if skippedForStore != 0 { notes.append(storeNotes[skippedForStore]) }
        if !skippedIDs.isEmpty { notes.append(Self.storeNote(skippedIDs)) }
        guard !applicable.isEmpty else { return [] }
        let findings =
            sideBySide ?? paywall.isLarge
            ? runSideBySide(applicable, on: &paywall, store: store)
            : runInTurn(applicable, on: &paywall, store: store)
        return dropSuperseded(findings)
    }

    private func runInTurn(_ indices: [Int], on paywall: inout Paywall, store: StoreData?) -> [Finding] {
        var findings: [Finding] = []
        withUnsafeMutablePointer(to: &paywall) { paywall in
            var context = RuleContext(paywall: paywall, store: store, ruleIDs: ruleIDs)
            for index in indices {
                context.start(plans[index], engine: identity, index: index)
                // Run in place through the unretained rule: copying the check out retained its box.
                unretainedRules[index]._withUnsafeGuaranteedRef { $0.check.run(&context) }
                if !context.findings.isEmpty { findings += context.findings }
            }
        }
        return findings
    }

    /// The rules shared out between two threads as each is free, their findings put back in rule
    /// order: the output is the same whichever thread ran a rule.
    private func runSideBySide(_ indices: [Int], on paywall: inout Paywall, store: StoreData?) -> [Finding] {
        let byRule = Locked([[Finding]](repeating: [], count: indices.count))
        let next = PlatformAtomic<Int>(0)
        // Both threads read the one paywall (the rules never write to it).
        withUnsafeMutablePointer(to: &paywall) { paywall in
            let lent = LentPaywall(pointer: paywall)
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                var context = RuleContext(paywall: lent.pointer, store: store, ruleIDs: ruleIDs)
                while true {
                    let position = next.loadThenWrappingIncrement(by: 1, ordering: .relaxed)
                    guard position < indices.count else { return }
                    let index = indices[position]
                    context.start(plans[index], engine: identity, index: index)
                    unretainedRules[index]._withUnsafeGuaranteedRef { $0.check.run(&context) }
                    let found = context.findings
                    byRule.withLock { $0[position] = found }
                }
            }
        }
        return byRule.withLock { $0.flatMap { $0 } }
    }

    /// The paywall both threads of `runSideBySide` read, for the length of its run.
    private struct LentPaywall: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<Paywall>
    }

    /// One problem, one finding: where a rule that supersedes another reported on a node or
    /// span, the other rule's findings there are dropped, and so are its findings about things
    /// missing from the whole document (a missing locale explains a missing headline).
    private func dropSuperseded(_ findings: [Finding]) -> [Finding] {
        guard !supersedes.isEmpty else { return findings }
        var silenced: [(rule: String, pointer: String, span: SourceSpan)] = []
        for finding in findings {
            for other in supersedes[finding.ruleID] ?? [] {
                silenced.append((other, finding.pointer, finding.span))
            }
        }
        guard !silenced.isEmpty else { return findings }
        return findings.filter { finding in
            !silenced.contains {
                $0.rule == finding.ruleID
                    && ($0.pointer == finding.pointer || $0.span == finding.span || finding.pointer.isEmpty)
            }
        }
    }
}

/// A rule as `RuleEngine.run` reads it for every file: when it applies, and how it reports.
struct RulePlan: Sendable {
    /// The dialects it applies to, a bit each (`bit(of:)`); zero for every dialect.
    let dialects: UInt8
    let needs: Capabilities
    let needsStoreData: Bool
    let severity: Severity
    let defaultLocaleOnly: Bool
    /// For a rule that needs store data, its bit in the engine's notes about skipped rules
    /// (`RuleEngine.storeNotes`); zero otherwise, or when those notes are not made ahead.
    var storeBit = 0

    init(_ rule: RuleEngine.CompiledRule) {
        dialects = rule.definition.dialects.reduce(0) { $0 | Self.bit(of: $1) }
        needs = rule.needs
        needsStoreData = rule.needsStoreData
        severity = rule.definition.descriptor.severity
        defaultLocaleOnly = rule.definition.defaultLocaleOnly
    }

    static func bit(of dialect: Dialect) -> UInt8 {
        switch dialect {
        case .canonical: 1
        case .remoteConfig: 2
        case .revenueCat: 4
        case .generic: 8
        case .revenueCatV2: 16
        }
    }
}
