import Foundation
import XCTest

/// Live and still read a photo the same way: the NHS cards of the card-photo set shown to the fake camera at
/// 1280x720 for 3 s each give, as suggestion events, every NHS number `scan` reads from the same photos.
final class LiveCardPhotoTests: XCTestCase {
    /// The set's NHS cards photographed at 1280x720 (the camera's default size now).
    static func nhsCardPhotos() throws -> [(path: String, nhs: String)] {
        let corpus = CardsDevRecallTests.corpus
        guard FileManager.default.fileExists(atPath: corpus) else {
            throw NSError(domain: "LiveCardPhotoTests", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(corpus) is missing"])
        }
        return try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".json") && $0.hasPrefix("img_") }.sorted()
            .compactMap { name in
                let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(corpus)/\(name)"))) as! [String: Any]
                let capture = truth["capture"] as! [String: Any]
                guard truth["kind"] as? String == "nhs_card", capture["frame"] as? [Int] == [1280, 720],
                      let nhs = (truth["fields"] as! [String: Any])["nhs_number"] as? String else { return nil }
                return ("\(corpus)/\(truth["image"] as! String)", nhs)
            }
    }

    func testDevSetNHSCardsReadLiveAsInStills() throws {
        let photos = try Self.nhsCardPhotos()
        XCTAssertGreaterThanOrEqual(photos.count, 8)
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-live-cards-\(getpid())/frames")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (index, photo) in photos.enumerated() {
            try FileManager.default.copyItem(atPath: photo.path, toPath: "\(dir)/\(String(format: "%02d", index)).jpg")
        }
        let environment = ["CARDSCAN_REGION": "", "TZ": "UTC", "CARDSCAN_CONFIG": "/nonexistent"]

        // The stills: `scan` of the same files, region pinned as for the live session. (These ~10 photos only, not
        // CardsDevScan's whole set: .ci/run runs this suite in another process than CardsDevRecallTests.)
        let still = try ScanCommandTests.cardscan(["scan", "--json", dir], environment: environment)
        XCTAssertEqual(still.status, 0, still.stderr)
        let stillResults = try still.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        XCTAssertEqual(stillResults.count, photos.count, "every photo has its still result")
        let stillFound = Set(stillResults.flatMap { result -> [String] in
            (result["suggestions"] as! [[String: Any]])
                .filter { $0["type"] as? String == "nhsNumber" && $0["valid"] as? Bool == true }.map { $0["value"] as! String }
        }).intersection(photos.map(\.nhs))

        let seconds = Double(photos.count) * 3 + 1
        let live = try FakeCamera.cardscan(["camera", "--device", FakeCamera.device, "--json", "--timeout", String(seconds)],
                                           environment: try FakeCamera.environment(frames: dir, [
                                               "FAKECAM_SIZE": "1280x720", "FAKECAM_SECONDS_PER_IMAGE": "3", "FAKECAM_AFTER_LAST": "hold",
                                           ]).merging(environment) { $1 }, limit: seconds + 60)
        XCTAssertEqual(live.status, 0, live.stderr)
        let stream = live.events("sessionStarted").first?["stream"] as? [String: Any]
        XCTAssertEqual(stream?["width"] as? Int, 1280, "the camera is asked for 1280x720 by default")
        let liveFound = Set(live.events("suggestion").compactMap { $0["suggestion"] as? [String: Any] }
            .filter { $0["type"] as? String == "nhsNumber" && $0["valid"] as? Bool == true }.map { $0["value"] as! String })
        print("NHS cards at 1280x720: \(photos.count); NHS numbers read by scan \(stillFound.count), live \(liveFound.intersection(photos.map(\.nhs)).count)")
        XCTAssertGreaterThanOrEqual(stillFound.count, photos.count / 2, "the still scan reads most of these cards")
        let missedLive = photos.filter { stillFound.contains($0.nhs) && !liveFound.contains($0.nhs) }
            .map { ($0.path as NSString).lastPathComponent }
        XCTAssertEqual(missedLive, [], "read in stills but not live")
        XCTAssertTrue(liveFound.isSubset(of: Set(photos.map(\.nhs))), "a live NHS number that is on none of the cards")
    }
}
