import ArgumentParser

/// `KEY=VALUE` of `record --label`: a label for the trace's header.
struct HeaderLabel: ExpressibleByArgument {
    var key: String
    var value: String

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        key = parts[0]
        value = parts[1]
    }
}
