import CardModel
import Foundation

extension V4L2Camera {
    /// The camera a command means: `2` is /dev/video2, a path is itself, nothing is `CARDSCAN_DEVICE`, else
    /// /dev/video0. (`camera --device`, `devices --device`, a session's `start` and `serve --device` all read it so.)
    public static func devicePath(_ value: String?, settings: ProcessSettings) -> String {
        let given = value ?? settings.device ?? "/dev/video0"
        return Int(given) != nil ? "/dev/video\(given)" : given
    }
}
