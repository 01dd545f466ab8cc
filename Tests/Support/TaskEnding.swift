/// Runs `body`, then cancels `task` and waits for its end, however `body` ended: a test
/// leaves no transfer running on a thread of its own. The test process's exit handlers
/// (OpenSSL's among them) must not run under one: that is a crash after every test passed.
public func cancelling<Success: Sendable, Failure: Error>(
    _ task: Task<Success, Failure>, after body: () async throws -> Void
) async throws {
    do {
        try await body()
    } catch {
        task.cancel()
        _ = await task.result
        throw error
    }
    task.cancel()
    _ = await task.result
}
