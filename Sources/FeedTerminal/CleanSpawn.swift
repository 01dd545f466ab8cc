import FoundationEssentials
import Glibc

/// posix_spawn with the child started clean: no signal blocked and every signal at its
/// default action. Without that it would inherit the calling thread's mask (a task's thread
/// blocks most signals), and a browser or a tmux server that blocks SIGTERM cannot be ended.
enum CleanSpawn {
    /// The child's id, or posix_spawn's error number. `streamsOn`: the device its standard
    /// streams are opened on; nil keeps the caller's. `input`: a descriptor to read as its
    /// standard input instead.
    static func start(
        _ path: String, arguments: [String], streamsOn device: String?, input: Int32? = nil
    ) -> Result<pid_t, SpawnError> {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let device {
            for descriptor in Int32(0)...2 {
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, device, descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        if let input { posix_spawn_file_actions_adddup2(&actions, input, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let started = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        return started == 0 ? .success(pid) : .failure(SpawnError(number: started))
    }

    struct SpawnError: Error {
        var number: Int32
        var reason: String { String(cString: strerror(number)) }
    }
}
