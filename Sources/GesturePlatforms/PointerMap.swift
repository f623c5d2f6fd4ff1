/// Values by pointer (or touch) id, for the handful of pointers down at once: a search through
/// a few keys instead of hashing. Flutter's binding, arena and recognizers look pointers up
/// several times an event, and `Dictionary`'s hashing (SipHash, a call per key) was 15% of the
/// instructions of a Flutter replay. Keys stay in the order they were added; only lookups by key
/// are offered, as the dictionaries it replaces were used.
struct PointerMap<Value>: ExpressibleByDictionaryLiteral {
    private var keys: [Int] = []
    private var values: [Value] = []

    init(dictionaryLiteral elements: (Int, Value)...) {
        for (k, v) in elements { self[k] = v }
    }

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    @inline(__always)
    private func index(of key: Int) -> Int? {
        var i = 0
        while i < keys.count {
            if keys[i] == key { return i }
            i += 1
        }
        return nil
    }

    subscript(key: Int) -> Value? {
        get {
            guard let i = index(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = index(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Whether any value satisfies `test`.
    func containsValue(where test: (Value) -> Bool) -> Bool { values.contains(where: test) }

    /// Removes the entries whose key satisfies `shouldRemove`, keeping the others in order.
    mutating func removeAll(whereKey shouldRemove: (Int) -> Bool) {
        var i = 0
        while i < keys.count {
            if shouldRemove(keys[i]) {
                keys.remove(at: i)
                values.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    subscript(key: Int, default value: @autoclosure () -> Value) -> Value {
        get { self[key] ?? value() }
        set { self[key] = newValue }
    }
}
