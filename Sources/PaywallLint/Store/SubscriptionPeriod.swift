/// An ISO 8601 duration as StoreKit writes subscription periods: `P1W`, `P3D`, `P1M`, `P1Y`.
public struct SubscriptionPeriod: Sendable, Hashable, CustomStringConvertible {
    /// The unit a period counts in.
    public enum Unit: String, Sendable {
        /// Days (`D`).
        case day
        /// Weeks (`W`).
        case week
        /// Months (`M`).
        case month
        /// Years (`Y`).
        case year
    }

    /// How many units the period lasts.
    public var count: Int
    /// The unit it counts in.
    public var unit: Unit

    /// A period of `count` units.
    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses a duration such as `P1W` (any letter case); nil for anything else, or a count
    /// outside 1 to 10,000.
    public init?(iso: String) {
        let scalars = Array(iso.uppercased().unicodeScalars)
        guard scalars.count >= 3, scalars.first == "P", let last = scalars.last else { return nil }
        // No store sells a period of more than a few years: a count of more than 10,000 is not one.
        guard let count = Int(String(String.UnicodeScalarView(scalars[1..<(scalars.count - 1)]))),
            (1...10_000).contains(count)
        else {
            return nil
        }
        switch last {
        case "D": unit = .day
        case "W": unit = .week
        case "M": unit = .month
        case "Y": unit = .year
        default: return nil
        }
        self.count = count
    }

    /// Length in days (a month counts 28, the shortest, so "shorter than 7 days" is never missed).
    public var minimumDays: Int {
        switch unit {
        case .day: count
        case .week: count * 7
        case .month: count * 28
        case .year: count * 365
        }
    }

    /// "week", "3 days": how copy names the period.
    public var description: String {
        count == 1 ? unit.rawValue : "\(count) \(unit.rawValue)s"
    }

    /// The ISO 8601 duration, such as `P1W`.
    public var iso: String {
        let letter: String
        switch unit {
        case .day: letter = "D"
        case .week: letter = "W"
        case .month: letter = "M"
        case .year: letter = "Y"
        }
        return "P\(count)\(letter)"
    }
}
