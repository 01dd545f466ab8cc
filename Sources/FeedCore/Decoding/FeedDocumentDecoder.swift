import FoundationEssentials

/// From bytes to a feed, in any of the formats, a batch of posts at a time.
///
/// The structure is found first (`JSONStructure`), without decoding; then the posts are
/// decoded in batches, the first small, so that a caller can show the first screen of a
/// large feed long before the rest is decoded. `JSONDecoder` on a 50 MB document at once
/// took seconds and over a gigabyte here.
public enum FeedDocumentDecoder {
    /// Posts decoded before the first report: more than a screen holds.
    public static let firstBatch = 100
    public static let batchSize = 2_000

    /// Called after each batch with the feed so far and how many elements of how many are
    /// decoded; throwing (a cancellation) stops the decoding.
    public typealias Progress = (_ feed: Feed, _ decoded: Int, _ total: Int) throws -> Void

    /// `data` as the first of `formats` that finds it its own, or as the one named `asked`.
    public static func decode(_ data: Data, formats: [any JSONPostFormat], asked: String? = nil) throws(Failure)
        -> Feed
    {
        do {
            return try decode(data, formats: formats, asked: asked, progress: nil)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(error)
        }
    }

    /// `consumed`, when given, hears of byte ranges of `data` the decoder is done with for
    /// now: all of it once its structure is known, then each batch once decoded (a mapped
    /// file gives their pages back).
    public static func decode(
        _ data: Data, formats: [any JSONPostFormat], asked: String?, consumed: ((Range<Int>) -> Void)? = nil,
        progress: Progress?
    ) throws -> Feed {
        let original = data
        let data = try utf8(data)
        // Converted from UTF-16: the original's bytes are done with at once.
        let converted = data.count != original.count
        if converted { consumed?(0..<original.count) }
        let consumed = converted ? nil : consumed
        let plan: Plan
        do {
            plan = try data.withUnsafeBytes { raw in
                try Plan(bytes: raw.bindMemory(to: UInt8.self), formats: formats, asked: asked)
            }
        } catch let error as Failure {
            throw error
        } catch {
            throw FeedErrorDescription.describe(error, data: data)
        }
        consumed?(0..<data.count)
        if let whole = try plan.format.decodeWhole(data) { return whole }
        return try decodeEntries(plan.format, data: data, plan: plan.plan, consumed: consumed, progress: progress)
    }

    private enum SyntaxCheck {
        case unknown, clean
        case problem(JSONSyntaxLocator.Problem)
    }

    /// The structure scan gave up: decoding the whole document will say why.
    struct NotStructured: Error {}

    private static func decodeEntries<Format: JSONPostFormat>(
        _ format: Format, data: Data, plan: JSONPlan, consumed: ((Range<Int>) -> Void)?, progress: Progress?
    ) throws -> Feed {
        typealias Entry = Format.Entry
        let header = format.header(
            plan.header.map {
                ($0.key, data[(data.startIndex + $0.value.lowerBound)..<(data.startIndex + $0.value.upperBound)])
            })
        var feed = header.feed
        let inheritedAuthor = header.author
        let icon = header.icon
        feed.posts.reserveCapacity(plan.elements.count)
        var decoded = 0
        var elementNumber = 0
        var syntax = SyntaxCheck.unknown  // looked at once, on the first unreadable post
        while decoded < plan.elements.count {
            let size = decoded == 0 ? firstBatch : batchSize
            let batch = plan.elements[decoded..<min(plan.elements.count, decoded + size)]
            for result in try decodeBatch(Entry.self, data: data, ranges: batch) {
                elementNumber += 1
                var result = result
                if case .failure(let reason) = result, reason == DecodedEntry<Entry>.notJSON {
                    // The parser could not read a post: a syntax error the structure scan let
                    // through (the document is not JSON), or a value out of range (skipped).
                    if case .unknown = syntax {
                        syntax = JSONSyntaxLocator.firstProblem(in: data).map(SyntaxCheck.problem) ?? .clean
                    }
                    if case .problem(let problem) = syntax { throw Failure.notJSON(problem.description) }
                    result = .failure(.unrepresentableNumber)
                }
                switch result {
                case .success(var post?):
                    if post.author.name.isEmpty, let inheritedAuthor { post.author = inheritedAuthor }
                    // An author with no picture of their own shows the feed's.
                    if post.author.avatarURL == nil { post.author.avatarURL = icon }
                    feed.posts.append(post.sanitized())
                case .success(nil):
                    feed.skipped += 1
                    if feed.firstSkipReason == nil {
                        feed.firstSkipReason = "post \(elementNumber): \(Entry.ignoredReason)"
                    }
                case .failure(let reason):
                    feed.skipped += 1
                    if feed.firstSkipReason == nil { feed.firstSkipReason = "post \(elementNumber): \(reason)" }
                }
            }
            decoded += batch.count
            if let first = batch.first, let last = batch.last { consumed?(first.lowerBound..<last.upperBound) }
            if decoded < plan.elements.count { try progress?(feed, decoded, plan.elements.count) }
        }
        if feed.posts.isEmpty, let reason = feed.firstSkipReason {
            throw Failure.noPostReadable(reason: reason)
        }
        return feed
    }

    /// Decodes the elements at `ranges` as one array, each element on its own.
    private static func decodeBatch<Entry: FeedEntry>(_ entry: Entry.Type, data: Data, ranges: ArraySlice<Range<Int>>)
        throws -> [Result<Post?, Failure>]
    {
        var batch = Data()
        batch.reserveCapacity(ranges.reduce(2) { $0 + $1.count + 1 })
        batch.append(UInt8(ascii: "["))
        for (offset, range) in ranges.enumerated() {
            if offset > 0 { batch.append(UInt8(ascii: ",")) }
            batch.append(data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)])
        }
        batch.append(UInt8(ascii: "]"))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            // Invalid UTF-8 would cost a post its text: repair it first.
            return try decoder.decode([DecodedEntry<Entry>].self, from: repairingUTF8(batch)).map(\.result)
        } catch {
            throw FeedErrorDescription.describe(error, data: data)
        }
    }

    /// Whether `data` starts as JSON does, after a byte-order mark and white space: `{` or `[`.
    public static func looksLikeJSON(_ data: Data) -> Bool {
        let first = DocumentStart.firstByte(of: data)
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The document as UTF-8. JSON is UTF-8, but feeds saved by some tools are UTF-16, with
    /// or without a byte-order mark; since a JSON document starts with an ASCII character,
    /// a zero byte first or second tells which end is which.
    static func utf8(_ data: Data) throws(Failure) -> Data {
        guard data.count >= 2 else { return data }
        let first = data[data.startIndex]
        let second = data[data.startIndex + 1]
        let encoding: String.Encoding?
        switch (first, second) {
        case (0xFF, 0xFE): encoding = .utf16LittleEndian
        case (0xFE, 0xFF): encoding = .utf16BigEndian
        case (0x00, 0x00): encoding = nil
        case (_, 0x00): encoding = .utf16LittleEndian
        case (0x00, _): encoding = .utf16BigEndian
        default: encoding = nil
        }
        guard let encoding else { return data }
        let hasMark = (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF)
        guard let text = String(data: hasMark ? data.dropFirst(2) : data, encoding: encoding) else {
            throw Failure.invalidUTF16
        }
        return Data(text.utf8)
    }

    /// Invalid UTF-8 sequences become U+FFFD, so one bad byte does not cost the feed.
    static func repairingUTF8(_ data: Data) -> Data {
        if String(validating: data, as: UTF8.self) != nil { return data }
        return Data(String(decoding: data, as: UTF8.self).utf8)
    }
}

/// What kind of JSON value starts with a byte, for "expected …, found …".
enum JSONValueKind {
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "n"): "null"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "true or false"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): "a number"
        default: "something that is not JSON"
        }
    }
}
