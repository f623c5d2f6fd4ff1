import Benchmark
import GestureLabWorkloads

// What CI holds the code to: allocations, counted by the malloc interposer, exact on any
// machine for the same code and toolchain. A change that allocates more in one of these paths
// fails `thresholds check` (the stored p90s are in Thresholds/; docs/benchmarks.md says how to
// renew them after an improvement or a deliberate cost). Instructions would be the other such
// figure, but this kind of VM has no hardware counters (`perf stat -e instructions`: not
// supported): scripts/instruction-thresholds.sh counts them with callgrind instead, on the same
// workloads. Times are printed for reading, never checked: they depend on the machine's load.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        warmupIterations: 1,
        maxDuration: .seconds(3),
        maxIterations: 10,
        // Allocations must not grow; a handful more per run is noise from the runtime's caches.
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 1.0], absolute: [.p90: 20])]
    )

    // Names without spaces: the tool writes a threshold file with them replaced and reads it back
    // without (package-benchmark 1.38.1). The workloads are GestureLabWorkloads', which the
    // instruction counts (scripts/instruction-thresholds.sh) run too.
    for workload in Workload.allCases {
        Benchmark(workload.rawValue) { benchmark in
            let run = workload.prepare()
            benchmark.startMeasurement()
            blackHole(try run())
        }
    }
}
