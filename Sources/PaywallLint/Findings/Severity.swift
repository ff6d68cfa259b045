/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case note = 0
    case warning = 1
    case error = 2

    public init?(name: String) {
        switch name {
        case "note": self = .note
        case "warning": self = .warning
        case "error": self = .error
        default: return nil
        }
    }

    public var name: String {
        switch self {
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }

    public var description: String { name }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}
