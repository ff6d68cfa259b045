extension RandomAccessCollection where Index == Int {
    /// The index of the first element in `range` for which `isAfter` holds, where every element
    /// it holds for comes after every one it does not (binary search). Inlined: the phrase scans
    /// call it for most word starts of every copy string.
    @inline(__always)
    func partitionIndex(in range: Range<Int>, where isAfter: (Element) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension RandomAccessCollection where Index == Int, Element: Comparable {
    /// In an ascending array, the index of the first element not below `key`.
    func lowerBound(of key: Element) -> Int {
        lowerBound(of: key, in: startIndex..<endIndex)
    }

    /// `lowerBound(of:)` within `range`, which must be sorted.
    @inline(__always)
    func lowerBound(of key: Element, in range: Range<Int>) -> Int {
        partitionIndex(in: range) { $0 >= key }
    }
}
