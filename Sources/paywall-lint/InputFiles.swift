import Dispatch
import PaywallLint
import Synchronization

/// One file to lint, as found on the command line or in a walked folder.
struct InputFile {
    /// The path shown in findings.
    let path: String
    /// Named on the command line (or stdin), rather than found by walking a folder.
    let explicitlyNamed: Bool
    let isStandardInput: Bool
    /// The path's bytes when they are not UTF-8: `path` then shows them escaped, and the file
    /// is opened by these.
    var systemPath: [UInt8]? = nil
}

/// Expands command-line paths into files: folders are walked for `*.yml`, `*.yaml`, `*.json` and
/// `*.swift` (which the run keeps only with `--swift`),
/// skipping hidden folders and `.build`, in a stable sorted order; symlink loops are walked once.
/// A link met in a walk that leads out of the folder named on the command line is passed over
/// (a repository's `leak.yaml -> /etc/passwd` is not read); named on its own, it is followed.
struct InputCollector {
    private(set) var files: [InputFile] = []
    private(set) var problems: [ToolNotification] = []
    /// What a walk passed over that is not a file to lint (dangling links, sockets, FIFOs), for `--verbose`.
    private(set) var passedOver: [String] = []
    private var visitedDirectories = Set<[UInt64]>()
    /// Runs of `files` listed in one walked folder, in order (a folder's files take one config;
    /// a subfolder's files part a folder's into runs).
    private(set) var walkedFolders: [Range<Int>] = []
    /// Where another thread may have listed folders ahead of the walk.
    var listingsAhead: ListingsAhead?
    /// The named folder being walked, its links resolved, and as written.
    private var walkRoot: (resolved: String, shown: String)?

    mutating func add(_ argument: String) {
        if argument == "-" {
            files.append(InputFile(path: "-", explicitlyNamed: true, isStandardInput: true))
            return
        }
        switch FileSystem.kind(of: argument) {
        case .file:
            files.append(InputFile(path: argument, explicitlyNamed: true, isStandardInput: false))
        case .directory(let device, let inode):
            let before = files.count
            walkRoot = FileSystem.withSystemPath(Array(argument.utf8)) { FileSystem.resolved(systemPath: $0) }
                .map { ($0, argument) }
            walk(argument, device: device, inode: inode)
            walkRoot = nil
            if files.count == before {
                problems.append(
                    ToolNotification(
                        level: .warning,
                        message: "\(argument): no .yml, .yaml or .json files in this folder", path: nil))
            }
        case .missing:
            problems.append(
                ToolNotification(level: .error, message: "\(argument): no such file or folder", path: nil))
        case .other:
            problems.append(
                ToolNotification(level: .error, message: "\(argument): not a file or folder", path: nil))
        case .inaccessible(let reason):
            problems.append(ToolNotification(level: .error, message: "\(argument): \(reason)", path: nil))
        }
    }

    /// `systemPath`: the folder's bytes when they are not UTF-8 (`directory` shows them escaped).
    private mutating func walk(_ directory: String, systemPath: [UInt8]? = nil, device: UInt64, inode: UInt64)
    {
        guard visitedDirectories.insert([device, inode]).inserted else { return }
        let listing: FileSystem.Listing
        do {
            if let systemPath {
                listing = try FileSystem.withSystemPath(systemPath) { path throws(FileSystem.ReadError) in
                    try FileSystem.listing(ofSystemPath: path)
                }
            } else if let listingsAhead {
                listing = try listingsAhead.listing(of: directory)
            } else {
                listing = try FileSystem.listing(of: directory)
            }
        } catch {
            problems.append(
                ToolNotification(
                    level: .error, message: "\(directory): cannot read folder: \(error.message)", path: nil))
            return
        }
        // Paths are made from the prefix's and the name's bytes in one step: a name string
        // joined to the prefix made two strings a file.
        let separator: [UInt8] = directory.hasSuffix("/") ? [] : [UInt8(ascii: "/")]
        let prefix =
            directory == "." || directory == "./" ? [] : (systemPath ?? Array(directory.utf8)) + separator
        let shownPrefix =
            directory == "." || directory == "./"
            ? "" : directory + String(decoding: separator, as: UTF8.self)
        prefix.withUnsafeBufferPointer { prefix in
            listing.names.withUnsafeBufferPointer { names in
                let walked = listing.entries.filter { names[$0.name.lowerBound] != UInt8(ascii: ".") }
                if let listingsAhead, systemPath == nil {
                    listingsAhead.expect(
                        walked.filter { $0.isDirectory && Self.isUTF8(names[$0.name]) }.map {
                            Self.path(prefix, UnsafeBufferPointer(rebasing: names[$0.name]))
                        })
                }
                // The files listed here since the last subfolder's.
                var run = files.count
                defer { endRun(from: run) }
                for entry in walked {
                    let name = UnsafeBufferPointer(rebasing: names[entry.name])
                    // A regular file needs no `stat` (its size is read when it is opened): a walk
                    // of 10,000 files spent most of its time on them. One not linted needs no
                    // path either.
                    if entry.isRegularFile && !Self.isLinted(name) { continue }
                    // A name that is not UTF-8 is shown escaped and opened by its bytes.
                    var childSystemPath: [UInt8]?
                    let path: String
                    if systemPath == nil && Self.isUTF8(name[...]) {
                        path = Self.path(prefix, name)
                    } else {
                        childSystemPath = Array(prefix) + Array(name)
                        path = shownPrefix + FileSystem.displayName(name)
                    }
                    if !entry.isRegularFile, let outside = linkOutsideWalk(path, systemPath: childSystemPath)
                    {
                        passedOver.append(outside)
                        continue
                    }
                    let kind: FileSystem.Kind
                    if entry.isRegularFile {
                        kind = .file
                    } else if let childSystemPath {
                        kind = FileSystem.withSystemPath(childSystemPath) {
                            FileSystem.kind(ofSystemPath: $0)
                        }
                    } else {
                        kind = FileSystem.kind(of: path)
                    }
                    switch kind {
                    case .directory(let device, let inode):
                        endRun(from: run)
                        walk(path, systemPath: childSystemPath, device: device, inode: inode)
                        run = files.count
                    case .file:
                        if entry.isRegularFile || Self.isLinted(name) {
                            files.append(
                                InputFile(
                                    path: path, explicitlyNamed: false, isStandardInput: false,
                                    systemPath: childSystemPath))
                        }
                    case .missing:
                        passedOver.append("\(path): a symlink to nothing")
                    case .other:
                        passedOver.append("\(path): not a regular file (a socket, FIFO or device)")
                    case .inaccessible(let reason):
                        problems.append(
                            ToolNotification(level: .error, message: "\(path): \(reason)", path: nil))
                    }
                }
            }
        }
    }

    /// Why a link is passed over, when it leads out of the walked folder.
    private func linkOutsideWalk(_ path: String, systemPath: [UInt8]?) -> String? {
        guard let walkRoot else { return nil }
        let target = FileSystem.withSystemPath(systemPath ?? Array(path.utf8)) { path -> String? in
            FileSystem.isLink(systemPath: path) ? FileSystem.resolved(systemPath: path) : nil
        }
        guard let target else { return nil }
        let root = walkRoot.resolved.hasSuffix("/") ? walkRoot.resolved : walkRoot.resolved + "/"
        guard !target.hasPrefix(root) else { return nil }
        return
            "\(path): a link to \(TerminalText.escaped(target)), outside \(walkRoot.shown); name it to lint it"
    }

    /// Records the files listed since `start` as one folder's.
    private mutating func endRun(from start: Int) {
        if files.count > start { walkedFolders.append(start..<files.count) }
    }

    /// Whether a file name ends in `.yml`, `.yaml`, `.json` or `.swift` (kept only with `--swift`),
    /// in any case. Tested on the last
    /// bytes themselves: the general suffix test, once an extension, cost 300 instructions a
    /// file.
    static func isLinted(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        func ends(with suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard name.count >= count else { return false }
            let tail = name.count - count
            for index in 0..<count {
                let byte = name[tail + index]
                let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                if lowered != suffix.utf8Start[index] { return false }
            }
            return true
        }
        return ends(with: ".yaml") || ends(with: ".json") || ends(with: ".yml") || ends(with: ".swift")
    }

    /// Whether bytes are UTF-8; a name of ASCII alone (nearly all) without decoding it.
    static func isUTF8(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }

    /// A folder's prefix and a name, as one string made from their bytes.
    private static func path(_ prefix: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>)
        -> String
    {
        String(unsafeUninitializedCapacity: prefix.count + name.count) { buffer in
            _ = buffer.initialize(fromContentsOf: prefix)
            _ = buffer[prefix.count...].initialize(fromContentsOf: name)
            return prefix.count + name.count
        }
    }
}

/// The inputs of a run, collected while the rules are set up: folders are walked on another
/// thread (for 10,000 files the walk took 5 ms and the setup 3, one after the other, with the
/// second core idle); files alone are taken on this one. Once set up, this thread lists folders
/// ahead of the walk.
final class InputCollection: @unchecked Sendable {  // `collected` is read only after `done`.
    private var collected = InputCollector()
    private let done = DispatchSemaphore(value: 0)
    private let listingsAhead: ListingsAhead

    init(_ paths: [String], maxListingsAhead: Int = 64) {
        listingsAhead = ListingsAhead(maxAhead: maxListingsAhead)
        let walks = paths.contains { path in
            if case .directory = FileSystem.kind(of: path) { return true }
            return false
        }
        guard walks else {
            for path in paths { collected.add(path) }
            listingsAhead.finish()
            done.signal()
            return
        }
        collected.listingsAhead = listingsAhead
        DispatchQueue.global().async { [self] in
            for path in paths { collected.add(path) }
            listingsAhead.finish()
            done.signal()
        }
    }

    /// The collected inputs, once the walk has ended (it may be asked again). Until then this
    /// thread lists folders ahead of the walk.
    func collector() -> InputCollector {
        listingsAhead.help()
        done.wait()
        done.signal()
        return collected
    }
}

/// Folder listings read ahead of a walk by another thread. Listing a folder is mostly the
/// kernel's time (10,000 files in 20 folders: 5 ms, a quarter of a millisecond a folder), and
/// the thread that had set up the rules waited for the walk. The walk still lists and decides
/// everything in its own order; a listing read ahead only saves it the reading, so the files,
/// their order and the folders skipped are the same.
final class ListingsAhead: Sendable {
    private struct State {
        /// Folders the walk will come to, in the order it found them; nil where the walk took
        /// one first. Read ahead from the back: the walk comes to those last.
        var expected: [String?] = []
        var expectedAt: [String: Int] = [:]
        /// Folders being read ahead; the walk removes one it reads itself meanwhile.
        var reading: Set<String> = []
        var read: [String: Result<FileSystem.Listing, FileSystem.ReadError>] = [:]
        var walkEnded = false
    }

    private let state = Mutex(State())
    /// Signalled when folders are expected, when the walk takes a listing read ahead, and when
    /// the walk ends.
    private let wake = DispatchSemaphore(value: 0)
    /// At most this many listings wait for the walk: a tree of many folders is not held whole.
    private let maxAhead: Int

    init(maxAhead: Int = 64) {
        self.maxAhead = maxAhead
    }

    /// Folders the walk will list later, in its order.
    func expect(_ folders: [String]) {
        guard !folders.isEmpty else { return }
        state.withLock { state in
            for folder in folders {
                state.expectedAt[folder] = state.expected.count
                state.expected.append(folder)
            }
        }
        wake.signal()
    }

    /// The walk's listing of `folder`: the one read ahead, else read now.
    func listing(of folder: String) throws(FileSystem.ReadError) -> FileSystem.Listing {
        let ahead = state.withLock { state in
            if let index = state.expectedAt.removeValue(forKey: folder) { state.expected[index] = nil }
            state.reading.remove(folder)
            return state.read.removeValue(forKey: folder)
        }
        guard let ahead else { return try FileSystem.listing(of: folder) }
        wake.signal()
        return try ahead.get()
    }

    func finish() {
        state.withLock { $0.walkEnded = true }
        wake.signal()
    }

    /// Reads expected folders until the walk ends, at most `maxAhead` ahead of it.
    func help() {
        while true {
            let (folder, ended) = state.withLock { state -> (String?, Bool) in
                guard state.read.count + state.reading.count < maxAhead else { return (nil, state.walkEnded) }
                while let last = state.expected.popLast() {
                    guard let folder = last else { continue }
                    state.expectedAt[folder] = nil
                    state.reading.insert(folder)
                    return (folder, false)
                }
                return (nil, state.walkEnded)
            }
            if let folder {
                let listing = Result { () throws(FileSystem.ReadError) in try FileSystem.listing(of: folder) }
                state.withLock { state in
                    // Kept only if the walk has not read it meanwhile.
                    if state.reading.remove(folder) != nil { state.read[folder] = listing }
                }
                continue
            }
            if ended { return }
            wake.wait()
        }
    }
}
