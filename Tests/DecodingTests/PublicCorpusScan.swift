import Evaluation
import Foundation
import ScanEngine

/// The public barcode corpus (../shared/corpus/barcodes) scanned in-process, barcodes only, once per test run and
/// shared by CorpusTests (scored against its README) and DeterminismTests (the quiet scan that the scan under load
/// must equal): the same call with the same options, so the second scan of the same 300 images was repeated work.
/// The caller checks the corpus is there first (TestPaths.requireCorpus).
enum PublicCorpusScan {
    struct Output: Sendable {
        let corpus: BarcodeCorpus
        /// One outcome per `corpus.samples` entry, in order.
        let outcomes: [ScanEngine.FileOutcome]
    }

    /// Barcodes only: the corpus has no text to read.
    static var options: ScanOptions {
        var options = ScanOptions()
        options.readsText = false
        return options
    }

    private static let once: Result<Output, Error> = Result {
        let corpus = try BarcodeCorpus(root: TestPaths.corpus)
        var outcomes = [ScanEngine.FileOutcome?](repeating: nil, count: corpus.samples.count)
        ScanEngine.scanFiles(corpus.samples.map(\.imagePath), options: options) { index, outcome in outcomes[index] = outcome }
        return Output(corpus: corpus, outcomes: outcomes.map { $0! })
    }

    static func output() throws -> Output { try once.get() }
}
