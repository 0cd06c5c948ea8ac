//! Word wrapping done here rather than by ratatui's `Wrap`, so that a screen knows how many rows
//! its text takes before it draws it: the panel, the end screens, the message area and the
//! scrolling screens decide what to show (and what to cut) by rows, and then draw those rows
//! exactly as counted. (ratatui's own count, `Paragraph::line_count`, is behind an unstable
//! feature, and a count taken one way and a drawing done another would disagree.)

use ratatui::buffer::CellWidth;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_segmentation::UnicodeSegmentation;

/// The width of the grapheme cluster `g` in terminal cells, as ratatui counts it when it draws
/// (`Buffer::set_stringn`): a cluster holding a control character is not drawn, any other takes
/// `CellWidth::cell_width` cells, unicode-width's width of the whole cluster (so `❤️`, U+2764
/// U+FE0F, is 2 cells where its characters' widths add up to 1).
fn cells(g: &str) -> usize {
    if g.contains(char::is_control) { 0 } else { usize::from(g.cell_width()) }
}

/// A grapheme cluster of a line and the style of its span.
type Grapheme<'a> = (&'a str, Style);

/// The rows made so far, and the one being filled.
struct Rows<'a> {
    done: Vec<Vec<Grapheme<'a>>>,
    row: Vec<Grapheme<'a>>,
    /// The row's width in cells.
    w: usize,
    /// The width of what the row starts with: nothing on the first row (its leading spaces are
    /// content), the hanging indent on the others.
    base: usize,
    width: usize,
    indent: usize,
}

impl<'a> Rows<'a> {
    /// Ends the row; the next starts with the hanging indent.
    fn next_row(&mut self) {
        self.done.push(std::mem::take(&mut self.row));
        self.row.extend(std::iter::repeat_n((" ", Style::default()), self.indent));
        (self.w, self.base) = (self.indent, self.indent);
    }

    /// Adds `g` to the row, or to a new row when it does not fit and the row holds more than its
    /// base; on a row holding only the indent, it drops the indent rather than not fit. A
    /// grapheme wider than a whole row gets a row to itself.
    fn place(&mut self, g: Grapheme<'a>) {
        let gw = cells(g.0);
        if self.w + gw > self.width {
            if self.w > self.base {
                self.next_row();
            }
            if self.w + gw > self.width && self.base > 0 {
                self.row.drain(..self.base);
                (self.w, self.base) = (0, 0);
            }
        }
        self.row.push(g);
        self.w += gw;
    }
}

/// `line` broken into rows of at most `width` cells: at spaces where it can (the spaces at a
/// break are dropped), inside a word only when the word is wider than a row, and never inside a
/// grapheme cluster (measured as ratatui draws it). Leading spaces of the line are
/// kept (an indented line stays indented); rows after the first start with `indent` spaces (a
/// hanging indent), unless that leaves no room. Each character keeps its span's style, and each
/// row the line's style and alignment. An empty line is one empty row; a `width` of 0 leaves the
/// line as one row. A grapheme wider than `width` is alone on its row, and wider than it.
pub fn wrap(line: &Line<'_>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let gs: Vec<Grapheme<'_>> =
        line.spans.iter().flat_map(|s| s.content.graphemes(true).map(move |g| (g, s.style))).collect();
    if width == 0 {
        return vec![to_line(gs, line)];
    }
    let indent = if indent < width { indent } else { 0 };
    let mut rows = Rows { done: Vec::new(), row: Vec::new(), w: 0, base: 0, width, indent };
    // The spaces since the last word: written only if a word follows on the same row.
    let mut gap: &[Grapheme<'_>] = &[];
    let mut any_word = false;
    let mut i = 0;
    while i < gs.len() {
        let start = i;
        let space = gs[i].0 == " ";
        while i < gs.len() && (gs[i].0 == " ") == space {
            i += 1;
        }
        let run = &gs[start..i];
        if space {
            if any_word {
                gap = run;
            } else {
                // Leading spaces: kept, as far as the row goes.
                for &g in run {
                    if rows.w + cells(g.0) > width {
                        break;
                    }
                    rows.row.push(g);
                    rows.w += cells(g.0);
                }
            }
            continue;
        }
        let run_w: usize = run.iter().map(|g| cells(g.0)).sum();
        if any_word {
            // The row holds a word: the gap and this one follow it if they fit; or if this one
            // is too long for any row and its first grapheme fits after the gap, it starts here.
            let gap_w: usize = gap.iter().map(|g| cells(g.0)).sum();
            let first_w = cells(run[0].0);
            if rows.w + gap_w + run_w <= width
                || (run_w > width - indent && rows.w + gap_w + first_w <= width)
            {
                rows.row.extend_from_slice(gap);
                rows.w += gap_w;
            } else {
                rows.next_row();
            }
        }
        any_word = true;
        gap = &[];
        for &g in run {
            rows.place(g);
        }
    }
    rows.done.push(rows.row);
    rows.done.into_iter().map(|row| to_line(row, line)).collect()
}

/// One row of styled graphemes as a line with `like`'s style and alignment.
fn to_line(row: Vec<Grapheme<'_>>, like: &Line<'_>) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    for (g, st) in row {
        match spans.last_mut() {
            Some(last) if last.style == st => last.content.to_mut().push_str(g),
            _ => spans.push(Span::styled(g.to_string(), st)),
        }
    }
    let mut out = Line::from(spans).style(like.style);
    out.alignment = like.alignment;
    out
}

/// `text` broken at spaces into lines of at most `width` cells, for text printed to a terminal
/// after the game's screens are gone (what the game says as it ends), which the terminal would
/// otherwise break wherever a line reaches its edge, mid-word. As [`wrap`] breaks rows, but a
/// word wider than `width` (a long file name) is not broken: it goes on a line of its own for
/// the terminal to fold, since a newline put inside it would break it when it is copied. The
/// spaces at a break are dropped; other spaces, the text's own newlines and each line's leading
/// spaces are kept. A `width` of 0 leaves the text as it is.
pub fn wrap_words(text: &str, width: usize) -> String {
    if width == 0 {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + text.len() / width + 1);
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        // The row's width so far, and the spaces since its last word: written only if a word
        // follows on the same row (or, at the line's start, as its indent).
        let (mut w, mut gap) = (0, "");
        let mut rest = line;
        while !rest.is_empty() {
            let space = rest.starts_with(' ');
            let end = rest.find(|c| (c == ' ') != space).unwrap_or(rest.len());
            let (run, tail) = rest.split_at(end);
            rest = tail;
            if space {
                gap = run;
                continue;
            }
            let run_w: usize = run.graphemes(true).map(cells).sum();
            if w > 0 && w + gap.len() + run_w > width {
                out.push('\n');
                w = 0;
            } else {
                out.push_str(gap);
                w += gap.len();
            }
            out.push_str(run);
            w += run_w;
            gap = "";
        }
    }
    out
}

/// `text` cut to at most `width` cells, ending with "…" where it was cut, so the cut shows: a
/// title wider than its border is cut by ratatui without a sign. Grapheme clusters are kept
/// whole, measured as ratatui draws them.
pub fn shorten(text: &str, width: usize) -> std::borrow::Cow<'_, str> {
    if text.graphemes(true).map(cells).sum::<usize>() <= width {
        return text.into();
    }
    let mut out = String::new();
    let mut w = 0;
    for g in text.graphemes(true) {
        if w + cells(g) + 1 > width {
            break;
        }
        out.push_str(g);
        w += cells(g);
    }
    if width > 0 {
        out.push('…');
    }
    out.into()
}

/// Every line of `lines` wrapped to `width` (see [`wrap`]), with no hanging indent.
pub fn wrap_all(lines: &[Line<'_>], width: usize) -> Vec<Line<'static>> {
    lines.iter().flat_map(|l| wrap(l, width, 0)).collect()
}

/// The first `rows` rows of `lines` (wrapped rows, `width` wide); when some are left off, the
/// last row kept ends with "…" so the cut shows.
pub fn clip(mut lines: Vec<Line<'static>>, rows: usize, width: usize) -> Vec<Line<'static>> {
    if lines.len() <= rows {
        return lines;
    }
    lines.truncate(rows);
    if let Some(last) = lines.last_mut() {
        let style = last.spans.last().map_or(Style::default(), |s| s.style);
        let mut w: usize = last.spans.iter().flat_map(|s| s.content.graphemes(true)).map(cells).sum();
        while w + 1 > width {
            let Some(span) = last.spans.last_mut() else { break };
            match span.content.graphemes(true).next_back().map(|g| (g.len(), cells(g))) {
                Some((len, gw)) => {
                    let content = span.content.to_mut();
                    content.truncate(content.len() - len);
                    w -= gw;
                }
                None => {
                    last.spans.pop();
                }
            }
        }
        if width > 0 {
            last.spans.push(Span::styled("…", style));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, width: usize, indent: usize) -> Vec<String> {
        wrap(&Line::from(text), width, indent).iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn shorten_marks_the_cut_and_keeps_graphemes_whole() {
        assert_eq!(shorten("The Keep", 8), "The Keep");
        assert_eq!(shorten("The Keep", 7), "The Ke…");
        assert_eq!(shorten("The Keep", 1), "…");
        assert_eq!(shorten("The Keep", 0), "");
        // Wide and joined graphemes: "❤️" is two cells, never split from its selector.
        assert_eq!(shorten("❤️❤️❤️", 5), "❤️❤️…");
        assert_eq!(shorten("❤️❤️❤️", 4), "❤️…");
    }

    #[test]
    fn breaks_at_spaces_and_inside_words_only_when_they_are_too_long() {
        assert_eq!(
            rows("Will hit the goblin first (81% to hit).", 26, 0),
            ["Will hit the goblin first", "(81% to hit).",]
        );
        assert_eq!(rows("abcdefghij kl", 4, 0), ["abcd", "efgh", "ij", "kl"]);
        assert_eq!(rows("", 10, 0), [""]);
        assert_eq!(rows("  indented line here", 10, 0), ["  indented", "line here"]);
        assert_eq!(rows("one two three four", 9, 2), ["one two", "  three", "  four"]);
        assert_eq!(rows("trailing   ", 20, 0), ["trailing"]);
        assert_eq!(rows("a b", 0, 0), ["a b"]);
    }

    #[test]
    fn every_row_fits_and_nothing_but_break_spaces_is_lost() {
        let text = "The Reversed Hall of very long names of very-long-hyphenated-names-and-more x";
        for width in 1..40 {
            for indent in [0, 3] {
                let out = rows(text, width, indent);
                for r in &out {
                    assert!(drawn(r) <= width, "{width}: {r:?}");
                }
                let joined: String = out.concat().split_whitespace().collect();
                let want: String = text.split_whitespace().collect();
                assert_eq!(joined, want, "{width}");
            }
        }
    }

    /// `s`'s width as ratatui draws it (`Buffer::set_stringn`): by grapheme cluster, each
    /// measured by ratatui's own `CellWidth` (unicode-width's width of the cluster), clusters
    /// holding a control character not drawn.
    fn drawn(s: &str) -> usize {
        s.graphemes(true).filter(|g| !g.contains(char::is_control)).map(|g| usize::from(g.cell_width())).sum()
    }

    #[test]
    fn rows_fit_as_drawn_and_keep_graphemes_whole() {
        let hearts = "\u{2764}\u{fe0f}".repeat(40);
        let family = "\u{1f469}\u{200d}\u{1f469}\u{200d}\u{1f467}";
        let texts = [
            format!("Welcome to {hearts}. Press ? for help."),
            format!("a {family} family {family}{family}{family}{family} here {family}"),
            "漢字漢字 ab 漢字漢字漢字漢字漢字漢字 c 漢".to_string(),
            "cafe\u{301} e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301} x".to_string(),
            "    leading spaces then 漢字 words".to_string(),
            "  x".to_string(),
            "The Reversed Hall of very long names of very-long-hyphenated-names x".to_string(),
        ];
        let unspaced = |s: &str| -> Vec<String> {
            s.graphemes(true).filter(|g| *g != " ").map(str::to_string).collect()
        };
        for text in &texts {
            for width in 1..=40 {
                for indent in [0, 2, 3, 7] {
                    let out = rows(text, width, indent);
                    for r in &out {
                        let lone = r.graphemes(true).count() == 1;
                        assert!(drawn(r) <= width || lone, "{width} {indent}: {r:?} in {out:?}");
                    }
                    let got: Vec<String> = out.iter().flat_map(|r| unspaced(r)).collect();
                    assert_eq!(got, unspaced(text), "{width} {indent}: {out:?}");
                }
            }
        }
        assert_eq!(rows("    abc", 4, 0), ["    ", "abc"]);
        assert_eq!(rows("  x", 1, 0), [" ", "x"]);
        let cjk = rows("ab 漢字漢字", 3, 2);
        assert!(cjk.iter().all(|r| drawn(r) <= 3), "{cjk:?}");
        assert_eq!(cjk, ["ab", "漢", "字", "漢", "字"]);
        // A name of hearts in the welcome message loses none of them at 60 columns.
        let welcome = format!("Welcome to {hearts}.");
        let out = rows(&welcome, 60, 0);
        assert!(out.iter().all(|r| drawn(r) <= 60), "{out:?}");
        assert_eq!(out.concat().matches('\u{2764}').count(), 40);
    }

    #[test]
    fn wrap_words_breaks_at_spaces_and_never_inside_a_word() {
        // QA: at 80 columns the terminal broke the line the game ends with in "sc" / "reen.".
        let end = "The game is over: /home/player/.local/share/sightline/save.ron now holds its end; \
                   resumed, it shows the end screen.";
        assert_eq!(
            wrap_words(end, 80),
            "The game is over: /home/player/.local/share/sightline/save.ron now holds its\n\
             end; resumed, it shows the end screen."
        );
        assert_eq!(wrap_words("one two three", 7), "one two\nthree");
        assert_eq!(wrap_words("one two three", 6), "one\ntwo\nthree");
        // A word wider than a line is left whole, on a line of its own.
        assert_eq!(
            wrap_words("at /a/very/long/path/save.ron now", 10),
            "at\n/a/very/long/path/save.ron\nnow"
        );
        assert_eq!(wrap_words("/a/very/long/path", 5), "/a/very/long/path");
        // Its own newlines, inner spaces and indents kept; spaces at a break, and trailing, not.
        assert_eq!(wrap_words("a  b\n  c d e", 4), "a  b\n  c\nd e");
        assert_eq!(wrap_words("a b ", 80), "a b");
        assert_eq!(wrap_words("", 80), "");
        assert_eq!(wrap_words("a b", 0), "a b");
        // Measured as drawn: wide characters take two cells.
        assert_eq!(wrap_words("漢字 漢字 ab", 9), "漢字 漢字\nab");
        for width in 1..60 {
            for line in wrap_words(end, width).lines() {
                assert!(drawn(line) <= width || !line.contains(' '), "{width}: {line:?}");
            }
            let words: Vec<&str> = end.split_whitespace().collect();
            assert_eq!(wrap_words(end, width).split_whitespace().collect::<Vec<_>>(), words, "{width}");
        }
    }

    #[test]
    fn clip_marks_the_cut() {
        let lines = wrap(&Line::from("one two three four"), 9, 0);
        let cut: Vec<String> = clip(lines, 1, 9).iter().map(|l| l.to_string()).collect();
        assert_eq!(cut, ["one two…"]);
        let full = wrap(&Line::from("abcdefghijkl"), 4, 0);
        let cut: Vec<String> = clip(full, 2, 4).iter().map(|l| l.to_string()).collect();
        assert_eq!(cut, ["abcd", "efg…"]);
    }
}
