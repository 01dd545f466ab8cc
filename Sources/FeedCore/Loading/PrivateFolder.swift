import Glibc

/// A folder of the reader's own (the store's, the accounts'): made with its missing parents,
/// each 0700.
public enum PrivateFolder {
    /// Makes `folder` and its missing parents; nil when they are there, else what failed
    /// ("cannot make /x/y: Permission denied"). A folder that exists keeps its permissions.
    public static func make(_ folder: String) -> String? {
        var partial = ""
        for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0, errno != EEXIST {
                return "cannot make \(partial): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }
}
