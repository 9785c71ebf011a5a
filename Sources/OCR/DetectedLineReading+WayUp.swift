import Foundation
import Imaging
import Locating

/// The way up of a photo whose print does not all read one way (a card lying at an angle on a newspaper printed
/// the other way up): each row settles it with its neighbours.
extension DetectedLineReading {
    /// When the photo's longest lines read about as well both ways up (the weaker way holding at least this share
    /// of the stronger's evidence), its print does not all read one way: a card lying at an angle on a newspaper
    /// printed the other way up (cards-dev2 0028, 0110: 48 against 55, 20.30 against 20.31). Then each
    /// row settles its way up with its neighbours (`wayUpByNeighbourhood`). Print read upside down scores
    /// 0.2-0.4 of its upright evidence (confidence 0.2-0.4 against 0.9 on as many characters).
    static let contestedShare = 0.6
    /// A row's neighbours, for its way up: rows within this many of its line heights (centre to centre) that run
    /// within `neighbourDegrees` of its direction, either way round; the nearer, the more their vote weighs (a
    /// card's last line has the desk's print just past the card's edge, at about the card's angle).
    static let neighbourReach = 4.0
    static let neighbourDegrees = 10.0
    /// and whose print is of about its size (within this factor): the desk's print beside a card is rarely the
    /// card's size, and it can read the other way up.
    static let neighbourSize = 1.6

    /// The rows of a contested photo, each the way up its neighbourhood reads best: every row is read both ways,
    /// and a row turns when the evidence it and its neighbours gain by turning (`neighbourReach`) outweighs what
    /// they lose. One row's two readings cannot settle it alone: capitals and digits read upside down can come back
    /// sure (`GY1 5QU` as `NOS LAD` at 0.95), but the card's other lines around it read far better one way. The
    /// readings are kept in `probeLines` (keyed by the box as it will be read); the rows that turned follow the
    /// others, in their own reading order.
    func wayUpByNeighbourhood(_ image: GrayImage, _ rows: [LineBox],
                              _ probeLines: inout [LineBox: [TextReader.Line]]) -> [LineBox] {
        var asIs: [[TextReader.Line]] = [], other: [[TextReader.Line]] = []
        for row in rows {
            let found = probeLines[row] ?? line(image, row)
            asIs.append(found)
            other.append(line(image, row.turned))
        }
        let gain = rows.indices.map { Self.evidence(other[$0]) - Self.evidence(asIs[$0]) }
        let similar = cos(Self.neighbourDegrees * .pi / 180)
        var kept: [LineBox] = [], turnedRows: [LineBox] = []
        for (i, row) in rows.enumerated() {
            let reach = Self.neighbourReach * row.height
            var vote = 0.0
            for (j, neighbour) in rows.enumerated() {
                let (a, b) = (row.centre, neighbour.centre)
                let distance = hypot(a.x - b.x, a.y - b.y)
                guard distance <= reach,
                      max(row.height, neighbour.height) <= Self.neighbourSize * min(row.height, neighbour.height),
                      abs(row.along.x * neighbour.along.x + row.along.y * neighbour.along.y) >= similar else { continue }
                vote += gain[j] * (1 - distance / reach)
            }
            probeLines[row] = nil
            // A row read unsurely the other way stays: neighbours' votes on a faint scan are junk against junk
            // (receipts-dev 239 lost its total's line so).
            if vote > 0, Self.meanConfidence(other[i]) >= Self.doubtfulLine {
                probeLines[row.turned] = other[i]
                turnedRows.append(row.turned)
            } else {
                probeLines[row] = asIs[i]
                kept.append(row)
            }
        }
        trace("ocr lines contested way up: \(rows.count) rows read both ways, \(turnedRows.count) turned")
        // Reading order is along one direction: the rows that turned, by direction (within `neighbourDegrees`),
        // each set in its own reading order (a card's rows sorted along a newspaper column's direction come out
        // jumbled: its NHS number no longer followed its label).
        var byDirection: [[LineBox]] = []
        for row in turnedRows {
            if let k = byDirection.firstIndex(where: { $0[0].along.x * row.along.x + $0[0].along.y * row.along.y >= similar }) {
                byDirection[k].append(row)
            } else {
                byDirection.append([row])
            }
        }
        return kept + byDirection.flatMap { LineGeometry.inReadingOrder($0) }
    }
}
