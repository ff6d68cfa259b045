/// The tool's name, version and home, as reporters show them.
public enum ToolInfo {
    public static let name = "paywall-lint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/paywall-lint/paywall-lint"
}
