import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a `LanguageServer` over standard input and output: a thread reads the input as it
/// comes; this one frames it, answers each message, and lints when an edit has settled (or
/// stops early when more input is waiting, so the newest edit is the one linted).
enum ServerLoop {
    /// What the reading thread hands over.
    private final class Inbox: @unchecked Sendable {
        private let condition = NSCondition()
        private var chunks: [[UInt8]] = []
        private var ended = false

        func put(_ chunk: [UInt8]) {
            condition.lock()
            chunks.append(chunk)
            condition.signal()
            condition.unlock()
        }

        func end() {
            condition.lock()
            ended = true
            condition.signal()
            condition.unlock()
        }

        var hasInput: Bool {
            condition.lock()
            defer { condition.unlock() }
            return !chunks.isEmpty
        }

        /// The chunks read so far, waiting until there are some, the input ends or `deadline`
        /// (monotonic seconds) passes.
        func take(until deadline: Double?) -> (chunks: [[UInt8]], ended: Bool) {
            condition.lock()
            defer { condition.unlock() }
            while chunks.isEmpty && !ended {
                guard let deadline else {
                    condition.wait()
                    continue
                }
                let remaining = deadline - LanguageServer.monotonicSeconds()
                if remaining <= 0 { break }
                _ = condition.wait(until: Date(timeIntervalSinceNow: remaining))
            }
            let taken = chunks
            chunks.removeAll()
            return (taken, ended)
        }
    }

    static func run(debounce: Double, maxMessageBytes: Int) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let inbox = Inbox()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                inbox.put(Array(buffer[0..<count]))
            }
            inbox.end()
        }
        reader.stackSize = 1 << 20
        reader.start()

        var failedWriting = false
        let server = LanguageServer(debounce: debounce) { body in
            guard !failedWriting else { return }
            failedWriting = !writeAll(MessageFramer.frame(body))
        }
        var framer = MessageFramer(maxContentLength: maxMessageBytes)
        while true {
            let (chunks, ended) = inbox.take(until: server.nextDeadline)
            for chunk in chunks {
                for event in framer.append(chunk) {
                    switch event {
                    case .message(let body): server.receive(body)
                    case .malformed(let reason): server.receiveMalformed(reason)
                    }
                    if let code = server.exitCode { return code }
                }
            }
            if failedWriting { return 1 }
            server.lintDue(interrupted: { inbox.hasInput })
            // A client gone without `shutdown` and `exit`: the protocol's exit code for that.
            if ended && !inbox.hasInput { return server.exitCode ?? 1 }
        }
    }

    /// Writes all of `bytes` to standard output; false when it is closed.
    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}
