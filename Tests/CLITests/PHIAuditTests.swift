import Foundation
import XCTest

/// Health identifiers appear only in output the user asked for (scan results, --reveal, exports), never in
/// errors, progress or traces — at default verbosity and with --verbose; files holding them are 0600.
final class PHIAuditTests: XCTestCase {
    /// Every way a date of birth is printed on a card or by cardscan: 22/08/1988, 22-08-1988, 22.08.1988,
    /// 22-Aug-1988, 22 Aug 1988, 22 August 1988, 1988-08-22.
    static func printedForms(ofDate iso: String) -> [String] {
        let parts = iso.split(separator: "-").map(String.init)
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month) else { return [iso] }
        let (y, m, d) = (parts[0], parts[1], parts[2])
        let short = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        let long = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                    "November", "December"][month - 1]
        return [iso, "\(d)/\(m)/\(y)", "\(d)-\(m)-\(y)", "\(d).\(m).\(y)", "\(d)-\(short)-\(y)", "\(d) \(short) \(y)",
                "\(d)-\(short.uppercased())-\(y)", "\(d) \(long) \(y)"]
    }

    /// A name as cards and wristbands print it: "Robin Testwood", "TESTWOOD, Robin", "Testwood, Robin".
    static func printedForms(ofName name: String) -> [String] {
        let words = name.split(separator: " ").map(String.init)
        guard words.count >= 2 else { return [name] }
        let first = words.dropLast().joined(separator: " "), last = words.last!
        return [name, "\(last.uppercased()), \(first)", "\(last), \(first)", "\(last.uppercased()) \(first)"]
    }

    static let sampleCards = ["gb-nhs-card-00", "gb-nhs-print-00", "je-ssn-card-00", "gg-ssn-card-00", "je-health-card-00",
                              "gb-wristband-00", "gg-health-card-00"]

    /// Health numbers, names, dates of birth and address lines of these sample cards, each in every form it is
    /// printed in: what must never reach stderr.
    static func secrets(of names: [String]) throws -> [String] {
        let samples = ScanCommandTests.samples
        var secrets: [String] = []
        for name in names {
            let truth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(samples)/\(name).json"))) as! [String: Any]
            let fields = truth["fields"] as! [String: String]
            for key in ["nhsNumber", "jerseySocialSecurity", "guernseySocialSecurity"] {
                if let v = fields[key] { secrets.append(v); if v.count == 10 { secrets.append("\(v.prefix(3)) \(v.dropFirst(3).prefix(3)) \(v.suffix(4))") } }
            }
            if let dob = fields["dateOfBirth"] { secrets += Self.printedForms(ofDate: dob) }
            if let person = fields["name"] { secrets += Self.printedForms(ofName: person) }
            if let postcode = fields["postcode"] { secrets.append(postcode) }
            // A demographic QR code holds the address lines: "…, Address: 7 Rue des Exemples, St Peter Port GY1 1AA".
            for code in truth["barcodes"] as? [[String: Any]] ?? [] {
                guard let text = code["text"] as? String, let range = text.range(of: "Address: ") else { continue }
                secrets += text[range.upperBound...].components(separatedBy: ", ")
            }
        }
        return secrets
    }

    func testNoHealthIdentifierLeaksIntoStderrAndFilesArePrivate() throws {
        let samples = ScanCommandTests.samples
        let names = Self.sampleCards
        let secrets = try Self.secrets(of: names)
        XCTAssertTrue(secrets.contains("15/11/1987") && secrets.contains("15-Nov-1987") && secrets.contains("7 Rue des Exemples"),
                      "every printed form is checked: \(secrets)")
        XCTAssertGreaterThan(secrets.count, 40)
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("cardscan-phi-\(getpid())")
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: "\(samples)/\(name).jpg", toPath: "\(dir)/photos/\(name).jpg") }
        let store = dir + "/store/cards.db"
        let traces = ["CARDSCAN_TRACE_RETRIES": "1", "CARDSCAN_TRACE_OCR": "1"]

        var stderrs: [(command: String, text: String)] = []
        var lists: [String] = []
        // Every command twice: at default verbosity and with --verbose (which adds the decoders' stage traces).
        func run(_ args: [String], env: [String: String] = [:]) throws {
            for verbose in [false, true] {
                let r = try ScanCommandTests.cardscan(args + (verbose ? ["--verbose"] : []), environment: env)
                stderrs.append((args.prefix(2).joined(separator: " ") + (verbose ? " --verbose" : ""), r.stderr))
                if args.starts(with: ["cards", "list"]) { lists.append(r.stdout) }
                if verbose && args.first == "scan" { XCTAssertTrue(r.stderr.contains("suggestion(s)"), "--verbose traces each file") }
                // --verbose reaches the decoders as an option, in the worker processes too (no environment set).
                if args.first == "scan" && env.isEmpty {
                    XCTAssertEqual(r.stderr.contains("ocr stage"), verbose, "OCR stage traces with --verbose only: \(args.prefix(3))")
                }
            }
        }
        // `scan` as text with --annotate: the plain scan's whole path (ScanCommand prints each result, then draws
        // it), so a separate plain `scan` of the same photos audited nothing more for two more scans of them.
        try run(["scan", "--annotate", "\(dir)/annotated", "\(dir)/photos"])
        try run(["scan", "--json", "\(dir)/photos"], env: traces)
        // scan --save refuses the sample's test-range NHS number (its refusal is audited); import and camera keep them
        // with --no-validate, so the lists, the export and `show` below have health numbers to mask.
        try run(["scan", "--save", "--store", store, "\(dir)/photos/gb-nhs-card-00.jpg"])
        try run(["import", "\(dir)/photos", "--accept", "auto", "--no-validate", "--report", "\(dir)/report.json", "--store", store])
        try run(["cards", "list", "--store", store])
        try run(["review", "--store", store])
        try run(["export", "\(dir)/export.json", "--store", store])
        try run(["cards", "add", "--name", "NHS Number", "--number", "9434765918", "--category", "Healthcare", "--store", store])
        try run(["wristband", "\(dir)/photos/gb-wristband-00.jpg", "--store", store])
        try run(["camera", "\(dir)/photos"])
        try run(["camera", "--json", "--save", "--no-validate", "--store", store, "\(dir)/photos"])
        try run(["show", "--category", "Healthcare", "--png", "\(dir)/code.png", "--store", store])
        try run(["show", "--category", "Healthcare", "--svg", "\(dir)/code.svg", "--store", store])
        try run(["guidance"])

        XCTAssertEqual(stderrs.count, 28)
        for (command, err) in stderrs {
            for secret in secrets {
                XCTAssertFalse(err.localizedCaseInsensitiveContains(secret), "\(command) printed a secret on stderr (\(secrets.firstIndex(of: secret)!))")
            }
            XCTAssertFalse(err.contains("9434765918") || err.contains("943 476 5918"), "\(command) echoed a refused number on stderr")
        }
        for list in lists {
            for secret in secrets where secret.count == 10 || secret.hasPrefix("JY") || secret.hasPrefix("GY") {
                XCTAssertFalse(list.contains(secret), "cards list masks health numbers by default")
            }
        }
        let annotated = try FileManager.default.contentsOfDirectory(atPath: "\(dir)/annotated").map { "\(dir)/annotated/\($0)" }
        XCTAssertEqual(annotated.count, names.count)
        for file in [store, "\(dir)/report.json", "\(dir)/export.json", "\(dir)/code.png", "\(dir)/code.svg"] + annotated {
            let perms = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as! NSNumber
            XCTAssertEqual(perms.intValue, 0o600, file)
        }
    }
}
