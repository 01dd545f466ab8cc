import Foundation

/// The test run these tests belong to (Tests/test-run.sh sets it): what their tmux servers
/// and feed servers are named by, so that the run's leftovers check knows its own.
public enum TestRun {
    public static let id = ProcessInfo.processInfo.environment["SHIMMERFEED_TEST_RUN"] ?? "norun"
}
