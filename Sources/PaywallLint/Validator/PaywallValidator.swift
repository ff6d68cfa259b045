/// Validates a paywall configuration before an app renders it: decode, validate, and fall back
/// to the cached or bundled paywall when anything is off.
///
/// ```swift
/// let validator = try PaywallValidator(packs: ["recommended"])   // once; reusable, thread-safe
/// let result = validator.validate(json: Array(data), dialect: .remoteConfig, store: products)
/// if result.passes { render(config) } else { log(result.findings); render(.bundled) }
/// ```
///
/// The built-in packs are compiled in; nothing is read from disk or the network.
public struct PaywallValidator: Sendable {
    private let linter: Linter
    private let failOn: Severity

    /// - Parameters:
    ///   - packs: built-in packs to run (`core`, `apple`, `recommended`, `sketchy`, `revenuecat`).
    ///   - failOn: the lowest severity that makes a paywall fail.
    /// - Throws: `ConfigurationError` for an unknown pack.
    public init(packs: [String] = ["recommended"], failOn: Severity = .error) throws {
        let library = try PackLibrary.builtIn(documented: false)
        linter = try Linter(ruleSet: try RuleSet(packs: packs, library: library))
        self.failOn = failOn
    }

    /// Validates one paywall given as JSON (UTF-8).
    /// - Parameters:
    ///   - json: the configuration's bytes.
    ///   - dialect: the paywall's format; nil detects it (`paywall: 1`, remote-config keys, RevenueCat).
    ///   - store: the products as StoreKit knows them on the device, so the checks that need
    ///     prices, periods and offers run (products that exist, the highlighted one among them,
    ///     "free" only where there is a free trial).
    public func validate(json: some Collection<UInt8>, dialect: Dialect? = nil, store: StoreData? = nil)
        -> ValidationResult
    {
        var options = linter.options
        options.dialect = dialect
        options.store = store
        let report = linter.with(options: options).lint(
            SourceFile(path: "paywall.json", bytes: Array(json), format: .json))
        return ValidationResult(findings: report.findings, failOn: failOn)
    }

    /// Validates one paywall given as JSON text.
    public func validate(json text: String, dialect: Dialect? = nil, store: StoreData? = nil)
        -> ValidationResult
    {
        validate(json: Array(text.utf8), dialect: dialect, store: store)
    }
}

/// What validating a paywall found.
public struct ValidationResult: Sendable {
    /// Every problem, in the order of the text: each with its rule, severity, message, position
    /// and the JSON pointer of the value it is about.
    public let findings: [Finding]
    let failOn: Severity

    /// Whether the paywall can be shown: no finding at or above the validator's `failOn`.
    public var passes: Bool { !findings.contains { $0.severity >= failOn } }
}
