import Foundation
import Testing

@testable import PaywallLint
@testable import paywall_lint

/// `fix` never corrupts or loses a file: positions agree with libyaml's, every fix is proved by
/// reading its result, and a file is replaced only as the same file, unchanged since it was read.
@Suite("Fixing files safely", .yaml)
struct FixSafetyTests {
    /// Runs the CLI in a scratch folder holding `files`; returns the run and the folder.
    func run(_ arguments: [String], files: [String: [UInt8]]) throws -> (
        status: Int32, output: String, error: String, folder: URL
    ) {
        let folder = try makeScratchDirectory("paywall-lint-fix")
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let result = try runCLI(arguments, in: folder)
        return (result.status, result.output, result.error, folder)
    }

    func contents(_ folder: URL, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test(
        "a line or paragraph separator or NEL inside a value moves no position: the fix lands on its value",
        arguments: ["\u{2028}", "\u{2029}", "\u{85}"], ["\n", ""])
    func unicodeLineBreaks(separator: String, ending: String) throws {
        let text =
            "paywall: 1\nheadline: \"Draw\(separator)more\"\nsubhead: Unlock all\npresentation: sheet\(ending)"
        let result = try run(["fix", "t.yaml"], files: ["t.yaml": Array(text.utf8)])
        defer { removeScratchDirectory(result.folder) }
        let fixed = String(decoding: try contents(result.folder, "t.yaml"), as: UTF8.self)
        #expect(fixed == text.replacingOccurrences(of: "sheet", with: "full_screen"))
        let positions = read("paywall: 1\nheadline: \"a\(separator)b\"\nx: 1\n")
        let root = try #require(positions.documents.first?.root)
        let document = positions.documents[0]
        let x = try #require(document.value(of: root, key: "x"))
        #expect(document[x].start == SourcePosition(line: 3, column: 4))
    }

    @Test("a fix of an anchored value is refused, with a note, and the file is left as it was")
    func anchoredValue() throws {
        let text =
            "paywall: 1\ngate: {free_uses: &n 3, period_hours: 24}\nclose: {visible: true, delay_seconds: *n}\n"
        let result = try run(["fix", "a.yaml"], files: ["a.yaml": Array(text.utf8)])
        defer { removeScratchDirectory(result.folder) }
        #expect(try contents(result.folder, "a.yaml") == Array(text.utf8))
        #expect(result.error.contains("fix for apple/close-delay not applied"))
        #expect(result.error.contains("fixed 0 problems in 0 files"))
    }

    @Test("the verifier refuses a fix that changes another value, and one that does not give its value")
    func verifier() throws {
        let file = SourceFile(path: "v.yaml", text: "a: &x 3\nb: *x\nc: sheet\n")
        let verifier = FixVerifier(file, limits: .default)
        let target = FixTarget(pointer: "/a", value: "0", isQuoted: false)
        #expect(verifier.refusal(of: Array("a: &x 0\nb: *x\nc: sheet\n".utf8), targets: [target]) != nil)
        #expect(verifier.refusal(of: Array("a: &x 3\nb: *x\nc: sheet\n".utf8), targets: [target]) != nil)
        let c = FixTarget(pointer: "/c", value: "full_screen", isQuoted: false)
        #expect(verifier.refusal(of: Array("a: &x 3\nb: *x\nc: full_screen\n".utf8), targets: [c]) == nil)
        #expect(verifier.refusal(of: Array("a: &x 3\nb: *x\nc: \"full_screen\"\n".utf8), targets: [c]) != nil)
        #expect(verifier.refusal(of: Array("a: &x 3\nb: *x\nc: [full_screen\n".utf8), targets: [c]) != nil)
    }

    @Test("a file edited after it was read is not replaced")
    func lostUpdate() throws {
        let folder = try makeScratchDirectory("paywall-lint-fix")
        defer { removeScratchDirectory(folder) }
        let path = folder.appendingPathComponent("p.yaml").path
        try Data("paywall: 1\npresentation: sheet\nextra: edit\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileSystem.ReadError.self) {
            try FileSystem.replaceFixed(
                path, original: Array("paywall: 1\npresentation: sheet\n".utf8),
                with: Array("paywall: 1\npresentation: full_screen\n".utf8))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("extra: edit\n"))
    }

    @Test("read-only files and files with other hard links are refused; owner and mode are kept")
    func sameFile() throws {
        let text = Array("paywall: 1\npresentation: sheet\n".utf8)
        let readOnly = try run(["--syntax-only", "r.yaml"], files: ["r.yaml": text])
        defer { removeScratchDirectory(readOnly.folder) }
        let path = readOnly.folder.appendingPathComponent("r.yaml").path
        chmod(path, 0o444)
        let refused = try runCLI(["fix", "r.yaml"], in: readOnly.folder)
        #expect(refused.status == 2)
        #expect(refused.error.contains("the file is read-only"))
        #expect(refused.error.contains("fixed 0 problems"))
        #expect(try contents(readOnly.folder, "r.yaml") == text)

        chmod(path, 0o640)
        link(path, readOnly.folder.appendingPathComponent("twin.yaml").path)
        let linked = try runCLI(["fix", "r.yaml"], in: readOnly.folder)
        #expect(linked.status == 2)
        #expect(linked.error.contains("hard links"))
        #expect(try contents(readOnly.folder, "twin.yaml") == text)
        unlink(readOnly.folder.appendingPathComponent("twin.yaml").path)

        if getuid() == 0 { chown(path, 65534, 65534) }
        let fixed = try runCLI(["fix", "r.yaml"], in: readOnly.folder)
        #expect(fixed.error.contains("fixed 1 problem in 1 file"))
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        if getuid() == 0 { #expect(info.st_uid == 65534 && info.st_gid == 65534) }
    }

    @Test("a report or baseline written over an input is refused, and the input kept")
    func outputIsInput() throws {
        let text = Array("paywall: 1\npresentation: sheet\n".utf8)
        for arguments in [
            ["--format", "json", "--output", "a.yaml", "a.yaml"], ["--write-baseline", "./a.yaml", "."],
        ] {
            let result = try run(arguments, files: ["a.yaml": text])
            defer { removeScratchDirectory(result.folder) }
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.contains("is an input of this run"))
            #expect(try contents(result.folder, "a.yaml") == text)
        }
    }

    @Test("the price fix writes {{ price }} only for one amount in the store's currency")
    func priceFixCurrency() throws {
        let storekit = try Data(contentsOf: Paths.examples.appendingPathComponent("sketchy/Sketchy.storekit"))
        let text = """
            paywall: 1
            headline: Only €3.99, $3.99$3.99 or $3.99
            products: [{id: com.sketchy.pro.weekly}]
            highlighted_product: com.sketchy.pro.weekly

            """
        let result = try run(
            ["fix", "--storekit", "S.storekit", "p.yaml"],
            files: ["p.yaml": Array(text.utf8), "S.storekit": Array(storekit)])
        defer { removeScratchDirectory(result.folder) }
        let fixed = String(decoding: try contents(result.folder, "p.yaml"), as: UTF8.self)
        #expect(fixed.contains("headline: \"Only €3.99, $3.99$3.99 or {{ price }}\""))
    }

    @Test("a negative close delay is reported and fixed to 0")
    func negativeDelay() throws {
        let text = "paywall: 1\nclose: {visible: true, delay_seconds: -5}\n"
        let result = try run(["fix", "d.yaml"], files: ["d.yaml": Array(text.utf8)])
        defer { removeScratchDirectory(result.folder) }
        #expect(
            String(decoding: try contents(result.folder, "d.yaml"), as: UTF8.self).contains(
                "delay_seconds: 0}"))
    }
}
