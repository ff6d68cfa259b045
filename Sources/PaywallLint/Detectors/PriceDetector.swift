/// Literal prices: an amount next to a currency symbol, ISO code or currency word, on either
/// side ("$3.99", "3,99 €", "USD 3.99", "480円", "1.299,00 kr.", "3€99"). Amounts use `.` or `,`
/// for decimals and thousands (and spaces for thousands, as in "1 990 руб."), or a CJK word for
/// ten thousand or a thousand ("1万円", "1만 2천 원"); full-width forms are read through NFKC.
/// Chinese and Japanese also write amounts in Han numerals before 円 or 元 ("千円", "三百元",
/// "九块九", "五毛钱"), and Korean in Hangul numerals before 원 ("만 원", "오천 원"). Variables
/// never count: only numbers written in the copy are prices.
///
/// Vocabularies: `currency-symbols`, `currency-codes`, `currency-words`, with
/// `currency-exceptions` for a currency word in another sense: Indonesian "ribu" is thousands of
/// rupiah in "cuma 49 ribu", but a count in "80 ribu ulasan".
package struct PriceDetector: Sendable {
    private let currencies: PhraseMatcher

    package init(vocabularies: [String: [String]]) {
        let names = ["currency-symbols", "currency-codes", "currency-words"]
        currencies = PhraseMatcher(
            phrases: names.flatMap { vocabularies[$0] ?? [] },
            exceptions: vocabularies["currency-exceptions"] ?? [], digitsBreakWords: true)
    }

    package func matches(in text: [Unicode.Scalar]) -> [DetectorMatch] {
        matches(in: text, normalized: NormalizedText(text))
    }

    /// Matches, given the text and its normalisation (computed once per copy string).
    package func matches(in text: [Unicode.Scalar], normalized: NormalizedText) -> [DetectorMatch] {
        prices(in: normalized).map { DetectorMatch($0.range, of: normalized, in: text) }
    }

    struct Price {
        /// The amount with its currency, in normalised offsets.
        var range: Range<Int>
        /// Every digit of the amount is 0 ("$0", "0円"): a "free" claim.
        var isZero: Bool
    }

    func prices(in text: NormalizedText) -> [Price] {
        guard !currencies.isEmpty, text.containsDigit || text.containsUnspaced else { return [] }
        return text.keptPrices.prices(for: currencies.identity) {
            let digits = text.containsDigit ? scannedPrices(in: text) : []
            let han =
                text.containsUnspaced
                ? Self.hanNumeralPrices(in: text.scalars) + Self.hangulNumeralPrices(in: text.scalars) : []
            guard !han.isEmpty else { return digits }
            return (digits + han).sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    /// Amounts in Han numerals right before a yen or yuan sign: "千円", "三百元", "九块九" (a
    /// 块 only with the jiao after it or 钱, as "三块蛋糕" counts cake; 毛 and 角 only with 钱:
    /// "五毛钱").
    static func hanNumeralPrices(in t: [Unicode.Scalar]) -> [Price] {
        let n = t.count
        var result: [Price] = []
        var i = 0
        while i < n {
            guard hanNumerals.contains(t[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < n, hanNumerals.contains(t[j]) { j += 1 }
            defer { i = j }
            // "一元化", "二元论": a numeral inside a longer Han word is no amount; "1万円" is read
            // with its digits.
            guard j < n, i == 0 || !Scalars.isDigit(t[i - 1]) else { continue }
            var end = j + 1
            switch t[j] {
            case "円", "元", "圆":
                if end < n, ["化", "论", "論", "素", "组", "組"].contains(t[end]) { continue }
            case "块", "塊":
                if end < n, t[end] == "钱" || t[end] == "錢" {
                    end += 1
                } else if end < n, hanNumerals.contains(t[end]) {
                    while end < n, hanNumerals.contains(t[end]) { end += 1 }
                } else {
                    continue
                }
            case "毛", "角":
                // "五毛钱"; "三毛" is a name.
                guard end < n, t[end] == "钱" || t[end] == "錢" else { continue }
                end += 1
            default: continue
            }
            let isZero = t[i..<j].allSatisfy { $0 == "零" || $0 == "〇" }
            result.append(Price(range: i..<end, isZero: isZero))
        }
        return result
    }

    /// Amounts in Hangul numerals before 원: "만 원", "오천 원", "만 오천원이면" (with a word of
    /// magnitude, so "이 원" is no amount; 원 followed by a particle, not "원하는" or "원래").
    static func hangulNumeralPrices(in t: [Unicode.Scalar]) -> [Price] {
        var result: [Price] = []
        for (won, c) in t.enumerated() where c == "원" {
            if won + 1 < t.count, Scalars.isWord(t[won + 1]), !wonParticles.contains(t[won + 1]) { continue }
            var start = won
            var sawMagnitude = false
            while start > 0 {
                let previous = t[start - 1]
                if hangulNumerals.contains(previous) {
                    sawMagnitude = sawMagnitude || hangulMagnitudes.contains(previous)
                    start -= 1
                } else if Scalars.isSpace(previous), start > 1, hangulNumerals.contains(t[start - 2]) {
                    start -= 1
                } else {
                    break
                }
            }
            while start < won, Scalars.isSpace(t[start]) { start += 1 }
            guard sawMagnitude, start < won, start == 0 || !Scalars.isWord(t[start - 1]) else { continue }
            result.append(Price(range: start..<(won + 1), isZero: false))
        }
        return result
    }

    private static let hangulMagnitudes: Set<Unicode.Scalar> = ["십", "백", "천", "만", "억"]
    private static let hangulNumerals: Set<Unicode.Scalar> = hangulMagnitudes.union([
        "일", "이", "삼", "사", "오", "육", "칠", "팔", "구",
    ])
    /// The particles and endings that may follow 원 in an amount: "원이면", "원에", "원으로".
    private static let wonParticles: Set<Unicode.Scalar> = [
        "이", "에", "으", "의", "은", "을", "만", "부", "짜", "씩", "대", "도", "까", "입", "보", "과",
    ]

    private static let hanNumerals: Set<Unicode.Scalar> = [
        "〇", "零", "一", "二", "两", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "万", "萬",
    ]

    private func scannedPrices(in text: NormalizedText) -> [Price] {
        let t = text.scalars
        let n = t.count
        var endingAt: [Int: Range<Int>] = [:]
        var startingAt: [Int: Range<Int>] = [:]
        for range in currencies.ranges(in: text) {
            endingAt[range.upperBound] = range
            startingAt[range.lowerBound] = range
        }
        guard !endingAt.isEmpty else { return [] }
        var result: [Price] = []
        var taken = 0  // end of the previous price: a symbol belongs to one amount
        var i = 0
        while i < n {
            guard Scalars.isDigit(t[i]) else {
                i += 1
                continue
            }
            let amount = Self.amount(in: t, at: i)
            defer { i = max(amount.end, i + 1) }
            guard amount.isValid else { continue }
            var before = endingAt[i] ?? endingAt[Scalars.skipSpaces(t, backFrom: i)]
            if let currency = before, currency.lowerBound < taken || isSingleLetter(currency, in: t) {
                before = nil
            }
            if before == nil, i > 0, Self.continuesToken(t[i - 1]) { continue }
            var after: Range<Int>?
            let next = Scalars.skipSpaces(t, from: amount.end)
            if let currency = startingAt[next] {
                if !isSingleLetter(currency, in: t) {
                    after = currency
                } else if next == amount.end, amount.isWhole, amount.end - i <= 2 {
                    // A one-letter unit is pence ("99p"); "1080p" is a resolution.
                    after = currency
                }
            }
            guard before != nil || after != nil else { continue }
            var upper = after?.upperBound ?? amount.end
            // "3€99": the symbol stands where the decimal separator would.
            if let after, after.lowerBound == amount.end, amount.isWhole, !isSingleLetter(after, in: t),
                upper + 2 <= n, Scalars.isDigit(t[upper]), Scalars.isDigit(t[upper + 1]),
                upper + 2 == n || !Scalars.isDigit(t[upper + 2])
            {
                upper += 2
            }
            let lower = before?.lowerBound ?? i
            result.append(Price(range: lower..<upper, isZero: amount.isZero))
            taken = upper
        }
        return result
    }

    struct Amount {
        var end: Int
        var isValid: Bool
        var isWhole: Bool
        var isZero: Bool
    }

    /// Reads the amount whose first digit is at `start`: digits, thousands groups of three
    /// (`,` `.` `'` or a space), then at most two decimals or a dash for them (`,-`). A number
    /// that goes on with another `.` or `,` and a digit ("3.9.9", "com.app.399.1") is a version
    /// or an ID, not an amount.
    static func amount(in t: [Unicode.Scalar], at start: Int) -> Amount {
        let n = t.count
        var j = start
        var isZero = true
        func digits(_ count: Int, at k: Int) -> Bool {
            guard k + count <= n else { return false }
            for m in k..<(k + count) where !Scalars.isDigit(t[m]) { return false }
            return k + count == n || !Scalars.isDigit(t[k + count])
        }
        func note(_ range: Range<Int>) {
            for m in range where t[m].properties.numericValue != 0 { isZero = false }
        }
        while j < n, Scalars.isDigit(t[j]) { j += 1 }
        note(start..<j)
        let leading = j - start
        var isWhole = true
        while j < n, [",", ".", "'", " "].contains(t[j]), digits(3, at: j + 1) {
            // A space only groups a short leading number: "1 990", not "Top 10 100".
            if t[j] == " ", leading > 3 { break }
            note((j + 1)..<(j + 4))
            j += 4
        }
        if j < n, t[j] == "." || t[j] == "," {
            if digits(1, at: j + 1) || digits(2, at: j + 1) {
                let count = digits(1, at: j + 1) ? 1 : 2
                note((j + 1)..<(j + 1 + count))
                j += 1 + count
                isWhole = false
            } else if j + 1 < n, t[j + 1] == "-" || t[j + 1] == "\u{2013}" {
                // "990,- Kč", "12.– CHF": a whole amount written with a dash for the decimals.
                j += 2
            }
        }
        let dotted = j + 1 < n && (t[j] == "." || t[j] == ",") && Scalars.isDigit(t[j + 1])
        j = magnitudesEnd(in: t, from: j)
        return Amount(end: j, isValid: !dotted, isWhole: isWhole, isZero: isZero)
    }

    /// Chinese, Japanese and Korean write large amounts with a word for ten thousand, a thousand
    /// or a hundred million after the digits: "1万円", "2만 원", "1만 2천 원", "1万2000円". The end
    /// of such an amount, or `end` when no such word follows the digits.
    private static func magnitudesEnd(in t: [Unicode.Scalar], from end: Int) -> Int {
        let n = t.count
        var j = end
        while j < n, magnitudes.contains(t[j]) {
            j += 1
            // Digits straight after ("1万2000円"), or after a space when another magnitude
            // follows them ("1만 2천 원").
            let next = j < n && t[j] == " " ? j + 1 : j
            var digitsEnd = next
            while digitsEnd < n, Scalars.isDigit(t[digitsEnd]) { digitsEnd += 1 }
            guard digitsEnd > next else { break }
            if next == j || (digitsEnd < n && magnitudes.contains(t[digitsEnd])) { j = digitsEnd }
        }
        return j
    }

    private static let magnitudes: Set<Unicode.Scalar> = ["万", "萬", "千", "億", "亿", "만", "천", "억"]

    /// A scalar that makes a following number part of a longer token: "iOS17", "v2",
    /// "com.app.399", "/pricing/3.99".
    static func continuesToken(_ c: Unicode.Scalar) -> Bool {
        c == "." || c == "," || c == "/" || c == "_" || Scalars.isSpacedWord(c)
    }

    /// An ASCII letter standing alone ("p", "R"): a currency only in the forms that allow it.
    /// Letters outside ASCII are distinctive enough ("đ", the Vietnamese dong).
    private func isSingleLetter(_ range: Range<Int>, in t: [Unicode.Scalar]) -> Bool {
        range.count == 1 && t[range.lowerBound].isASCII && Scalars.isSpacedWord(t[range.lowerBound])
    }
}
