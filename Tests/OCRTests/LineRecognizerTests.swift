import CardModel
@testable import OCR
import Foundation
import Imaging
import Locating
import XCTest

/// PP-OCR's recogniser on OpenVINO, on real photos: the detector's lines read by it alone and by tesseract alone,
/// and what the decoding does with the network's output (its character list from the model's own metadata, the
/// spaces it weighs but lets a blank outweigh). The models and the runtime are what `Scripts/setup` installs: a
/// missing one skips on a developer's machine and fails under CI=true.
final class LineRecognizerTests: XCTestCase {
    func recogniser() throws -> LineRecognizer {
        let model = try TextLineDetectorTests.installedModel()
        do {
            return try LineRecognizer(folder: model.folder, threads: 1, runtime: model.runtime)
        } catch {
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw error }
            throw XCTSkip("the recogniser cannot load here (\(error)); Scripts/setup installs it")
        }
    }

    func lines(_ path: String, readers: LineReaders) throws -> [String] {
        let reader = try TextReader.asConfigured(lines: try TextLineDetectorTests.installedModel(), readers: readers)
        XCTAssertNil(reader.recogniserProblem)
        return try XCTUnwrap(reader.readLines(try ImageLoader().load(contentsOf: path)), "no line found").lines.map(\.text)
    }

    /// The character list comes from the ONNX file's metadata (18,708 characters, then CTC's blank and a space).
    func testTheCharacterListIsReadFromTheModelsMetadata() throws {
        let model = try TextLineDetectorTests.installedModel()
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(model.folder)/\(LineRecognizer.fileName)"), options: .mappedIfSafe)
        let list = try XCTUnwrap(ONNXMetadata.value(of: "character", in: data)).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(list.count, 18708)
        XCTAssertTrue(Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz:/-".map(String.init)).isSubset(of: Set(list.map(String.init))))
        XCTAssertNil(ONNXMetadata.value(of: "no such key", in: data))
        // The detector's file has no character list: nothing is made up.
        XCTAssertNil(ONNXMetadata.value(of: "character", in: try Data(contentsOf: URL(fileURLWithPath: model.path))))
    }

    /// A sample NHS card read line by line by PP-OCR alone: the labelled number whole, with the spaces between words
    /// the network weighed (it read `NHSNumber:9991205675` before they were restored), the name whole.
    func testASampleCardsLinesReadByTheRecogniserAlone() throws {
        _ = try recogniser()
        let path = (TestPaths.samples as NSString).appendingPathComponent("gb-nhs-card-01.jpg")
        let read = try lines(path, readers: .learnedOnly)
        XCTAssertTrue(read.contains("NHS Number: 999 120 5675"), "\(read)")
        XCTAssertTrue(read.contains { $0.contains("Robin Testwood") }, "\(read)")
    }

    /// The same photo by tesseract alone, and with PP-OCR first: both hold the number (the readers' switch works,
    /// and tesseract still reads where PP-OCR is not used).
    func testEachReaderReadsTheNumber() throws {
        _ = try recogniser()
        let path = (TestPaths.samples as NSString).appendingPathComponent("gb-nhs-card-01.jpg")
        for readers in [LineReaders.tesseractOnly, .learnedFirst, .tesseractFirst] {
            let digits = try lines(path, readers: readers).map { String($0.filter(\.isNumber)) }
            XCTAssertTrue(digits.contains { $0.contains("9991205675") }, "\(readers): \(digits)")
        }
    }

    /// A line read first by PP-OCR, read again by tesseract on its own crop from the bounds the first reading gave
    /// (`readByOtherReader`, what a reading plan's `otherReader` look does): the number comes back from the other
    /// reader, in the photo's pixels, inside the first reading's bounds.
    func testALineIsReadAgainByTheOtherReaderFromItsBounds() throws {
        _ = try recogniser()
        let path = (TestPaths.samples as NSString).appendingPathComponent("gb-nhs-card-01.jpg")
        let reader = try TextReader.asConfigured(lines: try TextLineDetectorTests.installedModel(), readers: .learnedFirst)
        let image = try ImageLoader().load(contentsOf: path)
        let first = try XCTUnwrap(reader.readLines(image)?.lines.first { $0.text.filter(\.isNumber).contains("9991205675") })
        let again = reader.readByOtherReader(image, line: first.bounds)
        XCTAssertTrue(again.contains { $0.text.filter(\.isNumber).contains("9991205675") }, "\(again.map(\.text))")
        let xs = first.bounds.points.map(\.x)
        for line in again { XCTAssertTrue(line.bounds.points.allSatisfy { $0.x >= xs.min()! - 40 && $0.x <= xs.max()! + 40 }) }
    }

    /// Decoding alone, on a made-up output of 6 steps over 4 classes (blank, A, B, space): repeats merge, blanks
    /// split, a weak space between two characters counts only over a wide enough gap of paper.
    func testGreedyDecodingMergesRepeatsAndWeighsSpaces() {
        let characters = ["", "A", "B", " "]
        func step(_ p: [Float]) -> [Float] { p }
        // A A blank(space 0.2) B blank B
        let values = [step([0.01, 0.97, 0.01, 0.01]), step([0.01, 0.97, 0.01, 0.01]), step([0.79, 0.005, 0.005, 0.2]),
                      step([0.01, 0.01, 0.97, 0.01]), step([0.995, 0.0, 0.0, 0.005]), step([0.01, 0.01, 0.97, 0.01])].flatMap { $0 }
        let wideGap = LineRecognizer.decoded(values, steps: 6, classes: 4, characters: characters, stepWidth: 8, lineWidth: 48) { _, _ in 0.3 }
        XCTAssertEqual(wideGap.text, "A BB")
        let narrowGap = LineRecognizer.decoded(values, steps: 6, classes: 4, characters: characters, stepWidth: 8, lineWidth: 48) { _, _ in 0.05 }
        XCTAssertEqual(narrowGap.text, "ABB")
        XCTAssertEqual(narrowGap.confidence, 0.97, accuracy: 0.001)
        XCTAssertEqual(narrowGap.characters.map(\.left), [0, 24, 40])
    }

    /// A given name whose first letters came out in capitals after a surname in capitals is put right; words that
    /// are cased so on purpose are left alone.
    func testCapitalsSlippingToSmallLettersAtAWordsEndAreMended() {
        func mended(_ text: String) -> String { CaseSlips.mended(text) }
        XCTAssertEqual(mended("PLACEHOLDER, ROWan"), "PLACEHOLDER, Rowan")
        XCTAssertEqual(mended("JOHNSON, ROSa"), "JOHNSON, Rosa")
        XCTAssertEqual(mended("MURPHY, OLIvia"), "MURPHY, Olivia")
        XCTAssertEqual(mended("MattheW CRN: RN14074740"), "Matthew CRN: RN14074740")
        for kept in ["McDONALD", "GPs", "Olivia", "NHSmailbox", "DOB: 06-Sep-2011", "ROSA", "PhD", "MacD", "McDonalD9"] {
            XCTAssertEqual(mended(kept), kept)
        }
    }

    /// A name's accents and apostrophes that the recogniser left out come back from tesseract's reading of the
    /// line; anything else tesseract read otherwise is not taken.
    func testMarksTheRecogniserLeftOutComeBackFromTesseractsReading() {
        XCTAssertEqual(LatinMarks.mended("Sinead THOMAS", by: "Sinéad THOMAS"), "Sinéad THOMAS")
        XCTAssertEqual(LatinMarks.mended("NI BHRIAIN, Ross", by: "NÍ BHRIAIN, Ross"), "NÍ BHRIAIN, Ross")
        XCTAssertEqual(LatinMarks.mended("PRIYA DELLANNO", by: "PRIYA DELL'ANNO"), "PRIYA DELL'ANNO")
        XCTAssertEqual(LatinMarks.mended("POPPY Dell Anno", by: "POPPY DELL’ANNO"), "POPPY DELL’ANNO")
        XCTAssertEqual(LatinMarks.mended("Name: (Sinead),", by: "Narne: (Sinéad),"), "Name: (Sinéad),")
        // Tesseract's own slips are not taken (`Sineed` is other letters), nor words without marks, nor a space it
        // read as an apostrophe's place where it read no apostrophe.
        XCTAssertNil(LatinMarks.mended("Sinead THOMAS", by: "Sineéd TH0MAS"))
        XCTAssertNil(LatinMarks.mended("Sinead THOMAS", by: "SINEAD Thomas"))
        XCTAssertNil(LatinMarks.mended("Anne Marie", by: "Anne-Marie"))
        XCTAssertNil(LatinMarks.mended("Zoë Grant", by: "Zoe Grant"))
        XCTAssertNil(LatinMarks.mended("Rosa", by: ""))
    }

    /// A name line's last letter the recogniser lost comes back from tesseract's sure reading of the line; one
    /// letter only, at the end only, and only where the other words agree.
    func testALastLetterTheRecogniserLostComesBackFromTesseractsSureReading() {
        XCTAssertEqual(CutLastLetter.mended("Rajesh Brow", by: "Rajesh BROWN", confidence: 0.96), "Rajesh BROWN")
        XCTAssertNil(CutLastLetter.mended("Rajesh Brow", by: "Rajesh BROWN", confidence: 0.7), "an unsure reading")
        XCTAssertNil(CutLastLetter.mended("Rajesh Brow", by: "Rajesh BROWNE", confidence: 0.96), "two letters more")
        XCTAssertNil(CutLastLetter.mended("Rajesh Brow", by: "Rakesh Brown", confidence: 0.96), "another given name")
        XCTAssertNil(CutLastLetter.mended("Jo Li", by: "Jo Lin", confidence: 0.96), "too short to say it was cut")
        XCTAssertNil(CutLastLetter.mended("NHS No", by: "NHS Now", confidence: 0.96), "too short to say it was cut")
    }

    /// A letter tesseract read as the recogniser's own runner-up there is taken (two readers against one); a
    /// letter the recogniser did not weigh, two letters otherwise, or a short word leave the reading as it is.
    func testALetterTesseractReadAsTheRecognisersRunnerUpIsTaken() {
        func choices(_ word: String, _ alternatives: [Int: [(String, Double)]]) -> [[CharacterChoice]] {
            word.enumerated().map { i, c in
                [CharacterChoice(text: String(c), confidence: alternatives[i] == nil ? 0.99 : 0.77)]
                    + (alternatives[i] ?? []).map { CharacterChoice(text: $0.0, confidence: $0.1) }
            }
        }
        let band = [choices("RICHAROSON", [6: [("D", 0.21)]]), choices("Dr", [:])]
        XCTAssertEqual(RunnerUpLetter.mended("RICHAROSON Dr", choices: band, by: "| RICHARDSON GOB sage", nameWords: ["richaroson"]), "RICHARDSON Dr")
        XCTAssertEqual(RunnerUpLetter.mended("Richaroson Dr", choices: band, by: "RICHARDSON", nameWords: ["richaroson"]), "Richardson Dr",
                       "in the recogniser's case")
        XCTAssertEqual(RunnerUpLetter.mended("EIeanor Fitzgerald", choices: [choices("EIeanor", [1: [("l", 0.2)]]), choices("Fitzgerald", [:])],
                                             by: "Eleanor Fitzgerald", nameWords: ["eieanor", "fitzgerald"]), "Eleanor Fitzgerald",
                       "a letter among small letters as tesseract read it")
        let label = [choices("ROBINSON,", [:]), choices("JOAN", [:]), choices("Date", [0: [("P", 0.1)]])]
        XCTAssertNil(RunnerUpLetter.mended("ROBINSON, JOAN Date", choices: label, by: "ROBINSON, JOAN Pate", nameWords: ["robinson", "joan"]),
                     "a word of the line that is not the name's")
        XCTAssertNil(RunnerUpLetter.mended("RICHAROSON Dr", choices: band, by: "RICHARBSON", nameWords: ["richaroson"]), "a letter the recogniser did not weigh")
        XCTAssertNil(RunnerUpLetter.mended("RICHAROSON Dr", choices: [choices("RICHAROSON", [6: [("D", 0.01)]]), choices("Dr", [:])],
                                           by: "RICHARDSON", nameWords: ["richaroson"]), "weighed too little")
        XCTAssertNil(RunnerUpLetter.mended("RICHAROSON Dr", choices: band, by: "RICHARDSEN", nameWords: ["richaroson"]), "two letters otherwise")
        XCTAssertNil(RunnerUpLetter.mended("RICHAROSON Dr", choices: nil, by: "RICHARDSON", nameWords: ["richaroson"]), "no alternatives kept")
        XCTAssertNil(RunnerUpLetter.mended("ROY", choices: [choices("ROY", [1: [("A", 0.2)]])], by: "RAY", nameWords: ["roy"]), "too short")
    }

    /// A zero among letters is the letter O; numbers, IDs and times keep theirs.
    func testAZeroAmongLettersIsTheLetterO() {
        func mended(_ text: String) -> String {
            let characters = text.map { (text: String($0), left: 0.0, right: 0.0, choices: [CharacterChoice]()) }
            return LineRecognizer.lettersKept(characters).map(\.text).joined()
        }
        XCTAssertEqual(mended("D0B 27-0ct-1971"), "DOB 27-Oct-1971")
        XCTAssertEqual(mended("B0ston"), "Boston")
        for kept in ["NHS No. 460 956 0399", "RTH4183671", "GY529045", "10:30", "Flat 10", "JY 39 04 14 A", "H3800417"] {
            XCTAssertEqual(mended(kept), kept)
        }
    }

    func testFullWidthFormsReadAsASCII() {
        XCTAssertEqual(LineRecognizer.normalised("："), ":")
        XCTAssertEqual(LineRecognizer.normalised("０"), "0")
        XCTAssertEqual(LineRecognizer.normalised("Ａ"), "A")
        XCTAssertEqual(LineRecognizer.normalised("é"), "é")
    }
}
