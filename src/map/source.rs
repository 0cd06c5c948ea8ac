//! Line and column lookups in a map file's text, built only when a problem needs a location.

use std::cell::OnceCell;

use super::error::Problem;

/// A map file's text with a lazily built index of where its lines start.
///
/// A valid map never builds the index; a broken one builds it once, however many problems it
/// has, so locating each problem costs a binary search plus the characters of one line.
pub(crate) struct SourceIndex<'s> {
    src: &'s str,
    line_starts: OnceCell<Vec<usize>>,
}

impl<'s> SourceIndex<'s> {
    pub(crate) fn new(src: &'s str) -> Self {
        SourceIndex { src, line_starts: OnceCell::new() }
    }

    pub(crate) fn src(&self) -> &'s str {
        self.src
    }

    fn starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            std::iter::once(0).chain(self.src.match_indices('\n').map(|(i, _)| i + 1)).collect()
        })
    }

    /// The 1-based line and character column of byte `offset` (clamped to the text).
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.src.len());
        let starts = self.starts();
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let start = starts[line - 1];
        let col = self.src.get(start..offset).map_or(0, |s| s.chars().count());
        (line, col + 1)
    }

    /// Line `line` (1-based) without its line ending, cut to a readable length.
    pub(crate) fn line_text(&self, line: usize) -> Option<String> {
        const MAX_SHOWN: usize = 200;
        let starts = self.starts();
        let start = *starts.get(line.checked_sub(1)?)?;
        let end = starts.get(line).map_or(self.src.len(), |&next| next - 1);
        let text = self.src.get(start..end)?;
        let text = text.strip_suffix('\r').unwrap_or(text);
        Some(text.chars().take(MAX_SHOWN).collect())
    }

    /// A problem at `line` and `column`, carrying the line's text for the caret display.
    pub(crate) fn problem(&self, line: usize, column: Option<usize>, message: String) -> Problem {
        Problem { line: Some(line), column, message, source_line: self.line_text(line) }
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
        assert_eq!(idx.line_text(1).as_deref(), Some("ab"));
        assert_eq!(idx.line_text(2).as_deref(), Some("çd"));
        assert_eq!(idx.line_text(3).as_deref(), Some(""));
        assert_eq!(idx.line_text(4).as_deref(), Some("x"));
        assert_eq!(idx.line_text(5), None);
        assert_eq!(idx.line_text(0), None);
    }
}
