import Synchronization

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Musl)
    import Musl
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// Plain POSIX file access: fast for thousands of small files and free of Foundation's start-up cost.
enum FileSystem {
    enum Kind {
        case file
        case directory(device: UInt64, inode: UInt64)
        /// Nothing there, or a symlink to nothing.
        case missing
        /// A socket, FIFO or device.
        case other
        /// There, but `stat` failed otherwise (no search permission, a name too long, a loop of
        /// links): never passed over in silence.
        case inaccessible(String)
    }

    /// The path with every link resolved, when it leads somewhere.
    static func resolved(systemPath path: UnsafePointer<CChar>) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(
            decoding: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)), as: UTF8.self)
    }

    /// Whether the path itself is a symbolic link (whatever it points at, if anything).
    static func isLink(_ path: String) -> Bool {
        path.withCString { isLink(systemPath: $0) }
    }

    static func isLink(systemPath path: UnsafePointer<CChar>) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    static func kind(of path: String) -> Kind {
        path.withCString { kind(ofSystemPath: $0) }
    }

    /// As `kind(of:)`, for a path whose bytes are not UTF-8 (`InputFile.systemPath`).
    static func kind(ofSystemPath path: UnsafePointer<CChar>) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .missing }
            return .inaccessible(describe(code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        default: return .other
        }
    }

    /// Runs `body` with a path's bytes as a C string.
    static func withSystemPath<T, E: Error>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws(E) -> T)
        throws(E) -> T
    {
        let terminated = bytes + [0]
        let result: Result<T, E> = terminated.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                Result { () throws(E) in try body(chars.baseAddress!) }
            }
        }
        return try result.get()
    }

    /// A name or path for people: its UTF-8 as it is, every byte that is not UTF-8 as `\xNN`.
    static func displayName(_ bytes: some Collection<UInt8>) -> String {
        var result = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var remaining = Array(bytes)[...]
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                remaining = remaining.dropFirst(encoded.count)
            case .error(let length):
                for byte in remaining.prefix(length) {
                    let hex = String(byte, radix: 16, uppercase: true)
                    result += "\\x" + (hex.count < 2 ? "0" : "") + hex
                }
                remaining = remaining.dropFirst(length)
            case .emptyInput:
                break loop
            }
        }
        return result
    }

    struct ReadError: Error {
        let message: String
    }

    /// Reads a whole regular file (a config, a pack, store data, a baseline); `limit` stops
    /// reading a file that grew past the size limit. A FIFO, a device or a socket is refused
    /// without waiting for a writer.
    static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        try withSystemPath(Array(path.utf8)) { path throws(ReadError) in
            try readWithSize(systemPath: path, limit: limit, regularOnly: true).bytes
        }
    }

    /// Reads a file of up to `limit` bytes, with its size: more than `limit` when it is larger
    /// (then nothing is read, or `limit + 1` bytes of a file that grew while being read).
    static func readWithSize(_ path: String, limit: Int) throws(ReadError) -> (bytes: [UInt8], size: Int) {
        try readWithSize(systemPath: path, limit: limit)
    }

    /// As `readWithSize(_:limit:)`, for a path given as a C string.
    /// A linted path named on the command line may be a pipe (`<(…)`), so reading waits for
    /// its writer unless `regularOnly`.
    static func readWithSize(systemPath path: UnsafePointer<CChar>, limit: Int, regularOnly: Bool = false)
        throws(ReadError) -> (bytes: [UInt8], size: Int)
    {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | (regularOnly ? O_NONBLOCK : 0))
        guard descriptor >= 0 else { throw ReadError(message: describe(errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(message: describe(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw ReadError(message: "is a directory") }
        if regularOnly, info.st_mode & S_IFMT != S_IFREG {
            throw ReadError(message: "is not a regular file (a FIFO, a device or a socket)")
        }
        let expected = max(Int(info.st_size), 0)
        if expected > limit { return ([], expected) }
        var bytes = [UInt8](repeating: 0, count: min(expected, limit + 1) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > limit { break }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: describe(errno))
            }
            if got == 0 { break }
            count += got
            // The size the file had when opened: no second read to find its end (a system call
            // a file, 10,000 for a repository). Bytes written since are the next run's.
            if count == expected && expected > 0 { break }
        }
        bytes.removeSubrange(count...)
        return (bytes, max(expected, count))
    }

    /// The processors this process may run on: on Linux those of its CPU affinity (`taskset`, a
    /// container's cpuset), which `/proc/self/status` lists; else every processor online. One
    /// worker a processor of the machine would crowd a container given two of sixty-four.
    /// (A cgroup CPU quota, `docker --cpus`, is not an affinity and is not read.)
    static var processorCount: Int {
        let online = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #if os(Linux)
            if let status = try? read("/proc/self/status", limit: 1 << 16),
                let allowed = allowedProcessorCount(status: status)
            {
                return min(allowed, online)
            }
        #endif
        return online
    }

    /// How many processors the `Cpus_allowed_list:` line of a `/proc/<pid>/status` text names
    /// (`0-3,8,10-11` is 7); nil without one, or when it does not read as a list.
    static func allowedProcessorCount(status bytes: [UInt8]) -> Int? {
        // On bytes: splitting the text as a String broke it into characters, 650,000
        // instructions at every start.
        let key = Array("Cpus_allowed_list:".utf8)
        guard
            let line = bytes.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: key) })
        else { return nil }
        var count = 0
        for part in line.dropFirst(key.count).split(separator: UInt8(ascii: ",")) {
            let bounds = part.split(separator: UInt8(ascii: "-")).map { bound in
                Int(
                    String(
                        decoding: bound.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") },
                        as: UTF8.self))
            }
            guard (1...2).contains(bounds.count), let first = bounds[0], let last = bounds[bounds.count - 1],
                first <= last
            else { return nil }
            count += last - first + 1
        }
        return count > 0 ? count : nil
    }

    static func readStandardInput(limit: Int) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= limit {
            let got = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: describe(errno))
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }

    /// A folder's entries, sorted by their names' bytes so walks are the same on every machine.
    struct Listing {
        /// The names, one after another.
        let names: [UInt8]
        /// Each entry's name in `names`, and whether the listing says it is a regular file (then a
        /// walk needs no `stat` for it; symlinks and file systems that do not say get one) or a
        /// folder.
        let entries: [Entry]

        typealias Entry = (name: Range<Int>, isRegularFile: Bool, isDirectory: Bool)
    }

    /// The entries of a directory other than `.` and `..`.
    static func listing(of directory: String) throws(ReadError) -> Listing {
        try listing(ofSystemPath: directory)
    }

    /// As `listing(of:)`, for a path given as a C string.
    static func listing(ofSystemPath directory: UnsafePointer<CChar>) throws(ReadError) -> Listing {
        guard let handle = opendir(directory) else { throw ReadError(message: describe(errno)) }
        defer { closedir(handle) }
        // Names are gathered into one buffer and their indices sorted: sorting the entries
        // themselves retained and released two objects per comparison, a third of a 10,000-file
        // walk.
        var bytes: [UInt8] = []
        var names: [Listing.Entry] = []
        while let entry = readdir(handle) {
            let start = bytes.count
            // The name's length from `strlen`: a generic scan of the 256 bytes, and the append
            // of the slice it gave, cost 140 instructions a name.
            withUnsafePointer(to: &entry.pointee.d_name) { name in
                name.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: name.pointee)) {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: strlen($0)))
                }
            }
            let range = start..<bytes.count
            if range.count <= 2, bytes[range].allSatisfy({ $0 == UInt8(ascii: ".") }) {
                bytes.removeSubrange(range)
                continue
            }
            let type = Int(entry.pointee.d_type)
            names.append((range, type == Int(DT_REG), type == Int(DT_DIR)))
        }
        let order = bytes.withUnsafeBufferPointer { sortedOrder(of: names.map(\.name), in: $0) }
        return Listing(names: bytes, entries: order.map { names[Int($0)] })
    }

    /// The order of `names` by their bytes (a name before the longer names it starts).
    ///
    /// Names of one folder often share a long prefix ("paywall-0001…"): each is keyed by its
    /// next eight bytes after the prefix all share, so most comparisons compare two integers;
    /// sorting with `memcmp` in the comparison cost a tenth of a millisecond a folder of 500.
    static func sortedOrder(of names: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        guard let first = names.first else { return [] }
        var shared = first.count
        for name in names.dropFirst() where shared > 0 {
            var k = 0
            let limit = min(shared, name.count)
            while k < limit, bytes[first.lowerBound + k] == bytes[name.lowerBound + k] { k += 1 }
            shared = k
        }
        // Big-endian, zero-padded: integer order is byte order, and a name that ends sorts first.
        var keyed: [(key: UInt64, index: UInt32)] = names.indices.map { index in
            let name = names[index]
            var key: UInt64 = 0
            for k in 0..<8 {
                let at = name.lowerBound + shared + k
                key = key << 8 | UInt64(at < name.upperBound ? bytes[at] : 0)
            }
            return (key, UInt32(index))
        }
        keyed.sort { first, second in
            if first.key != second.key { return first.key < second.key }
            let a = names[Int(first.index)]
            let b = names[Int(second.index)]
            let common = min(a.count, b.count)
            let order = memcmp(bytes.baseAddress! + a.lowerBound, bytes.baseAddress! + b.lowerBound, common)
            return order != 0 ? order < 0 : a.count < b.count
        }
        return keyed.map(\.index)
    }

    /// Writes a file atomically: a temporary file beside it, renamed over it, with the old
    /// file's permissions. A device or FIFO (`/dev/stdout`, `/dev/null`) is written directly, and
    /// a symlink is followed, so neither is ever replaced by a regular file. The bytes reach the
    /// disk before the rename (`fsync`): a fixed file or a baseline is the user's own.
    static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(ReadError) {
        let file = try AtomicFile(path)
        do {
            try file.write(bytes)
            try file.commit(durable: true)
        } catch {
            file.abandon()
            throw error
        }
    }

    /// The device and inode of an existing regular file (through links), to tell whether two
    /// paths name one file.
    static func identity(of path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// The last component of a path ("a/b.yaml" → "b.yaml").
    static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/", omittingEmptySubsequences: true).last ?? Substring(path)
    }

    /// Replaces a file the linter read as `original` with its fixed text, atomically, as the
    /// same file: with its mode, owner and group. Refused, leaving the file as it is, when it
    /// is read-only, has other hard links (a new file would split them), lost its owner in the
    /// copy, or changed since it was read (its edit would be lost).
    static func replaceFixed(_ path: String, original: [UInt8], with bytes: [UInt8]) throws(ReadError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ReadError(message: describe(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ReadError(message: "not a regular file") }
        guard info.st_mode & 0o222 != 0 else { throw ReadError(message: "the file is read-only") }
        guard info.st_nlink <= 1 else {
            throw ReadError(message: "the file has \(info.st_nlink) hard links, which a rewrite would split")
        }
        let file = try AtomicFile(path, owner: (info.st_uid, info.st_gid))
        do {
            try file.write(bytes)
            try file.commit(durable: true) { () throws(ReadError) in
                // Last, just before the rename: an edit made while the fix was worked out is kept.
                let now = try? read(path, limit: original.count + 1)
                if now != original { throw ReadError(message: "the file changed while it was being fixed") }
            }
        } catch {
            file.abandon()
            throw error
        }
    }

    /// A file written atomically as its bytes come (`writeAtomically`), for a report written
    /// while the files are linted.
    final class AtomicFile {
        private let descriptor: Int32
        /// The temporary file and the path it replaces; nil when the path is written directly.
        private let renaming: (temporary: String, target: String, mode: mode_t?)?
        private var isOpen = true
        private static let opened = Atomic<Int>(0)

        /// `owner`: the user and group the file must keep; the write is refused when they cannot be kept.
        init(_ path: String, owner: (uid_t, gid_t)? = nil) throws(ReadError) {
            var info = stat()
            let exists = stat(path, &info) == 0
            if exists && info.st_mode & S_IFMT != S_IFREG {
                descriptor = open(path, O_WRONLY)
                guard descriptor >= 0 else { throw ReadError(message: describe(errno)) }
                renaming = nil
                return
            }
            var target = path
            if let resolved = realpath(path, nil) {
                target = String(cString: resolved)
                free(resolved)
            }
            // One name per file of the run: two reports may be open for the same path.
            let number = Self.opened.add(1, ordering: .relaxed).newValue
            let temporary = target + ".paywall-lint-\(getpid())-\(number).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, exists ? info.st_mode & 0o7777 : 0o644)
            guard descriptor >= 0 else { throw ReadError(message: describe(errno)) }
            renaming = (temporary, target, exists ? info.st_mode & 0o7777 : nil)
            if let owner, fchown(descriptor, owner.0, owner.1) != 0 {
                let reason = describe(errno)
                abandon()
                throw ReadError(message: "cannot keep the file's owner and group (\(reason))")
            }
        }

        /// A file neither committed nor abandoned (a run ended by an error) is abandoned.
        deinit { abandon() }

        func write(_ bytes: [UInt8]) throws(ReadError) {
            try writeAll(descriptor, bytes)
        }

        /// Puts the file in place. `durable` waits for the bytes to reach the disk first;
        /// `beforeRenaming` may still refuse.
        func commit(
            durable: Bool, beforeRenaming: () throws(ReadError) -> Void = { () throws(ReadError) in }
        ) throws(ReadError) {
            guard isOpen else { return }
            isOpen = false
            guard let renaming else {
                close(descriptor)
                return
            }
            if let mode = renaming.mode { fchmod(descriptor, mode) }
            var failure: Int32?
            if durable, fsync(descriptor) != 0 { failure = errno }
            if close(descriptor) != 0, failure == nil { failure = errno }
            if failure == nil {
                do {
                    try beforeRenaming()
                } catch {
                    unlink(renaming.temporary)
                    throw error
                }
            }
            if failure == nil, rename(renaming.temporary, renaming.target) != 0 { failure = errno }
            if let failure {
                unlink(renaming.temporary)
                throw ReadError(message: describe(failure))
            }
        }

        /// Drops the temporary file after a failed write. The descriptor is closed once only:
        /// files are written while workers open others, and a number closed twice could be
        /// one of theirs by then.
        func abandon() {
            guard isOpen else { return }
            isOpen = false
            close(descriptor)
            if let renaming { unlink(renaming.temporary) }
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(ReadError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes {
                systemWrite(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw ReadError(message: describe(errno))
            }
            written += result
        }
    }

    /// The working directory, read once: the linter never changes it, and every input path
    /// is resolved against it.
    static func currentDirectory() -> String { workingDirectory }

    private static let workingDirectory: String = {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return String(cString: pointer)
    }()

    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}

/// Buffered writes to standard output or standard error.
struct StandardStream {
    let descriptor: Int32

    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)

    /// The first error writing to standard output (an errno), or 0: a report that did not
    /// reach its reader must not end the run as if it had.
    private static let outputError = Atomic<Int32>(0)
    /// Set when descriptor 1 was closed at start: it then holds /dev/null, so that no file
    /// the run opens takes its number, and every write to it counts as failed.
    private static let outputWasClosed = Atomic<Bool>(false)

    /// Fills descriptors 0–2 that the process started without, before any file is opened.
    static func keepStandardDescriptorsOpen() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            if descriptor == 1 { outputWasClosed.store(true, ordering: .relaxed) }
        }
    }

    /// Why writing to standard output failed, if it did.
    static var outputFailure: String? {
        let code = outputError.load(ordering: .relaxed)
        return code == 0 ? nil : FileSystem.describe(code)
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }

    private func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        if descriptor == 1, !buffer.isEmpty, Self.outputWasClosed.load(ordering: .relaxed) {
            _ = Self.outputError.compareExchange(expected: 0, desired: EBADF, ordering: .relaxed)
            return
        }
        var offset = 0
        while offset < buffer.count {
            let result = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if result < 0 {
                if errno == EINTR { continue }
                if descriptor == 1 {
                    _ = Self.outputError.compareExchange(expected: 0, desired: errno, ordering: .relaxed)
                }
                return
            }
            offset += result
        }
    }

    var isTerminal: Bool { isatty(descriptor) == 1 }
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
