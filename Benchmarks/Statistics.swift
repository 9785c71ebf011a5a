/// Percentiles over measured samples (nearest-rank), for latency reports.
struct Summary {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }

    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
    }
    var median: Double { percentile(50) }
    var max: Double { sorted.last ?? .nan }
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    value.isNaN ? "–" : String(format: "%.\(digits)f", value)
}

import Foundation
