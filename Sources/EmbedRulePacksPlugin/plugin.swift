import Foundation
import PackagePlugin

/// Compiles the built-in rule packs (the package's top-level `Rules/*.yml`) into the target.
@main
struct EmbedRulePacks: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appending(path: "Rules")
        let packs = try FileManager.default.contentsOfDirectory(at: rules, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRulePacks.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(packs.count) rule packs",
                executable: try context.tool(named: "embed-rule-packs").url,
                arguments: [output.path] + packs.map(\.path),
                inputFiles: packs,
                outputFiles: [output]
            )
        ]
    }
}
