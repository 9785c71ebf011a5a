import CardModel
import Recognition

/// What the pages need to know about this server: the region (for the guidance prompt), the camera it uses.
struct ServerStatus: Sendable {
    let region: RegionResolution
    let device: String
    let size: String

    struct Answer: Encodable {
        let region: RegionResolution
        let device: String
        let size: String
        let running: Bool
        let guidance: String
        let wristbandGuidance: String
    }
}

extension WebRoutes {
    /// `GET /api/status`: region, guidance prompts, camera, whether a session runs.
    func serverStatus(_ request: HTTPRequest) -> HTTPResponse {
        .json(ServerStatus.Answer(region: status.region, device: status.device, size: status.size, running: controller.isRunning,
                                  guidance: Guidance.prompt(for: status.region.code),
                                  // A wristband session is a Jersey hospital's unless --region said otherwise (LiveSession).
                                  wristbandGuidance: Guidance.prompt(for: status.region.basis == .option ? status.region.code : .je, wristband: true)))
    }
}
