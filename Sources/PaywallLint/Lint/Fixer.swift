/// Applies safe fixes to a file's text at the findings' spans, so comments, order and formatting
/// survive, and shows the change as a unified diff.
public enum Fixer {
    /// What applying a file's fixes gave.
    public struct Outcome: Sendable {
        /// The fixed text; nil when nothing changed.
        public var bytes: [UInt8]?
        /// How many findings' fixes it applies.
        public var count: Int
        /// Fixes left out because the fixed text, read again, did not hold what they meant
        /// (`FixVerifier`): each finding with the reason.
        public var refused: [(finding: Finding, reason: String)]
    }

    /// The text with every automatic fix applied that reading the result proves; overlapping
    /// edits after the first are left for the next round.
    public static func apply(
        _ findings: [Finding], to file: SourceFile, limits: ReadLimits = .default
    ) -> Outcome {
        let lines = LineIndex(file.bytes)
        var candidates: [(finding: Finding, edits: [(range: Range<Int>, text: [UInt8])])] = []
        var taken: [Range<Int>] = []
        for finding in findings {
            guard let fix = finding.fix, fix.isAutomatic else { continue }
            let edits = fix.edits.map {
                (range: lines.byteRange(of: $0.span), text: Array($0.replacement.utf8))
            }
            let overlaps = edits.contains { new in
                taken.contains { $0.overlaps(new.range) || $0 == new.range }
            }
            guard !overlaps else { continue }
            taken += edits.map(\.range)
            candidates.append((finding, edits))
        }
        guard !candidates.isEmpty else { return Outcome(bytes: nil, count: 0, refused: []) }
        let verifier = FixVerifier(file, limits: limits)
        func attempt(_ chosen: [Int]) -> (bytes: [UInt8], refusal: String?) {
            var bytes = file.bytes
            let edits = chosen.flatMap { candidates[$0].edits }
            for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(edit.range, with: edit.text)
            }
            let targets = chosen.flatMap { candidates[$0].finding.fix!.edits.compactMap(\.target) }
            return (bytes, verifier.refusal(of: bytes, targets: targets))
        }
        // All at once, as nearly always passes; else halves, down to the fixes that fail alone.
        var accepted: [Int] = []
        var refused: [(finding: Finding, reason: String)] = []
        var pending: [ArraySlice<Int>] = [Array(candidates.indices)[...]]
        while let group = pending.popLast() {
            let (_, refusal) = attempt(accepted + group)
            guard let refusal else {
                accepted += group
                continue
            }
            if group.count == 1 {
                refused.append((candidates[group.first!].finding, refusal))
            } else {
                let middle = group.startIndex + group.count / 2
                pending.append(group[middle...])
                pending.append(group[..<middle])
            }
        }
        refused.sort { Finding.reportOrder($0.finding, $1.finding) }
        guard !accepted.isEmpty else { return Outcome(bytes: nil, count: 0, refused: refused) }
        let bytes = attempt(accepted.sorted()).bytes
        return Outcome(bytes: bytes == file.bytes ? nil : bytes, count: accepted.count, refused: refused)
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
