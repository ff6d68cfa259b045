import Dispatch
import PaywallLint

/// Lints input files on all cores, in batches, and hands each report to `emit` in input order,
/// so output is the same bytes whatever the scheduling and memory stays bounded.
struct LintRunner {
    /// Linters by index (one per distinct set of config overrides).
    let linters: [Linter]
    let stdinFilename: String?
    static let batchSize = 256

    func run(_ inputs: [(InputFile, Int)], emit: (FileReport) -> Void) -> [ToolNotification] {
        var problems: [ToolNotification] = []
        var start = 0
        while start < inputs.count {
            let batch = Array(inputs[start..<min(start + Self.batchSize, inputs.count)])
            let results = lintBatch(batch)
            for result in results {
                switch result {
                case .report(let report): emit(report)
                case .unreadable(let problem): problems.append(problem)
                case .none: break
                }
            }
            start += batch.count
        }
        return problems
    }

    private enum Outcome: Sendable {
        case report(FileReport)
        case unreadable(ToolNotification)
        case none
    }

    private func lintBatch(_ batch: [(InputFile, Int)]) -> [Outcome] {
        let slots = Slots(count: batch.count)
        defer { slots.deallocate() }
        let linters = self.linters
        let stdinFilename = self.stdinFilename
        if batch.count == 1 {
            slots.set(0, Self.lint(batch[0].0, linter: linters[batch[0].1], stdinFilename: stdinFilename))
        } else {
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let (input, linter) = batch[index]
                slots.set(index, Self.lint(input, linter: linters[linter], stdinFilename: stdinFilename))
            }
        }
        return slots.values
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

    private static func lint(_ input: InputFile, linter: Linter, stdinFilename: String?) -> Outcome {
        let limit = linter.options.limits.maxFileBytes
        if input.isStandardInput {
            do {
                let bytes = try FileSystem.readStandardInput(limit: limit)
                let name = stdinFilename ?? "<stdin>"
                return .report(linter.lint(SourceFile(path: name, bytes: bytes), explicitlyNamed: true))
            } catch {
                return .unreadable(ToolNotification(level: .error, message: "<stdin>: \(error.message)"))
            }
        }
        if input.size > limit {
            return .report(linter.oversizedReport(path: input.path, size: input.size))
        }
        do {
            let bytes = try FileSystem.read(input.path, limit: limit)
            let file = SourceFile(path: input.path, bytes: bytes)
            return .report(linter.lint(file, explicitlyNamed: input.explicitlyNamed))
        } catch {
            return .unreadable(
                ToolNotification(
                    level: .error, message: "\(input.path): cannot read: \(error.message)", path: input.path))
        }
    }
}
