import PaywallLint

/// YAML for the core library: paywalls, configurations and packs written in YAML, read with
/// libyaml. The command line enables it; an app that validates JSON needs none of it.
public enum YAMLSupport {
    /// Makes every read of a YAML file use libyaml. Call it once before linting; calling it
    /// again does nothing.
    public static func enable() {
        _ = DocumentReader.yamlParser.storeIfNilThenLoad(DocumentReader.InstalledParser(LibYAMLParser()))
    }
}

private struct LibYAMLParser: YAMLParser {
    func read(_ bytes: [UInt8], limits: ReadLimits, strings: ShortStrings, findings: inout [Finding])
        -> [Document]
    {
        YAMLReader.read(bytes, limits: limits, strings: strings, findings: &findings)
    }
}
