/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// A remark worth knowing; it fails a paywall only when `failOn` is `note`.
    case note = 0
    /// A problem worth fixing; it fails a paywall only when `failOn` is `warning` or `note`.
    case warning = 1
    /// A problem that fails a paywall under the default `failOn`.
    case error = 2

    /// The severity named `note`, `warning` or `error`; nil for any other name.
    public init?(name: String) {
        switch name {
        case "note": self = .note
        case "warning": self = .warning
        case "error": self = .error
        default: return nil
        }
    }

    /// The severity's name: `note`, `warning` or `error`.
    public var name: String {
        switch self {
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// The severity's name, as `name` gives it.
    public var description: String { name }

    /// Whether `lhs` is less serious than `rhs`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}
