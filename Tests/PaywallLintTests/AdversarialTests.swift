import Foundation
import Testing

@testable import PaywallLint

/// Hostile inputs through the whole CLI: each gives its documented diagnostic and exit code,
/// within a bound on time and on the child's peak memory.
@Suite("Adversarial inputs", .yaml, .serialized)
struct AdversarialTests {
    struct Run {
        var status: Int32
        var output: String
        var seconds: Double
        var peakMegabytes: Double
    }

    func lint(_ name: String, _ bytes: [UInt8], _ arguments: [String] = []) throws -> Run {
        let directory = try makeScratchDirectory("pl-adv")
        defer { removeScratchDirectory(directory) }
        try Data(bytes).write(to: directory.appendingPathComponent(name))
        let clock = ContinuousClock()
        var result: (status: Int32, output: String, error: String)?
        let elapsed = try clock.measure {
            result = try runCLI(["--pack", "core", name] + arguments, in: directory)
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Run(
            status: result!.status, output: result!.output + result!.error, seconds: seconds,
            peakMegabytes: Double(usage.ru_maxrss) / 1024)
    }

    @Test("a 100 MB file is refused at 1:1 without being read")
    func hugeFile() throws {
        let directory = try makeScratchDirectory("pl-huge")
        defer { removeScratchDirectory(directory) }
        let path = directory.appendingPathComponent("huge.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 100 << 20)  // sparse: 100 MB without writing them
        try handle.close()
        let clock = ContinuousClock()
        // Named, and found by walking the folder (where only reading it tells its size).
        for arguments in [["huge.yaml"], ["."]] {
            var result: (status: Int32, output: String, error: String)?
            let elapsed = try clock.measure { result = try runCLI(arguments, in: directory) }
            #expect(result?.status == 1)
            #expect(
                result?.output.contains(
                    "huge.yaml:1:1: error: the file is 102400 KiB, over the limit of 8192 KiB") == true,
                "\(arguments)")
            #expect(elapsed < .seconds(5))
        }
    }

    @Test("a 1 MB single-line scalar stops at the scalar limit")
    func longScalar() throws {
        let run = try lint(
            "long.yaml", Array(("headline: " + String(repeating: "x", count: 1 << 20) + "\n").utf8))
        #expect(run.status == 1)
        #expect(
            run.output.contains(
                "long.yaml:1:11: error: a scalar of 1024 KiB is longer than the limit of 64 KiB"))
        #expect(run.seconds < 5)
        #expect(run.peakMegabytes < 300)
    }

    @Test("a billion-laughs file ends fast with core/limits")
    func billionLaughs() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text +=
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
                + "]\n"
            previous = name
        }
        let run = try lint("laughs.yaml", Array(text.utf8))
        #expect(run.status == 1)
        #expect(run.output.contains("[core/limits]"))
        #expect(run.seconds < 5)
    }

    @Test("100,000 nested flow collections in YAML and JSON", arguments: ["deep.yaml", "deep.json"])
    func deepFlow(name: String) throws {
        let run = try lint(name, Array((String(repeating: "[{\"a\": ", count: 50_000)).utf8))
        #expect(run.status == 1)
        #expect(run.output.contains("nesting is deeper than 64 levels"))
        #expect(run.seconds < 5)
    }

    @Test("lone CR line ends count as lines; tags are kept; !!binary is not copy text")
    func lineEndsAndTags() throws {
        let run = try lint("cr.yaml", Array("paywall: 1\rheadline: Go\rheadline: again\r".utf8))
        #expect(run.output.contains("cr.yaml:3:1: error: duplicate key \"headline\""))
        let document = try #require(
            DocumentReader.read(SourceFile(path: "t.yaml", text: "a: !custom x\nb: !!binary aGk=\n"))
                .documents.first)
        #expect(document.tag(of: document.value(of: document.root!, key: "a")!) == "!custom")
        #expect(document.tag(of: document.value(of: document.root!, key: "b")!) == "!!binary")
    }

    @Test("10,000 duplicate keys and 100,000 braces in copy stay fast")
    func manyDuplicatesAndBraces() throws {
        let keys = (0..<10_000).map { "k\($0 % 5000): \($0)" }.joined(separator: "\n")
        let duplicates = try lint("dups.yaml", Array(("paywall: 1\n" + keys + "\n").utf8))
        #expect(duplicates.status == 1)
        #expect(duplicates.seconds < 10)
        let braces = try lint(
            "braces.yaml",
            Array(("paywall: 1\ncta: \"" + String(repeating: "{", count: 60_000) + "\"\n").utf8))
        #expect(braces.output.contains("[core/malformed-variable]"))
        #expect(braces.seconds < 10)
    }

    /// `apple/trial-terms` once paired every "free" with every period and frequency word: 3,000
    /// of each in one CTA did not finish in minutes (300 of each took 1.1 s).
    @Test("3,000 \"free\" and 3,000 \"per day\" in one CTA stay fast")
    func manyClaimsAndPeriods() throws {
        let cta =
            String(repeating: "free, ", count: 3000) + String(repeating: "per day ", count: 3000) + "try it"
        let run = try lint("claims.yaml", Array("paywall: 1\ncta: \"\(cta)\"\n".utf8), ["--pack", "apple"])
        #expect(run.output.contains("1 file checked"))
        #expect(run.seconds < 5)
    }

    /// NFKC orders the marks on a letter; 30,000 of them in mixed classes once took seconds
    /// (swapping them into order is quadratic).
    @Test("30,000 combining marks on one letter stay fast")
    func manyCombiningMarks() throws {
        let marks = String(repeating: "\u{301}\u{323}\u{327}", count: 10_000)
        let run = try lint("marks.yaml", Array("paywall: 1\ncta: \"Buy a\(marks) now\"\n".utf8))
        #expect(run.output.contains("1 file checked"))
        #expect(run.seconds < 5)
    }

    @Test("an empty file, a multi-document stream and a BOM")
    func emptyAndStreams() throws {
        let yaml = try lint("empty.yaml", [])
        #expect(yaml.status == 1 && yaml.output.contains("empty.yaml:1:1: error: the file holds no document"))
        let json = try lint("empty.json", [])
        #expect(json.status == 1)
        #expect(json.output.contains("empty.json:1:1: error: the file is empty"))
        let stream = try lint(
            "stream.yaml", Array("paywall: 1\nheadline: a\n---\npaywall: 1\nheadline: b\nheadline: c\n".utf8))
        #expect(stream.output.contains("stream.yaml:6:1: error: duplicate key"))
        #expect(
            try lint("bom.yaml", [0xEF, 0xBB, 0xBF] + Array("paywall: 1\nheadline: a\n".utf8)).status == 0)
    }
}
