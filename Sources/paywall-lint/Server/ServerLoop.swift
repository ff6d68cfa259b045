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
    /// What the reading thread hands over, behind a pthread mutex and condition (waits with a
    /// deadline on the monotonic clock).
    private final class Inbox: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        private var chunks: [[UInt8]] = []
        private var pendingBytes = 0
        private var ended = false
        /// Past this much unhandled input the reading thread waits: a client that floods the
        /// server (or one that writes faster than it lints) cannot grow its memory.
        static let maxPendingBytes = 4 << 20

        init() {
            pthread_mutex_init(mutex, nil)
            #if os(Linux)
                var attributes = pthread_condattr_t()
                pthread_condattr_init(&attributes)
                pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
                pthread_cond_init(condition, &attributes)
                pthread_condattr_destroy(&attributes)
            #else
                pthread_cond_init(condition, nil)
            #endif
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        private func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }

        func put(_ chunk: [UInt8]) {
            locked {
                while pendingBytes >= Self.maxPendingBytes { pthread_cond_wait(condition, mutex) }
                chunks.append(chunk)
                pendingBytes += chunk.count
                pthread_cond_broadcast(condition)
            }
        }

        func end() {
            locked {
                ended = true
                pthread_cond_broadcast(condition)
            }
        }

        var hasInput: Bool { locked { !chunks.isEmpty } }

        /// The chunks read so far, waiting until there are some, the input ends or `deadline`
        /// (monotonic seconds) passes.
        func take(until deadline: Double?) -> (chunks: [[UInt8]], ended: Bool) {
            locked {
                while chunks.isEmpty && !ended {
                    guard let deadline else {
                        pthread_cond_wait(condition, mutex)
                        continue
                    }
                    let remaining = deadline - LanguageServer.monotonicSeconds()
                    if remaining <= 0 { break }
                    #if os(Linux)
                        let whole = deadline.rounded(.down)
                        var until = timespec(tv_sec: Int(whole), tv_nsec: Int((deadline - whole) * 1e9))
                        _ = pthread_cond_timedwait(condition, mutex, &until)
                    #else
                        let whole = remaining.rounded(.down)
                        var wait = timespec(tv_sec: Int(whole), tv_nsec: Int((remaining - whole) * 1e9))
                        _ = pthread_cond_timedwait_relative_np(condition, mutex, &wait)
                    #endif
                }
                let taken = chunks
                chunks.removeAll()
                pendingBytes = 0
                pthread_cond_broadcast(condition)
                return (taken, ended)
            }
        }
    }

    /// Reads standard input on a thread of its own until it ends.
    private final class Reader: @unchecked Sendable {
        let inbox: Inbox
        init(inbox: Inbox) { self.inbox = inbox }

        func run() {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                inbox.put(Array(buffer[0..<count]))
            }
            inbox.end()
        }

        func start() {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 1 << 20)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            var thread = pthread_t()
            _ = pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Reader>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, Unmanaged.passRetained(self).toOpaque())
            pthread_attr_destroy(&attributes)
        }
    }

    static func run(debounce: Double, maxMessageBytes: Int) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let inbox = Inbox()
        Reader(inbox: inbox).start()

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
