import Capture
import Foundation

/// `cardscan devices`: the cameras this machine has, with what each can deliver.
enum DevicesCommand: Command {
    static let name = "devices"
    static let abstract = "list video cameras with their driver, formats and frame sizes"
    static let usage = """
        usage: cardscan devices [--json] [--device PATH]...

        Lists every /dev/video* node (and each --device given), with its driver, name, pixel formats and frame
        sizes. Nodes that are not capture devices (metadata nodes) are listed with the reason.

        exit status: 0 at least one camera found; 2 none; 64 usage error.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var devices: [String] = []
        var rest: [String] = []
        var index = 0
        while index < arguments.count {  // --device may be given several times
            if arguments[index] == "--device", index + 1 < arguments.count {
                devices.append(V4L2Camera.devicePath(arguments[index + 1], settings: .current)); index += 2
            } else { rest.append(arguments[index]); index += 1 }
        }
        let args: ArgumentList
        do { args = try ArgumentList(rest, flagNames: ["--json"], valueNames: []) } catch { return Terminal.usageError(error.description, usage: usage) }
        guard args.positional.isEmpty else { return Terminal.usageError("unexpected '\(args.positional[0])'", usage: usage) }
        let paths = devices + CameraDescription.devicePaths().filter { !devices.contains($0) }
        var cameras = 0
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if paths.isEmpty && !args.has("--json") { Terminal.err("no video devices found (/dev/video* is empty); plug in a camera") }
        for path in paths {
            do throws(CaptureError) {
                let camera = try CameraDescription.read(path: path)
                cameras += 1
                if args.has("--json") {
                    Terminal.out(String(decoding: (try? encoder.encode(camera)) ?? Data(), as: UTF8.self))
                    continue
                }
                Terminal.out("\(path): \(camera.card) (driver \(camera.driver), \(camera.bus))")
                for format in camera.formats {
                    Terminal.out("  \(format.fourcc.padding(toLength: 5, withPad: " ", startingAt: 0)) \(format.description): \(format.sizes.joined(separator: ", "))")
                }
            } catch {
                if args.has("--json") {
                    let entry = ["path": path, "error": error.code, "message": error.description]
                    Terminal.out(String(decoding: (try? encoder.encode(entry)) ?? Data(), as: UTF8.self))
                } else {
                    Terminal.out("\(path): unavailable — \(error.description)")
                }
            }
        }
        return cameras > 0 ? ExitStatus.success : ExitStatus.nothingFound
    }
}
