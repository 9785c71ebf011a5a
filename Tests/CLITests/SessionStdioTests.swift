import Foundation
import XCTest

/// `cardscan session --stdio` driven the way a front end drives it: commands written to its stdin as it runs,
/// events read from its stdout, then the store checked with `cards list`.
final class SessionStdioTests: XCTestCase {
    /// A running `cardscan session --stdio`, its events collected as they arrive.
    final class Backend {
        let process = Process()
        private let input = Pipe(), output = Pipe(), errors = Pipe()
        let lines = Locked<[String]>([])

        init(arguments: [String], environment: [String: String]) throws {
            process.executableURL = URL(fileURLWithPath: ScanCommandTests.binary)
            process.arguments = ["session", "--stdio"] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = input; process.standardOutput = output; process.standardError = errors
            try process.run()
            let handle = output.fileHandleForReading, lines = self.lines
            Thread {
                var pending = Data()
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending.removeSubrange(pending.startIndex...newline)
                        lines.mutate { $0.append(line) }
                    }
                }
            }.start()
        }

        func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

        var events: [[String: Any]] {
            lines.value.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }

        /// Waits up to `seconds` for an event matching `match`, after the first `skipping` events.
        func waitFor(_ seconds: Double = 20, skipping: Int = 0, _ match: ([String: Any]) -> Bool) -> [String: Any]? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let found = events.dropFirst(skipping).first(where: match) { return found }
                usleep(20_000)
            }
            return nil
        }

        func finish(within seconds: Double = 20) -> Int32? {
            input.fileHandleForWriting.closeFile()
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate(); return nil }
            return process.terminationStatus
        }
    }

    func testFrontEndStartsReceivesAcceptsAndFindsTheCard() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-stdio-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = "\(dir)/cards.db"
        let frames = try FakeCamera.frames(["gb-nhs-card-01.jpg"], in: dir)
        let nhs = (try CameraCommandTests.truth("gb-nhs-card-01.jpg")["fields"] as! [String: String])["nhsNumber"]!
        let backend = try Backend(arguments: ["--store", store], environment: try FakeCamera.environment(frames: frames))

        backend.send(#"{"cmd":"start","device":"\#(FakeCamera.device)"}"#)
        let suggestion = try XCTUnwrap(backend.waitFor {
            ($0["suggestion"] as? [String: Any])?["value"] as? String == nhs && ($0["suggestion"] as? [String: Any])?["type"] as? String == "nhsNumber"
        },
                                       "no NHS suggestion: \(backend.lines.value.prefix(20))")
        let id = try XCTUnwrap((suggestion["suggestion"] as? [String: Any])?["id"] as? String)

        // Malformed commands are answered with an error and the session carries on.
        let before = backend.events.count
        backend.send("this is not json")
        backend.send(#"{"cmd":"fly"}"#)
        backend.send(#"{"cmd":"accept","suggestion":"s999"}"#)
        XCTAssertNotNil(backend.waitFor(skipping: before) { ($0["error"] as? [String: Any])?["code"] as? String == "unknownSuggestion" })
        let badCommands = backend.events.dropFirst(before).filter { ($0["error"] as? [String: Any])?["code"] as? String == "badCommand" }
        XCTAssertEqual(badCommands.count, 2)

        // The sample's number is in the NHS test range: accept alone refuses it (issue 13 item 2), naming the range and
        // the protocol's way to keep it; nothing is saved.
        let beforeAccept = backend.events.count
        backend.send(#"{"cmd":"accept","suggestion":"\#(id)"}"#)
        let refused = try XCTUnwrap(backend.waitFor(skipping: beforeAccept) { $0["request"] as? String == "accept" })
        XCTAssertEqual(refused["event"] as? String, "error")
        let refusal = try XCTUnwrap(refused["error"] as? [String: Any])
        XCTAssertEqual(refusal["code"] as? String, "testNumber")
        XCTAssertEqual(refusal["recoverable"] as? Bool, true)
        let message = refusal["message"] as? String ?? ""
        XCTAssertTrue(message.contains("NHS test range (999 xxx xxxx)") && message.contains(#"send "noValidate":true"#), message)
        XCTAssertFalse(message.contains(nhs), "the refusal never holds the number")
        backend.send(#"{"cmd":"accept","suggestion":"\#(id)","noValidate":true}"#)
        let saved = try XCTUnwrap(backend.waitFor { $0["event"] as? String == "cardSaved" }, "\(backend.lines.value.suffix(5))")
        XCTAssertEqual((saved["card"] as? [String: Any])?["number"] as? String, nhs)
        XCTAssertEqual(saved["request"] as? String, "accept")

        backend.send(#"{"cmd":"stop"}"#)
        XCTAssertNotNil(backend.waitFor { $0["event"] as? String == "sessionClosed" })

        // A photo scanned in the same run: suggestion ids go on from the camera's.
        let afterStop = backend.events.count
        backend.send(#"{"cmd":"scanFile","path":"\#(ScanCommandTests.samples)/loyalty-card-00.jpg"}"#)
        let loyalty = try XCTUnwrap(backend.waitFor(skipping: afterStop) { ($0["suggestion"] as? [String: Any])?["type"] as? String == "loyalty" })
        XCTAssertNotEqual((loyalty["suggestion"] as? [String: Any])?["id"] as? String, id)
        XCTAssertNotNil(backend.waitFor(skipping: afterStop) { $0["event"] as? String == "sessionClosed" && $0["reason"] as? String == "endOfInput" })

        backend.send(#"{"cmd":"quit"}"#)
        XCTAssertEqual(backend.finish(), 0)

        let list = try ScanCommandTests.cardscan(["cards", "list", "--json", "--reveal", "--store", store])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains(nhs), list.stdout)
        let attributes = try FileManager.default.attributesOfItem(atPath: store)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    /// Issue 36 point 2, through the protocol: a front end that accepts the bare code's suggestion before the
    /// card's text is read is refused (`awaitingText`, nothing saved); after the `sceneRead` that settles it, the
    /// person may still pick it by its id, and then it is saved.
    func testAcceptWaitsForTheCardsTextWhenASuggestionIsFromABarcodeAlone() throws {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-stdio-wait-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = "\(dir)/cards.db"
        let frames = try FakeCamera.frames(["gb-nhs-card-00.jpg"], in: dir)
        let backend = try Backend(arguments: ["--store", store],
                                  environment: try FakeCamera.environment(frames: frames, ["CARDSCAN_REGION": "", "FAKECAM_SECONDS_PER_IMAGE": "6",
                                                                                            "FAKECAM_AFTER_LAST": "stall"]))
        backend.send(#"{"cmd":"start","device":"\#(FakeCamera.device)"}"#)
        let early = try XCTUnwrap(backend.waitFor { $0["event"] as? String == "suggestion" }, "\(backend.lines.value.prefix(10))")
        XCTAssertEqual(early["awaitingText"] as? Bool, true, "\(early)")
        let id = try XCTUnwrap((early["suggestion"] as? [String: Any])?["id"] as? String)
        let before = backend.events.count
        backend.send(#"{"cmd":"accept","suggestion":"\#(id)","noValidate":true}"#)
        let answer = try XCTUnwrap(backend.waitFor(skipping: before) { $0["request"] as? String == "accept" })
        let settledAlready = backend.events.prefix(backend.events.firstIndex { $0["request"] as? String == "accept" } ?? 0)
            .contains { ($0["settled"] as? [String])?.contains(id) == true }
        if settledAlready {
            // The card's text was read before the accept arrived (a slow machine): then it may be saved.
            XCTAssertEqual(answer["event"] as? String, "cardSaved", "\(answer)")
        } else {
            XCTAssertEqual(answer["event"] as? String, "error", "\(answer)")
            XCTAssertEqual((answer["error"] as? [String: Any])?["code"] as? String, "awaitingText", "\(answer)")
            XCTAssertTrue(try ScanCommandTests.cardscan(["cards", "list", "--json", "--store", store]).stdout
                .split(separator: "\n").isEmpty, "nothing saved")
        }
        XCTAssertNotNil(backend.waitFor { ($0["settled"] as? [String])?.contains(id) == true }, "a sceneRead settles it: \(backend.lines.value)")
        let afterRead = backend.events.count
        backend.send(#"{"cmd":"accept","suggestion":"\#(id)","noValidate":true}"#)
        let saved = try XCTUnwrap(backend.waitFor(skipping: afterRead) { $0["request"] as? String == "accept" })
        XCTAssertEqual(saved["event"] as? String, "cardSaved", "picked by its id after the reading: \(saved)")
        backend.send(#"{"cmd":"quit"}"#)
        XCTAssertEqual(backend.finish(), 0)
    }
}
