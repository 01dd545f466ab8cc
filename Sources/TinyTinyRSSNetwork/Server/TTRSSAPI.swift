import FeedCore
import FeedTransport
import FoundationEssentials

/// Tiny Tiny RSS's JSON API (`/api/`, level 15 in Debian's 21~git20210204): each call a POST
/// of one JSON object naming its `op`, with the session's `sid`; each answer
/// `{"seq", "status", "content"}`, status 0 for done and 1 with `content.error` for not.
struct TTRSSAPI: Sendable {
    /// The tt-rss address as the reader gave it, without a trailing slash:
    /// `https://rss.example/tt-rss`.
    let server: String
    let client: HTTPClient

    /// Where its API answers.
    var endpoint: String { server + "/api/" }

    /// What an answer refused, in the API's own error words.
    enum Refusal: Error, Equatable, Sendable {
        /// The user name or password was wrong (`LOGIN_ERROR`).
        case loginError
        /// The account's API access is off (`API_DISABLED`).
        case apiDisabled
        /// The session ended, or another User-Agent holds it (`NOT_LOGGED_IN`).
        case notLoggedIn
        /// Any other error word: `INCORRECT_USAGE`, `UNKNOWN_METHOD`, `FEED_NOT_FOUND`.
        case other(String)
    }

    /// The failure of a call: refused in the API's words, or the server's or the network's.
    enum CallFailure: Error, Sendable {
        case refused(Refusal)
        case failed(Failure)
    }

    /// The `content` of `op`'s answer, decoded as `Content`; `parameters` go beside `op`
    /// and `sid`.
    func call<Content: Decodable>(
        _ op: String, sid: String?, _ parameters: [String: TTRSSParameter] = [:], as: Content.Type
    ) async throws(CallFailure) -> Content {
        var body = parameters
        body["op"] = .text(op)
        if let sid { body["sid"] = .text(sid) }
        var request = HTTPClient.Request(url: endpoint)
        request.json = TTRSSParameter.object(body)
        // Sign-in allowed plain http to this machine only (`TTRSSSignIn.address`).
        request.plainToThisMachine = true
        let data: Data
        do {
            data = try await client.send(request)
        } catch let failure as Failure {
            throw .failed(Self.explained(failure))
        } catch {
            throw .failed(.unexpected("\(error)"))
        }
        return try Self.content(of: data, server: server, as: Content.self)
    }

    /// The `content` of an answer, or what it refused.
    static func content<Content: Decodable>(of answer: Data, server: String, as: Content.Type) throws(CallFailure)
        -> Content
    {
        let decoder = Self.decoder
        guard let status = (try? decoder.decode(Status.self, from: answer))?.status else {
            throw .failed(.unexpected("\(server) answered, but not as Tiny Tiny RSS's API does: is it tt-rss?"))
        }
        guard status == 0 else {
            let word = (try? decoder.decode(Envelope<Refused>.self, from: answer))?.content.error ?? "an error"
            switch word {
            case "LOGIN_ERROR": throw .refused(.loginError)
            case "API_DISABLED": throw .refused(.apiDisabled)
            case "NOT_LOGGED_IN": throw .refused(.notLoggedIn)
            default: throw .refused(.other(TextSanitizer.singleLine(word)))
            }
        }
        do {
            return try decoder.decode(Envelope<Content>.self, from: answer).content
        } catch {
            throw .failed(.unexpectedShape("tt-rss's answer cannot be read: \(error)"))
        }
    }

    /// tt-rss's names are in snake case (`feed_id`); ours in camel case (`feedId`).
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    private struct Status: Decodable {
        var status: Int?
    }
    private struct Envelope<Value: Decodable>: Decodable {
        var content: Value
    }
    private struct Refused: Decodable {
        var error: String?
    }

    /// A 404 at `/api/` is a server without tt-rss there.
    static func explained(_ failure: Failure) -> Failure {
        if case .httpStatus(404, _, let url) = failure {
            return .unexpected("\(url) is not Tiny Tiny RSS's API (404): give the address tt-rss's page opens at")
        }
        return failure
    }
}

/// A value of a call's JSON object.
enum TTRSSParameter: Sendable, Equatable, Encodable {
    case text(String)
    case number(Int)
    case flag(Bool)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        case .flag(let flag): try container.encode(flag)
        }
    }

    /// `values` as one JSON object, its keys sorted.
    static func object(_ values: [String: TTRSSParameter]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(values)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
