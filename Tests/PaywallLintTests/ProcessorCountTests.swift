import Foundation
import Testing

@testable import paywall_lint

/// The CLI runs a worker per processor it may use: its CPU affinity, not every processor of the
/// machine (a container given two of sixty-four).
@Suite("Processor count", .yaml)
struct ProcessorCountTests {
    @Test(
        "Cpus_allowed_list is counted",
        arguments: [
            ("Name:\tpaywall-lint\nCpus_allowed:\tf0f\nCpus_allowed_list:\t0-3,8,10-11\nMems:\t1\n", 7),
            ("Cpus_allowed_list:\t0\n", 1),
            ("Cpus_allowed_list:\t0-63\n", 64),
            ("Cpus_allowed_list:\t2,5\n", 2),
        ])
    func counted(_ status: String, _ count: Int) {
        #expect(FileSystem.allowedProcessorCount(status: Array(status.utf8)) == count)
    }

    @Test(
        "no list, or one that does not read, leaves the count to the machine",
        arguments: [
            "Name:\tx\n", "Cpus_allowed_list:\t\n", "Cpus_allowed_list:\t3-1\n", "Cpus_allowed_list:\tx\n",
        ])
    func unread(_ status: String) {
        #expect(FileSystem.allowedProcessorCount(status: Array(status.utf8)) == nil)
    }

    @Test("this process's count is at least one and at most the machine's")
    func thisProcess() {
        #expect(FileSystem.processorCount >= 1)
        #expect(FileSystem.processorCount <= ProcessInfo.processInfo.processorCount)
    }

    static let taskset = "/usr/bin/taskset"

    /// One allowed processor means one worker, linting in the calling thread: same bytes out.
    @Test(
        "under taskset -c 0 the output is the same bytes",
        .enabled(if: FileManager.default.isExecutableFile(atPath: taskset), "needs taskset (util-linux)"))
    func oneProcessor() throws {
        let alone = try runProcess(
            Self.taskset, ["-c", "0", cliPath, "Examples/"], currentDirectory: Paths.repository)
        let all = try runCLI(["Examples/"])
        #expect(alone.status == all.status)
        #expect(alone.output == all.output)
        #expect(alone.output.contains("Examples/"))
    }
}
