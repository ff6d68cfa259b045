import Dispatch
import PaywallLint
import Synchronization

/// Lints input files on all cores, one file at a time, and hands each report to `emit` in input order,
/// so output is the same bytes whatever the scheduling and memory stays bounded.
struct LintRunner {
    /// Linters by index (one per distinct set of config overrides).
    let linters: [Linter]
    let stdinFilename: String?
    /// Apply safe fixes: write them, or only show them as a diff.
    var fixMode: FixMode?
    /// One per worker thread, kept from file to file: the files of a repository repeat most
    /// of their copy, and a worker reads each text once.
    private let workers: Workers
    /// How many files the workers may lint ahead of the report being written: enough that they
    /// do not wait for the writing, few enough that memory stays bounded.
    private let window: Int

    init(
        linters: [Linter], stdinFilename: String?, workerCount: Int = FileSystem.processorCount,
        window: Int = 512
    ) {
        self.linters = linters
        self.stdinFilename = stdinFilename
        workers = Workers(count: max(workerCount, 1))
        self.window = max(window, 1)
    }

    enum FixMode: Sendable {
        case write
        case diff
    }

    /// Lints `inputs`, each with the linter at its index in `linterIndices`.
    func run(
        _ inputs: [InputFile], linters linterIndices: [Int], emit: (FileReport, FixResult?) -> Void
    ) -> [ToolNotification] {
        withoutActuallyEscaping(emit) { emit in
            // Only the worker that holds the writing turn (`Pipeline.deliver`) calls it, and
            // every worker has ended before `run` returns.
            let writer = Writer(emit: emit)
            let workerCount = min(workers.caches.count, inputs.count)
            guard workerCount > 1 else {
                // One processor, or one file: no thread to hand over to.
                for index in inputs.indices {
                    writer.hand(lint(inputs[index], linter: linterIndices[index], worker: 0))
                }
                return writer.problems
            }
            // The workers take the files in order, one at a time. The one that delivers the
            // report the output needs next writes it, and every report after it that is ready:
            // no thread only writes, so two workers keep two cores busy without a third
            // thread to switch to. A worker waits only when it is `window` files ahead of the
            // writing. This thread is one of the workers.
            let pipeline = Pipeline(count: inputs.count, window: window, workers: workerCount)
            let work = { @Sendable (worker: Int) in
                while let index = pipeline.claim(worker: worker) {
                    let outcome = self.lint(inputs[index], linter: linterIndices[index], worker: worker)
                    pipeline.deliver(outcome, at: index, by: worker) { writer.hand($0) }
                }
            }
            let helpers = DispatchGroup()
            for worker in 1..<workerCount {
                DispatchQueue.global().async(group: helpers) { work(worker) }
            }
            work(0)
            helpers.wait()
            return writer.problems
        }
    }

    private func lint(_ input: InputFile, linter: Int, worker: Int) -> Outcome {
        var outcome = Self.lint(
            input, linter: linters[linter], templates: workers.caches[worker],
            stdinFilename: stdinFilename, fixMode: fixMode)
        outcome.dropModels()
        return outcome
    }

    /// Takes outcomes in input order: reports go to `emit`, unreadable files to `problems`.
    /// One thread at a time uses it, the one holding the writing turn.
    private final class Writer: @unchecked Sendable {
        let emit: (FileReport, FixResult?) -> Void
        var problems: [ToolNotification] = []

        init(emit: @escaping (FileReport, FixResult?) -> Void) {
            self.emit = emit
        }

        func hand(_ outcome: Outcome) {
            switch outcome {
            case .report(let report, let fixed): emit(report, fixed)
            case .unreadable(let problem): problems.append(problem)
            case .none: break
            }
        }
    }

    /// Hands outcomes from the workers to the output in input order. Workers claim indices in
    /// order and deliver them in any order; one worker at a time holds the writing turn.
    private final class Pipeline: Sendable {
        private struct State {
            /// Delivered outcomes not yet written, at their index modulo the window, with the
            /// worker that made each.
            var slots: [(outcome: Outcome, worker: Int)?]
            /// How many outcomes were taken for writing: index `taken` is the next one the
            /// output needs.
            var taken = 0
            /// Whether a worker holds the writing turn.
            var writing = false
            /// The workers waiting for the writing to make room.
            var workersWaiting: [Int] = []
            /// Outcomes another worker wrote, by the worker that made them, which frees them at
            /// its next claim. Freed by the writing worker, a report's memory went to that
            /// worker's allocator, and each worker came to lint in memory the other one had
            /// last touched.
            var written: [[Outcome]]
        }

        private let count: Int
        private let window: Int
        private let next = Atomic<Int>(0)
        private let state: Mutex<State>
        /// One per worker, so that a worker that wakes and must wait again cannot take
        /// another's wake-up.
        private let room: [DispatchSemaphore]

        init(count: Int, window: Int, workers: Int) {
            self.count = count
            self.window = window
            room = (0..<workers).map { _ in DispatchSemaphore(value: 0) }
            state = Mutex(
                State(
                    slots: Array(repeating: nil, count: window),
                    written: Array(repeating: [], count: workers)))
        }

        /// The next index to lint, once the writing is less than a window behind it; nil when
        /// every file is claimed. Frees the worker's outcomes that were written since its last
        /// claim.
        func claim(worker: Int) -> Int? {
            let index = next.add(1, ordering: .relaxed).oldValue
            var written: [Outcome] = []
            while true {
                let waits = state.withLock { state in
                    if written.isEmpty {
                        swap(&written, &state.written[worker])
                    } else {
                        written += state.written[worker]
                        state.written[worker].removeAll()
                    }
                    guard index < count, index >= state.taken + window else { return false }
                    state.workersWaiting.append(worker)
                    return true
                }
                guard waits else { return index < count ? index : nil }
                room[worker].wait()
            }
        }

        /// Puts outcome `index`, made by `worker`, in its place. Unless another worker holds
        /// the writing turn, this one takes it and writes, in order, every outcome that is
        /// ready from the one the output needs next; a worker holding the turn sees outcomes
        /// delivered while it writes. The worker that holds outcome `taken` never waits for
        /// room, so the turn always comes back.
        func deliver(
            _ outcome: consuming Outcome, at index: Int, by worker: Int, write: (Outcome) -> Void
        ) {
            var delivering: Outcome? = outcome
            var handingBack: (outcome: Outcome, worker: Int)?
            while true {
                let (next, waiting) = state.withLock { state -> ((outcome: Outcome, worker: Int)?, [Int]) in
                    if let written = handingBack.take() {
                        state.written[written.worker].append(written.outcome)
                    }
                    if let delivered = delivering.take() {
                        state.slots[index % window] = (delivered, worker)
                        guard !state.writing else { return (nil, []) }
                    }
                    guard let next = state.slots[state.taken % window].take() else {
                        state.writing = false
                        return (nil, [])
                    }
                    state.writing = true
                    state.taken += 1
                    var waiting: [Int] = []
                    swap(&waiting, &state.workersWaiting)
                    return (next, waiting)
                }
                for worker in waiting { room[worker].signal() }
                guard let next else { return }
                write(next.outcome)
                // This worker's own outcome is freed here; another's goes back to it.
                if next.worker != worker { handingBack = next }
            }
        }
    }

    /// What fixing a file did: how many fixes, and the diff of the change.
    struct FixResult: Sendable {
        var count: Int
        var diff: String
        /// Fixes left out, one line each.
        var refused: [String] = []
        /// Why the fixed file was not written; its fixes then count as none.
        var writeError: String?
        /// Standard input's text after `--fix` (the input itself when nothing was fixed), to be
        /// printed on standard output: it has no file to write to.
        var text: [UInt8]?
    }

    private enum Outcome: Sendable {
        case report(FileReport, FixResult?)
        case unreadable(ToolNotification)
        case none

        /// Frees the file's documents and models on the worker that made them, before the
        /// report waits for its turn to be written: reporters read only findings. Freed by a
        /// thread that only wrote (as it was), hundreds of objects a file contended with the
        /// workers for their allocator's locks, and the models of every file ahead of the
        /// writing stayed alive. A large model (`Paywall.isLarge`) is instead freed on a queue
        /// of its own, beside the lint of the next file and the writing of this one's findings:
        /// freeing the hundreds of thousands of objects of a 5 MB file took about a tenth of its
        /// lint, on the worker, after its last rule. The process does not wait for it to end.
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

    /// The workers' template caches. Worker `k` is the only one to use cache `k`, and one run
    /// lints at a time.
    private final class Workers: @unchecked Sendable {
        let caches: [TemplateCache]

        init(count: Int) {
            caches = (0..<count).map { _ in TemplateCache() }
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
                let report = linter.lint(
                    SourceFile(path: name, bytes: bytes), explicitlyNamed: input.explicitlyNamed,
                    templates: templates)
                guard let fixMode else { return .report(report, nil) }
                return fix(
                    report, linter: linter, explicitlyNamed: input.explicitlyNamed, templates: templates,
                    mode: fixMode, standardInput: true)
            } catch {
                return .unreadable(ToolNotification(level: .error, message: "<stdin>: \(error.message)"))
            }
        }
        do {
            // An oversized file is refused from its size, without reading it.
            let (bytes, size): ([UInt8], Int)
            if let systemPath = input.systemPath {
                (bytes, size) = try FileSystem.withSystemPath(systemPath) {
                    path throws(FileSystem.ReadError) in
                    try FileSystem.readWithSize(systemPath: path, limit: limit)
                }
            } else {
                (bytes, size) = try FileSystem.readWithSize(input.path, limit: limit)
            }
            if size > limit { return .report(linter.oversizedReport(path: input.path, size: size), nil) }
            let file = SourceFile(path: input.path, bytes: bytes)
            let report = linter.lint(file, explicitlyNamed: input.explicitlyNamed, templates: templates)
            guard let fixMode else { return .report(report, nil) }
            guard input.systemPath == nil else {
                // Written by its shown name, the fix would land in another file.
                return .report(
                    report,
                    FixResult(
                        count: 0, diff: "", refused: ["\(input.path): not fixed: its name is not UTF-8"]))
            }
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
    /// rounds; writes the file atomically, or only reports the diff. Fixes that reading the
    /// result could not prove are left out and named. `standardInput`: nothing is written; with
    /// `.write` the result carries the fixed text (the input when nothing was fixed).
    private static func fix(
        _ first: FileReport, linter: Linter, explicitlyNamed: Bool, templates: TemplateCache, mode: FixMode,
        standardInput: Bool = false
    ) -> Outcome {
        var report = first
        var count = 0
        var refused: [String] = []
        for _ in 0..<4 {
            let outcome = Fixer.apply(report.findings, to: report.file, limits: linter.options.limits)
            for (finding, reason) in outcome.refused {
                let note =
                    "\(report.file.path):\(finding.span.start): fix for \(finding.ruleID) not applied: \(reason)"
                if !refused.contains(note) { refused.append(note) }
            }
            guard let bytes = outcome.bytes else { break }
            count += outcome.count
            report = linter.lint(
                SourceFile(path: report.file.path, bytes: bytes), explicitlyNamed: explicitlyNamed,
                templates: templates)
        }
        guard count > 0 || !refused.isEmpty || (standardInput && mode == .write) else {
            return .report(report, nil)
        }
        var result = FixResult(
            count: count,
            diff: count == 0
                ? ""
                : Fixer.unifiedDiff(path: report.file.path, old: first.file.bytes, new: report.file.bytes),
            refused: refused)
        if standardInput {
            if mode == .write { result.text = report.file.bytes }
            return .report(mode == .write ? report : first, result)
        }
        if mode == .write && count > 0 {
            do {
                try FileSystem.replaceFixed(
                    report.file.path, original: first.file.bytes, with: report.file.bytes)
            } catch {
                result.writeError = error.message
                result.count = 0
                return .report(first, result)
            }
        }
        return .report(mode == .write ? report : first, result)
    }
}
