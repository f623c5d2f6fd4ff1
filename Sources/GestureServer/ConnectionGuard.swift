// Built with the Server trait only (Package.swift): without it Hummingbird is not in the graph.
#if Server
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Keeps a flood of connections from stopping the server.
///
/// Hummingbird's idle timeout is installed only once a connection's first request head has been
/// read and found not to be a WebSocket upgrade; until then a connection that sends nothing, or
/// half a head, is held forever, and 1,024 of them took every file descriptor the process had. So
/// every connection is watched from its first byte until that head is complete:
/// - one that has not sent a whole head within `headDeadline` is closed;
/// - when more than `limit` connections are open, the oldest of those that have had a second to
///   send a head and have not are closed to make room, so a new visitor is served while the
///   flood waits.
/// A connection with a whole head is Hummingbird's (its idle timeout; a WebSocket take keeps its
/// own, and is never shed here, so a recording in progress is never cut).
final class ConnectionGuard: Sendable {
    let limit: Int
    let headDeadline: TimeAmount
    /// How many are open, and those still without a whole head, with when they opened.
    private let state = NIOLockedValueBox<(open: Int, waiting: [ObjectIdentifier: (channel: any Channel, since: NIODeadline)])>((0, [:]))

    init(limit: Int, headDeadline: TimeAmount = .seconds(5)) {
        self.limit = limit
        self.headDeadline = headDeadline
    }

    var openConnections: Int { state.withLockedValue { $0.open } }

    /// The handler to put first in a new connection's pipeline.
    func watch(_ channel: any Channel) throws {
        try channel.pipeline.syncOperations.addHandler(Watch(guard: self), position: .first)
    }

    fileprivate func opened(_ channel: any Channel) {
        // The oldest connections that have not yet said what they want make room for this one.
        let victims = state.withLockedValue { s -> [any Channel] in
            s.open += 1
            s.waiting[ObjectIdentifier(channel)] = (channel, .now())
            guard s.open > limit else { return [] }
            // Only those that have had a second to send their head: a visitor's browser sends it
            // at once, so a newcomer never sheds another newcomer.
            let patient = NIODeadline.now() - .seconds(1)
            return s.waiting.values.filter { $0.since < patient }.sorted { $0.since < $1.since }.prefix(s.open - limit).map(\.channel)
        }
        for v in victims { v.close(promise: nil) }
    }

    fileprivate func headComplete(_ channel: any Channel) {
        state.withLockedValue { _ = $0.waiting.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    fileprivate func closed(_ channel: any Channel) {
        state.withLockedValue { s in
            s.open -= 1
            s.waiting.removeValue(forKey: ObjectIdentifier(channel))
        }
    }

    /// Reads the bytes before the first request head's end, then steps aside.
    private final class Watch: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer
        let owner: ConnectionGuard
        var deadline: Scheduled<Void>?
        /// The last three bytes read, so a "\r\n\r\n" split across reads is found.
        var tail: [UInt8] = []
        var active = false

        init(guard owner: ConnectionGuard) { self.owner = owner }

        func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { start(context) }
        }

        func channelActive(context: ChannelHandlerContext) {
            start(context)
            context.fireChannelActive()
        }

        private func start(_ context: ChannelHandlerContext) {
            guard !active else { return }
            active = true
            owner.opened(context.channel)
            let channel = context.channel
            deadline = context.eventLoop.scheduleTask(in: owner.headDeadline) { channel.close(promise: nil) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(context, closed: true)
            context.fireChannelInactive()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            deadline?.cancel()
            deadline = nil
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data)
            let seen = tail + Array(bytes.readableBytesView)
            if Self.containsHeadEnd(seen) {
                // From here on the connection is Hummingbird's.
                deadline?.cancel()
                deadline = nil
                owner.headComplete(context.channel)
                context.fireChannelRead(data)
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
                return
            }
            tail = Array(seen.suffix(3))
            context.fireChannelRead(data)
        }

        private func finish(_ context: ChannelHandlerContext, closed: Bool) {
            deadline?.cancel()
            deadline = nil
            if closed && active {
                active = false
                owner.closed(context.channel)
            }
        }

        static func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
            guard bytes.count >= 4 else { return false }
            for k in 0...(bytes.count - 4) where bytes[k] == 13 && bytes[k + 1] == 10 && bytes[k + 2] == 13 && bytes[k + 3] == 10 { return true }
            return false
        }
    }
}

/// A server child channel that hands each connection to the guard before the HTTP pipeline.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value
    let inner: Inner
    let connections: ConnectionGuard

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try connections.watch(channel)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
#endif
