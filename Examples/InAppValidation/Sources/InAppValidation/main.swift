import Foundation
import PaywallLint

/// The paywall the app shows: the one from remote config when it passes, else the bundled one.
struct PaywallConfig: Decodable, Equatable {
    var id: String
    var headline: String
    var ctaTitle: String
    var productIDs: [String]

    static let bundled = PaywallConfig(
        id: "bundled", headline: "Do more with Pro", ctaTitle: "Continue", productIDs: ["com.app.pro.weekly"])
}

/// The products as StoreKit reports them on the device.
let products = StoreData(products: [
    StoreData.Product(
        id: "com.app.pro.weekly", type: .autoRenewable, displayPrice: "3.99",
        period: SubscriptionPeriod(iso: "P1W"), introductoryOffer: nil)
])

/// The most memory the process has held so far, in megabytes.
func peakMegabytes() -> Int {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024  // kilobytes on Linux
    #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / (1024 * 1024)  // bytes on Darwin
    #endif
}

let peakBefore = peakMegabytes()
let clock = ContinuousClock()
let started = clock.now
let validator = try PaywallValidator(packs: ["recommended"])
let setUp = clock.now - started

// `--measure FILE`: the on-device budget — set-up, one validation, memory.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--measure" {
    let data = Array(try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2])))
    let runs = 1_000
    let start = clock.now
    var passed = 0
    for _ in 0..<runs where validator.validate(json: data, dialect: .remoteConfig, store: products).passes {
        passed += 1
    }
    let each = (clock.now - start) / runs
    print("set-up: \(setUp)")
    print("one validation of \(data.count) bytes: \(each) (\(passed) of \(runs) passed)")
    print("memory: \(peakMegabytes() - peakBefore) MB more than the process held before the validator")
    exit(0)
}

/// Decode → validate → fall back.
func paywallToShow(remote data: Data) -> (PaywallConfig, [Finding]) {
    let result = validator.validate(json: Array(data), dialect: .remoteConfig, store: products)
    guard result.passes, let config = try? JSONDecoder().decode(PaywallConfig.self, from: data) else {
        return (.bundled, result.findings)
    }
    return (config, result.findings)
}

// Each file named on the command line is one remote config the app received.
var shownBundled = 0
for path in CommandLine.arguments.dropFirst() {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let (shown, findings) = paywallToShow(remote: data)
    print("\(URL(fileURLWithPath: path).lastPathComponent): shows \(shown.id)")
    for finding in findings where finding.severity == .error {
        print("  \(finding.ruleID) at \(finding.pointer): \(finding.message)")
    }
    if shown == .bundled { shownBundled += 1 }
}
print("\(shownBundled) of \(CommandLine.arguments.count - 1) configs fell back to the bundled paywall")
