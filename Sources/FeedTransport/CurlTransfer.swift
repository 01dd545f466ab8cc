import CCurl
import FeedCore
import FoundationEssentials
import Glibc

/// One HTTP GET through libcurl's multi interface, run to its end on the calling thread
/// (a dedicated one). It waits in `curl_multi_poll` on its sockets and on the control's
/// wake pipe together, so a cancel ends it within a poll in every phase: DNS, connect,
/// TLS, waiting for headers, a body streaming at full speed.
struct CurlTransfer {
    struct Request: Sendable {
        var url: String
        /// The wait for a response, and then for each next byte of its body.
        var timeout: Duration
        var maxSize: Int
        var accept: String
        /// Certificates to trust instead of the system's (`SSL_CERT_FILE`).
        var certificateAuthorities: String?
        var userAgent: String
        /// Header lines to add: a conditional request's validators.
        var extraHeaders: [String] = []
        /// A bearer token, sent to the request's own host only: libcurl drops it on a
        /// redirect to another host (CURLOPT_UNRESTRICTED_AUTH stays off).
        var bearerToken: String?
        /// A form to POST (`application/x-www-form-urlencoded`, already encoded); nil: a GET.
        var form: String?
        /// A JSON document to POST (an XRPC procedure's input), sent as
        /// `application/json`; an empty one is a POST with no body.
        var json: String?
        /// Hears, on the transfer's thread, the body so far each time another post in
        /// it is complete, cut after that post and closed as a document; small bodies
        /// only (the first `StreamingBody.limit` bytes).
        var onPartialBody: (@Sendable (Data) -> Void)?
        /// Hears, on the transfer's thread, each chunk of a body that is a stream (the
        /// server's events): it is handed over as it comes and kept nowhere, so the body
        /// has no size bound and the timeout is the longest silence allowed.
        var onChunk: (@Sendable (UnsafeRawBufferPointer) -> Void)?
        /// Reads an error status's short JSON body into its failure; nil leaves it unread.
        var explainError: (@Sendable (Failure, [UInt8]) -> Failure)?
    }

    enum Outcome: Sendable {
        case completed(HTTPResponse)
        case failed(Failure)
        case cancelled
    }

    static let maximumRedirects = TransferLimits.maximumRedirects
    /// Connecting gets at most this long, within the timeout.
    static let connectTimeout = TransferLimits.connectTimeout
    /// The most of an error status's body read for its words: an error answer is a line or
    /// two.
    static let errorBodyLimit = 2_048

    /// libcurl's one-time set-up; `static let` runs it once, whichever thread is first.
    private static let globalInit: CURLcode = curl_global_init(CCurl_CURL_GLOBAL_DEFAULT())

    let request: Request

    func run(control: TransferControl) -> Outcome {
        guard Self.globalInit == CURLE_OK, let easy = curl_easy_init() else {
            return .failed(.transfer(url: request.url, detail: "libcurl could not start"))
        }
        defer { curl_easy_cleanup(easy) }
        guard let multi = curl_multi_init() else {
            return .failed(.transfer(url: request.url, detail: "libcurl could not start"))
        }
        defer { curl_multi_cleanup(multi) }

        let state = TransferState(
            url: request.url, limit: request.maxSize, control: control, onPartialBody: request.onPartialBody,
            onChunk: request.onChunk, readsErrorBody: request.explainError != nil)
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        let retained = Unmanaged.passRetained(state)
        defer { retained.release() }
        var headerList: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Accept: \(request.accept)")
        if request.json?.isEmpty == false {
            headerList = curl_slist_append(headerList, "Content-Type: application/json")
        }
        for line in request.extraHeaders { headerList = curl_slist_append(headerList, line) }
        defer { curl_slist_free_all(headerList) }

        configure(easy, state: retained.toOpaque(), errorBuffer: errorBuffer, headers: &headerList)
        curl_multi_add_handle(multi, easy)
        defer { curl_multi_remove_handle(multi, easy) }

        switch perform(multi, easy: easy, state: state, control: control) {
        case .ended(let outcome):
            return outcome
        case .finished(let result):
            if control.isCancelled { return .cancelled }
            return outcome(result, easy: easy, state: state, detail: String(cString: errorBuffer))
        }
    }

    /// How the transfer's loop ended: libcurl finished it, or it was cut short.
    private enum Performed {
        case finished(CURLcode)
        case ended(Outcome)
    }

    /// Runs the transfer to its end, its cancellation, or the limit on its silence.
    private func perform(
        _ multi: UnsafeMutableRawPointer, easy: UnsafeMutableRawPointer, state: TransferState,
        control: TransferControl
    ) -> Performed {
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            var running: Int32 = 0
            guard curl_multi_perform(multi, &running) == CURLM_OK else {
                return .ended(.failed(.transfer(url: request.url, detail: "libcurl failed")))
            }
            if control.isCancelled { return .ended(.cancelled) }
            if running == 0 {
                var queued: Int32 = 0
                var result = CURLE_OK
                while let message = curl_multi_info_read(multi, &queued) {
                    if message.pointee.msg == CURLMSG_DONE { result = message.pointee.data.result }
                }
                return .finished(result)
            }
            // The wait for the response, then for each next byte of the body. Until libcurl
            // has connected (name, TCP, TLS), its connect timeout is in charge and names
            // the failure: two clocks on one instant would let the scheduler choose.
            let now = clock.now
            let deadline =
                state.lastBodyByte.map { $0 + request.timeout }
                ?? (isConnected(easy) ? start + request.timeout : start + request.timeout + .seconds(1))
            if now >= deadline {
                let seconds = request.timeout.seconds
                return .ended(
                    .failed(
                        state.lastBodyByte == nil
                            ? .timedOut(seconds: seconds, url: request.url)
                            : .stalled(seconds: seconds, url: request.url)))
            }
            // Posts of the body that wait for their interval are handed over by then.
            state.streaming?.handOverIfDue(body: state.body.data, at: now)
            let wake = min(deadline, state.streaming?.nextHandOver ?? deadline)
            var waker = curl_waitfd(fd: control.wakeReadEnd, events: Int16(CURL_WAIT_POLLIN), revents: 0)
            let wait = min(1000, max(1, Int32(((wake - now).seconds * 1000).rounded(.up))))
            curl_multi_poll(multi, &waker, 1, wait, nil)
        }
    }

    private func configure(
        _ easy: UnsafeMutableRawPointer, state: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
        headers: inout UnsafeMutablePointer<curl_slist>?
    ) {
        let isHTTPS = request.url.lowercased().hasPrefix("https:")
        let connectTimeout = min(request.timeout, Self.connectTimeout)
        CCurl_easy_setopt_string(easy, CURLOPT_URL, request.url)
        CCurl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        // Once on https, never down to http.
        CCurl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, isHTTPS ? "https" : "http,https")
        CCurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        CCurl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, Self.maximumRedirects)
        CCurl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(connectTimeout.seconds * 1000))
        // Every encoding libcurl can decode (gzip, deflate, brotli, zstd here); the
        // limit counts what they decode to.
        CCurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        CCurl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        CCurl_easy_setopt_string(easy, CURLOPT_USERAGENT, request.userAgent)
        CCurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers)
        if request.onChunk == nil { CCurl_easy_setopt_long(easy, CURLOPT_MAXFILESIZE_LARGE, request.maxSize) }
        // No signals from libcurl (threads), and no waiting for a resolver thread when a
        // transfer is dropped mid-lookup.
        CCurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        CCurl_easy_setopt_long(easy, CURLOPT_QUICK_EXIT, 1)
        if let token = request.bearerToken {
            CCurl_easy_setopt_long(easy, CURLOPT_HTTPAUTH, CCurl_CURLAUTH_BEARER())
            CCurl_easy_setopt_string(easy, CURLOPT_XOAUTH2_BEARER, token)
        }
        if let form = request.form ?? request.json {
            // Copied by libcurl; a form or JSON is text, with no NUL in it.
            CCurl_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, form)
        }
        if let certificateAuthorities = request.certificateAuthorities {
            CCurl_easy_setopt_string(easy, CURLOPT_CAINFO, certificateAuthorities)
        }
        CCurl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        CCurl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION, TransferState.receiveBody)
        CCurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, state)
        CCurl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION, TransferState.receiveHeader)
        CCurl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, state)
    }

    private func outcome(_ code: CURLcode, easy: UnsafeMutableRawPointer, state: TransferState, detail: String)
        -> Outcome
    {
        if let failure = state.failure { return .failed(failure) }
        let host = Self.host(of: request.url)
        switch code {
        case CURLE_OK:
            let headers = state.headers
            if let failure = headers.failure(url: request.url) {
                return .failed(request.explainError.map { $0(failure, state.errorBody) } ?? failure)
            }
            return .completed(
                HTTPResponse(
                    body: state.body.data, headers: headers, effectiveURL: string(easy, CURLINFO_EFFECTIVE_URL)))
        case CURLE_FILESIZE_EXCEEDED:
            return .failed(.tooLarge(limit: request.maxSize, what: "the response"))
        case CURLE_OPERATION_TIMEDOUT:
            return .failed(.connectTimedOut(seconds: min(request.timeout, Self.connectTimeout).seconds, host: host))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .failed(.unresolvedHost(host))
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .failed(.unresolvedProxy(detail))
        case CURLE_COULDNT_CONNECT:
            var number = 0
            CCurl_easy_getinfo_long(easy, CURLINFO_OS_ERRNO, &number)
            if number == Int(ECONNREFUSED) { return .failed(.refused(host: host, port: Self.port(of: request.url))) }
            let reason = number != 0 ? String(cString: strerror(Int32(number))) : detail
            return .failed(.connectFailed(host: host, reason: reason))
        case CURLE_TOO_MANY_REDIRECTS:
            return .failed(.tooManyRedirects(limit: Self.maximumRedirects, url: request.url))
        case CURLE_UNSUPPORTED_PROTOCOL:
            let target = string(easy, CURLINFO_REDIRECT_URL) ?? string(easy, CURLINFO_EFFECTIVE_URL)
            if let target, target != request.url { return .failed(.refusedRedirect(from: request.url, to: target)) }
            return .failed(.transfer(url: request.url, detail: detail))
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
            return .failed(.secureConnection(host: host, detail: detail))
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_HTTP2,
            CURLE_HTTP2_STREAM:
            return .failed(.connectionLost(host: host))
        case CURLE_BAD_CONTENT_ENCODING:
            return .failed(.undecodable(host: host))
        default:
            let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .failed(.transfer(url: request.url, detail: text))
        }
    }

    /// Whether the connection is made, as libcurl counts it: TCP, and TLS on https.
    private func isConnected(_ easy: UnsafeMutableRawPointer) -> Bool {
        var microseconds: curl_off_t = 0
        let info = request.url.lowercased().hasPrefix("https:") ? CURLINFO_APPCONNECT_TIME_T : CURLINFO_CONNECT_TIME_T
        return CCurl_easy_getinfo_off_t(easy, info, &microseconds) == CURLE_OK && microseconds > 0
    }

    private func string(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard CCurl_easy_getinfo_string(easy, info, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    static func host(of url: String) -> String {
        URL(string: url)?.host ?? url
    }

    static func port(of url: String) -> Int? {
        URL(string: url)?.port
    }
}

/// What a transfer has received so far. libcurl calls back into it on the transfer's
/// own thread only; nothing else touches it.
private final class TransferState {
    var headers = ResponseHeaders()
    var body: BodyBuffer
    /// When the body's last byte came; nil until the body starts.
    var lastBodyByte: ContinuousClock.Instant?
    /// Why a callback stopped the transfer.
    var failure: Failure?
    /// The body of an error status, when it is a short JSON error and its words are read.
    var errorBody: [UInt8] = []
    let readsErrorBody: Bool
    let url: String
    let control: TransferControl
    var streaming: StreamingBody?
    let onChunk: (@Sendable (UnsafeRawBufferPointer) -> Void)?

    init(
        url: String, limit: Int, control: TransferControl, onPartialBody: (@Sendable (Data) -> Void)?,
        onChunk: (@Sendable (UnsafeRawBufferPointer) -> Void)?, readsErrorBody: Bool
    ) {
        self.readsErrorBody = readsErrorBody
        body = BodyBuffer(limit: limit)
        self.url = url
        self.control = control
        streaming = onPartialBody.map(StreamingBody.init)
        self.onChunk = onChunk
    }

    /// CURLOPT_WRITEFUNCTION: a chunk of the decoded body. Returning less than it was
    /// given stops the transfer.
    static let receiveBody: curl_write_callback = { data, size, count, context in
        let state = Unmanaged<TransferState>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        if state.control.isCancelled { return 0 }
        // An error status's body is not wanted, but for a short JSON error its request reads
        // (`{"error", "message"}`), which says what the status cannot.
        if let failure = state.headers.failure(url: state.url) {
            let isJSON = state.headers["content-type"]?.lowercased().contains("json") ?? false
            guard isJSON, state.readsErrorBody, state.errorBody.count + length <= CurlTransfer.errorBodyLimit, let data
            else {
                state.failure = failure
                return 0
            }
            state.errorBody.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
            return length
        }
        if let onChunk = state.onChunk {
            state.lastBodyByte = ContinuousClock.now
            onChunk(UnsafeRawBufferPointer(start: data, count: length))
            return length
        }
        guard state.body.append(UnsafeRawBufferPointer(start: data, count: length)) else {
            state.failure = .tooLarge(limit: state.body.limit, what: "the response")
            return 0
        }
        state.lastBodyByte = ContinuousClock.now
        // A body whose last byte has come is decoded once, whole, at once: its posts shown
        // from a prefix first would be decoded and merged twice (most feeds come in one
        // chunk or a few; 300 sources answering spent a tenth of the viewer's time so).
        if let whole = state.headers.decodedLength, state.body.count >= whole { return length }
        state.streaming?.receive(UnsafeRawBufferPointer(start: data, count: length), body: state.body.data, at: .now)
        return length
    }

    /// CURLOPT_HEADERFUNCTION: one header line, redirects' included.
    static let receiveHeader: curl_write_callback = { data, size, count, context in
        let state = Unmanaged<TransferState>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        if state.control.isCancelled { return 0 }
        let line = UnsafeRawBufferPointer(start: data, count: length)
        state.headers.consume(String(decoding: line, as: UTF8.self))
        return length
    }
}
