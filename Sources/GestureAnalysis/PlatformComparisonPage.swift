import GesturePlatforms

/// `compare --format html`: one self-contained page, a table of who won each sequence on each
/// platform with where they part ways, and each platform's timeline (its lanes as `timeline
/// --format svg` draws them) in a column of its own.
extension PlatformComparison {
    public func html(title: String, timelines: [String]) -> String {
        var page = ""
        writeHTML(title: title, write: { page += $0 }, timeline: { page += timelines[$0] })
        return page
    }

    /// The page written piece by piece (a long trace's is hundreds of megabytes): `write` takes
    /// the page's text, `timeline(i)` writes platform `i`'s timeline picture where it goes.
    public func writeHTML(title: String, write: (String) throws -> Void, timeline: (Int) throws -> Void) rethrows {
        var s = Self.htmlHead(title: title, platforms: platforms)
        for q in sequences {
            if s.utf8.count >= 1 << 16 {
                try write(s)
                s = ""
            }
            s += Self.htmlRow(q)
        }
        try Self.writeHTMLEnd(after: s, platforms: platforms, write: write, timeline: timeline)
    }

    /// The page's start, up to its table's header row (`compare` writes the rows as the
    /// sequences come, then the end).
    public static func htmlHead(title: String, platforms: [Platform]) -> String {
        var s = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
            table{border-collapse:collapse;margin:12px 0 24px}
            th,td{border:1px solid #ccc;padding:4px 8px;vertical-align:top;text-align:left}
            td.parted{background:#fdecea} td.same{background:#eef7ee}
            .why{color:#555;font-size:12px}
            .columns{display:flex;gap:16px;align-items:flex-start;overflow-x:auto}
            .columns>div{flex:1 1 0;min-width:360px} .columns svg{max-width:100%;height:auto}
            </style></head><body>
            <h1>\(esc(title))</h1>
            <table><tr><th>sequence</th>
            """
        for p in platforms { s += "<th>\(esc(p.title))</th>" }
        return s + "<th>where they part ways</th></tr>\n"
    }

    /// One sequence's row of the table.
    public static func htmlRow(_ q: SequenceComparison) -> String {
        var s = "<tr><td>\(q.index)<br><span class=\"why\">\(Self.ms(q.start))-\(Self.ms(q.end)) ms</span></td>"
        for side in q.sides {
            let w = side.winners.isEmpty ? "nobody" : side.winners.map { "\(esc($0.recognizer)) \($0.state) at \(Self.ms($0.time)) ms" }.joined(separator: "<br>")
            s += "<td class=\"\(q.sameWinners ? "same" : "parted")\">\(w)</td>"
        }
        if let d = q.divergence {
            s += "<td><b>\(esc(d.recognizer))</b>"
            for (platform, row) in d.rows {
                s += "<br>\(esc(platform.title)): " + (row.map { "\($0.state) at \(Self.ms($0.time)) ms <span class=\"why\">\(esc($0.cause))</span>" } ?? "nothing decided in this sequence")
            }
            s += "</td>"
        } else {
            s += "<td>the same on every platform</td>"
        }
        return s + "</tr>\n"
    }

    /// The table's end, each platform's timeline in a column (`timeline(i)` writes platform
    /// `i`'s), and the page's end; `pending`: text not yet written that goes before them.
    public static func writeHTMLEnd(after pending: String, platforms: [Platform], write: (String) throws -> Void, timeline: (Int) throws -> Void) rethrows {
        var s = pending + "</table>\n<div class=\"columns\">"
        for (i, p) in platforms.enumerated() {
            try write(s + "<div><h2>\(esc(p.title))</h2>")
            try timeline(i)
            s = "</div>"
        }
        try write(s + "</div></body></html>\n")
    }

    private static func esc(_ s: String) -> String { EvaluationReport.esc(s) }
}
