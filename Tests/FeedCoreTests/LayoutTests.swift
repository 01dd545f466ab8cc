import Foundation
import TestSupport
import Testing

@testable import FeedCore

@Suite struct LayoutTests {
    private func samplePost(
        content: String = "One layout function draws both the row and its skeleton.", title: String? = "Shipping"
    ) -> Post {
        Post(
            id: .number(1), author: Author(name: "Ada Park", handle: "ada"), title: title, content: content, likes: 128,
            createdAt: Fixtures.referenceDate.addingTimeInterval(-3 * 3600))
    }

    @Test func aRowHasAvatarHeaderTitleContentAndLikes() {
        let layout = RowLayout.make(RowContent(post: samplePost(), now: Fixtures.referenceDate), screenWidth: 72)
        let byRole = Dictionary(grouping: layout.spans, by: \.role)
        #expect(byRole[.name]?.first?.text == "Ada Park")
        #expect(byRole[.meta]?.first?.text == "@ada · 3h")
        #expect(byRole[.title]?.first?.text == "Shipping")
        #expect(byRole[.count(own: false, pending: false)]?.first?.text == "♥ 128")
        // Likes end at the right margin.
        let likes = byRole[.count(own: false, pending: false)]!.first!
        #expect(likes.column + likes.width == 72 - RowGeometry.rightMargin)
        #expect(layout.height == 3)
    }

    @Test func contentIsCutAtFourLinesWithAnEllipsis() {
        let long = String(repeating: "word ", count: 200)
        let layout = RowLayout.make(
            RowContent(post: samplePost(content: long, title: nil), now: Fixtures.referenceDate), screenWidth: 40)
        let content = layout.spans.filter { $0.role == .content }
        #expect(content.count == RowGeometry.maxContentLines)
        #expect(content.last?.text.hasSuffix("…") == true)
        let expanded = RowLayout.make(
            RowContent(post: samplePost(content: long, title: nil), now: Fixtures.referenceDate), screenWidth: 40,
            maxContentLines: nil)
        #expect(expanded.spans.filter { $0.role == .content }.count > RowGeometry.maxContentLines)
    }

    @Test func aLongNameIsTruncatedSoTheLikesKeepTheirColumn() {
        var post = samplePost()
        post.author.name = String(repeating: "Very Long Name ", count: 10)
        let layout = RowLayout.make(RowContent(post: post, now: Fixtures.referenceDate), screenWidth: 50)
        let name = layout.spans.first { $0.role == .name }!
        let likes = layout.spans.first { $0.role == .count(own: false, pending: false) }!
        #expect(name.column + name.width + RowGeometry.headerGap <= likes.column)
        #expect(likes.column + likes.width == 50 - RowGeometry.rightMargin)
    }

    /// The handle and the age have colours of their own: their cells, in the meta, and no
    /// further than the meta once it is cut short.
    @Test func theHandleAndTheAgeAreAccentsOfTheMeta() throws {
        let wide = RowLayout.make(RowContent(post: samplePost(), now: Fixtures.referenceDate), screenWidth: 72)
        let meta = try #require(wide.spans.first { $0.role == .meta })
        #expect(meta.text == "@ada · 3h")
        #expect(
            meta.accents == [
                RowLayout.Accent(column: 0, width: 4, kind: .handle),
                RowLayout.Accent(column: 7, width: 2, kind: .time),
            ])
        var post = samplePost()
        post.author.handle = "ada@a.very.long.instance.example"
        post.boosts = 3
        let narrow = RowLayout.make(RowContent(post: post, now: Fixtures.referenceDate), screenWidth: 40)
        let cut = try #require(narrow.spans.first { $0.role == .meta })
        #expect(cut.text.hasSuffix("…"))
        #expect(cut.accents.map(\.kind) == [.handle], "the age was cut off, and its accent with it")
        #expect(cut.accents.allSatisfy { $0.column + $0.width <= cut.width })
        let boosts = try #require(narrow.spans.first { $0.text == "↻ 3" })
        #expect(boosts.accents == [RowLayout.Accent(column: 0, width: 3, kind: .boosts)])
    }

    @Test func placeholderShapesAreDeterministicAndVary() {
        let shapes = (0..<12).map { RowContent.placeholder(index: $0) }
        #expect(shapes == (0..<12).map { RowContent.placeholder(index: $0) })
        #expect(Set(shapes.map(\.name.count)).count > 3)
        #expect(Set(shapes.map(\.body)).count > 1)
    }

    @Test func aPlaceholdersLastContentLineIsAboutSeventyPercent() {
        let shape = RowContent(
            initials: "", avatarColor: 0, name: "xxxx", meta: "xx", title: nil, body: .placeholderLines(3),
            counts: [RowCount("x xxx")])
        let layout = RowLayout.make(shape, screenWidth: 80)
        let widths = layout.spans.filter { $0.role == .content }.map(\.width)
        let full = RowGeometry.textWidth(screenWidth: 80)
        #expect(widths == [full, full, Int((Double(full) * 0.7).rounded())])
    }

    @Test func skeletonElementsAreNumberedInReadingOrder() {
        let layout = RowLayout.make(RowContent(post: samplePost(), now: Fixtures.referenceDate), screenWidth: 72)
        let elements = layout.spans.filter { $0.role != .avatar(color: Avatar.colorIndex(of: "Ada Park")) }.map(
            \.element)
        #expect(elements == Array(1...elements.count))
    }

    @Test func aNarrowScreenNeverCrashesTheLayout() {
        for width in 0...12 {
            let layout = RowLayout.make(RowContent(post: samplePost(), now: Fixtures.referenceDate), screenWidth: width)
            // Whatever the width, spans have a place and a size, and none overlaps another.
            for span in layout.spans { #expect(span.column >= 0 && span.width >= 0, "\(span)") }
            for line in Set(layout.spans.map(\.line)) {
                let spans = layout.spans.filter { $0.line == line && $0.width > 0 }.sorted { $0.column < $1.column }
                #expect(zip(spans, spans.dropFirst()).allSatisfy { $0.column + $0.width <= $1.column }, "line \(line)")
            }
        }
    }
}

@Suite struct LayoutCacheTests {
    @Test func cachedLayoutsAreTheLayoutsMadeAfresh() throws {
        let feed = try RenderTests.fixtureFeed()
        let ids = feed.posts.map(\.id)
        let cache = RowLayoutCache()
        for width in [40, 80, 200] {
            for (expanded, liked) in [([], []), ([ids[0]], [ids[1]]), (Set(ids), Set(ids))] {
                let fresh = FeedViewport(
                    posts: feed.posts, width: width, height: 20, now: Fixtures.referenceDate,
                    expanded: Set(expanded), liked: Set(liked))
                var cached = fresh
                cached.cache = cache
                for index in feed.posts.indices {
                    // Twice: made, then found.
                    #expect(cached.layout(at: index) == fresh.layout(at: index))
                    #expect(cached.layout(at: index) == fresh.layout(at: index))
                }
            }
        }
    }

    @Test func newContentOrANewReferenceTimeStartsANewCache() throws {
        var state = try RenderTests.loadedState(size: TerminalSize(width: 80, height: 24))
        let first = state.contentVersion
        #expect(state.viewport.cache === state.viewport.cache, "one cache for one content")
        _ = state.apply(.key(.character("j")))
        #expect(state.contentVersion == first)
        state.referenceDate = state.referenceDate.addingTimeInterval(3600)
        #expect(state.contentVersion != first)
        let second = state.contentVersion
        state.content = .empty
        #expect(state.contentVersion != second)
        // The layouts are kept outside the value: a copy finds the same cache.
        let copy = state
        #expect(copy.viewport.cache === state.viewport.cache)
    }

    /// A merge makes a new content version; the layouts of versions no view shows go,
    /// and those of the newest few (a stack's views) stay.
    @Test func layoutsOfVersionsNoLongerShownAreLetGo() {
        let cache = RowLayoutCache()
        let layout = RowLayout.make(RowContent.placeholder(index: 0), screenWidth: 80)
        var made = 0
        func find(version: Int, index: Int) {
            _ = cache.layout(
                .post(version: version, index: index, width: 80, expanded: false, marks: RowMarks(), unread: false)
            ) {
                made += 1
                return layout
            }
        }
        for version in 0..<300 {
            for index in 0..<20 { find(version: version, index: index) }
        }
        #expect(cache.count == RowLayoutCache.versionsKept * 20)
        // The newest versions' layouts are found, not made again.
        made = 0
        for version in (300 - RowLayoutCache.versionsKept)..<300 {
            for index in 0..<20 { find(version: version, index: index) }
        }
        #expect(made == 0)
        find(version: 0, index: 0)
        #expect(made == 1, "an old version's layout was kept")
    }

    @Test func theCacheIsBounded() {
        let cache = RowLayoutCache()
        for index in 0..<(RowLayoutCache.capacity + 10) {
            _ = cache.layout(.placeholder(index: index, width: 80, unread: false)) {
                RowLayout.make(RowContent.placeholder(index: index), screenWidth: 80)
            }
        }
        #expect(cache.count <= RowLayoutCache.capacity)
    }
}
