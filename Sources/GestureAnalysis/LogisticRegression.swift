import Foundation

/// An L2-regularized logistic regression, fitted by Newton's method (iteratively reweighted least
/// squares): the small learned classifier issue 33 compares with the hand-made rules, on the same
/// features. Features are standardized on the training samples; the intercept is not penalized.
struct LogisticRegression {
    var means: [Double]
    var scales: [Double]
    /// The intercept, then one weight per feature (on standardized features).
    var weights: [Double]

    /// Fits `rows` (features) to `labels`, each row counting `weight`; `lambda` is the L2 strength.
    init(rows: [[Double]], labels: [Bool], weights sampleWeights: [Double], lambda: Double, iterations: Int = 25) {
        let d = rows.first?.count ?? 0
        let n = rows.count
        var means = [Double](repeating: 0, count: d), scales = [Double](repeating: 1, count: d)
        for j in 0..<d {
            let column = rows.map { $0[j] }
            let m = column.reduce(0, +) / Double(max(1, n))
            let v = column.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(max(1, n))
            means[j] = m
            scales[j] = v > 1e-12 ? v.squareRoot() : 1
        }
        // The standardized rows one after another, each led by the intercept's 1, and the
        // Hessian flat, both read through buffers: nested arrays cost a uniqueness check per
        // element written and were a quarter of `crossval --nested`'s time. The arithmetic is the
        // same, in the same order, so the fit is bit for bit what it was.
        let m = d + 1
        var x = [Double]()
        x.reserveCapacity(n * m)
        for r in rows {
            x.append(1.0)
            for j in 0..<d { x.append((r[j] - means[j]) / scales[j]) }
        }
        var w = [Double](repeating: 0, count: m)
        for _ in 0..<iterations {
            // Gradient and Hessian of the penalized negative log-likelihood.
            var g = [Double](repeating: 0, count: m)
            var flat = [Double](repeating: 0, count: m * m)
            x.withUnsafeBufferPointer { x in
                w.withUnsafeBufferPointer { w in
                    g.withUnsafeMutableBufferPointer { g in
                        flat.withUnsafeMutableBufferPointer { h in
                            for i in 0..<n {
                                let row = x.baseAddress.unsafelyUnwrapped + i * m
                                var z = 0.0
                                for a in 0..<m { z += w[a] * row[a] }
                                let p = 1 / (1 + exp(-z))
                                let y: Double = labels[i] ? 1 : 0
                                let s = sampleWeights[i]
                                for a in 0..<m {
                                    g[a] += s * (p - y) * row[a]
                                    let q = s * p * (1 - p) * row[a]
                                    for b in a..<m { h[a * m + b] += q * row[b] }
                                }
                            }
                        }
                    }
                }
            }
            var h = (0..<m).map { a in Array(flat[(a * m)..<(a * m + m)]) }
            for a in 0...d {
                for b in 0..<a { h[a][b] = h[b][a] }
                if a > 0 {
                    g[a] += lambda * w[a]
                    h[a][a] += lambda
                }
                h[a][a] += 1e-9
            }
            guard let step = Self.solve(h, g) else { break }
            var largest = 0.0
            for a in 0...d {
                w[a] -= step[a]
                largest = max(largest, abs(step[a]))
            }
            if largest < 1e-8 { break }
        }
        self.means = means
        self.scales = scales
        weights = w
    }

    /// The probability of the positive class.
    func probability(_ row: [Double]) -> Double {
        var z = weights[0]
        for j in row.indices { z += weights[j + 1] * (row[j] - means[j]) / scales[j] }
        return 1 / (1 + exp(-z))
    }

    /// The feature that moved the decision most for `row` (its index and contribution).
    func decidingFeature(_ row: [Double]) -> (index: Int, contribution: Double) {
        var best = (index: 0, contribution: 0.0)
        for j in row.indices {
            let c = weights[j + 1] * (row[j] - means[j]) / scales[j]
            if abs(c) > abs(best.contribution) { best = (j, c) }
        }
        return best
    }

    /// Gaussian elimination with partial pivoting; nil when the system is singular.
    static func solve(_ a: [[Double]], _ b: [Double]) -> [Double]? {
        var m = a.indices.map { a[$0] + [b[$0]] }
        let n = b.count
        for c in 0..<n {
            guard let p = (c..<n).max(by: { abs(m[$0][c]) < abs(m[$1][c]) }), abs(m[p][c]) > 1e-14 else { return nil }
            m.swapAt(c, p)
            for r in 0..<n where r != c {
                let f = m[r][c] / m[c][c]
                if f != 0 { for k in c...n { m[r][k] -= f * m[c][k] } }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}
