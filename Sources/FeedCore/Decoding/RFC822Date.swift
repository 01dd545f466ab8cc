import FoundationEssentials

/// Dates as RSS and e-mail write them (RFC 822, RFC 2822), read leniently, as feed readers
/// do: "Sat, 07 Sep 2002 00:00:01 GMT", "7 Sep 02 9:30 EST", "Mon, 30 Nov 2026 10:00 +0100".
/// The day name is optional and unchecked; months may be spelled out; seconds and the zone
/// may be missing (then UTC); two-digit years are 19xx from 50 on, else 20xx.
enum RFC822Date {
    static func parse(_ text: String) -> Date? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        // A leading day name.
        if let first = words.first, Int(first) == nil, month(first) == nil { words.removeFirst() }
        guard words.count >= 4, let day = Int(words[0]), (1...31).contains(day), let month = month(words[1]),
            var year = Int(words[2])
        else { return nil }
        if words[2].count <= 2 { year += year >= 50 ? 1900 : 2000 }
        let time = words[3].split(separator: ":").map { Int($0) }
        guard time.count >= 2, time.allSatisfy({ $0 != nil }) else { return nil }
        let (hour, minute, second) = (time[0]!, time[1]!, time.count > 2 ? time[2]! : 0)
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        let offset = words.count > 4 ? zoneOffset(words[4]) : 0
        guard let offset else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ word: String) -> Int? {
        let prefix = word.lowercased().prefix(3)
        return months.firstIndex(of: String(prefix)).map { $0 + 1 }
    }

    /// Seconds east of UTC: `+0100`, `-05:30`, `GMT`, `UT`, `Z`, the American zones; any
    /// other letters count as UTC (RFC 2822 says to treat unknown zones so). Nil for a
    /// malformed number.
    private static func zoneOffset(_ zone: String) -> Int? {
        if let sign = zone.first, sign == "+" || sign == "-" {
            let digits = zone.dropFirst().filter { $0 != ":" }
            guard digits.count == 4, let value = Int(digits) else { return nil }
            let seconds = (value / 100) * 3600 + (value % 100) * 60
            return sign == "-" ? -seconds : seconds
        }
        let hours: [String: Int] = [
            "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        ]
        return (hours[zone.uppercased()] ?? 0) * 3600
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
