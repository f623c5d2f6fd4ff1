/// A state a recognizer asked for, waiting for settlement.
///
/// A plain value (no reference counting) because requests are queued and copied on every event:
/// the recognizer is unowned (views own their recognizers, and a request lives one settlement),
/// and the cause is kept by the arena (`Arbitration.keep`), by slot, only when the log keeps it.
struct TransitionRequest {
    /// Read through `Unretained.with` where it is hot: even an `unowned(unsafe)` load
    /// is retained and released around a call.
    let link: Unretained<GestureRecognizer>
    var recognizer: GestureRecognizer { link.object }
    /// The recognizer's identity, compared without touching its reference count.
    let key: ObjectIdentifier
    var to: RecognizerState
    /// The slot of its kept cause (`Arbitration.keep`), or -1 when the log will not keep the cause.
    var causeSlot: Int32
    /// Disabling bypasses the pending-request rules.
    var forced = false

    init(recognizer: GestureRecognizer, to: RecognizerState, causeSlot: Int32, forced: Bool = false) {
        link = Unretained(recognizer)
        key = ObjectIdentifier(recognizer)
        self.to = to
        self.causeSlot = causeSlot
        self.forced = forced
    }
}

/// How settlement orders a batch of requests (see `processRequests`).
enum RequestClass { case failure, candidate, update, repeated }
