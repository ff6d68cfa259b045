/// `control-present`: a close or restore control exists and is visible.
struct ControlPresentCheck: Check {
    static let name = "control-present"
    static let options = [OptionSpec("control", .text, required: true, "close or restore")]

    enum Control: String {
        case close
        case restore
    }

    let control: Control

    init(_ setup: CheckSetup) throws {
        guard let control = Control(rawValue: setup.text("control") ?? "") else {
            throw setup.error("option 'control' must be close or restore")
        }
        self.control = control
    }

    func run(_ context: inout RuleContext) {
        switch control {
        case .close:
            guard context.paywall.capabilities.contains(.close) else { return }
            guard let close = context.paywall.close else {
                context.report(
                    "no close control: a paywall must always be dismissible (add close: {visible: true})",
                    at: SourceSpan(at: context.paywall.place.span.start), node: context.paywall.place.node)
                return
            }
            if let visible = close.visible, !visible.value {
                context.report(
                    "the close control is hidden (close.visible: false)", at: visible.span, node: visible.node
                )
            }
        case .restore:
            guard context.paywall.capabilities.contains(.restore) else { return }
            guard let restore = context.paywall.restore else {
                context.report(
                    "no Restore Purchases control (add restore: {visible: true, label: Restore Purchases})",
                    at: SourceSpan(at: context.paywall.place.span.start), node: context.paywall.place.node)
                return
            }
            if let visible = restore.visible, !visible.value {
                context.report(
                    "the Restore Purchases control is hidden", at: visible.span, node: visible.node)
            }
        }
    }
}
