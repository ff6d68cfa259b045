#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

/// The prices a `PriceDetector` found in one normalised text, kept for the detectors that read
/// them again: the free, savings and literal-price rules each look for prices in every copy
/// string with a digit, the same scan three times over.
///
/// Set once, by the first detector to scan, without a lock (both rule threads may reach a text at
/// once; the later result is dropped). One word inside the text: a text where nothing was found,
/// most of them, holds the detector's key with its low bit set and allocates nothing; one with
/// prices holds an `Entry`. Kept for one detector's vocabularies (the key, `PriceDetector.key`);
/// a detector with other vocabularies scans for itself.
struct KeptPrices: ~Copyable, Sendable {
    private final class Entry: Sendable {
        let key: UInt
        let prices: [PriceDetector.Price]

        init(key: UInt, prices: [PriceDetector.Price]) {
            self.key = key
            self.prices = prices
        }
    }

    /// 0 until set; then `key | 1` for no prices, or an `Entry`'s address (aligned, low bit 0).
    private let state = PlatformAtomic<UInt>(0)

    init() {}

    deinit {
        let state = state.load(ordering: .acquiring)
        if state != 0, state & 1 == 0 { Self.entry(state).release() }
    }

    private static func entry(_ state: UInt) -> Unmanaged<Entry> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: state)!)
    }

    /// The prices kept for `key`, or those `find` returns, kept when nothing is yet. `key` is
    /// the address of an object that outlives every text (so even, and never another's).
    func prices(for key: UInt, _ find: () -> [PriceDetector.Price]) -> [PriceDetector.Price] {
        let seen = state.load(ordering: .acquiring)
        if seen == key | 1 { return [] }
        if seen != 0, seen & 1 == 0,
            let kept = Self.entry(seen)._withUnsafeGuaranteedRef({ $0.key == key ? $0.prices : nil })
        {
            return kept
        }
        let found = find()
        guard seen == 0 else { return found }
        let new =
            found.isEmpty
            ? key | 1 : UInt(bitPattern: Unmanaged.passRetained(Entry(key: key, prices: found)).toOpaque())
        if !state.compareExchange(expected: 0, desired: new, ordering: .acquiringAndReleasing).exchanged,
            new & 1 == 0
        {
            Self.entry(new).release()
        }
        return found
    }
}
