import Foundation

/// A folder of a test's own in the temporary directory, named `prefix` and a UUID; the
/// test removes it. Its prefix starts with one `Tests/leftovers.sh` looks for, so that a
/// folder left behind fails the run.
public enum ScratchFolder {
    public static func make(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
