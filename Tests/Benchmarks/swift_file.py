#!/usr/bin/env python3
"""Writes a Swift file of about --lines lines for the Swift benchmark: SwiftUI views with
presentations (paywall sheets, settings sheets, full-screen covers), plan cards whose string
literals hold copy (some with a hard-coded price or saving), and paywall literals; the rest is
ordinary app code. Deterministic for a --lines value."""
import argparse

VIEW = '''struct HomeView{n}: View {{
    @State private var showPaywall = false
    @State private var showSettings = false
    let items: [Item]

    var body: some View {{
        List(items) {{ item in
            VStack(alignment: .leading) {{
                Text(item.title).font(.headline)
                Text("Edited \\(item.date, style: .relative) ago").font(.caption)
            }}
        }}
        .toolbar {{ Button("Settings") {{ showSettings = true }} }}
        .sheet(isPresented: $showSettings) {{ SettingsView() }}
        .{modifier}(isPresented: $showPaywall) {{
            PaywallView(source: .home{n})
        }}
    }}
}}

struct PlanCard{n}: View {{
    let product: Product
    var badge: String {{ "{badge}" }}
    var footnote: String {{ "Renews automatically at \\(product.displayPrice) unless cancelled." }}

    var body: some View {{
        VStack {{
            Text(product.displayName)
            Text(product.displayPrice).font(.title2)
            Text(badge).font(.caption)
        }}
        .padding()
    }}
}}

enum Fallback{n} {{
    static let config = PaywallConfig(
        id: "fallback-{n}",
        headline: "Draw without limits",
        subhead: "Every brush, every canvas, on every device.",
        bullets: ["Unlimited canvases", "All brushes", "Sync with iCloud"],
        productIDs: ["com.sketchy.pro.weekly", "com.sketchy.pro.yearly"],
        highlightedProductID: "com.sketchy.pro.yearly",
        ctaTitle: "Continue",
        footnote: "{{{{ price }}}} per {{{{ period }}}}, renews automatically until cancelled."
    )
}}

func format{n}(_ value: Double) -> String {{
    let formatter = NumberFormatter()
    formatter.maximumFractionDigits = 2
    return formatter.string(from: NSNumber(value: value)) ?? ""
}}

'''


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    parts = ["import StoreKit\nimport SwiftUI\n\n"]
    n = 0
    while sum(part.count("\n") for part in parts) < args.lines:
        modifier = "sheet" if n % 7 == 3 else "fullScreenCover"
        badge = "Save 40%" if n % 11 == 5 else "Best value"
        parts.append(VIEW.format(n=n, modifier=modifier, badge=badge))
        n += 1
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("".join(parts))


if __name__ == "__main__":
    main()
