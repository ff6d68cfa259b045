/// Applies safe fixes to a file's text at the findings' spans, so comments, order and formatting
/// survive, and shows the change as a unified diff.
package enum Fixer {
    /// What applying a file's fixes gave.
    package struct Outcome: Sendable {
        /// The fixed text; nil when nothing changed.
        package var bytes: [UInt8]?
        /// How many findings' fixes it applies.
        package var count: Int
        /// Fixes left out because the fixed text, read again, did not hold what they meant
        /// (`FixVerifier`): each finding with the reason.
        package var refused: [(finding: Finding, reason: String)]
    }

    /// The text with every automatic fix applied that reading the result proves; overlapping
    /// edits after the first are left for the next round.
    package static func apply(
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

    /// A unified diff of two versions of a file, as `diff -u` writes it: hunks with `context`
    /// unchanged lines around each change, `@@ -start,count +start,count @@` headers, and
    /// "\\ No newline at end of file" after a last line without one, so that `git apply` and
    /// `patch -p1` take it. Lines are compared and written byte for byte (a CRLF file keeps its
    /// "\r"); the lines are matched by Myers's O(ND) algorithm, a longest common subsequence.
    /// "" when the texts are equal.
    package static func unifiedDiff(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = diffLines(old)
        let b = diffLines(new)
        let blocks = changedBlocks(a, b)
        guard !blocks.isEmpty else { return "" }
        var name = Substring(path)
        while name.hasPrefix("./") { name = name.dropFirst(2) }
        var out: [UInt8] = []
        out.append(contentsOf: "--- \(headerName("a/", name))\n+++ \(headerName("b/", name))\n".utf8)
        let context = max(context, 0)
        var first = 0
        while first < blocks.count {
            // Blocks whose context would touch or overlap share a hunk.
            var last = first
            while last + 1 < blocks.count,
                blocks[last + 1].old.lowerBound - blocks[last].old.upperBound <= 2 * context
            {
                last += 1
            }
            let before = min(context, blocks[first].old.lowerBound)
            let after = min(context, a.count - blocks[last].old.upperBound)
            let oldRange = (blocks[first].old.lowerBound - before)..<(blocks[last].old.upperBound + after)
            let newRange = (blocks[first].new.lowerBound - before)..<(blocks[last].new.upperBound + after)
            out.append(contentsOf: "@@ -\(hunkRange(oldRange)) +\(hunkRange(newRange)) @@\n".utf8)
            var cursor = oldRange.lowerBound
            for block in blocks[first...last] {
                for line in a[cursor..<block.old.lowerBound] { appendLine(line, marker: " ", to: &out) }
                for line in a[block.old] { appendLine(line, marker: "-", to: &out) }
                for line in b[block.new] { appendLine(line, marker: "+", to: &out) }
                cursor = block.old.upperBound
            }
            for line in a[cursor..<oldRange.upperBound] { appendLine(line, marker: " ", to: &out) }
            first = last + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A file name for a `---`/`+++` line, as git writes it: quoted C-style when it holds a
    /// control character, a quote or a backslash; followed by a tab when it holds a space, so
    /// that `patch` does not end it there.
    private static func headerName(_ prefix: String, _ name: Substring) -> String {
        let full = prefix + name
        guard full.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) else {
            return full.contains(" ") ? full + "\t" : full
        }
        var quoted: [UInt8] = [0x22]
        for byte in full.utf8 {
            switch byte {
            case 0x22, 0x5C: quoted += [0x5C, byte]
            case 0x09: quoted += Array("\\t".utf8)
            case 0x0A: quoted += Array("\\n".utf8)
            case 0x0D: quoted += Array("\\r".utf8)
            case 0..<0x20, 0x7F: quoted += [0x5C, 0x30 + byte >> 6, 0x30 + (byte >> 3) & 7, 0x30 + byte & 7]
            default: quoted.append(byte)
            }
        }
        quoted.append(0x22)
        return String(decoding: quoted, as: UTF8.self)
    }

    /// A file's lines, each with its "\n" (the last one may have none).
    private static func diffLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// `start,count` of a hunk, 1-based; a hunk without lines starts at the line before it, and
    /// a count of 1 is left out (as `diff -u` writes them).
    private static func hunkRange(_ range: Range<Int>) -> String {
        switch range.count {
        case 0: return "\(range.lowerBound),0"
        case 1: return "\(range.lowerBound + 1)"
        default: return "\(range.lowerBound + 1),\(range.count)"
        }
    }

    private static func appendLine(_ line: ArraySlice<UInt8>, marker: Character, to out: inout [UInt8]) {
        out.append(marker.asciiValue!)
        out.append(contentsOf: line)
        if line.last != UInt8(ascii: "\n") { out.append(contentsOf: "\n\\ No newline at end of file\n".utf8) }
    }

    /// The runs of lines that differ: old lines `old` are replaced by new lines `new`, in order,
    /// with equal lines between runs. Equal head and tail are trimmed first; the middle is matched
    /// by Myers's greedy algorithm, at most `maxEdits` insertions and deletions, beyond which
    /// (a rewrite, not a fix) equal-length middles are matched line by line and others replaced
    /// whole: still a correct diff, only a longer one.
    private static func changedBlocks(
        _ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>], maxEdits: Int = 2_000
    ) -> [(old: Range<Int>, new: Range<Int>)] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] {
            tail += 1
        }
        let oldMiddle = head..<(a.count - tail)
        let newMiddle = head..<(b.count - tail)
        // Pairs of equal lines in the middle, in order, ending with the end of both middles.
        var matches: [(Int, Int)]
        if let found = myersMatches(a[oldMiddle], b[newMiddle], maxEdits: maxEdits) {
            matches = found
        } else if oldMiddle.count == newMiddle.count {
            matches = oldMiddle.filter { a[$0] == b[$0] }.map { ($0, $0) }
        } else {
            matches = []
        }
        matches.append((oldMiddle.upperBound, newMiddle.upperBound))
        var blocks: [(old: Range<Int>, new: Range<Int>)] = []
        var x = oldMiddle.lowerBound
        var y = newMiddle.lowerBound
        for (matchX, matchY) in matches {
            if matchX > x || matchY > y { blocks.append((x..<matchX, y..<matchY)) }
            x = matchX + 1
            y = matchY + 1
        }
        return blocks
    }

    /// The equal lines of a longest common subsequence of `a` and `b` (indices into each), by
    /// Myers's "An O(ND) Difference Algorithm and Its Variations" (1986); nil when it takes more
    /// than `maxEdits` insertions and deletions.
    private static func myersMatches(
        _ a: ArraySlice<ArraySlice<UInt8>>, _ b: ArraySlice<ArraySlice<UInt8>>, maxEdits: Int
    ) -> [(Int, Int)]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        // v[offset + k]: the furthest x reached on diagonal k (x - y == k), relative to the slices.
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // v on diagonals -d...d before round d, for the way back.
        var trace: [[Int]] = []
        var found: Int?
        rounds: for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
                    ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[a.startIndex + x] == b[b.startIndex + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = d
                    break rounds
                }
            }
        }
        guard let edits = found else { return nil }
        var matches: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: edits, through: 0, by: -1) {
            let before = trace[d]
            // before[d + k] is v[k] at the start of round d.
            let k = x - y
            let previousK =
                k == -d || (k != d && before[d + k - 1] < before[d + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : before[d + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                matches.append((a.startIndex + x, b.startIndex + y))
            }
            x = previousX
            y = previousY
        }
        return matches.reversed()
    }
}
