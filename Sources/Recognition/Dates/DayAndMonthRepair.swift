import CardModel
import Foundation

/// A date of birth whose day or month OCR misread past `DigitRepair`'s reach, put right where the date's shape
/// leaves one reading (used only after a birth label, as `DateFinder.repairingDigits` is; at most
/// `DateFinder.maxRepairs` characters, each marked `ocr-repaired`):
/// - a day read wholly as look-alike letters before a month's name (`OB-Oct-2007`: the table repairs letters
///   only in a number that has a digit);
/// - a day no month has, one of its digits read as a digit of like shape (`80-Jan-1996`, `41/03/1977`), when
///   exactly one such change makes a day of that month;
/// - a month's name with one letter misread (`16-sun-2020`, `04-Ocl-1988`), when one month alone is that near, or
///   one alone by a letter read with a stroke lost (`Jar` is Jan, its n's last stroke lost, not Mar with its M read
///   as J);
/// - an ordinal day's suffix read with strokes lost (`16ln Jan 1967`, the t's bar and the h's rise lost in a
///   low-resolution print).
enum DayAndMonthRepair {
    /// Digits OCR reads in place of another of like shape, in bold or small print (an 8 closed from a 3, a 6
    /// from a 5 or an 8).
    static let digitForDigit: [Character: [Character]] = [
        "8": ["3", "6", "0", "9"], "3": ["8"], "6": ["5", "8", "0"], "5": ["6"], "0": ["8", "6", "9"],
        "9": ["8", "0"], "1": ["7"], "7": ["1"], "4": ["1"],
    ]

    /// Day, separator, month (a word or a number), separator, four-digit year; the day may hold letters, and
    /// after its digits two letters where an ordinal's suffix is printed (group 2).
    static let shape = try? NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9])([A-Za-z0-9$&@|]{1,2})((?<=[0-9])[A-Za-z]{2})?(\s*[/.\- ]\s*)([A-Za-z]{3,9}|[0-9]{1,2}|(?=[0-9]?[A-Za-z]+[0-9]?[A-Za-z]*(?![A-Za-z0-9]))[A-Za-z0-9]{3,9})(\s*[/.\- ]\s*)([0-9]{4})(?![0-9])"#)

    /// `text` with its date's day and month put right, or nil when nothing needed it, more than
    /// `DateFinder.maxRepairs` characters would change, or more than one reading fits.
    ///
    /// `unlabelled`: for a date with no birth label, only a month's name with one slip, the digits as read, between
    /// two separators that are not spaces (`30-Jam.1996` on a card whose `DoB` label was lost) or after an ordinal
    /// day, the slip then a stroke lost (`16ln Jar 1967` on a band whose `Born on` was lost). The separators, or the suffix, and the whole digits
    /// leave one reading; a letter's `44 apt 2024`, which made a birth date once, has neither.
    ///
    /// An ordinal's suffix put right is not counted among the date's repairs: it holds none of the date's value,
    /// only says the number before it is a day.
    static func repaired(_ text: String, unlabelled: Bool = false) -> String? {
        // Every card line with no date passes here (unlabelled), on every frame: the expression runs only where a
        // year can be, four digits in a row.
        guard holdsFourDigits(text), let shape else { return nil }
        let (dayGroup, suffixGroup, firstSeparator, monthGroup, secondSeparator, yearGroup) = (1, 2, 3, 4, 5, 6)
        for match in shape.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            func group(_ i: Int) -> String { Range(match.range(at: i), in: text).map { String(text[$0]) } ?? "" }
            guard let whole = Range(match.range, in: text), let year = Int(group(yearGroup)) else { continue }
            let suffix = group(suffixGroup)
            let separated = [group(firstSeparator), group(secondSeparator)].allSatisfy { $0.contains(where: { "/.-".contains($0) }) }
            if unlabelled {
                guard separated || !suffix.isEmpty, group(dayGroup).allSatisfy(\.isNumber), group(monthGroup).allSatisfy(\.isLetter) else { continue }
            }
            var changes = 0
            // The month: a number as read, or a name, one letter put right when it is no month's start.
            let monthText = group(monthGroup)
            let month: Int
            var monthOut = monthText
            if let number = Int(monthText) {
                month = number
            } else if let named = monthNumber(monthText) {
                month = named
            } else {
                guard let (named, fixed) = oneSlipMonth(monthText) else { continue }
                // Unlabelled and spaced, only a letter the print lost a stroke of: words a letter from a month are
                // common between an ordinal and a year (`3rd day 2021`, `2nd set 2019`), a month's name with a
                // stroke lost is not.
                if unlabelled, !separated,
                   !zip(fixed.lowercased(), monthText.lowercased()).allSatisfy({ $0 == $1 || lostAStroke($1, of: $0) }) { continue }
                (month, monthOut) = (named, fixed)
                changes += 1
            }
            guard (1...12).contains(month) else { continue }
            // The day: letters read for digits, then a digit of like shape where the day is none of the month's.
            var day = ""
            var unreadable = false
            for c in group(dayGroup) {
                if DigitRepair.isDigit(c) { day.append(c) } else if let d = DigitRepair.candidates(for: c), d.count == 1 {
                    day.append(d[0]); changes += 1
                } else { unreadable = true }
            }
            guard !unreadable, !day.isEmpty else { continue }
            if !isDay(day, month: month, year: year) {
                guard !unlabelled else { continue }
                let readings = Set(day.indices.flatMap { i in
                    (digitForDigit[day[i]] ?? []).map { d -> String in var v = Array(day); v[day.distance(from: day.startIndex, to: i)] = d; return String(v) }
                }.filter { isDay($0, month: month, year: year) })
                guard readings.count == 1, let only = readings.first else { continue }
                day = only
                changes += 1
            }
            // The suffix the day takes, as read or each letter read with a stroke lost (`ln` for `th`).
            var suffixOut = ""
            if !suffix.isEmpty, let number = Int(day) {
                let wanted = DateFinder.ordinalSuffix(number)
                guard zip(suffix.lowercased(), wanted).allSatisfy({ $0 == $1 || Self.lostAStroke($0, of: $1) }) else { continue }
                suffixOut = wanted
            }
            let suffixMended = suffixOut != suffix.lowercased()
            // Unlabelled, the month's one slip is the repair the date needs; a suffix mended alone is no reason to
            // read a date where none was (`4in Jun 2021`: inches).
            guard changes + (suffixMended ? 1 : 0) >= 1, unlabelled ? changes == 1 : changes <= DateFinder.maxRepairs else { continue }
            return text.replacingCharacters(in: whole, with: day + suffixOut + group(firstSeparator) + monthOut + group(secondSeparator) + group(yearGroup))
        }
        return nil
    }

    /// Whether `text` has four ASCII digits in a row (the year every shape here ends in).
    static func holdsFourDigits(_ text: String) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = (0x30...0x39).contains(byte) ? run + 1 : 0
            if run == 4 { return true }
        }
        return false
    }

    /// Letters OCR reads for another when the print lost a stroke of it (a low-resolution print's dots, a thermal
    /// band's faded head): the letter read, and the letters it may stand for. `r` for `n` (its last stroke lost),
    /// `n` for `h` (its rise) or `m` (a stroke), `l` for `t` (its bar), `c` for `e` or `o`, `v` for `y`, `i` for `t`.
    /// Only strokes lost: `m` read for `n` would need one gained, which print does not do (`Jum` stays Jun or Jul).
    static let strokeLost: [Character: Set<Character>] = [
        "r": ["n"], "n": ["h", "m"], "l": ["t"], "c": ["e", "o"], "v": ["y"], "i": ["t"],
    ]

    /// Whether `read` (lower case) may be OCR's reading of `printed` with a stroke lost (`strokeLost`).
    static func lostAStroke(_ read: Character, of printed: Character) -> Bool {
        strokeLost[read]?.contains(printed) == true
    }

    /// The letters a digit read in a month's name stands for.
    static let lettersLike: [Character: Set<Character>] = [
        "0": ["o"], "1": ["l", "i"], "5": ["s"], "8": ["s", "b"], "6": ["b", "g"], "9": ["g"], "2": ["z"], "4": ["a"],
    ]

    static func isDay(_ day: String, month: Int, year: Int) -> Bool {
        guard let d = Int(day) else { return false }
        return SimpleDate(year: year, month: month, day: d) != nil
    }

    /// The month a name (or its first three letters) names, as printed.
    static func monthNumber(_ word: String) -> Int? {
        let lower = word.lowercased()
        if lower.count == 3 { return MonthNames.abbreviated.firstIndex(of: lower).map { $0 + 1 } }
        return MonthNames.full.firstIndex(of: lower).map { $0 + 1 }
    }

    /// The one month a word is a letter away from (`sun` → `Jun`, `Septemher` → `September`), or a digit of a
    /// letter's shape (`8ep` → `Sep`, `0ct` → `Oct`; `Ju1` is `Jul`, not `Jun`), or a letter read twice (`OOct` →
    /// `Oct`, `Marrch` → `March`), and the word as that month's name
    /// in the case it was printed in; nil when none or several are (of several, the one alone whose letter was read
    /// with a stroke lost: `strokeLost`).
    static func oneSlipMonth(_ word: String) -> (Int, String)? {
        let lower = word.lowercased()
        let names = lower.count == 3 ? MonthNames.abbreviated : MonthNames.full
        func slip(_ printed: Character, _ read: Character) -> Bool {
            printed != read && (!read.isNumber || lettersLike[read]?.contains(printed) == true)
        }
        let near = names.indices.filter { k in
            names[k].count == lower.count && zip(names[k], lower).filter { $0 != $1 }.count == 1
                && zip(names[k], lower).allSatisfy { $0 == $1 || slip($0, $1) }
        }
        // A letter read twice (`06-OOct-1945`): the word with one of a doubled pair dropped names a month.
        let letters = Array(lower)
        let doubled = Set(letters.indices.dropFirst().filter { letters[$0] == letters[$0 - 1] }.compactMap { i in
            monthNumber(String(letters[..<i] + letters[(i + 1)...]))
        })
        // Two months a letter away (`Jar`: Jan and Mar): the one whose letter was read with a stroke lost.
        let lookingAlike = near.filter { k in zip(names[k], lower).allSatisfy { $0 == $1 || lostAStroke($1, of: $0) } }
        let index: Int, name: String
        if near.count == 1, doubled.isEmpty, let k = near.first {
            (index, name) = (k, names[k])
        } else if near.count > 1, lookingAlike.count == 1, doubled.isEmpty, let k = lookingAlike.first {
            (index, name) = (k, names[k])
        } else if near.isEmpty, doubled.count == 1, let month = doubled.first {
            (index, name) = (month - 1, (lower.count - 1 == 3 ? MonthNames.abbreviated : MonthNames.full)[month - 1])
        } else {
            return nil
        }
        let cased = word.allSatisfy { !$0.isLetter || $0.isUppercase } ? name.uppercased() : name.prefix(1).uppercased() + name.dropFirst()
        return (index + 1, cased)
    }
}
