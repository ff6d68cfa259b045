#if os(Linux) || os(Windows)
    import Synchronization
#else
    import Atomics
#endif

#if os(Linux) || os(Windows)
    /// An atomic value. Here the standard library's `Atomic`, stored inline in the object that
    /// holds it: a 5 MB file has tens of thousands of texts, each with a few atomics, and an
    /// object each was megabytes and a few per cent of the run.
    package typealias PlatformAtomic<Value: AtomicRepresentable> = Synchronization.Atomic<Value>

    /// swift-atomics' names for the integer operations the core uses. `Atomic` takes its ordering
    /// as a constant, hence one call per ordering.
    extension Synchronization.Atomic where Value == Int {
        package func wrappingIncrementThenLoad(by amount: Int, ordering: AtomicUpdateOrdering) -> Int {
            adding(amount, ordering).newValue
        }

        package func loadThenWrappingIncrement(by amount: Int, ordering: AtomicUpdateOrdering) -> Int {
            adding(amount, ordering).oldValue
        }

        package func wrappingIncrement(by amount: Int, ordering: AtomicUpdateOrdering) {
            _ = adding(amount, ordering)
        }

        package func wrappingDecrementThenLoad(by amount: Int, ordering: AtomicUpdateOrdering) -> Int {
            adding(-amount, ordering).newValue
        }

        private func adding(_ amount: Int, _ ordering: AtomicUpdateOrdering) -> (oldValue: Int, newValue: Int)
        {
            switch ordering {
            case .relaxed: wrappingAdd(amount, ordering: .relaxed)
            case .acquiring: wrappingAdd(amount, ordering: .acquiring)
            case .releasing: wrappingAdd(amount, ordering: .releasing)
            case .acquiringAndReleasing: wrappingAdd(amount, ordering: .acquiringAndReleasing)
            default: wrappingAdd(amount, ordering: .sequentiallyConsistent)
            }
        }
    }
#else
    /// An atomic value. On Apple platforms the standard library's `Atomic` needs iOS 18 and
    /// macOS 15, so swift-atomics' `ManagedAtomic` stands in (an object of its own).
    package typealias PlatformAtomic<Value: AtomicValue> = ManagedAtomic<Value>
    where Value.AtomicRepresentation.Value == Value
#endif
