/// The reference's `## Values` section as topics, so `buttonkit help api
/// Colours` and the REPL's `:help traits` show what entries point at with
/// "(see Values)": the forms colours, fonts, states, traits and
/// configurations take have no heading of their own.
///
/// A topic is a paragraph that opens with a bold title (`**Colours.**`),
/// up to the next such paragraph; the whole section is the topic `Values`.
extension APIReference {
    /// One titled paragraph of the Values section (or the whole section).
    public struct Topic: Sendable {
        /// `Colours`, `Frames and points`, `Values`.
        public let name: String
        /// The text as the page has it, title included.
        public let text: String
    }

    /// Every topic, in page order, the whole section first.
    public var topics: [Topic] {
        var out: [Topic] = []
        var inValues = false
        var section: [Substring] = []
        var current: (name: String, lines: [Substring])?
        func close() {
            if let c = current { out.append(Topic(name: c.name, text: c.lines.joined(separator: "\n").trimming("\n") + "\n")) }
            current = nil
        }
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Inside a code block a line is the topic's text, whatever it looks like.
            let fence = Self.isFence(line)
            if fence { inCode.toggle() }
            if inCode || fence {
                if inValues { section.append(line); current?.lines.append(line) }
                continue
            }
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                if inValues { close() }
                inValues = line == "## Values"
                continue
            }
            guard inValues else { continue }
            section.append(line)
            if line.hasPrefix("**"), let end = line.firstRange(of: ".**") {
                close()
                current = (String(line[line.index(line.startIndex, offsetBy: 2)..<end.lowerBound]), [line])
            } else {
                current?.lines.append(line)
            }
        }
        close()
        guard !section.isEmpty else { return out }
        return [Topic(name: "Values", text: section.joined(separator: "\n").trimming("\n") + "\n")] + out
    }

    /// Topics for a query, case-insensitive, British or American spelling,
    /// singular or plural, by whole title or its first word (`frames`).
    public func topics(matching query: String) -> [Topic] {
        let q = Self.topicKey(query)
        guard !q.isEmpty else { return [] }
        return topics.filter { t in
            Self.topicKey(t.name) == q || Self.topicKey(String(t.name.split(separator: " ").first ?? "")) == q
        }
    }

    /// `Colours` and `color` alike.
    static func topicKey(_ s: String) -> String {
        var k = String(s.trimmingSpaces()).lowercased().replacing("colour", with: "color")
        if k.hasSuffix("s") { k.removeLast() }
        return k
    }

    /// What help shows for `query`: its entries, then its topics, as a
    /// terminal shows them (tables in columns); nil when the reference has
    /// neither.
    public func help(for query: String) -> String? {
        // Both when both match: `configuration` is a field and a topic.
        let shown = entries(matching: query).map(APIReference.render) + topics(matching: query).map(\.text)
        return shown.isEmpty ? nil : MarkdownText.plain(shown.joined(separator: "\n"))
    }

    /// Every name help answers to, for suggestions.
    public var helpNames: [String] { names + topics.map(\.name) }
}
