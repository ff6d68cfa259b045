// swift-tools-version: 6.0
// An app's paywall loader, as a command-line stand-in: decode a remote config, validate it with
// PaywallLint's core (no libyaml, no build plugin), and fall back to the bundled paywall.
import PackageDescription

let package = Package(
    name: "InAppValidation",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "paywall-lint", path: "../..")],
    targets: [
        .executableTarget(
            name: "InAppValidation",
            dependencies: [.product(name: "PaywallLint", package: "paywall-lint")]
        )
    ],
    swiftLanguageModes: [.v6]
)
