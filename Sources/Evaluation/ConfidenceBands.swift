/// Confidence bands for a reliability table: how often suggestions shown at a confidence were right.
/// `SuggestionBuilder`'s confidences are calibrated so that valid suggestions in a band are right at least as often
/// as the band's lower edge, on both card-photo sets (`CardsDevRecallTests` prints the table and asserts it for
/// every band with enough suggestions to say).
public enum ConfidenceBands {
    /// Lower edges of the bands, ascending: `[0, 0.5)`, `[0.5, 0.7)`, …, `[0.95, 1]`.
    public static let edges: [Double] = [0, 0.5, 0.7, 0.8, 0.9, 0.95]

    /// The band's label, e.g. `90–95%`.
    public static func band(_ confidence: Double) -> String {
        let i = edges.lastIndex { confidence >= $0 } ?? 0
        let low = Int((edges[i] * 100).rounded())
        let high = i + 1 < edges.count ? Int((edges[i + 1] * 100).rounded()) : 100
        return "\(low)–\(high)%"
    }

    public struct Row: Hashable, Sendable {
        public let band: String
        public let count: Int
        public let correct: Int
        /// correct / count.
        public var accuracy: Double { count == 0 ? 0 : Double(correct) / Double(count) }
        /// The band's lower edge: the accuracy a calibrated band reaches.
        public let lowerEdge: Double
        public var isCalibrated: Bool { count == 0 || accuracy >= lowerEdge }
    }

    /// One row per band (empty bands included, in ascending order) from (confidence, was it right) pairs.
    public static func table(_ samples: [(confidence: Double, correct: Bool)]) -> [Row] {
        edges.indices.map { i in
            let inBand = samples.filter { s in s.confidence >= edges[i] && (i + 1 == edges.count || s.confidence < edges[i + 1]) }
            return Row(band: band(edges[i]), count: inBand.count, correct: inBand.filter(\.correct).count, lowerEdge: edges[i])
        }
    }
}
