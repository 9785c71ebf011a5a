import CardModel
import XCTest
@testable import WebServer

/// The Server-Sent Events fan-out: a page joining mid-session gets the session so far, a new session starts the
/// log again, a reconnection does not, a quiet stream gets keep-alive comments, and closing ends every stream.
final class EventBroadcastTests: XCTestCase {
    func started(reconnected: Bool = false) -> ScanEvent {
        var event = ScanEvent(.sessionStarted, time: 0)
        event.stream = .init(source: "/dev/video9", format: "YUYV", width: 640, height: 480)
        if reconnected { event.reason = "reconnected" }
        return event
    }

    func messages(_ stream: ResponseStream) -> [String] {
        var all: [String] = []
        while let chunk = stream.next() {
            let text = String(decoding: chunk, as: UTF8.self)
            all += text.components(separatedBy: "\n\n").filter { !$0.isEmpty }
            if text.contains(": keep-alive") { break }
        }
        return all
    }

    func testAPageJoiningMidSessionGetsTheSessionSoFar() {
        let broadcast = EventBroadcast(keepAlive: 0.2)
        broadcast.publish(started())
        broadcast.publish(ScanEvent(.sessionClosed, time: 1))
        broadcast.publish(started())  // a new session: the old one is not replayed
        var removed = ScanEvent(.itemRemoved, time: 2); removed.itemId = "b1"
        broadcast.publish(removed)
        broadcast.publish(started(reconnected: true))  // same session: kept
        let got = messages(broadcast.subscribe())
        XCTAssertEqual(got.first, "retry: 1000")
        XCTAssertEqual(got.dropFirst().dropLast().map { $0.hasPrefix("data: {") }, [true, true, true])
        XCTAssertTrue(got[1].contains(#""event":"sessionStarted""#) && !got[1].contains("reconnected"))
        XCTAssertTrue(got[2].contains(#""itemId":"b1""#))
        XCTAssertTrue(got[3].contains(#""reason":"reconnected""#))
        XCTAssertEqual(got.last, ": keep-alive", "then a comment while nothing happens")
    }

    func testEachEventIsTheCameraJSONLine() throws {
        let broadcast = EventBroadcast(keepAlive: 0.2)
        let stream = broadcast.subscribe()
        _ = stream.next()  // retry
        var event = ScanEvent(.error, time: 1.5)
        event.error = .init(code: "unplugged", message: "/dev/video9: unplugged", recoverable: true)
        broadcast.publish(event)
        let text = String(decoding: try XCTUnwrap(stream.next()), as: UTF8.self)
        XCTAssertEqual(text, #"data: {"error":{"code":"unplugged","message":"/dev/video9: unplugged","recoverable":true},"event":"error","time":1.5}"# + "\n\n")
    }

    func testCloseAndCancelEndWaitingStreams() {
        let broadcast = EventBroadcast(keepAlive: 30)
        let first = broadcast.subscribe(), second = broadcast.subscribe()
        _ = first.next(); _ = second.next()
        let ended = expectation(description: "both streams end")
        ended.expectedFulfillmentCount = 2
        DispatchQueue.global().async { if first.next() == nil { ended.fulfill() } }
        DispatchQueue.global().async { if second.next() == nil { ended.fulfill() } }
        usleep(100_000)
        first.cancel()
        broadcast.close()
        wait(for: [ended], timeout: 5)
    }

    func testALaggingPageSkipsAheadInsteadOfHoldingEverything() {
        let broadcast = EventBroadcast(keep: 10, keepAlive: 0.2)
        broadcast.publish(started())
        let stream = broadcast.subscribe()
        _ = stream.next()
        for index in 0..<50 { var e = ScanEvent(.itemRemoved, time: Double(index)); e.itemId = "b\(index)"; broadcast.publish(e) }
        let text = String(decoding: stream.next() ?? [], as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "data: ").count - 1, 10, "only the newest 10 are kept")
        XCTAssertTrue(text.contains(#""itemId":"b49""#))
    }
}
