import FeedCore

/// A failed write takes the store out of use for the run, and is told once.
extension FeedStore {
    /// Runs a write whose failure must not stop the caller: the store is then out of use
    /// for the rest of the run, and the listener of `tellProblem` is told once.
    public func keep(_ write: (FeedStore) throws(Unavailable) -> Void) {
        guard problem.withLock({ $0.message == nil }) else { return }
        do {
            try write(self)
        } catch {
            goOutOfUse(error.description)
        }
    }

    /// The store out of use for the rest of the run, for `message` (the first one stays);
    /// the listener of `tellProblem` is told, once.
    func goOutOfUse(_ message: String) {
        let tell = problem.withLock { state in
            if state.message == nil { state.message = message }
            return state.untold()
        }
        tell?()
    }

    /// `write`, later, after the writes asked for before it, on the store's own thread:
    /// for a load, which must not wait on the disk.
    public func later(_ write: @escaping @Sendable (FeedStore) throws(Unavailable) -> Void) {
        queue.add { [self] in keep(write) }
    }

    /// Waits for the writes handed over so far: at quit.
    public func finishWrites() {
        queue.finish()
    }

    /// Whom to tell, once and from the thread the write failed on, when the store goes out
    /// of use (at once, when it already has).
    public func tellProblem(to listener: @escaping @Sendable (String) -> Void) {
        let tell = problem.withLock { state in
            state.listener = listener
            return state.untold()
        }
        tell?()
    }

    /// The first failure, and who is to hear of it.
    struct Problem {
        var message: String?
        var listener: (@Sendable (String) -> Void)?
        var told = false

        /// Telling the listener, to be done outside the lock, when there is a failure and a
        /// listener and it was not told yet.
        mutating func untold() -> (@Sendable () -> Void)? {
            guard let message, let listener, !told else { return nil }
            told = true
            return { listener("going on without the store: \(message)") }
        }
    }
}
