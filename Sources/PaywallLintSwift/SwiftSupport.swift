import PaywallLint

/// Swift source for the linter: paywall literals, SwiftUI presentations of paywall views and the
/// string literals of paywall types, read with swift-syntax. The command line enables it; linting
/// YAML and JSON needs none of it. Only a build with the package's `SwiftSource` trait
/// (`swift build --traits SwiftSource`) reads Swift.
public enum SwiftSupport {
    /// Whether this build reads Swift: it was built with the `SwiftSource` trait.
    public static var isAvailable: Bool {
        #if SwiftSource
            true
        #else
            false
        #endif
    }

    /// Makes every lint of a `.swift` file read it with swift-syntax, in a build that can. Call
    /// it once before linting; calling it again does nothing.
    public static func enable() {
        #if SwiftSource
            _ = SwiftSources.reader.storeIfNilThenLoad(SwiftSources.Installed(SwiftSyntaxReader()))
        #endif
    }
}

#if SwiftSource
    private struct SwiftSyntaxReader: SwiftReader {
        func read(_ file: SourceFile, names: SwiftNames, limits: ReadLimits) -> SwiftSource {
            SwiftFileReader.read(file, names: names, limits: limits)
        }
    }
#endif
