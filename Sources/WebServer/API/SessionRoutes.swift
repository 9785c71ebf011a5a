import CardModel
import Foundation
import SessionControl

/// The live session over HTTP, mirroring `cardscan session --stdio`: the same commands as JSON bodies, the same
/// events as Server-Sent Events, and an uploaded photo in place of `scanFile`'s path.
extension WebRoutes {
    /// `POST /api/session` with a `session --stdio` command: `{"cmd":"start"}` (optional `device`, `size`, `once`,
    /// `type`, `wristband`, `timeout`), `{"cmd":"accept","suggestion":"s3"}`, `{"cmd":"stop"}`.
    func sessionCommand(_ request: HTTPRequest) -> HTTPResponse {
        guard (request.header("content-type") ?? "").lowercased().hasPrefix("application/json") else {
            return .problem(415, "badContentType", #"send the command as JSON (Content-Type: application/json), e.g. {"cmd":"start"}"#)
        }
        let command: SessionRequest
        switch SessionRequest.parse(String(decoding: request.body, as: UTF8.self)) {
        case .failure(let problem): return .problem(400, "badCommand", problem.message)
        case .success(let parsed): command = parsed
        }
        do throws(SessionFailure) {
            switch command {
            case .start(let start):
                try controller.start(start)
                return .json(status: 202, ["started": true])
            case .accept(let id, let noValidate):
                return .json(try controller.accept(id, noValidate: noValidate))
            case .stop:
                guard controller.stop() else { throw SessionFailure("noSession", "no session is running") }
                return .json(["stopped": true])
            case .scanFile:
                return .problem(400, "badCommand", "a page sends the photo itself: POST its bytes to /api/scan")
            case .quit:
                return .problem(400, "badCommand", "the server stops with Ctrl-C in its terminal; {\"cmd\":\"stop\"} ends the session")
            }
        } catch {
            return .problem(Self.status(of: error), error.code, error.message)
        }
    }

    /// `POST /api/scan` with an image file's bytes as the body: scanned as a short session (events as for
    /// `scanFile`); the photo is kept privately until its scan ends, then removed.
    func scanUpload(_ request: HTTPRequest) -> HTTPResponse {
        guard !request.body.isEmpty else {
            return .problem(400, "emptyBody", "send the photo's bytes as the body (Content-Type image/jpeg, image/png…)")
        }
        do {
            let file = try uploads.store(request.body)
            // Events name it "uploaded photo", never the server's file (`ImageFileFrames.shownAs`).
            try controller.scanFile(file, shownAs: "uploaded photo") { [uploads] in uploads.remove(file) }
            return .json(status: 202, ["scanning": true])
        } catch let failure as SessionFailure {
            return .problem(Self.status(of: failure), failure.code, failure.message)
        } catch {
            return .problem(500, "uploadFailed", "\(error)")
        }
    }

    /// `GET /api/events`: the session's events as Server-Sent Events, each `data:` exactly a `camera --json` line.
    func eventStream() -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream; charset=utf-8"), ("X-Accel-Buffering", "no")],
                     body: .stream(events.subscribe()))
    }

    /// `GET /api/preview[?after=VERSION]`: the newest frame as JPEG, with `X-Frame-Version` and `X-Frame-Size`
    /// (the frame's own pixels, which every box is in); 204 when there is no frame yet or none newer than `after`.
    func previewPicture(_ request: HTTPRequest) -> HTTPResponse {
        guard let frame = controller.latestFrame else { return HTTPResponse(status: 204) }
        if let after = request.query["after"].flatMap(UInt64.init), after == frame.capturedAt { return HTTPResponse(status: 204) }
        do {
            let picture = try preview.picture(of: frame)
            return HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg"), ("X-Frame-Version", String(picture.version)),
                                                       ("X-Frame-Size", "\(picture.width)x\(picture.height)")],
                                body: .bytes(picture.jpeg))
        } catch {
            return .problem(500, "previewFailed", error.description)
        }
    }

    /// The HTTP status for a refused session command.
    static func status(of failure: SessionFailure) -> Int {
        switch failure.code {
        case "badCommand": 400
        case "unknownSuggestion": 404
        case "busy", "noSession", "awaitingText": 409
        case "notACard", "testNumber": 422
        default: 500
        }
    }
}
