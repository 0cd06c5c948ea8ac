//! Word wrapping done here rather than by ratatui's `Wrap`, so that a screen knows how many rows
//! its text takes before it draws it: the panel, the end screens, the message area and the
//! scrolling screens decide what to show (and what to cut) by rows, and then draw those rows
//! exactly as counted. (ratatui's own count, `Paragraph::line_count`, is behind an unstable
//! feature, and a count taken one way and a drawing done another would disagree.)
//!
//! Also where text from outside the program is made safe to draw: [`shown`].

use std::borrow::Cow;

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

/// `text` as the interface draws it when it came from a file or a save (a map's name, a log
/// message, a notice quoting a path): control characters and the bidirectional controls
/// (U+202E and the like, which ratatui passes through and which make the terminal show text in
/// another order than the file's) become U+FFFD, by [`crate::map::terminal_text`], the rule the
/// command line follows too.
pub fn shown(text: &str) -> Cow<'_, str> {
    crate::map::terminal_text(text)
}

/// The width of `c` in terminal cells, as ratatui counts it when it draws.
fn cells(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// `line` broken into rows of at most `width` cells: at spaces where it can (the spaces at a
/// break are dropped), inside a word only when the word is wider than a row. Leading spaces of
/// the line are kept (an indented line stays indented); rows after the first start with
/// `indent` spaces (a hanging indent), unless that leaves no room. Each character keeps its
/// span's style, and each row the line's style and alignment. An empty line is one empty row; a
/// `width` of 0 leaves the line as one row.
pub fn wrap(line: &Line<'_>, width: usize, indent: usize) -> Vec<Line<'static>> {
    let chars: Vec<(char, Style)> =
        line.spans.iter().flat_map(|s| s.content.chars().map(move |c| (c, s.style))).collect();
    if width == 0 {
        return vec![to_line(chars, line)];
    }
    let indent = if indent < width { indent } else { 0 };
    let mut rows: Vec<Vec<(char, Style)>> = Vec::new();
    let mut row: Vec<(char, Style)> = Vec::new();
    let mut row_w = 0;
    // Whether the row holds a word yet (else it holds only leading spaces or the indent).
    let mut worded = false;
    // The spaces since the last word: written only if a word follows on the same row.
    let mut gap: &[(char, Style)] = &[];
    let mut break_row = |row: &mut Vec<(char, Style)>, row_w: &mut usize, worded: &mut bool| {
        rows.push(std::mem::take(row));
        row.extend(std::iter::repeat_n((' ', Style::default()), indent));
        (*row_w, *worded) = (indent, false);
    };
    let mut i = 0;
    let mut any_word = false;
    while i < chars.len() {
        let start = i;
        let space = chars[i].0 == ' ';
        while i < chars.len() && (chars[i].0 == ' ') == space {
            i += 1;
        }
        let run = &chars[start..i];
        if space {
            if any_word {
                gap = run;
            } else {
                // Leading spaces: kept, as far as the row goes.
                for &(c, st) in run {
                    if row_w + cells(c) > width {
                        break;
                    }
                    row.push((c, st));
                    row_w += cells(c);
                }
            }
            continue;
        }
        any_word = true;
        let run_w: usize = run.iter().map(|&(c, _)| cells(c)).sum();
        let gap_w: usize = gap.iter().map(|&(c, _)| cells(c)).sum();
        if worded {
            if row_w + gap_w + run_w <= width || (run_w > width - indent && row_w + gap_w < width) {
                // It fits after the gap; or it is too long for any row, and starts here.
                row.extend_from_slice(gap);
                row_w += gap_w;
            } else {
                break_row(&mut row, &mut row_w, &mut worded);
            }
        }
        gap = &[];
        for &(c, st) in run {
            let w = cells(c);
            if row_w + w > width && worded {
                break_row(&mut row, &mut row_w, &mut worded);
            }
            row.push((c, st));
            row_w += w;
            worded = true;
        }
    }
    rows.push(row);
    rows.into_iter().map(|row| to_line(row, line)).collect()
}

/// One row of styled characters as a line with `like`'s style and alignment.
fn to_line(row: Vec<(char, Style)>, like: &Line<'_>) -> Line<'static> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    for (c, st) in row {
        match spans.last_mut() {
            Some(last) if last.style == st => last.content.to_mut().push(c),
            _ => spans.push(Span::styled(c.to_string(), st)),
        }
    }
    let mut out = Line::from(spans).style(like.style);
    out.alignment = like.alignment;
    out
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
        let mut w = last.width();
        while w + 1 > width {
            let Some(span) = last.spans.last_mut() else { break };
            match span.content.to_mut().pop() {
                Some(c) => w -= cells(c),
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
                    assert!(r.chars().map(cells).sum::<usize>() <= width, "{width}: {r:?}");
                }
                let joined: String = out.concat().split_whitespace().collect();
                let want: String = text.split_whitespace().collect();
                assert_eq!(joined, want, "{width}");
            }
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

    #[test]
    fn shown_replaces_controls_and_bidi_overrides() {
        assert_eq!(shown("The \u{202e}Hall\u{1b}[2J"), "The \u{fffd}Hall\u{fffd}[2J");
        assert_eq!(shown("plain"), "plain");
    }
}
