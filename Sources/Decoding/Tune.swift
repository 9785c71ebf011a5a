import Foundation
// Development only: the line path's knobs from the environment while they are measured. Removed before landing.
enum Tune {
    static let env = ProcessInfo.processInfo.environment
    static let detectorSide = Int(env["T_SIDE"] ?? "") ?? 640
    static let zoomHeight = Double(env["T_ZOOMH"] ?? "") ?? 32
    static let zoomSide = Int(env["T_ZOOMSIDE"] ?? "") ?? 960
    static let cropHeight = Double(env["T_CROPH"] ?? "") ?? 48
    static let endMargin = Double(env["T_MARGIN"] ?? "") ?? 0.3
}
