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

    func run(_ inputs: [(InputFile, Int)], emit: (FileReport, FixResult?) -> Void) -> [ToolNotification] {
        var problems: [ToolNotification] = []
        func hand(_ outcome: consuming Outcome) {
            switch outcome {
            case .report(let report, let fixed): emit(report, fixed)
            case .unreadable(let problem): problems.append(problem)
            case .none: break
            }
        }
        let workerCount = min(workers.caches.count, inputs.count)
        guard workerCount > 1 else {
            // One processor, or one file: no thread to hand over to.
            for input in inputs { hand(lint(input, worker: 0)) }
            return problems
        }
        // The workers take the files in order, one at a time, and this thread writes each report
        // out as soon as its file and every one before it are linted. No worker waits at the end
        // of a batch: one waits only when it is `window` files ahead of the writing.
        let pipeline = Pipeline(count: inputs.count, window: window, workers: workerCount)
        for worker in 0..<workerCount {
            DispatchQueue.global().async {
                while let index = pipeline.claim(worker: worker) {
                    pipeline.deliver(self.lint(inputs[index], worker: worker), at: index)
                }
            }
        }
        for index in inputs.indices { hand(pipeline.take(index)) }
        return problems
    }

    private func lint(_ input: (InputFile, Int), worker: Int) -> Outcome {
        var outcome = Self.lint(
            input.0, linter: linters[input.1], templates: workers.caches[worker],
            stdinFilename: stdinFilename, fixMode: fixMode)
        outcome.dropModels()
        return outcome
    }

    /// Hands outcomes from the workers to the writing thread in input order. Workers claim
    /// indices in order and deliver them in any order; the writer takes them in order.
    private final class Pipeline: Sendable {
        private struct State {
            /// Delivered outcomes not yet taken, at their index modulo the window.
            var slots: [Outcome?]
            /// How many outcomes were taken: index `taken` is the next one the writer needs.
            var taken = 0
            /// The index the writer is waiting for, when it waits. It is woken once that outcome
            /// and the next `wakeRun - 1` are all delivered.
            var writerWaitsFor: Int?
            /// The workers waiting for the writer to make room.
            var workersWaiting: [Int] = []
        }

        private let count: Int
        private let window: Int
        private let next = Atomic<Int>(0)
        private let state: Mutex<State>
        private let delivered = DispatchSemaphore(value: 0)
        /// One per worker, so that a worker that wakes and must wait again cannot take
        /// another's wake-up.
        private let room: [DispatchSemaphore]
        private static let wakeRun = 32

        init(count: Int, window: Int, workers: Int) {
            self.count = count
            self.window = window
            room = (0..<workers).map { _ in DispatchSemaphore(value: 0) }
            state = Mutex(State(slots: Array(repeating: nil, count: window)))
        }

        /// The next index to lint, once the writer is less than a window behind it; nil when
        /// every file is claimed.
        func claim(worker: Int) -> Int? {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < count else { return nil }
            while true {
                let waits = state.withLock { state in
                    guard index >= state.taken + window else { return false }
                    state.workersWaiting.append(worker)
                    return true
                }
                guard waits else { return index }
                room[worker].wait()
            }
        }

        func deliver(_ outcome: consuming Outcome, at index: Int) {
            let wakesWriter = state.withLock { state in
                state.slots[index % window] = outcome
                guard let needed = state.writerWaitsFor else { return false }
                // Never past the window: those files wait for the writer to make room.
                for waited in needed..<min(needed + min(Self.wakeRun, window), count)
                where state.slots[waited % window] == nil {
                    return false
                }
                state.writerWaitsFor = nil
                return true
            }
            if wakesWriter { delivered.signal() }
        }

        /// Outcome `index`, once it is delivered; the writer takes indices in order.
        func take(_ index: Int) -> Outcome {
            while true {
                let (outcome, waiting) = state.withLock { state -> (Outcome?, [Int]) in
                    guard let outcome = state.slots[index % window].take() else {
                        // Woken for a run of outcomes rather than each one: a thread switch per
                        // file cost more than writing its report.
                        state.writerWaitsFor = index
                        return (nil, [])
                    }
                    state.taken = index + 1
                    var waiting: [Int] = []
                    swap(&waiting, &state.workersWaiting)
                    return (outcome, waiting)
                }
                for worker in waiting { room[worker].signal() }
                if let outcome { return outcome }
                delivered.wait()
            }
        }
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
        /// 10,000 files) and kept the models of every file ahead of the writing alive.
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
