import Foundation

/// Where an uploaded photo waits while it is scanned: a private (0700) folder of this server's, each photo a 0600
/// file removed once its scan has ended (a card photo holds health numbers), the folder removed at exit.
final class UploadFolder: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var counter = 0

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws(Failure) {
        var template = Array((NSTemporaryDirectory() + "cardscan-serve-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "\(NSTemporaryDirectory()): cannot make a private folder for uploaded photos (\(String(cString: strerror(errno)))); set TMPDIR to a writable folder")
        }
        path = String(cString: made)
    }

    /// Writes `bytes` to a new private file and returns its path.
    func store(_ bytes: [UInt8]) throws(Failure) -> String {
        let name = lock.withLock { counter += 1; return "photo-\(counter)" }
        let file = (path as NSString).appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: file, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw Failure(description: "the uploaded photo could not be written on the server (disk full?)")  // no server path to a page
        }
        return file
    }

    func remove(_ file: String) { try? FileManager.default.removeItem(atPath: file) }

    func removeAll() { try? FileManager.default.removeItem(atPath: path) }
}
