import Foundation
import XCTest

/// Print that does not all read one way: a card lying at an angle on a newspaper whose columns run every way, some
/// upside down (cards-dev2 0028, 0094). The photo's longest lines are the newspaper's, and they read about as well
/// both ways up, so one way up for the whole photo turned the card with them: its `GY028360` came back `O9E8COAD`
/// and its `GY1 5QU` as `NOS LAD` (at 0.95: capitals and digits read upside down can look sure). Each row now
/// settles its way up with its neighbours of its size and direction (`DetectedLineReading+WayUp`).
final class ContestedWayUpTests: XCTestCase {
    static func scan(_ image: String) throws -> [[String: Any]] {
        try ScanCommandTests.requireCorpus(CardsDevRecallTests.corpus2)
        let path = "\(CardsDevRecallTests.corpus2)/\(image)"
        let run = try ScanCommandTests.cardscan(["scan", "--json", path],
                                                environment: ["CARDSCAN_REGION": "", "TZ": "UTC", "CARDSCAN_CONFIG": "/nonexistent"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let result = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
        return (result["suggestions"] as! [[String: Any]]).filter { $0["valid"] as! Bool }
    }

    /// The ground truth's fields of one photo of the set.
    static func truth(_ image: String) throws -> [String: Any] {
        let path = "\(CardsDevRecallTests.corpus2)/\((image as NSString).deletingPathExtension).json"
        let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        return truth["fields"] as! [String: Any]
    }

    static func values(_ suggestions: [[String: Any]], _ type: String) -> [String] {
        suggestions.filter { $0["type"] as? String == type }.map { $0["value"] as! String }
    }

    /// The card lies upright among upside-down columns: its social security number and postcode read upright.
    /// Before, both were missed (the card read with the newspaper's way up; only its name and date of birth, read
    /// doubtfully that way, turned back one by one).
    func testCardUprightOnUpsideDownNewspaperReadsItsNumberAndPostcode() throws {
        let suggestions = try Self.scan("img_0028.jpg")
        let fields = try Self.truth("img_0028.jpg")
        XCTAssertEqual(Self.values(suggestions, "guernseySocialSecurity"), [fields["guernsey_ssn"] as! String])
        XCTAssertTrue(Self.values(suggestions, "postcode").contains(fields["postcode"] as! String),
                      "postcode suggestions: \(Self.values(suggestions, "postcode").count)")
    }

    /// The rows that turned keep their own reading order: an NHS card among newspaper columns at a right angle to
    /// it keeps its `NHS No` label before its number (sorted along the columns' direction, the number came
    /// after the name instead, and no NHS number was suggested).
    func testRowsThatTurnKeepTheirReadingOrder() throws {
        let suggestions = try Self.scan("img_0094.jpg")
        let fields = try Self.truth("img_0094.jpg")
        XCTAssertEqual(Self.values(suggestions, "nhsNumber"), [fields["nhs_number"] as! String])
        XCTAssertEqual(Self.values(suggestions, "hospitalNumber"), [fields["hospital_number"] as! String])
    }
}
