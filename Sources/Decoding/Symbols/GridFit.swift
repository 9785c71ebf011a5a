import Imaging

/// Fine-tunes where a module grid lies in a photo. A grid placed from a symbol's finder is exact near the finder
/// but drifts further out (a small error in scale grows with every module), and a drifted sample lands on a
/// module's edge, where the grey is neither dark nor light. So the four corners are nudged, in shrinking steps,
/// to make the samples as far from the threshold as possible: module centres are where the contrast is.
enum GridFit {
    /// `corners`: where grid points `gridCorners` are in the image (clockwise). `modules`: the grid points sampled
    /// (module centres). Returns the adjusted corners.
    static func refine(_ image: GrayImage, corners: [PointF], gridCorners: [PointF], modules: [PointF],
                       threshold: Double, modulePixels: Double) -> [PointF] {
        // Up to about 2000 modules spread over the grid score a placement as well as all of them do (a thin
        // sample, a few hundred, was not enough for a 41-module symbol with thin modules).
        let step = max(1, modules.count / 2000)
        let modules = stride(from: 0, to: modules.count, by: step).map { modules[$0] }
        func score(_ c: [PointF]) -> Double {
            guard let h = Homography(from: gridCorners, to: c) else { return -1 }
            var total = 0.0
            for m in modules { total += abs(image.sample(h.map(m)) - threshold) }
            return total
        }
        var best = corners, bestScore = score(corners)
        for step in [0.5, 0.25, 0.12] {
            let delta = step * modulePixels
            for _ in 0..<3 {
                var improved = false
                for k in 0..<4 {
                    for (dx, dy) in [(delta, 0.0), (-delta, 0.0), (0.0, delta), (0.0, -delta)] {
                        var trial = best
                        trial[k] = PointF(x: trial[k].x + dx, y: trial[k].y + dy)
                        let s = score(trial)
                        if s > bestScore { (best, bestScore, improved) = (trial, s, true) }
                    }
                }
                if !improved { break }
            }
        }
        return best
    }
}
