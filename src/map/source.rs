//! Line and column lookups in a map file's text, built only when a problem needs a location.

use std::cell::OnceCell;

use super::error::{Problem, excerpt};

/// A map file's text with a lazily built, sparse index of where its lines start.
///
/// A valid map never builds the index; a broken one builds it once, however many problems it
/// has. The index keeps the start of every [`STRIDE`]th line only, so it costs at most an
/// eighth of the text even for a hostile file of nothing but newlines (a full index would cost
/// eight bytes a line: half a gigabyte for a 64 MB file of newlines). Locating a problem costs a
/// binary search, a scan of at most `STRIDE` lines, and the characters of its line.
pub(crate) struct SourceIndex<'s> {
    src: &'s str,
    /// `checkpoints[k]` is the byte offset where line `k * STRIDE + 1` (1-based) starts.
    checkpoints: OnceCell<Vec<usize>>,
}

/// Lines between two checkpoints of the index.
const STRIDE: usize = 64;

impl<'s> SourceIndex<'s> {
    pub(crate) fn new(src: &'s str) -> Self {
        SourceIndex { src, checkpoints: OnceCell::new() }
    }

    pub(crate) fn src(&self) -> &'s str {
        self.src
    }

    fn checkpoints(&self) -> &[usize] {
        self.checkpoints.get_or_init(|| {
            let newlines = self.src.bytes().enumerate().filter(|&(_, b)| b == b'\n');
            let every = newlines.map(|(i, _)| i + 1).skip(STRIDE - 1).step_by(STRIDE);
            std::iter::once(0).chain(every).collect()
        })
    }

    /// The byte offset where line `line` (1-based) starts, if the text has that line.
    fn line_start(&self, line: usize) -> Option<usize> {
        let i = line.checked_sub(1)?;
        let mut at = *self.checkpoints().get(i / STRIDE)?;
        for _ in 0..i % STRIDE {
            at += self.src.as_bytes()[at..].iter().position(|&b| b == b'\n')? + 1;
        }
        Some(at)
    }

    /// The byte offset of 1-based line `line` and character column `col` (clamped to the line's
    /// end, or to the text's when it has no such line).
    pub(crate) fn offset(&self, line: usize, col: usize) -> usize {
        let Some(start) = self.line_start(line) else { return self.src.len() };
        let rest = &self.src[start..];
        let line_len = rest.find('\n').unwrap_or(rest.len());
        start + rest[..line_len].char_indices().nth(col.saturating_sub(1)).map_or(line_len, |(i, _)| i)
    }

    /// The 1-based line and character column of byte `offset` (clamped to the text).
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let checkpoints = self.checkpoints();
        let k = checkpoints.partition_point(|&s| s <= offset).max(1) - 1;
        let before = &self.src.as_bytes()[checkpoints[k]..offset];
        let lines = before.iter().filter(|&&b| b == b'\n').count();
        let start =
            before.iter().rposition(|&b| b == b'\n').map_or(checkpoints[k], |p| checkpoints[k] + p + 1);
        let col = self.src.get(start..offset).map_or(0, |s| s.chars().count());
        (k * STRIDE + lines + 1, col + 1)
    }

    /// Line `line` (1-based) without its line ending, cut to a readable excerpt around
    /// `column` (see [`Problem::source_line`]): the caret display needs the column's character
    /// however far along a long line it is, and a problem need not keep a whole huge line.
    pub(crate) fn line_text(&self, line: usize, column: Option<usize>) -> Option<String> {
        let start = self.line_start(line)?;
        let end = self.src.as_bytes()[start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(self.src.len(), |p| start + p);
        let text = self.src.get(start..end)?;
        let text = text.strip_suffix('\r').unwrap_or(text);
        Some(excerpt(text, column))
    }

    /// A problem at `line` and `column`, carrying the line's text for the caret display.
    pub(crate) fn problem(&self, line: usize, column: Option<usize>, message: String) -> Problem {
        Problem { line: Some(line), column, message, source_line: self.line_text(line, column) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let idx = SourceIndex::new("ab\r\nçd\n\nx");
        assert_eq!(idx.line_col(0), (1, 1));
        assert_eq!(idx.line_col(1), (1, 2));
        assert_eq!(idx.line_col(4), (2, 1));
        // 'ç' is two bytes; 'd' is the second character of line 2
        assert_eq!(idx.line_col(6), (2, 2));
        assert_eq!(idx.line_col(9), (4, 1));
        assert_eq!(idx.line_col(999), (4, 2));
        assert_eq!(idx.line_text(1, None).as_deref(), Some("ab"));
        assert_eq!(idx.line_text(2, None).as_deref(), Some("çd"));
        assert_eq!(idx.line_text(3, None).as_deref(), Some(""));
        assert_eq!(idx.line_text(4, None).as_deref(), Some("x"));
        assert_eq!(idx.line_text(5, None), None);
        assert_eq!(idx.line_text(0, None), None);
    }

    #[test]
    fn lines_past_many_checkpoints_are_found() {
        let src: String = (1..=1000).map(|i| format!("line {i}\n")).collect();
        let idx = SourceIndex::new(&src);
        for line in [1, 63, 64, 65, 128, 129, 999, 1000] {
            assert_eq!(idx.line_text(line, None), Some(format!("line {line}")));
            let start = if line == 1 { 0 } else { src.match_indices('\n').nth(line - 2).unwrap().0 + 1 };
            assert_eq!(idx.line_col(start), (line, 1));
            assert_eq!(idx.line_col(start + 5), (line, 6));
        }
        assert_eq!(idx.line_text(1001, None).as_deref(), Some(""));
        assert_eq!(idx.line_text(1002, None), None);
        assert_eq!(idx.line_col(src.len()), (1001, 1));
    }
}
