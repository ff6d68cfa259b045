import ArgumentParser
import PaywallLint

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a starter .paywall-lint.yml and a starter paywall that passes.",
        discussion: """
            Examples:
              paywall-lint init
              paywall-lint init paywalls --pack sketchy
            """
    )

    @Argument(help: "The folder to write them in.")
    var directory = "."

    @Option(help: "The pack the config extends.")
    var pack = "recommended"

    @Flag(help: "Overwrite existing files.")
    var force = false

    func run() throws {
        guard PackLibrary.builtInNames.contains(pack) else {
            throw fail(
                "unknown pack '\(pack)'; use one of \(PackLibrary.builtInNames.joined(separator: ", "))")
        }
        let files = [
            (".paywall-lint.yml", Self.config(pack: pack)),
            ("paywall.yaml", Self.starterPaywall(pack: pack)),
        ]
        for (name, _) in files {
            let path = directory + "/" + name
            if case .missing = FileSystem.kind(of: path) { continue }
            if !force { throw fail("\(path) exists; use --force to overwrite it") }
        }
        for (name, text) in files {
            do {
                try FileSystem.writeAtomically(directory + "/" + name, Array(text.utf8))
            } catch {
                throw fail("cannot write \(directory)/\(name): \(error.message)")
            }
            StandardStream.output.write("wrote \(directory)/\(name)\n")
        }
        StandardStream.output.write("next: paywall-lint \(directory)\n")
    }

    static func config(pack: String) -> String {
        """
        # paywall-lint configuration: https://github.com/paywall-lint/paywall-lint#configuration
        extends: [\(pack)]
        # rules:
        #   apple/fake-urgency: error          # off | error | warning | note
        # exclude: ["**/drafts/**"]
        # storekit: Products.storekit          # product prices, periods and offers
        # fail-on: error

        """
    }

    /// A starter that passes the pack it is written for: the sketchy pack locks one app's
    /// decisions (its name, plan, wording, gate), so its starter is that app's paywall.
    static func starterPaywall(pack: String) -> String {
        pack == "sketchy" ? sketchyStarter : starterPaywall
    }

    static let sketchyStarter = """
        # yaml-language-server: $schema=https://raw.githubusercontent.com/paywall-lint/paywall-lint/main/Rules/schemas/paywall-v1.schema.json
        # A starter paywall that passes the sketchy pack, which locks Sketchy's decisions: one weekly
        # plan with an introductory week, shown after a drawing session, one free drawing a day.
        paywall: 1
        id: sketchy-weekly-a
        app: Sketchy
        locale: en
        presentation: full_screen
        headline: Enjoying your drawing?
        subhead: You get one free drawing per day to try Sketchy. Unlock unlimited drawings and support independent development.
        bullets:
          - Unlimited drawings every day
          - Full access to all templates
          - Both camera & lightbox modes
          - All future features included
        products:
          - id: com.sketchy.pro.weekly
            kind: auto_renewable
            label: "{{ product_name }}"
        highlighted_product: com.sketchy.pro.weekly
        cta: Unlock Unlimited Drawing
        close: {visible: true, delay_seconds: 0, label: Not now, destination: home}
        restore: {visible: true, above_fold: true, label: Restore Purchases}
        links:
          terms: https://example.com/terms
          privacy: https://example.com/privacy
        disclosure:
          text: "{{ intro_price }} for the first {{ intro_period }}, then {{ price }} per {{ period }}. Auto-renewing subscription. Cancel anytime."
          placement: footer
          font_size: 14
          color: "#4B5563"
        price: {text: "{{ price }} / {{ period }}", font_size: 17}
        triggers:
          - event: session_closed
          - event: session_start_blocked
        gate: {free_uses: 1, period_hours: 24, carry_over: false}
        theme: {background: "#FFFFFF", text: "#111827"}

        """

    static let starterPaywall = """
        # yaml-language-server: $schema=https://raw.githubusercontent.com/paywall-lint/paywall-lint/main/Rules/schemas/paywall-v1.schema.json
        # A starter paywall that passes the recommended rules. Prices come from the store through
        # variables; never type them in.
        paywall: 1
        id: starter-a
        app: My App
        locale: en
        presentation: full_screen
        headline: Do more with My App Pro
        subhead: Everything you make, without limits.
        bullets:
          - Unlimited projects
          - Sync across your devices
        products:
          - id: com.example.myapp.pro.monthly
            kind: auto_renewable
            label: "{{ product_name }}"
        highlighted_product: com.example.myapp.pro.monthly
        cta: Subscribe
        close: {visible: true, delay_seconds: 0, label: Not now}
        restore: {visible: true, above_fold: true, label: Restore Purchases}
        links:
          terms: https://example.com/terms
          privacy: https://example.com/privacy
        disclosure:
          text: "{{ price }} per {{ period }}. Renews automatically until cancelled. Cancel anytime in Settings."
          placement: footer
          font_size: 13
        price: {text: "{{ price }} / {{ period }}", font_size: 17}

        """
}
