import Foundation
import Testing

@testable import paywall_lint

/// A walk lists each folder in byte order, so output is the same on every machine and file system.
@Suite("Folder listing", .yaml)
struct FolderListingTests {
    @Test("a folder's names sort by their bytes, however long the prefix they share")
    func listingOrder() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["paywall-000", "paywall-0001", "a", "A", "é", "~", "0", "paywall-0001.yaml", "b.json"]
        for round in 0..<50 {
            let count = round == 0 ? 1 : Int.random(in: 2...60, using: &generator)
            // Names from a few pieces, so most share long prefixes and some are prefixes of others.
            var names = Set<[UInt8]>()
            while names.count < count {
                let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }
                names.insert(Array(parts.joined().utf8))
            }
            let listed = Array(names)
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for name in listed {
                ranges.append(bytes.count..<bytes.count + name.count)
                bytes += name
            }
            let order = bytes.withUnsafeBufferPointer { FileSystem.sortedOrder(of: ranges, in: $0) }
            let sorted = order.map { listed[Int($0)] }
            #expect(sorted == listed.sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    @Test("folders listed ahead by another thread: the same files, in the same order and runs")
    func listingsAhead() throws {
        let root = try makeScratchDirectory("paywall-lint-walk")
        defer { removeScratchDirectory(root) }
        // Thirty folders, a subfolder between their files, a hidden folder and a loop.
        var names = ["top.yaml"]
        for folder in 0..<30 {
            let name = String(format: "f%02d", folder)
            names += ["\(name)/a.yaml", "\(name)/m/b.json", "\(name)/z.yml", "\(name)/n.txt"]
            if folder % 7 == 0 { names += ["\(name)/.hidden/h.yaml", "\(name)/m/deeper/c.YAML"] }
        }
        for name in names {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("f03/loop").path, withDestinationPath: root.path)

        var alone = InputCollector()
        alone.add(root.path)
        #expect(alone.files.count == 1 + 30 * 3 + 5)
        #expect(
            alone.files.prefix(4).map { $0.path.dropFirst(root.path.count) } == [
                "/f00/a.yaml", "/f00/m/b.json", "/f00/m/deeper/c.YAML", "/f00/z.yml",
            ])
        // Runs cover the files in order, each run's files directly in one folder.
        #expect(alone.walkedFolders.flatMap { Array($0) } == Array(alone.files.indices))
        for run in alone.walkedFolders {
            let folders = Set(run.map { alone.files[$0].path.split(separator: "/").dropLast() })
            #expect(folders.count == 1)
        }
        // The reading ahead races the walk differently each time; with room for one listing
        // ahead, the helper waits for the walk.
        for round in 0..<20 {
            let ahead = InputCollection([root.path], maxListingsAhead: round % 2 == 0 ? 64 : 1).collector()
            #expect(ahead.files.map(\.path) == alone.files.map(\.path))
            #expect(ahead.walkedFolders == alone.walkedFolders)
            #expect(ahead.problems.isEmpty)
        }
    }

    @Test("linted names end in .yml, .yaml or .json, in any case")
    func lintedNames() {
        let names = [
            "a.yaml": true, "A.YML": true, "b.Json": true, "c.yml": true, "yaml": false,
            "a.yaml.txt": false, "a.jsonl": false, "a.yml ": false, "x.ya": false, "": false,
        ]
        for (name, linted) in names {
            Array(name.utf8).withUnsafeBufferPointer { bytes in
                #expect(InputCollector.isLinted(bytes) == linted, "\(name)")
            }
        }
    }
}
