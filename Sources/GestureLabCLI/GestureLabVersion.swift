/// The version `gesturelab --version` prints. Raised with each release of the command line,
/// the trace format's version is separate (it is in every trace's header).
enum GestureLabVersion {
    static let current = "0.6.0"
}
