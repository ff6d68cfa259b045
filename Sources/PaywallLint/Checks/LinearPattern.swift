/// A regular expression matched in time linear in the text, whatever the pattern: compiled to a
/// Thompson automaton and run a set of states at a time (no backtracking), so a pack's
/// `(\w+\s?)*` costs what `\w*` costs. Packs come from repositories and dashboards; a pattern must
/// not be able to stall a run.
///
/// The syntax is the common core of regular expressions, over Unicode scalars: literals and
/// escaped punctuation, `.` (any scalar but a line break), classes (`[a-z_]`, `[^0-9]`), `\d`,
/// `\w`, `\s` and their negations `\D`, `\W`, `\S`, `\n`, `\t`, `\r`, groups `(…)` and `(?:…)`,
/// alternation `|`, quantifiers `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (lazy forms match the same
/// texts), anchors `^` and `$` (of the whole text), and `(?i)` at the start for case-insensitive
/// matching. Backreferences, lookaround and other features that need backtracking are refused.
struct LinearPattern: Sendable {
    struct SyntaxError: Error, Equatable {
        var message: String
    }

    /// At most this many scalars of pattern, nested groups and instructions: a pattern of a
    /// pack is a line, and `{n,m}` copies what it repeats.
    static let maxPatternScalars = 1_000
    static let maxDepth = 32
    static let maxInstructions = 20_000
    static let maxRepeat = 1_000

    private indirect enum Node {
        case empty
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
        case sequence([Node])
        case either([Node])
        case repeated(Node, min: Int, max: Int?)
        case textStart
        case textEnd
    }

    private enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case set(ScalarSet)
        /// Go on at both targets.
        case split(Int, Int)
        case jump(Int)
        case textStart
        case textEnd
        case match
    }

    private let program: [Instruction]
    private let ignoresCase: Bool

    /// `maxScalars`: more for patterns made from something shorter (a glob).
    init(_ pattern: String, maxScalars: Int = maxPatternScalars) throws(SyntaxError) {
        var scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= maxScalars else {
            throw SyntaxError(message: "a pattern is at most \(maxScalars) characters")
        }
        let flag: [Unicode.Scalar] = ["(", "?", "i", ")"]
        ignoresCase = scalars.starts(with: flag)
        if ignoresCase { scalars.removeFirst(flag.count) }
        var parser = Parser(scalars: scalars, ignoresCase: ignoresCase)
        let tree = try parser.alternation(depth: 0)
        if parser.index < scalars.count {
            throw SyntaxError(message: "unbalanced ')' at character \(parser.index + 1)")
        }
        var program: [Instruction] = []
        try Self.emit(tree, into: &program)
        program.append(.match)
        self.program = program
    }

    /// Whether the whole text matches.
    func wholeMatch(_ text: String) -> Bool { run(Array(text.unicodeScalars), anywhere: false) }

    /// Whether some part of the text matches.
    func containsMatch(_ text: String) -> Bool { run(Array(text.unicodeScalars), anywhere: true) }

    // MARK: Compiling

    private static func emit(_ node: Node, into program: inout [Instruction]) throws(SyntaxError) {
        guard program.count < maxInstructions else {
            throw SyntaxError(message: "the pattern is too large once its repetitions are written out")
        }
        switch node {
        case .empty: break
        case .scalar(let scalar): program.append(.scalar(scalar))
        case .set(let set): program.append(.set(set))
        case .textStart: program.append(.textStart)
        case .textEnd: program.append(.textEnd)
        case .sequence(let nodes):
            for node in nodes { try emit(node, into: &program) }
        case .either(let choices):
            var jumps: [Int] = []
            for (index, choice) in choices.enumerated() {
                if index < choices.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    try emit(choice, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(choice, into: &program)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { try emit(inner, into: &program) }
            if let max {
                // Each optional copy may be skipped, which skips the ones after it too.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, 0))
                    try emit(inner, into: &program)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                let loop = program.count
                program.append(.split(loop + 1, 0))
                try emit(inner, into: &program)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }

    // MARK: Matching

    private func run(_ text: [Unicode.Scalar], anywhere: Bool) -> Bool {
        var current: [Int] = []
        var next: [Int] = []
        // The step at which each instruction was last added, so each is added once a step.
        var added = [Int](repeating: -1, count: program.count)
        var stack: [Int] = []
        /// Adds the instruction and everything reachable from it without reading a scalar;
        /// true when that reaches the end of the pattern.
        func add(_ start: Int, at position: Int, to list: inout [Int]) -> Bool {
            stack.append(start)
            var matched = false
            while let pc = stack.popLast() {
                guard added[pc] != position else { continue }
                added[pc] = position
                switch program[pc] {
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .jump(let target): stack.append(target)
                case .textStart: if position == 0 { stack.append(pc + 1) }
                case .textEnd: if position == text.count { stack.append(pc + 1) }
                case .match: matched = true
                case .scalar, .set: list.append(pc)
                }
            }
            return matched
        }
        if add(0, at: 0, to: &current), anywhere || text.isEmpty { return true }
        for (position, original) in text.enumerated() {
            let scalar = ignoresCase ? Self.folded(original) : original
            next.removeAll(keepingCapacity: true)
            var matched = false
            for pc in current {
                let accepts: Bool
                switch program[pc] {
                case .scalar(let expected): accepts = expected == scalar
                case .set(let set): accepts = set.contains(original, ignoringCase: ignoresCase)
                default: accepts = false
                }
                if accepts, add(pc + 1, at: position + 1, to: &next) { matched = true }
            }
            if anywhere {
                if matched { return true }
                if add(0, at: position + 1, to: &next) { return true }
            } else if matched, position + 1 == text.count {
                return true
            }
            guard !next.isEmpty else { return false }
            swap(&current, &next)
        }
        return false
    }

    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.properties.changesWhenLowercased else { return scalar }
        return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    // MARK: Parsing

    private struct Parser {
        let scalars: [Unicode.Scalar]
        let ignoresCase: Bool
        var index = 0

        func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func error(_ message: String) -> SyntaxError {
            SyntaxError(message: "\(message) at character \(index + 1)")
        }

        mutating func alternation(depth: Int) throws(SyntaxError) -> Node {
            guard depth <= LinearPattern.maxDepth else { throw error("groups nest too deeply") }
            var choices = [try sequence(depth: depth)]
            while peek() == "|" {
                index += 1
                choices.append(try sequence(depth: depth))
            }
            return choices.count == 1 ? choices[0] : .either(choices)
        }

        mutating func sequence(depth: Int) throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let scalar = peek(), scalar != "|", scalar != ")" {
                let atom = try atom(depth: depth)
                items.append(try quantified(atom))
            }
            return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func quantified(_ atom: Node) throws(SyntaxError) -> Node {
            var node = atom
            var quantifiers = 0
            while let scalar = peek(), "?*+{".unicodeScalars.contains(scalar) {
                var low = 0
                var high: Int?
                switch scalar {
                case "?": (low, high) = (0, 1)
                case "*": (low, high) = (0, nil)
                case "+": (low, high) = (1, nil)
                default:
                    // A brace that starts no count is a literal one.
                    guard let braces = try braces() else { return node }
                    (low, high) = braces
                }
                index += 1
                quantifiers += 1
                guard quantifiers == 1 else { throw error("a quantifier cannot follow another") }
                if case .textStart = node { throw error("an anchor cannot be repeated") }
                if case .textEnd = node { throw error("an anchor cannot be repeated") }
                node = .repeated(node, min: low, max: high)
                // `*?` and `*+` match the texts `*` matches.
                if let after = peek(), after == "?" || after == "+" { index += 1 }
            }
            return node
        }

        /// `{n}`, `{n,}`, `{n,m}` at `index`, leaving `index` on the closing brace; nil (and
        /// `index` unmoved) when the brace is a literal one.
        mutating func braces() throws(SyntaxError) -> (Int, Int?)? {
            var k = index + 1
            func number() -> Int? {
                var value: Int?
                while k < scalars.count, let digit = Int(String(scalars[k])), scalars[k].isASCII {
                    value = min((value ?? 0) * 10 + digit, Int(Int32.max))
                    k += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if k < scalars.count, scalars[k] == "," {
                k += 1
                high = number()
            }
            guard k < scalars.count, scalars[k] == "}" else { return nil }
            if let high, high < low { throw error("{\(low),\(high)} counts down") }
            guard max(low, high ?? 0) <= LinearPattern.maxRepeat else {
                throw error("a count is at most \(LinearPattern.maxRepeat)")
            }
            index = k
            return (low, high)
        }

        mutating func atom(depth: Int) throws(SyntaxError) -> Node {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "(":
                if peek() == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                        throw error(
                            "only (?:…) groups and a leading (?i) are supported; lookaround and named groups are not"
                        )
                    }
                    index += 2
                }
                let inner = try alternation(depth: depth + 1)
                guard peek() == ")" else { throw error("a group is not closed") }
                index += 1
                return inner
            case ".": return .set(ScalarSet(negated: true, scalars: ["\n", "\r"]))
            case "^": return .textStart
            case "$": return .textEnd
            case "[": return .set(try characterClass())
            case "\\": return try escape()
            case "*", "+", "?": throw error("'\(scalar)' has nothing to repeat")
            default: return .scalar(ignoresCase ? LinearPattern.folded(scalar) : scalar)
            }
        }

        mutating func escape() throws(SyntaxError) -> Node {
            guard let scalar = peek() else { throw error("a pattern cannot end with '\\'") }
            index += 1
            switch scalar {
            case "d", "w", "s", "D", "W", "S":
                return .set(ScalarSet(negated: false, classes: [ScalarSet.Class(scalar)!]))
            case "n": return .scalar("\n")
            case "t": return .scalar("\t")
            case "r": return .scalar("\r")
            case _ where scalar.isASCII && !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar):
                return .scalar(ignoresCase ? LinearPattern.folded(scalar) : scalar)
            default:
                index -= 1
                throw error(
                    "'\\\(scalar)' is not supported (backreferences and anchors such as \\b need backtracking)"
                )
            }
        }

        mutating func characterClass() throws(SyntaxError) -> ScalarSet {
            var set = ScalarSet(negated: false)
            if peek() == "^" {
                set.negated = true
                index += 1
            }
            var first = true
            while let scalar = peek(), scalar != "]" || first {
                first = false
                index += 1
                var low = scalar
                if scalar == "\\" {
                    switch try escape() {
                    case .set(let inner):
                        set.classes += inner.classes
                        continue
                    case .scalar(let escaped): low = escaped
                    default: continue
                    }
                }
                if peek() == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    var high = scalars[index]
                    index += 1
                    if high == "\\" {
                        guard case .scalar(let escaped) = try escape() else {
                            throw error("a range cannot end in a class")
                        }
                        high = escaped
                    }
                    guard low.value <= high.value else { throw error("the range \(low)-\(high) counts down") }
                    set.ranges.append(low.value...high.value)
                } else {
                    set.ranges.append(low.value...low.value)
                }
            }
            guard peek() == "]" else { throw error("a class is not closed") }
            index += 1
            return set
        }
    }
}

/// The scalars a class accepts: ranges, and the `\d`, `\w`, `\s` classes (or their negations).
private struct ScalarSet: Sendable {
    enum Class: Sendable {
        case digit, word, space, notDigit, notWord, notSpace

        init?(_ letter: Unicode.Scalar) {
            switch letter {
            case "d": self = .digit
            case "w": self = .word
            case "s": self = .space
            case "D": self = .notDigit
            case "W": self = .notWord
            case "S": self = .notSpace
            default: return nil
            }
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let properties = scalar.properties
            let digit = properties.numericType == .decimal
            let word =
                digit || properties.isAlphabetic || scalar == "_"
                || [.nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation].contains(
                    properties.generalCategory)
            switch self {
            case .digit: return digit
            case .word: return word
            case .space: return properties.isWhitespace
            case .notDigit: return !digit
            case .notWord: return !word
            case .notSpace: return !properties.isWhitespace
            }
        }
    }

    var negated: Bool
    var ranges: [ClosedRange<UInt32>] = []
    var classes: [Class] = []

    init(negated: Bool, scalars: [Unicode.Scalar] = [], classes: [Class] = []) {
        self.negated = negated
        self.ranges = scalars.map { $0.value...$0.value }
        self.classes = classes
    }

    func contains(_ scalar: Unicode.Scalar, ignoringCase: Bool) -> Bool {
        func inside(_ scalar: Unicode.Scalar) -> Bool {
            ranges.contains { $0.contains(scalar.value) } || classes.contains { $0.contains(scalar) }
        }
        var found = inside(scalar)
        if !found, ignoringCase {
            let variants = [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping]
            found = variants.contains { text in
                text.unicodeScalars.count == 1 && inside(text.unicodeScalars.first!)
            }
        }
        return found != negated
    }
}
