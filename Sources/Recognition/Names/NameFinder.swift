/// Finds a person's name in OCR text: labelled (`Name: Alex Example`, `Patient: …`) or in the wristband form
/// `SURNAME, Firstname`. Returns it as "Firstname Surname" with the surname in title case.
public enum NameFinder {
    static let labels = ["name:", "name ", "patient:", "patient name:", "holder:", "forename", "full name:"]

    public static func find(in line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        for label in labels where lower.hasPrefix(label) {
            let rest = trimmed.dropFirst(label.count).trimmingCharacters(in: CharacterSet(charactersIn: " :.-"))
            if let name = cleanName(rest) { return name }
        }
        // SURNAME, Firstname [Middle]
        let parts = trimmed.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, parts[0].count >= 2, parts[0].allSatisfy({ $0.isUppercase || $0 == "-" || $0 == "'" || $0 == " " }),
           let first = cleanName(parts[1]), first.first?.isUppercase == true {
            let surname = parts[0].split(separator: " ").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined(separator: " ")
            return first + " " + surname
        }
        return nil
    }

    /// Letters, spaces, hyphens and apostrophes only, two to four words.
    static func cleanName(_ s: String) -> String? {
        let words = s.split(separator: " ").map(String.init).filter { !$0.isEmpty }
        guard (1...4).contains(words.count),
              words.allSatisfy({ w in w.count >= 2 && w.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" } && w.first!.isUppercase })
        else { return nil }
        return words.joined(separator: " ")
    }
}

import Foundation
