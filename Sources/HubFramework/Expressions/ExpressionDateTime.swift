import Foundation

/// A datetime as the language counts it: whole milliseconds since 1970-01-01 00:00:00 UTC, with the
/// calendar fields of UTC (proleptic Gregorian calendar). The arithmetic is done here, without
/// Foundation's `Calendar`, so that it is exact, fast and the same on every thread.
struct ExpressionDateTime: Hashable, Sendable {
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    var millisecondsSince1970: Int

    static let millisecondsPerDay = 86_400_000

    init(millisecondsSince1970: Int) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    init(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        millisecondsSince1970 = ExpressionValue.exactInteger(milliseconds) ?? 0
    }

    var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    /// The calendar fields of UTC.
    struct Fields: Equatable {
        var year: Int
        var month: Int  // 1...12
        var day: Int  // 1...31
        var hours: Int
        var minutes: Int
        var seconds: Int
        var milliseconds: Int
    }

    var fields: Fields {
        let (days, inDay) = millisecondsSince1970.floorDivided(by: Self.millisecondsPerDay)
        let (year, month, day) = Self.civil(fromDays: days)
        return Fields(year: year, month: month, day: day, hours: inDay / 3_600_000, minutes: inDay / 60_000 % 60,
                      seconds: inDay / 1000 % 60, milliseconds: inDay % 1000)
    }

    /// The datetime with these fields, or nil when it is out of the range the language keeps
    /// (years -9999…9999, which every field combination a function can make stays within or fails).
    init?(_ fields: Fields) {
        guard (-9999...9999).contains(fields.year) else { return nil }
        let days = Self.days(fromCivil: fields.year, fields.month, fields.day)
        let inDay = ((fields.hours * 60 + fields.minutes) * 60 + fields.seconds) * 1000 + fields.milliseconds
        millisecondsSince1970 = days * Self.millisecondsPerDay + inDay
    }

    /// ISO weekday: 1 for Monday … 7 for Sunday.
    var dayOfWeek: Int {
        let days = millisecondsSince1970.floorDivided(by: Self.millisecondsPerDay).quotient
        // 1970-01-01 was a Thursday (4).
        return (days + 3).floorDivided(by: 7).remainder + 1
    }

    /// `yyyy-MM-dd HH:mm:ss`, UTC.
    var text: String {
        let f = fields
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var year = String(f.year.magnitude)
        while year.count < 4 { year = "0" + year }
        return (f.year < 0 ? "-" : "") + year + "-" + two(f.month) + "-" + two(f.day) + " " + two(f.hours) + ":"
            + two(f.minutes) + ":" + two(f.seconds)
    }

    /// Reads `yyyy-MM-dd HH:mm:ss` (UTC), as `text` writes it.
    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-").map { Int($0) }
        let time = parts[1].split(separator: ":").map { Int($0) }
        guard date.count == 3, time.count == 3, let year = date[0], let month = date[1], let day = date[2],
              let hours = time[0], let minutes = time[1], let seconds = time[2],
              (1...12).contains(month), (1...Self.daysInMonth(year: year, month: month)).contains(day),
              (0...23).contains(hours), (0...59).contains(minutes), (0...59).contains(seconds)
        else { return nil }
        self.init(Fields(year: year, month: month, day: day, hours: hours, minutes: minutes, seconds: seconds,
                         milliseconds: 0))
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm, exact for any year).
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// Division rounding toward negative infinity, with the remainder that goes with it (never
    /// negative for a positive divisor).
    func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder != 0 && (remainder < 0) != (divisor < 0) {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
