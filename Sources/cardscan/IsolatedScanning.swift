import Foundation
import ScanEngine

/// How `scan` and `import` run a batch: in worker processes (this executable's hidden `scan-worker` command), so
/// a C library aborting on one hostile photo costs that photo only; or in this process with `--in-process`
/// (quicker to start, no isolation).
enum IsolatedScanning {
    static func scanFiles(_ paths: [String], options: ScanOptions, inProcess: Bool,
                          deliver: (Int, ScanEngine.FileOutcome) -> Void) {
        guard !inProcess, paths.count > 1, let isolation = WorkerIsolation.thisProgram(command: ["scan-worker"]) else {
            return ScanEngine.scanFiles(paths, options: options, deliver: deliver)
        }
        var perWorker = options
        // Each worker is one process on one core when they fill the machine; side-by-side stages only help otherwise.
        if min(options.jobs, paths.count) >= ProcessInfo.processInfo.activeProcessorCount { perWorker.parallelStages = false }
        ScanEngine.scanFilesInWorkers(paths, options: options, worker: isolation.launch(perWorker),
                                      perPhotoTimeout: options.photoTimeout, deliver: deliver)
    }
}

/// `cardscan scan-worker --settings JSON`: the worker side (not for people; started by `scan`, `import` and `serve`).
enum ScanWorkerCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, arguments[0] == "--settings", let settings = WorkerSettings(json: arguments[1]) else {
            Terminal.err("cardscan: scan-worker is started by `cardscan scan`, `import` and `serve`, not by hand")
            return ExitStatus.usage
        }
        return ScanEngine.serveScanRequests(settings)
    }
}
