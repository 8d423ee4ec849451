import Foundation

/// Datetime functions, as DivKit has them: `parseUnixTime`, `nowLocal`, `addMillis`, the `get…` and
/// `set…` fields (of UTC), and formatting with a pattern (`formatDateAsUTC`, `formatDateAsLocal`
/// and their `…WithLocale` forms).
extension ExpressionFunctionList {
    mutating func addDateTimeFunctions() {
        add("parseUnixTime", .integer, .datetime, "The datetime that many seconds after 1970-01-01 00:00:00 UTC.")
        { seconds, _ throws(ExpressionError) in
            let (milliseconds, overflow) = try seconds.integer().multipliedReportingOverflow(by: 1000)
            guard !overflow, let date = ExpressionDateTime(millisecondsSince1970: milliseconds).checkedInRange else {
                throw ExpressionError(.invalidValue, message: "The time is out of range.")
            }
            return .datetime(date.date)
        }
        add("nowLocal", .datetime, "The current time (the same for every call in one evaluation).", effects: .readsClock)
        { evaluation throws(ExpressionError) in
            .datetime(ExpressionDateTime(evaluation.currentTime()).date)
        }
        add("addMillis", .datetime, .integer, .datetime, "The datetime moved by that many milliseconds.")
        { date, milliseconds, _ throws(ExpressionError) in
            let (sum, overflow) = try date.dateTime().millisecondsSince1970.addingReportingOverflow(try milliseconds.integer())
            guard !overflow, let moved = ExpressionDateTime(millisecondsSince1970: sum).checkedInRange else {
                throw ExpressionError(.invalidValue, message: "The time is out of range.")
            }
            return .datetime(moved.date)
        }
        let setters: [(String, String, ClosedRange<Int>?, @Sendable (inout ExpressionDateTime.Fields, Int) -> Void)] = [
            ("setYear", "year", -9999...9999, { $0.year = $1 }),
            ("setMonth", "month", 1...12, { $0.month = $1 }),
            ("setDay", "day", nil, { $0.day = $1 }),
            ("setHours", "hours", 0...23, { $0.hours = $1 }),
            ("setMinutes", "minutes", 0...59, { $0.minutes = $1 }),
            ("setSeconds", "seconds", 0...59, { $0.seconds = $1 }),
            ("setMillis", "millis", 0...999, { $0.milliseconds = $1 }),
        ]
        for (name, field, range, setField) in setters {
            let summary = name == "setDay"
                ? "The datetime on that day of its month (1 to the month's last day; -1 is the last day of the month before)."
                : "The datetime with its \(field) (UTC) set\(range.map { " (\($0.lowerBound)…\($0.upperBound))" } ?? "")."
            add(name, .datetime, .integer, .datetime, summary) { date, value, _ throws(ExpressionError) in
                let dateTime = try date.dateTime()
                let newValue = try value.integer()
                var fields = dateTime.fields
                if let range {
                    guard range.contains(newValue) else {
                        throw ExpressionError(.invalidValue, message: "Expecting \(field) in [\(range.lowerBound)..\(range.upperBound)], instead got \(newValue).")
                    }
                    setField(&fields, newValue)
                } else if newValue == -1 {
                    // DivKit's rule: day -1 is the last day of the month before.
                    fields.day = 0
                } else {
                    guard newValue >= 1, newValue <= ExpressionDateTime.daysInMonth(year: fields.year, month: fields.month) else {
                        throw ExpressionError(.invalidValue, message: "Unable to set day \(newValue) for date \(dateTime.text).")
                    }
                    fields.day = newValue
                }
                guard let result = ExpressionDateTime(fields) else {
                    throw ExpressionError(.invalidValue, message: "The time is out of range.")
                }
                return .datetime(result.date)
            }
        }
        let getters: [(String, String, @Sendable (ExpressionDateTime) -> Int)] = [
            ("getYear", "The year (UTC).", { $0.fields.year }),
            ("getMonth", "The month, 1 to 12 (UTC).", { $0.fields.month }),
            ("getDay", "The day of the month (UTC).", { $0.fields.day }),
            ("getDayOfWeek", "The day of the week, 1 for Monday to 7 for Sunday (UTC).", { $0.dayOfWeek }),
            ("getHours", "The hours, 0 to 23 (UTC).", { $0.fields.hours }),
            ("getMinutes", "The minutes (UTC).", { $0.fields.minutes }),
            ("getSeconds", "The seconds (UTC).", { $0.fields.seconds }),
            ("getMillis", "The milliseconds (UTC).", { $0.fields.milliseconds }),
        ]
        for (name, summary, field) in getters {
            add(name, .datetime, .integer, summary) { date, _ throws(ExpressionError) in .integer(field(try date.dateTime())) }
        }
        // In UTC or in the system's time zone, each in env.locale or in a locale given.
        let formats: [(zone: String, timeZone: TimeZone, inEnvironmentLocale: String, inGivenLocale: String)] = [
            ("UTC", .utc, "The datetime written with a Unicode (ICU) date pattern, in UTC, in env.locale.",
             "The datetime written with a date pattern, in UTC, in the given locale (a BCP 47 tag)."),
            ("Local", .current, "The datetime written with a date pattern, in the system's time zone, in env.locale.",
             "The datetime written with a date pattern, in the system's time zone, in the given locale."),
        ]
        for format in formats {
            let timeZone = format.timeZone
            add("formatDateAs\(format.zone)", .datetime, .string, .string, format.inEnvironmentLocale,
                effects: .readsLocale)
            { date, pattern, evaluation throws(ExpressionError) in
                try Self.format(date, pattern, locale: evaluation.locale, timeZone: timeZone, &evaluation)
            }
            add("formatDateAs\(format.zone)WithLocale", .datetime, .string, .string, .string, format.inGivenLocale)
            { date, pattern, locale, evaluation throws(ExpressionError) in
                try Self.format(date, pattern, locale: try locale.string(), timeZone: timeZone, &evaluation)
            }
        }
    }

    /// `date` written with an ICU date pattern (`dd/MM/yyyy HH:mm`, `EEEE, MMMM d`), as iOS's DivKit
    /// writes it. The result is at most a few times the pattern's length; it is checked against
    /// the budget, and a pattern longer than the budget is refused before formatting.
    private static func format(_ date: ExpressionValue, _ pattern: ExpressionValue, locale: String, timeZone: TimeZone,
                               _ evaluation: inout ExpressionEvaluation) throws(ExpressionError) -> ExpressionValue
    {
        let pattern = try pattern.string()
        try evaluation.checkSize(pattern.utf8.count)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = timeZone
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat = pattern
        let text = formatter.string(from: try date.dateTime().date)
        try evaluation.checkSize(text.utf8.count)
        return .string(text)
    }
}

extension ExpressionDateTime {
    /// Self when within the years the language keeps (-9999…9999), nil otherwise.
    var checkedInRange: ExpressionDateTime? {
        (-9999...9999).contains(fields.year) ? self : nil
    }
}

extension TimeZone {
    /// UTC.
    fileprivate static let utc = TimeZone(identifier: "UTC")!
}
