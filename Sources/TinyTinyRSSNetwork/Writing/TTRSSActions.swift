import FeedCore
import FeedNetwork
import FoundationEssentials

/// What the reader does to articles on tt-rss (`updateArticle`): stars ("marked", field 0)
/// set and taken away, and read marks (field 2, `unread`), several articles in one request.
struct TTRSSActions: ServerActor, ReadStateServer {
    let session: TTRSSSession

    var name: String { session.name }

    /// `updateArticle`'s fields.
    enum Field: Int {
        case starred = 0
        case unread = 2
    }

    func send(_ action: ServerAction, on target: ActionTarget) async -> ActionAnswer.Outcome {
        guard action.mark == .favourited else {
            return .refused(.unexpected(TinyTinyRSS.words.cannot(action.capability)))
        }
        switch await update([target.statusID], field: .starred, to: action.on) {
        case .success:
            return .confirmed(
                StatusState(
                    statusID: target.statusID, likes: target.likes ?? 0, boosts: target.boosts,
                    marks: action.on ? .favourited : []))
        case .failure(let failure):
            return failure.isWorthRetrying ? .unsent(failure) : .refused(failure)
        }
    }

    func mark(_ ids: [String], read: Bool) async -> ReadStateAnswer {
        guard !ids.isEmpty else { return .taken }
        switch await update(ids, field: .unread, to: !read) {
        case .success: return .taken
        case .failure(let failure): return failure.isWorthRetrying ? .unsent(failure) : .refused(failure)
        }
    }

    /// Sets `field` of the articles `ids` to `value`, in one request.
    private func update(_ ids: [String], field: Field, to value: Bool) async -> Result<Void, Failure> {
        struct Updated: Decodable {
            var status: String?
        }
        do {
            _ = try await session.call(
                "updateArticle",
                [
                    "article_ids": .text(ids.joined(separator: ",")), "field": .number(field.rawValue),
                    "mode": .number(value ? 1 : 0),
                ], as: Updated.self)
            return .success(())
        } catch {
            return .failure(Failure(error))
        }
    }
}
