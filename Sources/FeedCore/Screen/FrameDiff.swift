import Glibc

/// What changes from one frame to the next, as runs of cells of one style: the only thing
/// a backend draws. Pure, so that a test sees exactly what a frame would write; the
/// ncurses backend and the memory backend run the same diff.
public enum FrameDiff {
    /// Columns `columns` of `row` to be drawn, all in `style` (a wide cluster's right
    /// half goes with its cluster, whatever its style).
    public struct Run: Hashable, Sendable {
        public var row: Int
        public var columns: Range<Int>
        public var style: Style
    }

    /// The runs that turn `previous` into `next`: the cells that changed, in stretches of
    /// one style; every cell when there is no previous frame, or it had another size.
    public static func runs(from previous: ScreenBuffer?, to next: ScreenBuffer) -> [Run] {
        let previous = previous.flatMap { $0.width == next.width && $0.height == next.height ? $0 : nil }
        var runs: [Run] = []
        let width = next.width
        // Through the cells' storage: a frame of the band looks at some seven hundred
        // changed cells, and each subscript would check its bounds again.
        next.cells.withUnsafeBufferPointer { now in
            (previous?.cells ?? []).withUnsafeBufferPointer { before in
                for row in 0..<next.height {
                    guard let range = changedColumns(row, from: previous, to: next) else { continue }
                    let base = row * width
                    // Whether a cell must be drawn: it differs, or it is one half of a wide
                    // cluster whose other half differs.
                    func changed(_ column: Int) -> Bool {
                        guard !before.isEmpty else { return true }
                        func differs(_ column: Int) -> Bool { now[base + column] != before[base + column] }
                        if differs(column) { return true }
                        // A cluster's right half, or the cell holding the cluster whose right half changed.
                        if now[base + column].content.isEmpty, column > 0, differs(column - 1) { return true }
                        if column + 1 < width, now[base + column + 1].content.isEmpty, differs(column + 1) {
                            return true
                        }
                        return false
                    }
                    var column = range.lowerBound
                    while column <= range.upperBound {
                        guard changed(column) else {
                            column += 1
                            continue
                        }
                        let style = now[base + column].style
                        let start = column
                        column += 1
                        while column <= range.upperBound, changed(column),
                            now[base + column].content.isEmpty || now[base + column].style == style
                        {
                            column += 1
                        }
                        runs.append(Run(row: row, columns: start..<column, style: style))
                    }
                }
            }
        }
        return runs
    }

    /// The columns of a row that differ, first to last; nil when none do. A wide
    /// cluster's two cells go together.
    static func changedColumns(_ row: Int, from previous: ScreenBuffer?, to frame: ScreenBuffer) -> ClosedRange<Int>? {
        guard frame.width > 0 else { return nil }
        guard let last = previous else { return 0...(frame.width - 1) }
        let base = row * frame.width
        var first = -1
        var final = -1
        // In from each end to the first cell that differs, a block of cells at a time
        // (equal bytes are equal cells: cells hold no references); a block whose bytes
        // differ is settled cell by cell with ==, since padding may differ in equal cells.
        let stride = MemoryLayout<ScreenBuffer.Cell>.stride
        let block = 8
        let width = frame.width
        frame.cells.withUnsafeBufferPointer { now in
            last.cells.withUnsafeBufferPointer { before in
                let rowNow = UnsafeRawPointer(now.baseAddress! + base)
                let rowBefore = UnsafeRawPointer(before.baseAddress! + base)
                guard memcmp(rowNow, rowBefore, width * stride) != 0 else { return }
                var low = 0
                while low + block <= width, memcmp(rowNow + low * stride, rowBefore + low * stride, block * stride) == 0
                {
                    low += block
                }
                while low < width, now[base + low] == before[base + low] { low += 1 }
                guard low < width else { return }
                var high = width - 1
                while high - block >= low,
                    memcmp(
                        rowNow + (high - block + 1) * stride, rowBefore + (high - block + 1) * stride, block * stride)
                        == 0
                {
                    high -= block
                }
                while now[base + high] == before[base + high] { high -= 1 }
                first = low
                final = high
            }
        }
        guard first >= 0 else { return nil }
        if first > 0, frame[row, first].content.isEmpty || last[row, first].content.isEmpty { first -= 1 }
        if final + 1 < frame.width, frame[row, final + 1].content.isEmpty { final += 1 }
        return first...final
    }
}
