import PaywallLint

/// Finds and reads the configuration: `--config FILE`, else the nearest `.paywall-lint.yml`
/// (`.yaml`, `.json`) walking up from the current folder; without one, the defaults.
enum ConfigLoader {
    static func load(explicit: String?) throws -> Configuration {
        let cwd = FileSystem.currentDirectory()
        if let explicit {
            let absolute = explicit.hasPrefix("/") ? explicit : cwd + "/" + explicit
            return try read(absolute, shownAs: explicit)
        }
        return try nearest(from: cwd) ?? Configuration(directory: cwd)
    }

    /// The nearest configuration walking up from `start` (an absolute folder), if any.
    static func nearest(from start: String) throws -> Configuration? {
        guard let path = nearestPath(from: start) else { return nil }
        return try read(path, shownAs: relative(path, to: FileSystem.currentDirectory()))
    }

    /// Names people give the config by mistake; found where no config is, they get a warning.
    static let nearMisses = [
        "paywall-lint.yml", "paywall-lint.yaml", "paywall-lint.json", ".paywall-lint.yml.yml",
        ".paywalllint.yml",
        ".paywall_lint.yml", ".paywall-lint.toml", ".paywall-lint.yml.txt", "paywall_lint.yml",
    ]

    /// The nearest config walking up from `start` (an absolute folder), if any, without looking
    /// for near-miss names (`ConfigSearch` does both).
    static func nearestPath(from start: String) -> String? {
        var directory = start
        while true {
            if let found = ConfigSearch.config(in: directory) { return found }
            guard let parent = ConfigSearch.parent(of: directory) else { return nil }
            directory = parent
        }
    }

    /// What walking up from a folder finds: the nearest config, and the near-miss names on the
    /// way (each a warning). Kept per folder: the folders of a walked tree share their parents,
    /// and each folder costs a dozen `stat`s (the 40 folders of 10,000 benchmark files made
    /// 2,400 that failed; now 350).
    struct ConfigSearch {
        struct Result {
            var config: String?
            var misnamed: [String] = []
        }

        private var byFolder: [String: Result] = [:]

        mutating func result(from start: String) -> Result {
            // The folders not yet known, from `start` up; then each is resolved from its parent.
            var unknown: [String] = []
            var directory = start
            var found = Result(config: nil)
            while true {
                if let known = byFolder[directory] {
                    found = known
                    break
                }
                unknown.append(directory)
                guard let parent = Self.parent(of: directory) else { break }
                directory = parent
            }
            for folder in unknown.reversed() {
                found = Self.look(in: folder, above: found)
                byFolder[folder] = found
            }
            return found
        }

        /// A folder's own config, else its near-miss names before what its parent found.
        private static func look(in directory: String, above parent: Result) -> Result {
            if let config = config(in: directory) { return Result(config: config) }
            let prefix = directory == "/" ? "" : directory
            var result = Result(config: parent.config)
            for name in nearMisses {
                if case .file = FileSystem.kind(of: prefix + "/" + name) {
                    let shown = relative(prefix + "/" + name, to: FileSystem.currentDirectory())
                    result.misnamed.append(
                        "\(shown) is not read: the configuration file is named .paywall-lint.yml (or .yaml, .json)"
                    )
                }
            }
            result.misnamed += parent.misnamed
            return result
        }

        /// The config file in `directory` itself, if any. A name that is there but is no
        /// readable file (a folder, a FIFO, a link to nothing) is returned too, so that reading
        /// it fails loudly instead of the defaults being used in its place.
        static func config(in directory: String) -> String? {
            let prefix = directory == "/" ? "" : directory
            for name in Configuration.fileNames {
                let path = prefix + "/" + name
                if case .missing = FileSystem.kind(of: path), !FileSystem.isLink(path) { continue }
                return path
            }
            return nil
        }

        /// The folder above an absolute folder; nil for the root.
        static func parent(of directory: String) -> String? {
            guard directory != "/", let slash = directory.lastIndex(of: "/") else { return nil }
            return slash == directory.startIndex ? "/" : String(directory[..<slash])
        }
    }

    /// The absolute folder a (relative or absolute) file path lies in.
    static func absoluteDirectory(of path: String) -> String {
        let absolute = absolutePath(path)
        // In bytes: this runs for every input file, and Characters cost far more.
        guard let slash = absolute.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "/" }
        return slash == absolute.startIndex ? "/" : String(absolute[..<slash])
    }

    private static func read(_ path: String, shownAs: String) throws -> Configuration {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 1 << 20)
        } catch {
            throw ConfigurationError(
                path: shownAs, message: "cannot read the configuration: \(error.message)")
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return try Configuration.read(
            path: shownAs, text: String(decoding: bytes, as: UTF8.self),
            directory: directory.isEmpty ? "/" : directory
        ) { file in
            do {
                return String(decoding: try FileSystem.read(file, limit: 8 << 20), as: UTF8.self)
            } catch let error as FileSystem.ReadError {
                throw ConfigurationError(path: file, message: error.message)
            }
        }
    }

    /// Store data from `--storekit` or the config's `storekit:` (relative to the config's folder).
    static func store(flag: String?, config: Configuration) throws -> StoreData? {
        let path: String
        let shown: String
        if let flag {
            path = flag
            shown = flag
        } else if let configured = config.storekit {
            path = configured.hasPrefix("/") ? configured : config.directory + "/" + configured
            shown = configured
        } else {
            return nil
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 8 << 20)
        } catch {
            throw ConfigurationError(path: shown, message: "cannot read the StoreKit file: \(error.message)")
        }
        return try StoreKitReader.read(path: shown, bytes: bytes)
    }

    /// `path` relative to `base` when it lies inside it; otherwise unchanged.
    static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// An input path relative to the config's folder, for include/exclude and overrides.
    static func configRelative(_ path: String, config: Configuration) -> String {
        var absolute = absolutePath(path)
        if absolute.hasSuffix("/.") { absolute.removeLast(2) }
        return relative(absolute, to: config.directory)
    }

    /// `path` from the working directory, without `/./` segments.
    private static func absolutePath(_ path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FileSystem.currentDirectory() + "/" + path
        // Byte-wise: this runs for every input file, and "/./" is ASCII. Most paths have none.
        let slash = UInt8(ascii: "/")
        let hasDotSegment = absolute.withUTF8 { bytes in
            bytes.count > 2
                && (0..<bytes.count - 2).contains {
                    bytes[$0] == slash && bytes[$0 + 1] == UInt8(ascii: ".") && bytes[$0 + 2] == slash
                }
        }
        guard hasDotSegment else { return absolute }
        var utf8 = Array(absolute.utf8)
        var i = 0
        while i + 2 < utf8.count {
            if utf8[i] == UInt8(ascii: "/"), utf8[i + 1] == UInt8(ascii: "."),
                utf8[i + 2] == UInt8(ascii: "/")
            {
                utf8.removeSubrange(i..<i + 2)
            } else {
                i += 1
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}
