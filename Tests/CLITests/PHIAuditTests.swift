import Foundation
import XCTest

/// Health identifiers appear only in output the user asked for (scan results, --reveal, exports), never in
/// errors, progress or traces at default verbosity or with tracing on; files holding them are 0600.
final class PHIAuditTests: XCTestCase {
    func testNoHealthIdentifierLeaksIntoStderrAndFilesArePrivate() throws {
        let samples = ScanCommandTests.samples
        let names = ["gb-nhs-card-00", "gb-nhs-print-00", "je-ssn-card-00", "gg-ssn-card-00", "je-health-card-00", "gb-wristband-00"]
        var secrets: [String] = []
        for name in names {
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(samples)/\(name).json"))) as! [String: Any]
            let fields = truth["fields"] as! [String: String]
            for key in ["nhsNumber", "jerseySocialSecurity", "guernseySocialSecurity"] {
                if let v = fields[key] { secrets.append(v); if v.count == 10 { secrets.append("\(v.prefix(3)) \(v.dropFirst(3).prefix(3)) \(v.suffix(4))") } }
            }
            if let dob = fields["dateOfBirth"] { secrets.append(dob) }
        }
        XCTAssertGreaterThan(secrets.count, 6)
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-phi-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: "\(samples)/\(name).jpg", toPath: "\(dir)/photos/\(name).jpg") }
        let store = dir + "/store/cards.db"
        let traces = ["CARDSCAN_TRACE_RETRIES": "1", "CARDSCAN_TRACE_OCR": "1"]

        var stderrs: [String] = []
        func run(_ args: [String], env: [String: String] = [:]) throws -> ScanCommandTests.Run {
            let r = try ScanCommandTests.cardscan(args, environment: env)
            stderrs.append(r.stderr)
            return r
        }
        _ = try run(["scan", "\(dir)/photos"])
        _ = try run(["scan", "--json", "\(dir)/photos"], env: traces)
        _ = try run(["scan", "--save", "--store", store, "\(dir)/photos/gb-nhs-card-00.jpg"])
        _ = try run(["import", "\(dir)/photos", "--accept", "auto", "--report", "\(dir)/report.json", "--store", store])
        let list = try run(["cards", "list", "--store", store])
        _ = try run(["review", "--store", store])
        _ = try run(["export", "\(dir)/export.json", "--store", store])
        _ = try run(["cards", "add", "--name", "NHS Number", "--number", "9434765918", "--category", "Healthcare", "--store", store])

        for (i, err) in stderrs.enumerated() {
            for secret in secrets { XCTAssertFalse(err.contains(secret), "run \(i) printed a health identifier on stderr") }
            XCTAssertFalse(err.contains("9434765918") || err.contains("943 476 5918"), "a refused number echoed on stderr")
        }
        for secret in secrets where secret.count == 10 || secret.hasPrefix("JY") || secret.hasPrefix("GY") {
            XCTAssertFalse(list.stdout.contains(secret), "cards list masks health numbers by default")
        }
        for file in [store, "\(dir)/report.json", "\(dir)/export.json"] {
            let perms = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as! NSNumber
            XCTAssertEqual(perms.intValue, 0o600, file)
        }
    }
}
