import Foundation

// A libFuzzer target over the whole path a feed takes: bytes → decode (JSON, or XML through
// libxml2) → sanitize → layout (with pictures, at one size) → render, expanded and
// collapsed, at sizes down to tiny.
// Built with FeedCore's and FeedXML's sources and each network's decoders by `make fuzz`
// (swiftc -sanitize=fuzzer,address); a crash it finds becomes a fixture.

/// Every network's formats, in the registry's order (NetworkRegistry, which the fuzzer
/// cannot import: it is one module of sources).
let formats = DocumentFormats(
    json: [
        BlueskyFeedFormat(), MastodonStatusesFormat(), MastodonNotificationsFormat(), JSONFeedFormat(), PostsFormat(),
    ],
    xml: XMLFeedReader())

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    // The last byte picks the HTTP charset the document comes with, so that every way of
    // choosing its encoding is tried: none (the declaration, else UTF-8, else windows-1252),
    // one libxml2 converts, one it does not know.
    let charsets: [String?] = [nil, nil, "utf-8", "iso-8859-1", "shift_jis", "koi8-r", "utf-16", "x-unknown"]
    let charset = count > 0 ? charsets[Int(bytes[count - 1]) % charsets.count] : nil
    let feed: Feed
    do {
        feed =
            try XMLFeedDecoder.looksLikeXML(data)
            ? XMLFeedDecoder.decode(data, documentURL: "https://fuzz.example/feeds/", charset: charset)
            : FeedDocumentDecoder.decode(data, formats: formats.json, asked: nil)
    } catch {
        return 0
    }
    for (index, size) in [
        TerminalSize(width: 80, height: 24), TerminalSize(width: 20, height: 6), TerminalSize(width: 5, height: 2),
    ].enumerated() {
        // Pictures in the rows at the first size: the feed's sizes and BlurHashes laid out,
        // a BlurHash drawn once its show delay has passed.
        var options = ViewerOptions(source: "fuzz", animation: .slide)
        options.pictures = index == 0
        var state = AppState(options: options, size: size)
        _ = state.apply(.start)
        _ = FeedRenderer.render(state.advanced(to: .milliseconds(250)))
        let answer = SourceAnswer(
            generation: 1, source: 0, outcome: .loaded(feed), date: Date(timeIntervalSince1970: 0))
        _ = state.apply(.answer(answer))
        for key in [Key.enter, .character("l"), .pageDown, .character("G"), .character("k"), .character("?")] {
            _ = state.apply(.key(key))
            _ = FeedRenderer.render(state.advanced(to: .zero))
        }
        _ = FeedRenderer.render(state.advanced(to: .seconds(1)))
        _ = state.apply(.key(.character("r")))
        _ = FeedRenderer.render(state.advanced(to: .milliseconds(500)))
    }
    return 0
}
