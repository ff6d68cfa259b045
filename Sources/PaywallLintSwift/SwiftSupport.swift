import PaywallLint

/// Swift source for the linter: paywall literals, SwiftUI presentations of paywall views and the
/// string literals of paywall types, read with swift-syntax. The command line enables it; linting
/// YAML and JSON needs none of it.
public enum SwiftSupport {
    /// Makes every lint of a `.swift` file read it with swift-syntax. Call it once before
    /// linting; calling it again does nothing.
    public static func enable() {
        _ = SwiftSources.reader.storeIfNilThenLoad(SwiftSources.Installed(SwiftSyntaxReader()))
    }
}

private struct SwiftSyntaxReader: SwiftReader {
    func read(_ file: SourceFile, names: SwiftNames, limits: ReadLimits) -> SwiftSource {
        SwiftFileReader.read(file, names: names, limits: limits)
    }
}
