/// A calendar date without time or zone (dates of birth, expiry dates). ISO text form `1945-07-14`.
public struct SimpleDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= SimpleDate.daysIn(month: month, year: year), year > 0 else {
            return nil
        }
        self.year = year; self.month = month; self.day = day
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }
    /// `14/07/1945`, the form the Jersey demographics string uses.
    public var dayMonthYear: String { String(format: "%02d/%02d/%04d", day, month, year) }
    public var description: String { iso }

    public static func < (a: SimpleDate, b: SimpleDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// The current date in the local time zone.
    public static var today: SimpleDate {
        let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return SimpleDate(year: c.year!, month: c.month!, day: c.day!)!
    }

    /// Whole years from this date to `today`.
    public func age(on today: SimpleDate) -> Int {
        var years = today.year - year
        if (today.month, today.day) < (month, day) { years -= 1 }
        return years
    }
}

import Foundation
