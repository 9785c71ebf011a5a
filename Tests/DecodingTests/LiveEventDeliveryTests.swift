import Capture
import CardModel
import Foundation
import Imaging
import XCTest
@testable import ScanEngine

/// A live session whose consumer stops reading for 2 s: the barcode thread keeps decoding frames meanwhile, and
/// afterwards every event arrives, in order.
final class LiveEventDeliveryTests: XCTestCase {
    /// A camera that never runs dry: one sample card, shifted by 40 px every other frame so each frame moves its
    /// barcode (an `itemUpdated` per frame), at up to ~100 frames a second.
    final class SteadyCamera: FrameSource, @unchecked Sendable {
        let name = "steady-test-camera"
        let isLive = true
        private let images: [GrayImage]
        private var index = 0
        init(_ image: GrayImage) {
            images = [image.cropped(x: 0, y: 0, width: image.width - 40, height: image.height),
                      image.cropped(x: 40, y: 0, width: image.width - 40, height: image.height)]
        }
        func open() throws(CaptureError) -> StreamDescription { StreamDescription(source: name, format: "GREY") }
        func nextFrame(timeout: Double) throws(CaptureError) -> FrameWait {
            usleep(10_000)
            defer { index += 1 }
            return .frame(Frame(image: images[index % 2], index: index, source: name))
        }
        func close() {}
    }

    final class Consumer: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [ScanEvent] = []
        private var stallOver = false
        let stalled = DispatchSemaphore(value: 0)

        var events: [ScanEvent] { lock.lock(); defer { lock.unlock() }; return received }
        var stalling: Bool { lock.lock(); defer { lock.unlock() }; return !stallOver }

        /// Stops reading for 2 s at the first barcode, as a front end that stopped reading its pipe would.
        func take(_ event: ScanEvent) {
            lock.lock()
            received.append(event)
            let first = event.event == .itemAdded && received.filter { $0.event == .itemAdded }.count == 1
            lock.unlock()
            guard first else { return }
            stalled.signal()
            Thread.sleep(forTimeInterval: 2)
            lock.lock(); stallOver = true; lock.unlock()
        }
    }

    func testASlowConsumerStallsNoDecodingAndLosesNoEvent() throws {
        let image = try ImageLoader().load(contentsOf: "\(TestPaths.samples)/loyalty-card-00.jpg")
        var options = SessionOptions.camera()
        options.scan.readsText = false
        let consumer = Consumer()
        let session = LiveSession(source: SteadyCamera(image), options: options) { consumer.take($0) }
        session.start()
        guard consumer.stalled.wait(timeout: .now() + 60) == .success else {
            session.stop()
            return XCTFail("the card's barcode was never found")
        }

        // While the consumer sleeps, the decoded count keeps growing. (Reading the statistics takes the session's
        // lock: when events were delivered under it, no reading could even be taken during the stall.)
        var during: [Int] = []
        let giveUp = Date().addingTimeInterval(30)  // only a broken session gets here: never hang the suite
        while consumer.stalling && Date() < giveUp {
            let decoded = session.statistics.decoded
            if consumer.stalling { during.append(decoded) }
            usleep(20_000)
        }
        XCTAssertGreaterThanOrEqual((during.max() ?? 0) - (during.min() ?? 0), 3,
                                    "frames were decoded while the consumer was not reading: \(during)")

        session.stop()
        session.waitUntilClosed()
        let events = consumer.events
        XCTAssertEqual(events.count, session.eventsQueued, "every event arrived")
        XCTAssertEqual(events.first?.event, .sessionStarted)
        XCTAssertEqual(events.last?.event, .sessionClosed)
        XCTAssertEqual(events.filter { $0.event == .sessionClosed }.count, 1)
        XCTAssertGreaterThan(events.filter { $0.event == .itemUpdated }.count, 3, "the moving code was followed")
        let times = events.map(\.time), frames = events.compactMap(\.frame)
        XCTAssertEqual(times, times.sorted(), "events arrive in the order they happened")
        XCTAssertEqual(frames, frames.sorted(), "frames in order")
    }
}
