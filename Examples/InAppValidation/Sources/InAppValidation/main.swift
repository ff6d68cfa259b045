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
        id: "com.app.pro.weekly", type: .autoRenewable, displayPrice: "$3.99",
        period: SubscriptionPeriod(iso: "P1W"), introductoryOffer: nil)
])

let validator = try PaywallValidator(packs: ["recommended"])

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
