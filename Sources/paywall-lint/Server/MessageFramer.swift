/// The base protocol's framing: each message is a header (`Content-Length: N`, optionally
/// `Content-Type`, each line ending in CRLF, then an empty line) and N bytes of JSON. Bytes
/// arrive in any pieces; `append` returns every message the bytes so far complete.
struct MessageFramer {
    /// What reading the stream gave: a message's body, or a problem with the framing that the
    /// server reports and reads on past.
    enum Event: Equatable {
        case message([UInt8])
        case malformed(String)
    }

    /// Bodies larger than this are skipped unread (and reported), so one huge message cannot
    /// take the server's memory.
    let maxContentLength: Int
    /// A header longer than this is no header: it is dropped.
    static let maxHeaderLength = 8 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an oversized body still to drop.
    private var skipping = 0

    init(maxContentLength: Int = 64 << 20) {
        self.maxContentLength = maxContentLength
    }

    /// The bytes buffered and not yet part of a whole message.
    var pendingCount: Int { buffer.count - start }

    mutating func append(_ bytes: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        var input = bytes[...]
        if skipping > 0 {
            let dropped = min(skipping, input.count)
            skipping -= dropped
            input = input.dropFirst(dropped)
        }
        buffer.append(contentsOf: input)
        while skipping == 0, let event = next() { events.append(event) }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            skipping -= dropped
            start += dropped
        }
        compact()
        return events
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
    }

    /// The next whole message (or framing problem) in the buffer, if any.
    private mutating func next() -> Event? {
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count - start > Self.maxHeaderLength {
                // No header end in sight: drop all but what could begin one.
                start = buffer.count - 3
                return .malformed("a message header longer than \(Self.maxHeaderLength) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces.lowercased()
            if name == "content-length" { length = Int(line[line.index(after: colon)...].trimmingSpaces) }
        }
        let bodyStart = headerEnd + 4
        guard let length, length >= 0 else {
            start = bodyStart
            return .malformed("a message header without a valid Content-Length")
        }
        if length > maxContentLength {
            start = bodyStart
            skipping = length
            return .malformed("a message of \(length) bytes, over the limit of \(maxContentLength)")
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<bodyStart + length])
        start = bodyStart + length
        return .message(body)
    }

    /// The index of the `\r\n\r\n` that ends the header starting at `start`.
    private func findHeaderEnd() -> Int? {
        var index = start
        let end = buffer.count - 3
        while index < end {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D,
                buffer[index + 3] == 0x0A
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The framed bytes of a message body.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
