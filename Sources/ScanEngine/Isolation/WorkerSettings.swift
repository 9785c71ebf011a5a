import CardModel
import Decoding
import Foundation
import Imaging
import Recognition

/// The scan options a worker process needs, as JSON on its command line (`cardscan scan-worker --settings …`).
public struct WorkerSettings: Codable, Sendable {
    var formats: [String]
    var retries: Bool
    var retryEffort: Double
    var retryBudget: Double?
    var pixelLimit: Int
    var region: RegionResolution?
    var readsText: Bool
    var parallelStages: Bool
    var today: [Int]
    /// `--verbose`, passed down (a worker traces its stages on the stderr it shares with the supervisor).
    var traces: Traces

    public init(_ options: ScanOptions) {
        formats = options.barcodes.formats.map(\.rawValue).sorted()
        retries = options.barcodes.retries
        retryEffort = options.barcodes.retryEffort
        retryBudget = options.barcodes.retryBudget
        pixelLimit = options.pixelLimit
        region = options.region
        readsText = options.readsText
        parallelStages = options.parallelStages
        today = [options.today.year, options.today.month, options.today.day]
        traces = options.traces
    }

    public var scanOptions: ScanOptions {
        var options = ScanOptions(pixelLimit: pixelLimit, region: region, jobs: 1)
        options.barcodes.formats = Set(formats.compactMap(BarcodeFormat.init(rawValue:)))
        options.barcodes.retries = retries
        options.barcodes.retryEffort = retryEffort
        options.barcodes.retryBudget = retryBudget
        options.readsText = readsText
        options.parallelStages = parallelStages
        options.traces = traces
        if today.count == 3, let date = SimpleDate(year: today[0], month: today[1], day: today[2]) { options.today = date }
        return options
    }

    public var json: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }

    public init?(json: String) {
        guard let decoded = try? JSONDecoder().decode(WorkerSettings.self, from: Data(json.utf8)) else { return nil }
        self = decoded
    }
}

/// One request and one reply per line between the supervisor and a worker. `pixelsTo`: where the worker writes the
/// picture it read, as `GrayPixels` (a session shows it and tracks its items; nothing in the supervisor decodes
/// the file itself).
struct WorkerRequest: Codable {
    var path: String
    var pixelsTo: String?
}
struct WorkerReply: Codable {
    var result: ScanResult?
    var failure: ImageError?
}
