import Foundation

/// The lexicons' rules for the records the reader writes, checked on the JSON sent: what
/// each record requires and allows, and the string formats (`datetime`, `at-uri`, `cid`,
/// `did`, `uri`, `language`) as the AT Protocol's specification defines them. Written from
/// the lexicons `app.bsky.feed.post`, `.like`, `.repost`, `app.bsky.richtext.facet`,
/// `app.bsky.embed.record` and `com.atproto.repo.strongRef` (bluesky-social/atproto,
/// lexicons/), and atproto.com's pages on the string formats.
enum Lexicon {
    /// The problems of `json`, a record of `collection`; empty when it is one.
    static func problems(_ json: Data, collection: String) -> [String] {
        guard let record = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var problems: [String] = []
        if record["$type"] as? String != collection { problems.append("$type is not \(collection)") }
        switch collection {
        case "app.bsky.feed.like", "app.bsky.feed.repost":
            problems += keys(record, required: ["subject", "createdAt"], allowed: ["$type", "via"])
            problems += strongRef(record["subject"], at: "subject")
        case "app.bsky.feed.post":
            problems += keys(
                record, required: ["text", "createdAt"],
                allowed: ["$type", "facets", "reply", "embed", "langs", "labels", "tags", "entities"])
            problems += post(record)
        default:
            problems.append("no rules for \(collection)")
        }
        if let createdAt = record["createdAt"] as? String {
            if !isDatetime(createdAt) { problems.append("createdAt \(createdAt) is not a datetime") }
        } else {
            problems.append("createdAt is not a string")
        }
        return problems
    }

    private static func post(_ record: [String: Any]) -> [String] {
        var problems: [String] = []
        guard let text = record["text"] as? String else { return ["text is not a string"] }
        if text.count > 300 { problems.append("text has \(text.count) graphemes, over 300") }
        if text.utf8.count > 3000 { problems.append("text has \(text.utf8.count) bytes, over 3000") }
        if let facets = record["facets"] {
            guard let facets = facets as? [[String: Any]] else { return problems + ["facets is not a list of objects"] }
            for (number, facet) in facets.enumerated() {
                problems += self.facet(facet, text: text).map { "facet \(number): \($0)" }
            }
        }
        if let reply = record["reply"] {
            guard let reply = reply as? [String: Any] else { return problems + ["reply is not an object"] }
            problems += keys(reply, required: ["root", "parent"], allowed: [])
            problems += strongRef(reply["root"], at: "reply.root") + strongRef(reply["parent"], at: "reply.parent")
        }
        if let embed = record["embed"] {
            guard let embed = embed as? [String: Any], embed["$type"] as? String == "app.bsky.embed.record" else {
                return problems + ["embed is not an app.bsky.embed.record"]
            }
            problems += keys(embed, required: ["record"], allowed: ["$type"])
            problems += strongRef(embed["record"], at: "embed.record")
        }
        if let langs = record["langs"] {
            guard let langs = langs as? [String], langs.count <= 3 else { return problems + ["langs: three at most"] }
            problems += langs.filter { !isLanguage($0) }.map { "\($0) is not a language tag" }
        }
        return problems
    }

    /// A facet: a byte slice of whole characters of `text` (the lexicon asks integers of 0
    /// or more; the slice's sense, a start before an end inside the text, is the app's), and
    /// one feature or more, each of a known type.
    private static func facet(_ facet: [String: Any], text: String) -> [String] {
        var problems = keys(facet, required: ["index", "features"], allowed: ["$type"])
        guard let index = facet["index"] as? [String: Any], let start = index["byteStart"] as? Int,
            let end = index["byteEnd"] as? Int
        else { return problems + ["index has no byteStart and byteEnd"] }
        let bytes = Array(text.utf8)
        if start < 0 || end <= start || end > bytes.count {
            problems.append("bytes \(start)..<\(end) are not inside the text's \(bytes.count)")
        } else if String(validating: bytes[start..<end], as: UTF8.self) == nil {
            problems.append("bytes \(start)..<\(end) cut a character")
        }
        guard let features = facet["features"] as? [[String: Any]], !features.isEmpty else {
            return problems + ["features is not a list of one object or more"]
        }
        for feature in features {
            switch feature["$type"] as? String {
            case "app.bsky.richtext.facet#mention":
                problems += keys(feature, required: ["did"], allowed: ["$type"])
                if !isDID(feature["did"] as? String ?? "") { problems.append("mention's did is not a DID") }
            case "app.bsky.richtext.facet#link":
                problems += keys(feature, required: ["uri"], allowed: ["$type"])
                if !isURI(feature["uri"] as? String ?? "") { problems.append("link's uri is not a URI") }
            case "app.bsky.richtext.facet#tag":
                problems += keys(feature, required: ["tag"], allowed: ["$type"])
                let tag = feature["tag"] as? String ?? ""
                if tag.isEmpty || tag.count > 64 || tag.utf8.count > 640 {
                    problems.append("tag \(tag) is not 1 to 64")
                }
            default:
                problems.append("a feature of no known type")
            }
        }
        return problems
    }

    private static func strongRef(_ value: Any?, at name: String) -> [String] {
        guard let reference = value as? [String: Any] else { return ["\(name) is not an object"] }
        var problems = keys(reference, required: ["uri", "cid"], allowed: ["$type"]).map { "\(name): \($0)" }
        if !isATURI(reference["uri"] as? String ?? "") { problems.append("\(name).uri is not an at-uri") }
        if !isCID(reference["cid"] as? String ?? "") { problems.append("\(name).cid is not a CID") }
        return problems
    }

    private static func keys(_ object: [String: Any], required: Set<String>, allowed: Set<String>) -> [String] {
        required.subtracting(object.keys).sorted().map { "\($0) is missing" }
            + Set(object.keys).subtracting(required).subtracting(allowed).sorted().map { "\($0) is not in the lexicon" }
    }

    // MARK: the string formats

    /// RFC 3339 with upper-case `T`, seconds, and a time zone (`Z` or `±hh:mm`, not
    /// `-00:00`), as the `datetime` format asks.
    static func isDatetime(_ string: String) -> Bool {
        string.wholeMatch(
            of:
                #/[0-9]{4}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-6][0-9]:[0-6][0-9](\.[0-9]{1,20})?(Z|[+-][0-2][0-9]:[0-5][0-9])/#
        )
            != nil && !string.hasSuffix("-00:00")
    }

    static func isATURI(_ string: String) -> Bool {
        string.wholeMatch(
            of: #/at://(did:[a-z]+:[A-Za-z0-9._:%-]+|[A-Za-z0-9.-]+)(/[a-zA-Z0-9.-]+(/[A-Za-z0-9._~:-]+)?)?/#)
            != nil
    }

    /// A CID as a string: multibase base32 (`b`), lower case.
    static func isCID(_ string: String) -> Bool {
        string.wholeMatch(of: #/b[a-z2-7]{8,}/#) != nil
    }

    static func isDID(_ string: String) -> Bool {
        string.wholeMatch(of: #/did:[a-z]+:[A-Za-z0-9._:%-]*[A-Za-z0-9._-]/#) != nil
    }

    static func isURI(_ string: String) -> Bool {
        string.wholeMatch(of: #/[a-z][a-z0-9+.-]*:[^\s]+/#) != nil
    }

    static func isLanguage(_ string: String) -> Bool {
        string.wholeMatch(of: #/[a-z]{2,3}(-[A-Za-z0-9]{1,8})*/#) != nil
    }
}
