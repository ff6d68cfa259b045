import Dispatch
import Synchronization
import Testing

@testable import PaywallLint

/// The detections a text keeps are read without a lock while another thread may add to them:
/// every read finds either nothing or exactly what was kept for its key, across the lists'
/// growth, and nothing past the limit is kept.
@Suite("Kept detections", .yaml)
struct KeptDetectionsTests {
    private static func found(for key: Int) -> [DetectorMatch] {
        (0..<key % 3).map { DetectorMatch(range: $0..<$0 + key, text: "match \(key).\($0)") }
    }

    @Test func keepsEachKeyOnceThroughGrowth() {
        let kept = KeptDetections()
        let limit = KeptDetections.limit
        #expect(kept.matches(for: 1) == nil)
        for key in 0..<limit + 10 { kept.keep(Self.found(for: key), for: key) }
        // A second result for a key already kept changes nothing.
        kept.keep([DetectorMatch(range: 0..<1, text: "other")], for: 7)
        for key in 0..<limit { #expect(kept.matches(for: key) == Self.found(for: key), "key \(key)") }
        for key in limit..<limit + 10 {
            #expect(kept.matches(for: key) == nil, "key \(key) is past the limit")
        }
    }

    @Test func readsWhileAnotherThreadKeeps() {
        let kept = KeptDetections()
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for round in 0..<2_000 {
                let key = (round * 7 + thread * 13) % 200
                if let matches = kept.matches(for: key) {
                    if matches != Self.found(for: key) { wrong.withLock { $0 += 1 } }
                } else {
                    kept.keep(Self.found(for: key), for: key)
                }
            }
        }
        #expect(wrong.withLock { $0 } == 0)
        let keptKeys = (0..<200).filter { kept.matches(for: $0) != nil }
        #expect(keptKeys.count == KeptDetections.limit)
        for key in keptKeys { #expect(kept.matches(for: key) == Self.found(for: key)) }
    }
}

/// What a text keeps of its variables under one catalogue must not answer for another: the
/// same text is read by canonical and RevenueCat files of one run.
@Suite("Kept variable summaries", .yaml)
struct KeptVariableSummaryTests {
    @Test func eachCatalogueGetsItsOwnAnswer() {
        // `price_per_period_full` is RevenueCat's alone; `price` is both catalogues'.
        let template = Template("Now {{ price_per_period_full }}, was {{ price }}")
        let billedTotal = VariableKind.billedTotal.bit
        for _ in 0..<2 {
            #expect(!VariableCatalog.canonical.knowsEveryVariable(of: template))
            #expect(VariableCatalog.canonical.kindBits(of: template) == billedTotal)
            #expect(VariableCatalog.revenueCat.knowsEveryVariable(of: template))
            #expect(VariableCatalog.revenueCat.kindBits(of: template) == billedTotal)
        }
        let period = Template("every {{ period }} for {{ product_name }}")
        #expect(VariableCatalog.canonical.knowsEveryVariable(of: period))
        #expect(
            VariableCatalog.canonical.kindBits(of: period) == VariableKind.period.bit | VariableKind.name.bit)
        let none = Template("no variables")
        #expect(VariableCatalog.revenueCat.knowsEveryVariable(of: none))
        #expect(VariableCatalog.revenueCat.kindBits(of: none) == 0)
    }
}
