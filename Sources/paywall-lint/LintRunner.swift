import Dispatch
import PaywallLint
import Synchronization

/// Lints input files on all cores, in batches, and hands each report to `emit` in input order,
/// so output is the same bytes whatever the scheduling and memory stays bounded.
struct LintRunner {
    /// Linters by index (one per distinct set of config overrides).
    let linters: [Linter]
    let stdinFilename: String?
    /// Apply safe fixes: write them, or only show them as a diff.
    var fixMode: FixMode?
    /// One per worker thread, kept from batch to batch: the files of a repository repeat most
    /// of their copy, and a worker reads each text once.
    private let workers = Workers(count: FileSystem.processorCount)
    static let batchSize = 256

    enum FixMode: Sendable {
        case write
        case diff
    }

    func run(_ inputs: [(InputFile, Int)], emit: (FileReport, FixResult?) -> Void) -> [ToolNotification] {
        var problems: [ToolNotification] = []
        var batches = stride(from: 0, to: inputs.count, by: Self.batchSize).map {
            Array(inputs[$0..<min($0 + Self.batchSize, inputs.count)])
        }[...]
        guard let first = batches.popFirst() else { return [] }
        var linted = lintBatch(first)
        while true {
            // The next batch is linted while this one is written out, so the cores never wait
            // for the reporters.
            let next = Pending()
            let group = DispatchGroup()
            if let batch = batches.popFirst() {
                DispatchQueue.global().async(group: group) { next.outcomes = self.lintBatch(batch) }
            }
            for result in linted {
                switch result {
                case .report(let report, let fixed): emit(report, fixed)
                case .unreadable(let problem): problems.append(problem)
                case .none: break
                }
            }
            group.wait()
            guard let outcomes = next.outcomes else { break }
            linted = outcomes
        }
        return problems
    }

    /// The outcomes of the batch being linted in the background; read after its group is waited on.
    private final class Pending: @unchecked Sendable {
        var outcomes: [Outcome]?
    }

    /// What fixing a file did: how many fixes, and the diff of the change.
    struct FixResult: Sendable {
        var count: Int
        var diff: String
        var writeError: String?
    }

    private enum Outcome: Sendable {
        case report(FileReport, FixResult?)
        case unreadable(ToolNotification)
        case none

        /// Frees the file's documents and models on the worker that made them: reporters read
        /// only findings, and hundreds of objects a file freed by the writing thread contended
        /// with the workers for their allocator's locks (thousands of context switches for
        /// 10,000 files) and kept a whole batch's models alive.
        /// A large model (`Paywall.isLarge`) is instead freed on a queue of its own,
        /// beside the lint of the next file and the writing of this one's findings: freeing the
        /// hundreds of thousands of objects of a 5 MB file took about a tenth of its lint, on
        /// the worker, after its last rule. The process does not wait for it to end.
        mutating func dropModels() {
            guard case .report(var report, let fixed) = self, !report.paywalls.isEmpty else { return }
            self = .none
            if report.paywalls.contains(where: \.isLarge) {
                let models = report.paywalls
                Outcome.freeing.async { withExtendedLifetime(models) {} }
            }
            report.paywalls = []
            self = .report(report, fixed)
        }

        private static let freeing = DispatchQueue(label: "paywall-lint.free-models")
    }

    private func lintBatch(_ batch: [(InputFile, Int)]) -> [Outcome] {
        let slots = Slots(count: batch.count)
        defer { slots.deallocate() }
        let linters = self.linters
        let stdinFilename = self.stdinFilename
        let fixMode = self.fixMode
        let workers = self.workers
        // Each worker takes the next file until none is left, with its own template cache.
        let next = Atomic<Int>(0)
        let workerCount = min(workers.caches.count, batch.count)
        @Sendable func work(_ worker: Int) {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < batch.count else { return }
                let (input, linter) = batch[index]
                var outcome = Self.lint(
                    input, linter: linters[linter], templates: workers.caches[worker],
                    stdinFilename: stdinFilename, fixMode: fixMode)
                outcome.dropModels()
                slots.set(index, outcome)
            }
        }
        if workerCount == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workerCount, execute: work)
        }
        return slots.values
    }

    /// The workers' template caches. Worker `k` of a batch is the only one to use cache `k`, and
    /// one batch is linted at a time.
    private final class Workers: @unchecked Sendable {
        let caches: [TemplateCache]

        init(count: Int) {
            caches = (0..<count).map { _ in TemplateCache() }
        }
    }

    /// Result slots that worker threads fill, each index by exactly one thread.
    private struct Slots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Outcome>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: .none)
        }

        func set(_ index: Int, _ outcome: Outcome) { buffer[index] = outcome }
        var values: [Outcome] { Array(buffer) }

        func deallocate() {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    private static func lint(
        _ input: InputFile, linter: Linter, templates: TemplateCache, stdinFilename: String?,
        fixMode: FixMode?
    ) -> Outcome {
        let limit = linter.options.limits.maxFileBytes
        if input.isStandardInput {
            do {
                let bytes = try FileSystem.readStandardInput(limit: limit)
                let name = stdinFilename ?? "<stdin>"
                return .report(
                    linter.lint(
                        SourceFile(path: name, bytes: bytes), explicitlyNamed: true, templates: templates),
                    nil)
            } catch {
                return .unreadable(ToolNotification(level: .error, message: "<stdin>: \(error.message)"))
            }
        }
        do {
            // An oversized file is refused from its size, without reading it.
            let (bytes, size) = try FileSystem.readWithSize(input.path, limit: limit)
            if size > limit { return .report(linter.oversizedReport(path: input.path, size: size), nil) }
            let file = SourceFile(path: input.path, bytes: bytes)
            let report = linter.lint(file, explicitlyNamed: input.explicitlyNamed, templates: templates)
            guard let fixMode else { return .report(report, nil) }
            return fix(
                report, linter: linter, explicitlyNamed: input.explicitlyNamed, templates: templates,
                mode: fixMode)
        } catch {
            return .unreadable(
                ToolNotification(
                    level: .error, message: "\(input.path): cannot read: \(error.message)", path: input.path))
        }
    }

    /// Applies safe fixes until none are left (a fix can make room for another), at most a few
    /// rounds; writes the file atomically, or only reports the diff.
    private static func fix(
        _ first: FileReport, linter: Linter, explicitlyNamed: Bool, templates: TemplateCache, mode: FixMode
    ) -> Outcome {
        var report = first
        var count = 0
        for _ in 0..<4 {
            guard let (bytes, applied) = Fixer.apply(report.findings, to: report.file) else { break }
            count += applied
            report = linter.lint(
                SourceFile(path: report.file.path, bytes: bytes), explicitlyNamed: explicitlyNamed,
                templates: templates)
        }
        guard count > 0 else { return .report(report, nil) }
        var result = FixResult(
            count: count,
            diff: Fixer.unifiedDiff(path: report.file.path, old: first.file.bytes, new: report.file.bytes))
        if mode == .write {
            do {
                try FileSystem.writeAtomically(report.file.path, report.file.bytes)
            } catch {
                result.writeError = error.message
                return .report(first, result)
            }
        }
        return .report(mode == .write ? report : first, result)
    }
}
