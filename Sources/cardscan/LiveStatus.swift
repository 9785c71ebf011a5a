import CardModel
import Foundation
import ScanEngine

/// The human view of a live session: suggestions and saved cards as lines on stdout, problems on stderr, and on a
/// terminal a status line (frames per second, items in view, the latest suggestion) redrawn twice a second.
final class LiveStatus: @unchecked Sendable {
    private let lock = NSLock()
    private let onTerminal = isatty(STDERR_FILENO) == 1
    private var itemsInView = Set<String>()
    private var latest = ""
    private var timer: DispatchSourceTimer?
    private var lastFrames = 0
    private var lastTime = Date()
    private var statusShown = false

    /// Starts redrawing the status line from the session's counters (on a terminal only).
    func follow(_ session: LiveSession) {
        guard onTerminal else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + 0.5, repeating: 0.5)
        timer.setEventHandler { [weak self, weak session] in
            guard let self, let session else { return }
            self.redraw(session.statistics)
        }
        timer.resume()
        self.timer = timer
    }

    func show(_ event: ScanEvent) {
        lock.lock(); defer { lock.unlock() }
        switch event.event {
        case .sessionStarted:
            if let s = event.stream {
                let size = s.width.map { " \($0)x\(s.height ?? 0)" } ?? ""
                line(toError: true, "\(event.reason == "reconnected" ? "reconnected to" : "scanning from") \(s.source) (\(s.format)\(size)\(s.card.map { ", " + $0 } ?? ""))")
            }
        case .itemAdded: if let id = event.item?.id { itemsInView.insert(id) }
        case .itemRemoved: if let id = event.itemId { itemsInView.remove(id) }
        case .suggestion:
            guard let s = event.suggestion else { break }
            let name = s.card?.name ?? s.type.rawValue
            latest = "\(name) found"  // stderr carries no identifier; the stdout line has the value
            let waiting = event.awaitingText == true ? "  (from the barcode alone: the card's text is being read)" : ""
            line(toError: false, "\(s.id) ✓ \(name): \(s.display)  [\(s.checks.joined(separator: ", ")); \(Int(s.confidence * 100))%]\(waiting)")
        case .cardSaved:
            if let card = event.card {
                line(toError: true, (event.reason == "added" ? "saved " : "already saved ") + "\(card.id.uuidString.prefix(8).lowercased()) \(card.name) in \(card.category)")
            }
        case .error:
            if let e = event.error { line(toError: true, "cardscan: \(e.message)") }
        case .sessionClosed:
            let s = event.statistics
            line(toError: true, "session ended (\(event.reason ?? "stopped")): \(s?.frames ?? 0) frames, \(s?.ocrRuns ?? 0) read for text")
        case .itemUpdated, .sceneRead: break
        }
    }

    func finish() {
        timer?.cancel()
        lock.lock(); defer { lock.unlock() }
        clearStatus()
    }

    private func redraw(_ statistics: ScanEvent.Statistics) {
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        let fps = Double(statistics.decoded - lastFrames) / max(0.001, now.timeIntervalSince(lastTime))
        lastFrames = statistics.decoded; lastTime = now
        let text = String(format: "%5.1f fps · %d in view · %@", fps, itemsInView.count, latest.isEmpty ? "hold a card up to the camera" : latest)
        Terminal.write("\r\u{1B}[K" + text, to: STDERR_FILENO)
        statusShown = true
    }

    private func clearStatus() {
        if statusShown { Terminal.write("\r\u{1B}[K", to: STDERR_FILENO); statusShown = false }
    }

    private func line(toError: Bool, _ text: String) {
        clearStatus()
        if toError { Terminal.err(text) } else { Terminal.out(text) }
    }
}
