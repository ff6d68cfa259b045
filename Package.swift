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
            ],
            // A release build on Linux is one static binary: no dynamic loader resolving the Swift
            // runtime at every start (a pre-commit hook pays that per commit, and pre-commit builds
            // with a plain `swift build -c release`). The two libraries are FoundationEssentials'
            // own (through ArgumentParser), which a build without --static-swift-stdlib does not
            // name.
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
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
