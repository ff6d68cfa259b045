import Dispatch
import PaywallLint

/// One file to lint, as found on the command line or in a walked folder.
struct InputFile {
    /// The path shown in findings.
    let path: String
    /// Named on the command line (or stdin), rather than found by walking a folder.
    let explicitlyNamed: Bool
    let isStandardInput: Bool
}

/// Expands command-line paths into files: folders are walked for `*.yml`, `*.yaml` and `*.json`,
/// skipping hidden folders and `.build`, in a stable sorted order; symlink loops are walked once.
struct InputCollector {
    private(set) var files: [InputFile] = []
    private(set) var problems: [ToolNotification] = []
    private var visitedDirectories = Set<[UInt64]>()

    static let extensions = [".yml", ".yaml", ".json"]

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
            walk(argument, device: device, inode: inode)
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
        }
    }

    private mutating func walk(_ directory: String, device: UInt64, inode: UInt64) {
        guard visitedDirectories.insert([device, inode]).inserted else { return }
        let listing: FileSystem.Listing
        do {
            listing = try FileSystem.listing(of: directory)
        } catch {
            problems.append(
                ToolNotification(
                    level: .error, message: "\(directory): cannot read folder: \(error.message)", path: nil))
            return
        }
        // Paths are made from the prefix's and the name's bytes in one step: a name string
        // joined to the prefix made two strings a file.
        let prefix =
            directory == "." || directory == "./"
            ? [] : Array(directory.utf8) + (directory.hasSuffix("/") ? [] : [UInt8(ascii: "/")])
        var pathBytes = prefix
        listing.names.withUnsafeBufferPointer { names in
            for entry in listing.entries where names[entry.name.lowerBound] != UInt8(ascii: ".") {
                let name = UnsafeBufferPointer(rebasing: names[entry.name])
                pathBytes.removeSubrange(prefix.count...)
                pathBytes.append(contentsOf: name)
                let path = String(decoding: pathBytes, as: UTF8.self)
                // A regular file needs no `stat` (its size is read when it is opened): a walk of
                // 10,000 files spent most of its time on them.
                let kind = entry.isRegularFile ? .file : FileSystem.kind(of: path)
                switch kind {
                case .directory(let device, let inode):
                    walk(path, device: device, inode: inode)
                case .file:
                    if Self.extensions.contains(where: { name.hasSuffix(ignoringASCIICase: $0) }) {
                        files.append(InputFile(path: path, explicitlyNamed: false, isStandardInput: false))
                    }
                case .missing, .other:
                    continue  // dangling symlinks, sockets, fifos
                }
            }
        }
    }
}

/// The inputs of a run, collected while the rules are set up: folders are walked on another
/// thread (for 10,000 files the walk took 5 ms and the setup 3, one after the other, with the
/// second core idle); files alone are taken on this one.
final class InputCollection: @unchecked Sendable {  // `collected` is read only after `done`.
    private var collected = InputCollector()
    private let done = DispatchSemaphore(value: 0)

    init(_ paths: [String]) {
        let walks = paths.contains { path in
            if case .directory = FileSystem.kind(of: path) { return true }
            return false
        }
        guard walks else {
            for path in paths { collected.add(path) }
            done.signal()
            return
        }
        DispatchQueue.global().async { [self] in
            for path in paths { collected.add(path) }
            done.signal()
        }
    }

    /// The collected inputs, once the walk has ended (it may be asked again).
    func collector() -> InputCollector {
        done.wait()
        done.signal()
        return collected
    }
}
