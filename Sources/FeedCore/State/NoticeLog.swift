/// What the status line says beside the status, until the next key, and the last few
/// notices of the run, whole, for the help overlay.
public struct NoticeLog: Sendable {
    /// The notice shown now.
    public private(set) var current: String?
    /// The last notices said, oldest first.
    public private(set) var recent: [String] = []
    static let kept = 3
    /// The options' pictures note, until a picture on the screen makes it worth saying.
    private var picturesNote: String?

    init(first: String?, picturesNote: String?) {
        self.picturesNote = picturesNote
        if let first { say(first) }
    }

    mutating func say(_ text: String) {
        current = text
        if recent.last != text { recent = Array((recent + [text]).suffix(Self.kept)) }
    }

    /// A key: the notice has been seen.
    mutating func clear() {
        current = nil
    }

    /// The pictures note, once a run: when a picture is on the screen and no other
    /// notice is being said.
    mutating func sayPicturesNote() {
        guard current == nil, let note = picturesNote else { return }
        say(note)
        picturesNote = nil
    }
}
