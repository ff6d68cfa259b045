import Foundation
import Testing

/// Compares output with a reviewed golden file under Fixtures/golden; `UPDATE_GOLDEN=1 swift test`
/// rewrites them (review the diff before committing).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
{
    let url = Paths.fixtures.appendingPathComponent("golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "missing golden file \(name); run UPDATE_GOLDEN=1 swift test", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "output differs from golden file \(name)", sourceLocation: sourceLocation)
}

/// The built `paywall-lint` binary, beside the test bundle.
let cliPath: String = {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    while directory.path != "/" {
        let candidate = directory.appendingPathComponent("paywall-lint")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate.path }
        directory.deleteLastPathComponent()
    }
    return Paths.repository.appendingPathComponent(".build/debug/paywall-lint").path
}()

/// Runs the CLI in the repository folder.
func runCLI(_ arguments: [String], input: String? = nil, in directory: URL = Paths.repository) throws -> (
    status: Int32, output: String, error: String
) {
    try runProcess(cliPath, arguments, input: input.map { Data($0.utf8) }, currentDirectory: directory)
}

/// Runs ../shared/sarif/validate-sarif on SARIF text; returns its last line and status, or nil
/// without `../shared` (the golden files still check the output).
func validateSARIF(_ sarif: String) throws -> (status: Int32, summary: String)? {
    guard Paths.hasShared else { return nil }
    let validator = Paths.shared.appendingPathComponent("sarif/validate-sarif").path
    let result = try runProcess("/usr/bin/env", ["python3", validator, "-"], input: Data(sarif.utf8))
    let lines = (result.output + result.error).split(separator: "\n")
    return (result.status, lines.last.map(String.init) ?? "")
}
