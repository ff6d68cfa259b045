/// The tool's name, version and home, as reporters show them.
package enum ToolInfo {
    package static let name = "paywall-lint"
    package static let version = "0.1.0"
    package static let informationURI = "https://github.com/paywall-lint/paywall-lint"
}
