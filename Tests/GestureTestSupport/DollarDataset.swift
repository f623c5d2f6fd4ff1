import Foundation

/// Where the $1 Unistroke development set is, for the tests that need real strokes.
///
/// Users have no `../shared` beside their clone, so these tests are skipped, with the reason
/// shown, when the set is absent; CI sets `GESTURELAB_DOLLAR_DATASET` (see `.ci/run`) so they
/// always run there. The set is read in place and never copied into the repository.
public enum DollarDataset {
    /// The variable that names the data set's folder.
    public static let variable = "GESTURELAB_DOLLAR_DATASET"

    /// `$GESTURELAB_DOLLAR_DATASET` when set, else `../shared/datasets/dollar-unistroke` beside
    /// the package (the layout CI and the developers' machines have).
    public static let root: String = {
        if let given = ProcessInfo.processInfo.environment[variable], !given.isEmpty {
            return URL(fileURLWithPath: given).standardizedFileURL.path
        }
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/datasets/dollar-unistroke").standardizedFileURL.path
    }()

    /// Whether the set is there (its first subject's folder, not just the top folder).
    public static var isPresent: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root + "/s01", isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why a test that needs the set did not run: shown by the test runner beside "skipped".
    public static var absence: String {
        "the $1 development set is not at \(root); set \(variable) to its folder (scripts/evaluate-dev-set.sh says where the data set comes from)"
    }
}
