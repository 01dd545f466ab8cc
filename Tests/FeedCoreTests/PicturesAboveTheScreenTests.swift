import Foundation
import Testing

@testable import FeedCore

private typealias P = PictureStateTests

/// Pictures just above the screen stay: a page down keeps the loads of the rows it has
/// just passed, and scrolling back up a little neither asks for them again nor cancels them.
@Suite struct PicturesAboveTheScreenTests {
    /// Forty posts with an avatar and a picture each, answered; the first screen's loads
    /// running.
    private func loaded() -> (AppState, running: [String]) {
        let (state, effects) = P.loaded((0..<40).map { P.post("p\($0)", minutesAgo: $0 + 1) })
        return (state, P.started(effects))
    }

    /// The pictures of the rows on the screen now.
    private func onScreen(_ state: AppState) -> Set<String> {
        Set(
            state.viewport.placements(from: state.scroll).flatMap { placement in
                ([placement.layout.avatar] + placement.layout.pictures.map(Optional.some)).compactMap {
                    $0?.picture.url
                }
            })
    }

    private func cancelled(_ effects: [AppEffect]) -> [String] {
        effects.flatMap { effect -> [String] in
            if case .cancelPictures(let urls) = effect { return urls }
            return []
        }
    }

    @Test func loadsOfTheRowsJustPassedGoOnAndAreNotAskedAgain() throws {
        var (state, running) = loaded()
        #expect(running.count == PictureQueue.concurrency)
        let first = onScreen(state)
        let down = state.apply(.key(.pageDown), at: .seconds(1))
        #expect(!onScreen(state).isSuperset(of: running), "some of the first loads' rows are above the screen now")
        #expect(cancelled(down).isEmpty, "a screen away is near: \(cancelled(down))")
        #expect(running.allSatisfy { state.pictures.phases[$0]?.isLoading == true })
        let back = state.apply(.key(.wheelUp), at: .seconds(2))
        #expect(!onScreen(state).isDisjoint(with: first), "back up a little, among the first rows")
        #expect(cancelled(back).isEmpty)
        #expect(Set(P.started(back)).isDisjoint(with: running), "what is loading is not asked for twice")
        // They arrive, into the screen they left.
        for url in running {
            _ = state.apply(.picture(url: url, .loaded(P.pixels)), at: .seconds(3))
        }
        #expect(running.allSatisfy { if case .loaded = state.pictures.phases[$0] { true } else { false } })
    }

    @Test func picturesLoadedOnTheScreenAreKeptAPageDownAndBack() throws {
        var (state, running) = loaded()
        // Every picture asked for arrives, until the screen and the next are in.
        var arrived: [String] = []
        var step = 0
        while let url = running.first, step < 200 {
            running.removeFirst()
            step += 1
            running += P.started(state.apply(.picture(url: url, .loaded(P.pixels)), at: .milliseconds(200 + step)))
            arrived.append(url)
        }
        let first = onScreen(state)
        #expect(first.isSubset(of: Set(arrived)), "the first screen is in")
        var asked: [String] = []
        var cancels: [String] = []
        for (index, key) in [Key.pageDown, .wheelUp, .wheelUp].enumerated() {
            let effects = state.apply(.key(key), at: .seconds(1 + index))
            asked += P.started(effects)
            cancels += cancelled(effects)
        }
        #expect(!onScreen(state).isDisjoint(with: first))
        #expect(Set(asked).isDisjoint(with: first), "nothing of the first screen is loaded again: \(asked)")
        #expect(Set(cancels).isDisjoint(with: first), "rows further down may stop; the first screen's do not")
        #expect(first.allSatisfy { if case .loaded = state.pictures.phases[$0] { true } else { false } })
    }
}
