import Testing

@testable import FeedCore

/// What the loop hands the backend, and what it does with the backend's answers: a refused
/// update is drawn again whole on a cleared screen, and the terminal's answer to a status
/// request reaches the pacer.
@MainActor
@Suite struct LoopDrawingTests {
    /// A terminal that keeps every update, refuses the first ones it is told to (as curses
    /// does when its colour pairs run out), and delivers a scripted input after each wait.
    final class ScriptedBackend: TerminalBackend {
        let size = TerminalSize(width: 40, height: 10)
        private(set) var updates: [ScreenUpdate] = []
        private var refusals: Int
        private var inputs: [[InputEvent]]

        init(refusing refusals: Int = 0, inputs: [[InputEvent]]) {
            self.refusals = refusals
            self.inputs = inputs
        }

        func draw(_ update: ScreenUpdate) -> Bool {
            updates.append(update)
            guard refusals > 0 else { return true }
            refusals -= 1
            return false
        }

        func waitForInput(timeout: Duration?) -> [InputEvent] {
            inputs.isEmpty ? [.key(.character("q"))] : inputs.removeFirst()
        }

        nonisolated var wake: @Sendable () -> Void { {} }
    }

    private func run(_ backend: ScriptedBackend) throws {
        let options = ViewerOptions(sources: [SourceStatus(name: "Source", label: "t")])
        let loop = FeedRunLoop(
            state: AppState(options: options, size: backend.size), backend: backend,
            services: LoopServices(loaders: [GatedLoader(feed: try RenderTests.fixtureFeed())]), clock: ManualClock())
        #expect(loop.run() == 0)
    }

    @Test func anUpdateTheBackendCouldNotDrawIsDrawnAgainWholeOnAClearedScreen() throws {
        let backend = ScriptedBackend(refusing: 1, inputs: [[]])
        try run(backend)
        try #require(backend.updates.count == 2)
        let again = backend.updates[1]
        #expect(again.clearFirst)
        #expect(Set(again.runs.map(\.row)) == Set(0..<10), "every row, the frame unchanged")
    }

    /// Before an answer the pacer asks one request at a time: the frame after an unanswered
    /// request does not ask again. Once the answer is handed over, it does.
    @Test func theTerminalsAnswerReachesThePacer() throws {
        let resize = InputEvent.resize(TerminalSize(width: 40, height: 10))
        let answered = ScriptedBackend(inputs: [[.caughtUp, resize]])
        try run(answered)
        #expect(answered.updates.map(\.asksForReport) == [true, true])
        let unanswered = ScriptedBackend(inputs: [[resize]])
        try run(unanswered)
        #expect(unanswered.updates.map(\.asksForReport) == [true, false])
    }
}
