// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "paywall-lint",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "PaywallLint", targets: ["PaywallLint"]),
        .executable(name: "paywall-lint", targets: ["paywall-lint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // libyaml, from the system (Debian: libyaml-dev). Its event API gives a
        // start and end mark for every node.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The linter core: no CLI code, so an app can validate a remote config with it.
        .target(
            name: "PaywallLint",
            dependencies: ["CYAML"],
            plugins: ["EmbedRulePacks"]
        ),
        .executableTarget(
            name: "paywall-lint",
            dependencies: [
                "PaywallLint",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Compiles Rules/*.yml into the library, so Rules/ stays the single source of truth
        // and a binary copied alone still has every built-in pack.
        .executableTarget(name: "embed-rule-packs", dependencies: ["CYAML"], path: "Sources/embed-rule-packs"),
        .plugin(
            name: "EmbedRulePacks",
            capability: .buildTool(),
            dependencies: ["embed-rule-packs"],
            path: "Sources/EmbedRulePacksPlugin"
        ),
        .testTarget(
            name: "PaywallLintTests",
            dependencies: ["PaywallLint", "paywall-lint"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
