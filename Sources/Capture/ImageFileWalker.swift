import Foundation

/// Expands the paths a user gives into the image files to scan. A file named on the command line is always
/// scanned (a text file named `.jpg` gets its own clear error); inside folders, only files with an image
/// extension are taken, recursively, in a stable sorted order, so sidecar files (ground truth, notes) are skipped.
public enum ImageFileWalker {
    public static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "jpe", "webp", "tif", "tiff", "gif", "bmp", "pnm", "pgm", "ppm", "pbm",
    ]

    public static func expand(_ paths: [String]) -> [String] {
        var out: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                out += filesInFolder(path)
            } else {
                out.append(path)  // missing files are reported by the loader, with their name
            }
        }
        return out
    }

    private static func filesInFolder(_ folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let ext = (relative as NSString).pathExtension.lowercased()
            guard imageExtensions.contains(ext) else { continue }
            let full = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(full)
            } else if !FileManager.default.fileExists(atPath: full) {
                files.append(full)  // a dangling link: let the loader report it
            }
        }
        return files.sorted()
    }
}
