/// Frames paced by the terminal. After a frame the backend asks for a status report; the
/// answer comes once the terminal has read the frame, over a local pty and over SSH alike
/// (a pty cannot tell how much it still holds). Once the terminal has answered, no frame
/// is sent before the last request's answer, and each is cut to what the terminal takes in
/// about 100 ms at the rate measured from those answers, so that a key never waits behind
/// more output than that. On a link fast enough that frames are a small part of that, a
/// request goes with a frame every quarter second instead of every frame. Until a first
/// answer, frames go out at once: a terminal that never answers costs nothing.
public struct FramePacer: Sendable {
    /// Whether the terminal answers status reports.
    public enum Answering: Sendable, Equatable {
        /// Not yet known: frames go out unpaced, and one request at a time asks.
        case unknown
        /// It answered: frames wait for the answer to the last.
        case yes
        /// It never answered, or stopped: frames go out unpaced, and no more is asked.
        case no
    }

    /// How much output a key may wait behind.
    public static let keyLatency: Duration = .milliseconds(100)
    /// An answer that has not come by then is taken as lost.
    public static let answerTimeout: Duration = .seconds(1)
    /// After this many lost answers in a row the terminal is taken not to answer.
    static let lostAnswersToGiveUp = 3
    /// Too few bytes to measure a rate by: the answer's round trip would dominate.
    static let smallestMeasured = 1024
    /// The least a frame may carry, however slow the terminal: a few rows.
    static let smallestBudget = 512

    /// On a link this fast, a request a frame is more work than the frames: small frames
    /// go out unasked for up to this long, while what they carry stays under a quarter of
    /// the budget (a quarter of the key latency).
    static let quietInterval: Duration = .milliseconds(250)

    /// The frame whose status request is unanswered: when it was sent and about how many
    /// bytes it carried.
    public private(set) var inFlight: (sentAt: Duration, bytes: Int)?
    /// When the last request went out, and the bytes sent unasked since.
    private var lastRequest: Duration?
    private var unasked = 0
    /// Bytes a second the terminal takes, as last measured; nil until measured.
    public private(set) var rate: Double?
    public private(set) var answering = Answering.unknown
    private var lostAnswers = 0

    public init() {}

    /// Whether a frame may be sent at `now`.
    public func isReady(at now: Duration) -> Bool {
        guard answering == .yes, let inFlight else { return true }
        return now - inFlight.sentAt >= Self.answerTimeout
    }

    /// How long until `isReady` turns true by itself (an answer taken as lost).
    public func readyAgain(after now: Duration) -> Duration? {
        guard answering == .yes, let inFlight else { return nil }
        return max(.zero, inFlight.sentAt + Self.answerTimeout - now)
    }

    /// The most bytes the next frame should carry; nil when there is no limit.
    public var budget: Int? {
        rate.map { max(Self.smallestBudget, Int($0 * Self.keyLatency.seconds)) }
    }

    /// A frame of about `bytes` went out at `now`. Returns whether to follow it with a
    /// status request: after every frame once the terminal answers; before that, one
    /// request at a time, so that an answer is told from the frame it belongs to.
    public mutating func sent(bytes: Int, at now: Duration) -> Bool {
        if answering == .yes, inFlight == nil, let budget, let lastRequest, now - lastRequest < Self.quietInterval,
            unasked + bytes <= budget / 4
        {
            unasked += bytes
            return false
        }
        if let inFlight, answering != .no {
            guard answering == .yes || now - inFlight.sentAt >= Self.answerTimeout else { return false }
            if now - inFlight.sentAt >= Self.answerTimeout {
                lostAnswers += 1
                if lostAnswers >= Self.lostAnswersToGiveUp { answering = .no }
            }
        }
        inFlight = answering == .no ? nil : (now, bytes)
        if inFlight != nil {
            lastRequest = now
            unasked = 0
        }
        return inFlight != nil
    }

    /// The terminal's answer came at `now`: the frame was read.
    public mutating func answered(at now: Duration) {
        guard let inFlight else { return }
        answering = .yes
        self.inFlight = nil
        lostAnswers = 0
        let seconds = (now - inFlight.sentAt).seconds
        guard inFlight.bytes >= Self.smallestMeasured, seconds > 0 else { return }
        let measured = Double(inFlight.bytes) / seconds
        // Smoothed, but quick to follow a link that slows down.
        rate = rate.map { measured < $0 ? measured : 0.7 * $0 + 0.3 * measured } ?? measured
    }

    /// The runs to draw now: all of them within the budget; else the rows whose content
    /// changed first (text, the selection, an overlay: what a key did), then skeleton rows
    /// starting from `firstRow` and wrapping, so that every row of the animation gets its
    /// turn. Whole rows only: a row half drawn would show two moments at once. With them,
    /// about how many bytes they take (`estimatedBytes`).
    public func select(_ runs: [FrameDiff.Run], in frame: ScreenBuffer, firstRow: Int) -> (
        runs: [FrameDiff.Run], bytes: Int
    ) {
        let all = Self.estimatedBytes(runs, in: frame)
        guard let budget, frame.height > 0, all > budget else { return (runs, all) }
        let rows = Dictionary(grouping: runs, by: \.row)
        let contentRows = Set(runs.filter { !$0.style.ink.isSkeleton }.map(\.row))
        let start = ((firstRow % frame.height) + frame.height) % frame.height
        let order = rows.keys.sorted { a, b in
            let (aContent, bContent) = (contentRows.contains(a), contentRows.contains(b))
            if aContent != bContent { return aContent }
            return aContent
                ? a < b : (a - start + frame.height) % frame.height < (b - start + frame.height) % frame.height
        }
        var chosen: [FrameDiff.Run] = []
        var spent = 0
        for row in order {
            let cost = Self.estimatedBytes(rows[row] ?? [], in: frame)
            if spent + cost > budget, !chosen.isEmpty { break }
            chosen += rows[row] ?? []
            spent += cost
        }
        return (chosen.sorted { ($0.row, $0.columns.lowerBound) < ($1.row, $1.columns.lowerBound) }, spent)
    }

    /// About what drawing a run costs: a cursor move, a colour change, and the cells.
    static func estimatedBytes(_ run: FrameDiff.Run, in frame: ScreenBuffer) -> Int {
        var bytes = 8 + 20
        for column in run.columns where column < frame.width {
            let cell = frame[run.row, column]
            bytes += cell.content.ascii != nil ? 1 : max(cell.text.utf8.count, cell.style.ink.isSkeleton ? 3 : 0)
        }
        return bytes
    }

    /// What `estimatedBytes` says of a set of runs.
    public static func estimatedBytes(_ runs: [FrameDiff.Run], in frame: ScreenBuffer) -> Int {
        runs.reduce(0) { $0 + estimatedBytes($1, in: frame) }
    }
}
