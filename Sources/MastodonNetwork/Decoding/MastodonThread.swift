import FeedCore
import FoundationEssentials

extension ThreadContext {
    /// A status's thread as the server tells it (`GET /api/v1/statuses/:id/context`).
    static func decode(_ data: Data) throws(Failure) -> ThreadContext {
        struct Context: Decodable {
            var ancestors: [MastodonStatus]
            var descendants: [MastodonStatus]
        }
        let context = try MastodonAnswer.decode(Context.self, from: data)
        return ThreadContext(
            ancestors: context.ancestors.compactMap { $0.post?.sanitized() },
            descendants: context.descendants.compactMap { $0.post?.sanitized() })
    }
}
