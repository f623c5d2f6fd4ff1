import Foundation
import GestureTrace
import Testing

@Suite("Batches handed from one thread to another")
struct HandoffQueueTests {
    /// A flag another thread sets.
    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }

    @Test("Every batch arrives once and in order, with the given batches coming back for reuse")
    func order() {
        let queue = HandoffQueue<[Int]>(depth: 3)
        let producer = Thread {
            var reused = 0
            for i in 0..<500 {
                let r = queue.put([i, i + 1])
                if r.reused != nil { reused += 1 }
            }
            _ = queue.put([reused])
            queue.finish()
        }
        producer.start()
        var seen: [Int] = []
        var last: [Int]?
        while let batch = queue.take(returning: last) {
            seen.append(batch[0])
            last = batch
        }
        #expect(seen.count == 501)
        #expect(Array(seen.prefix(500)) == Array(0..<500))
        // Given back after each take, so after the first few puts one is nearly always waiting.
        #expect(seen[500] > 400, "\(seen[500]) batches came back for reuse")
    }

    @Test("A producer waits while depth batches are queued, and stops when the consumer has gone")
    func bounded() {
        let queue = HandoffQueue<Int>(depth: 2)
        #expect(queue.put(1).stopped == false)
        #expect(queue.put(2).stopped == false)
        let third = Flag(), stopped = Flag()
        let producer = Thread {
            _ = queue.put(3)
            third.set()
            if queue.put(4).stopped { stopped.set() }
        }
        producer.start()
        Thread.sleep(forTimeInterval: 0.05)
        #expect(!third.isSet, "a third batch went in while two were queued")
        // Taking one leaves one queued, at most half the depth: the producer goes on.
        #expect(queue.take() == 1)
        var waited = 0
        while !third.isSet && waited < 400 { Thread.sleep(forTimeInterval: 0.005); waited += 1 }
        #expect(third.isSet)
        queue.stop()
        waited = 0
        while !stopped.isSet && waited < 400 { Thread.sleep(forTimeInterval: 0.005); waited += 1 }
        #expect(stopped.isSet, "a producer waiting for room was not told the consumer had gone")
    }

    @Test("While the queue is empty the consumer does the work it is given, and sleeps once there is none")
    func workWhileEmpty() {
        let queue = HandoffQueue<Int>(depth: 2)
        let producer = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            _ = queue.put(42)
            queue.finish()
        }
        producer.start()
        var calls = 0
        let work = { () -> Bool in
            calls += 1
            return calls <= 5
        }
        #expect(queue.take(whileEmpty: work) == 42)
        // Five calls that found work, a sixth that did not; then it slept until the batch came.
        #expect(calls == 6)
        #expect(queue.take(whileEmpty: work) == nil)
    }

    @Test("A batch or the end that comes while the consumer is at its other work is not missed")
    func nothingMissedDuringWork() {
        for ending in [false, true] {
            let queue = HandoffQueue<Int>(depth: 2)
            // The producer acts, start to finish, while the consumer is in its work, which then
            // says it found nothing more to do.
            let work: @Sendable () -> Bool = {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    if !ending { _ = queue.put(7) }
                    queue.finish()
                    done.signal()
                }.start()
                done.wait()
                return false
            }
            let taken = DispatchSemaphore(value: 0)
            let result = Box()
            Thread {
                result.value = queue.take(whileEmpty: work)
                taken.signal()
            }.start()
            #expect(taken.wait(timeout: .now() + 5) == .success, "the consumer slept through a batch or the end (ending: \(ending))")
            #expect(result.value == (ending ? nil : 7))
        }
    }

    final class Box: @unchecked Sendable {
        var value: Int?
    }

    @Test("A consumer waiting on an empty queue wakes for the next batch and for the end")
    func consumerWakes() {
        let queue = HandoffQueue<String>(depth: 4)
        let producer = Thread {
            Thread.sleep(forTimeInterval: 0.02)
            _ = queue.put("late")
            Thread.sleep(forTimeInterval: 0.02)
            queue.finish()
        }
        producer.start()
        #expect(queue.take() == "late")
        #expect(queue.take() == nil)
        #expect(queue.take() == nil)
    }
}
