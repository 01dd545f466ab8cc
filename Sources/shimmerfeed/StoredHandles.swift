import FeedStore
import FeedTransport
import FoundationEssentials

/// Bluesky's handles as they resolved, kept in the store between runs.
struct StoredHandles: HandleMemory {
    let store: FeedStore

    func did(ofHandle handle: String) -> String? {
        try? store.did(ofHandle: handle, now: Date())
    }

    func remember(handle: String, did: String) {
        let now = Date()
        store.keep { store throws(FeedStore.Unavailable) in try store.remember(handle: handle, did: did, at: now) }
    }
}
