import Foundation
import Testing

@testable import paywall_lint

/// Files are read whole into fresh memory, by their size when opened; special files that say
/// they are empty are read to their end.
@Suite("File reading", .yaml)
struct FileReadTests {
    @Test("a file's bytes, exactly, whatever its size; nothing but its size over the limit")
    func sizes() throws {
        let root = try makeScratchDirectory("paywall-lint-read").path
        defer { removeScratchDirectory(URL(fileURLWithPath: root)) }
        for size in [0, 1, 7, 4095, 4096, 4097, 70_000, 1 << 20] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = root + "/file-\(size).yaml"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let read = try FileSystem.readWithSize(path, limit: 1 << 20)
            #expect(read.bytes == bytes, "\(size) bytes")
            #expect(read.size == size)
            let over = try FileSystem.readWithSize(path, limit: max(size - 1, 0))
            #expect(over.size == size)
            #expect(over.bytes.isEmpty || size == 0)
        }
    }

    #if os(Linux)
        @Test("a /proc file, which says it is empty, is read to its end")
        func specialFile() throws {
            let read = try FileSystem.readWithSize("/proc/self/status", limit: 1 << 16)
            let text = String(decoding: read.bytes, as: UTF8.self)
            #expect(text.hasPrefix("Name:"))
            #expect(text.contains("\nPid:"))
            #expect(read.size == read.bytes.count)
        }
    #endif

    @Test("a folder and a missing file are read errors that say what is wrong")
    func errors() throws {
        let root = try makeScratchDirectory("paywall-lint-read-errors")
        defer { removeScratchDirectory(root) }
        #expect(readError(root.path) == "is a directory")
        #expect(readError(root.path + "/missing.yaml") == "no such file or directory")
    }

    private func readError(_ path: String) -> String? {
        do {
            _ = try FileSystem.readWithSize(path, limit: 100)
            return nil
        } catch {
            return error.message
        }
    }
}
