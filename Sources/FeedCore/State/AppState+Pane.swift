/// The reading pane: `v` shows or hides it over `pane auto|on|off`, the selection staying
/// on its post and line; `J` and `K` scroll its text by half its height.
extension AppState {
    mutating func togglePane() {
        let old = frame
        guard old.pane != nil || size.width >= ReadingPane.minimumWidth else {
            notices.say("The reading pane needs \(ReadingPane.minimumWidth) columns; this terminal has \(size.width).")
            return
        }
        paneToggled = old.pane == nil
        timeline.resize(from: old, to: frame)
        timeline.noteOnScreen(in: frame)
    }

    mutating func scrollPane(down: Bool) {
        guard let pane = readingPane, let post = timeline.selectedPost,
            let layout = PanePainter.layout(self, pane: pane)
        else { return }
        let height = max(1, size.height - 1)
        let step = max(1, height / 2)
        timeline.scrollPane(
            by: down ? step : -step, total: PanePainter.height(of: layout, post: post), height: height)
    }
}
