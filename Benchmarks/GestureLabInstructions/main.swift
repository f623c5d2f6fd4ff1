import Foundation
import GestureLabWorkloads

// Runs one workload a given number of times, for scripts/instruction-thresholds.sh to count
// under callgrind: the count of one run less the count of none (the input prepared, nothing
// run) is one run, with the start of the process and the preparation cancelled out.
//   GestureLabInstructions WORKLOAD RUNS
//   GestureLabInstructions --list            (the workloads' names)
let arguments = CommandLine.arguments
if arguments.count == 2 && arguments[1] == "--list" {
    for w in Workload.allCases { print(w.rawValue) }
    exit(0)
}
guard arguments.count == 3, let workload = Workload(rawValue: arguments[1]), let runs = Int(arguments[2]), runs >= 0 else {
    FileHandle.standardError.write(Data("usage: GestureLabInstructions WORKLOAD RUNS (workloads: \(Workload.allCases.map(\.rawValue).joined(separator: ", ")))\n".utf8))
    exit(2)
}
let run = workload.prepare()
var figure = 0
for _ in 0..<runs { figure &+= try run() }
print(figure)
