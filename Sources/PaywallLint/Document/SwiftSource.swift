import Atomics

/// What paywall-lint checks in a Swift file, as a `SwiftReader` reads it: paywall literals (each
/// as a document of the remote-config dialect), presentations of paywall views, string literals
/// in paywall types, and the file's comments (for suppressions).
package struct SwiftSource: Sendable {
    /// `PaywallConfig(id: "fallback", headline: "…", …)`: a call whose labelled literal arguments
    /// are the fields of a paywall, read as a document with the literals' exact spans.
    package struct PaywallLiteral: Sendable {
        package var document: Document
        package var root: NodeID
        /// The binding it initialises (`PaywallLoader.bundled`), or the type and line.
        package var name: String
        /// Labels whose argument is computed or interpolated: not copy, not checked.
        package var computed: [String]

        package init(document: Document, root: NodeID, name: String, computed: [String]) {
            self.document = document
            self.root = root
            self.name = name
            self.computed = computed
        }
    }

    /// `.sheet(isPresented: $show) { PaywallView() }`: a modal presentation whose content builds
    /// a paywall view.
    package struct Presentation: Sendable {
        /// `sheet`, `popover` or `fullScreenCover`.
        package var modifier: String
        /// The modifier's name token, where a finding and its fix go.
        package var nameSpan: SourceSpan
        /// The paywall view's type name.
        package var view: String
        /// Whether the content calls `.interactiveDismissDisabled()`.
        package var dismissDisabled: Bool
        /// Whether the call has `.fullScreenCover`'s arguments too (`isPresented:` or `item:`,
        /// `onDismiss:`, the content), so renaming the modifier is the whole fix.
        package var renamable: Bool

        package init(
            modifier: String, nameSpan: SourceSpan, view: String, dismissDisabled: Bool, renamable: Bool
        ) {
            self.modifier = modifier
            self.nameSpan = nameSpan
            self.view = view
            self.dismissDisabled = dismissDisabled
            self.renamable = renamable
        }
    }

    /// A piece of a string literal inside a paywall type (`PlanCard`), between interpolations.
    package struct Literal: Sendable {
        package var text: String
        /// Where `text` starts; a piece holds no line break (a multi-line literal gives one a line).
        package var start: SourcePosition
        /// The innermost enclosing type whose name marks it as paywall code.
        package var type: String

        package init(text: String, start: SourcePosition, type: String) {
            self.text = text
            self.start = start
            self.type = type
        }
    }

    /// A `//` comment, for suppressions.
    package struct Comment: Sendable {
        package var text: String
        package var start: SourcePosition
        /// The next line that holds code, which `disable-next-line` means.
        package var nextCodeLine: Int

        package init(text: String, start: SourcePosition, nextCodeLine: Int) {
            self.text = text
            self.start = start
            self.nextCodeLine = nextCodeLine
        }
    }

    /// The argument labels a paywall literal may have: the remote-config dialect's fields.
    package static let paywallFields: Set<String> = Set(
        RemoteConfigDialect.keys.names.filter { $0 != "dialect" })

    package var paywalls: [PaywallLiteral] = []
    package var presentations: [Presentation] = []
    package var literals: [Literal] = []
    package var comments: [Comment] = []
    /// Syntax errors and limits.
    package var findings: [Finding] = []
    /// What was read and what was left out, for `--verbose`.
    package var notes: [String] = []

    package init() {}
}

/// Which names mark Swift code as a paywall's.
package struct SwiftNames: Sendable, Equatable {
    /// A view whose type name contains one of these is a paywall (`PaywallView`).
    package var views: [String] = ["Paywall"]
    /// String literals in types whose names contain one of these are paywall copy.
    package var types: [String] = ["Paywall", "Plan", "Subscription"]

    package init() {}

    package static func matches(_ name: String, _ parts: [String]) -> Bool {
        parts.contains { !$0.isEmpty && name.contains($0) }
    }
}

/// Reads Swift source for what paywall-lint checks in it. The core has no Swift parser, so that
/// it builds without swift-syntax (an app on iOS); `PaywallLintSwift` installs one.
package protocol SwiftReader: Sendable {
    func read(_ file: SourceFile, names: SwiftNames, limits: ReadLimits) -> SwiftSource
}

package enum SwiftSources {
    package final class Installed: Sendable {
        let reader: any SwiftReader
        package init(_ reader: any SwiftReader) { self.reader = reader }
    }

    /// Set once, then read without a lock by every Swift file's lint.
    package static let reader = ManagedAtomicLazyReference<Installed>()

    /// Whether a file is Swift source, by its name.
    package static func isSwift(_ path: String) -> Bool {
        path.hasSuffix(ignoringASCIICase: ".swift")
    }
}
