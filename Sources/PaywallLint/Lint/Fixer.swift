/// Applies safe fixes to a file's text at the findings' spans, so comments, order and formatting
/// survive, and shows the change as a unified diff.
public enum Fixer {
    /// The text with every automatic fix applied; overlapping edits after the first are left for
    /// the next round. Returns nil when nothing changed.
    public static func apply(_ findings: [Finding], to file: SourceFile) -> (bytes: [UInt8], count: Int)? {
        let lines = LineIndex(file.bytes)
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        var count = 0
        for finding in findings {
            guard let fix = finding.fix, fix.isAutomatic else { continue }
            let ranges = fix.edits.map { (lines.byteRange(of: $0.span), Array($0.replacement.utf8)) }
            let overlaps = ranges.contains { new in
                edits.contains { $0.range.overlaps(new.0) || $0.range == new.0 }
            }
            guard !overlaps else { continue }
            edits += ranges.map { (range: $0.0, text: $0.1) }
            count += 1
        }
        guard !edits.isEmpty else { return nil }
        var bytes = file.bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: edit.text)
        }
        return bytes == file.bytes ? nil : (bytes, count)
    }

    /// A unified diff of two versions of a file, with `context` lines around each change.
    public static func unifiedDiff(path: String, old: [UInt8], new: [UInt8], context: Int = 2) -> String {
        let a = splitLines(old)
        let b = splitLines(new)
        // Fixes change lines in place, rarely adding or removing any: trim the common head and
        // tail, then diff the middle line by line as one hunk per run of changes.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
            a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
        {
            suffix += 1
        }
        guard prefix < a.count || prefix < b.count else { return "" }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        let oldMiddle = a[prefix..<(a.count - suffix)]
        let newMiddle = b[prefix..<(b.count - suffix)]
        // Split the middle into hunks where equal-length changed regions allow it.
        var hunks: [(Range<Int>, Range<Int>)] = []
        if oldMiddle.count == newMiddle.count {
            var i = 0
            while i < oldMiddle.count {
                guard oldMiddle[prefix + i] != newMiddle[prefix + i] else {
                    i += 1
                    continue
                }
                var j = i
                while j < oldMiddle.count, oldMiddle[prefix + j] != newMiddle[prefix + j] { j += 1 }
                hunks.append((prefix + i..<prefix + j, prefix + i..<prefix + j))
                i = j
            }
        } else {
            hunks = [(prefix..<(a.count - suffix), prefix..<(b.count - suffix))]
        }
        // Merge hunks whose context would overlap.
        var merged: [(Range<Int>, Range<Int>)] = []
        for hunk in hunks {
            if let last = merged.last, hunk.0.lowerBound - last.0.upperBound <= 2 * context {
                merged[merged.count - 1] = (
                    last.0.lowerBound..<hunk.0.upperBound, last.1.lowerBound..<hunk.1.upperBound
                )
            } else {
                merged.append(hunk)
            }
        }
        for (oldRange, newRange) in merged {
            let start = max(0, oldRange.lowerBound - context)
            let oldEnd = min(a.count, oldRange.upperBound + context)
            let newStart = max(0, newRange.lowerBound - context)
            let newEnd = min(b.count, newRange.upperBound + context)
            out += "@@ -\(start + 1),\(oldEnd - start) +\(newStart + 1),\(newEnd - newStart) @@\n"
            for line in a[start..<oldRange.lowerBound] { out += " " + line + "\n" }
            for line in a[oldRange] { out += "-" + line + "\n" }
            for line in b[newRange] { out += "+" + line + "\n" }
            for line in a[oldRange.upperBound..<oldEnd] { out += " " + line + "\n" }
        }
        return out
    }

    private static func splitLines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            TerminalText.escaped(String($0.hasSuffix("\r") ? $0.dropLast() : $0))
        }
    }
}
