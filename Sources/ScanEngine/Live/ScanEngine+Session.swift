import Capture
import CardModel

extension ScanEngine {
    /// A live scan of `source` as an asynchronous sequence of events; it ends after `sessionClosed`. Ending the
    /// iteration early (or cancelling its task) stops the session.
    public static func session(source: FrameSource, options: SessionOptions = SessionOptions()) -> AsyncStream<ScanEvent> {
        AsyncStream { continuation in
            let session = LiveSession(source: source, options: options) { event in
                continuation.yield(event)
                if event.event == .sessionClosed { continuation.finish() }
            }
            continuation.onTermination = { _ in session.stop() }
            session.start()
        }
    }
}
