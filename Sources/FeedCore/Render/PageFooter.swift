/// Below the last post: skeleton rows that shimmer while the next page loads, or one row
/// saying the page failed.
public enum PageFooter {
    /// Two placeholder rows of three lines each, with their separators.
    public static let loadingRows = 2
    public static var loadingHeight: Int {
        (0..<loadingRows).reduce(0) { total, index in
            total + RowLayoutCache.placeholder(index, width: 80).height + RowGeometry.separatorHeight
        }
    }
    public static let failedHeight = 2

    /// The rows of a page loading, as layouts, from the top of the footer.
    static func loadingLayouts(width: Int) -> [(top: Int, layout: RowLayout)] {
        var top = 0
        return (0..<loadingRows).map { index in
            let layout = RowLayoutCache.placeholder(index, width: width)
            defer { top += layout.height + RowGeometry.separatorHeight }
            return (top, layout)
        }
    }

    static func failedText(_ error: Failure) -> String {
        "Could not load more: \(error.message) · r to retry"
    }
}
