import Testing

@testable import paywall_lint

/// A walk lists each folder in byte order, so output is the same on every machine and file system.
@Suite("Folder listing")
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
}
