import Glibc

/// A pipe whose ends never block and are not inherited by children: what a thread polls
/// beside its other descriptors so that another can wake it (a signal handler, a cancel).
public enum WakePipe {
    public static func open() throws(Failure) -> (readEnd: Int32, writeEnd: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw Failure.system(what: "create a pipe", reason: String(cString: strerror(errno)))
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}
