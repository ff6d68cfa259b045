import Foundation
import Testing

@testable import PaywallLint
@testable import PaywallLintYAML

/// Paths of the repository and of the shared folder beside it.
enum Paths {
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()
    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
    /// Whether `../shared` (the spec, real fixtures from other projects, the SARIF validator) is
    /// beside the repository: CI has it; a fresh clone alone does not.
    static let hasShared = FileManager.default.fileExists(
        atPath: shared.appendingPathComponent("fixtures").path)
    static let fixtures = repository.appendingPathComponent("Tests/PaywallLintTests/Fixtures")
    static let examples = repository.appendingPathComponent("Examples")
}

extension Trait where Self == ConditionTrait {
    /// For tests that read `../shared`: skipped, with the reason, where it is absent.
    static var needsShared: Self {
        .enabled(if: Paths.hasShared, "needs ../shared (the spec and the real fixtures), which CI provides")
    }
}

/// A fresh, empty folder in the temporary directory, named `prefix-UUID`. The caller removes it
/// with `defer { removeScratchDirectory(url) }`, so test runs leave nothing behind.
func makeScratchDirectory(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func removeScratchDirectory(_ url: URL) {
    try? FileManager.default.removeItem(at: url)
}

/// Reads text as a file named `name` (its extension picks YAML or JSON).
func read(_ text: String, name: String = "test.yaml", limits: ReadLimits = .default) -> ReadResult {
    DocumentReader.read(SourceFile(path: name, text: text), limits: limits)
}

func findingsSummary(_ findings: [Finding]) -> [String] {
    findings.sorted(by: Finding.reportOrder).map { "\($0.span.start) \($0.ruleID)" }
}

/// The path-independent form of a pair: `line:col-line:col`.
func spanText(_ node: Node) -> String { "\(node.start)-\(node.end)" }

/// Runs a command and returns its exit status and standard output.
@discardableResult
func runProcess(_ executable: String, _ arguments: [String], input: Data? = nil, currentDirectory: URL? = nil)
    throws -> (status: Int32, output: String, error: String)
{
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    // A process that exits before reading its input must not end the tests with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    if let input { try? stdin.fileHandleForWriting.write(contentsOf: input) }
    try? stdin.fileHandleForWriting.close()
    let outData = stdout.fileHandleForReading.readDataToEndOfFile()
    let errData = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errData, as: UTF8.self)
    )
}

/// A small deterministic generator (SplitMix64) for reproducible random tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The tests read YAML (paywalls, configurations, packs), which the core reads only once
/// libyaml is enabled, as the command line does at its start.
struct EnablesYAML: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        YAMLSupport.enable()
        try await function()
    }
}

extension Trait where Self == EnablesYAML {
    static var yaml: Self { EnablesYAML() }
}
