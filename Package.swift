// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "paywall-lint",
    // The floor of the standard library's string algorithms (`contains`, `ranges(of:)`) that
    // the core uses; its locks and atomics (swift-atomics) work there too.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // The core: JSON, the model, the dialects, the rules and the built-in packs, with no C
        // dependency, so an app can validate a remote config on the device.
        .library(name: "PaywallLint", targets: ["PaywallLint"]),
        // YAML files (libyaml): what the command line adds to the core.
        .library(name: "PaywallLintYAML", targets: ["PaywallLintYAML"]),
        // Swift source (swift-syntax): paywall literals and SwiftUI presentations in an app's code.
        .library(name: "PaywallLintSwift", targets: ["PaywallLintSwift"]),
        .executable(name: "paywall-lint", targets: ["paywall-lint"]),
    ],
    // Reading Swift files needs swift-syntax, which more than doubles a clean release build (and
    // pre-commit's first run): a trait a build opts into (`--traits SwiftSource`).
    traits: [
        .trait(
            name: "SwiftSource",
            description: "Read Swift files (paywall literals, SwiftUI presentations) with swift-syntax")
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // libyaml, from the system (Debian: libyaml-dev). Its event API gives a
        // start and end mark for every node.
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The linter core: no CLI code and no C library. The built-in packs are compiled in
        // (Sources/PaywallLint/Engine/EmbeddedRulePacks.swift, generated from Rules/ by
        // embed-rule-packs and checked in), so adding the package needs no build plugin.
        .target(
            name: "PaywallLint",
            dependencies: [.product(name: "Atomics", package: "swift-atomics")]
        ),
        .target(
            name: "PaywallLintYAML",
            dependencies: ["PaywallLint", "CYAML", .product(name: "Atomics", package: "swift-atomics")]
        ),
        // Reads Swift files with swift-syntax (its parser only: no macros, no builder); without
        // the SwiftSource trait it is empty and swift-syntax is not built.
        .target(
            name: "PaywallLintSwift",
            dependencies: [
                "PaywallLint",
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["SwiftSource"])),
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["SwiftSource"])),
            ]
        ),
        .executableTarget(
            name: "paywall-lint",
            dependencies: [
                "PaywallLint", "PaywallLintYAML", "PaywallLintSwift",
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
        // Writes Rules/*.yml as the core's EmbeddedRulePacks.swift (JSON text, so the core reads
        // its packs without YAML): `swift run embed-rule-packs`; a test fails when it is stale.
        .executableTarget(name: "embed-rule-packs", dependencies: ["CYAML"], path: "Sources/embed-rule-packs"),
        .testTarget(
            name: "PaywallLintTests",
            dependencies: [
                "PaywallLint", "PaywallLintYAML", "PaywallLintSwift", "paywall-lint",
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["SwiftSource"])),
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["SwiftSource"])),
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
