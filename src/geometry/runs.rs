//! Scanning a stretch of a row for what blocks sight: how many cells from one end are clear
//! ([`leading`], [`trailing`], [`run_in_row`]), and whether a span of "is opaque" flags, or two
//! at once, holds none ([`all_clear`], [`both_clear`]).
//!
//! The field of view asks these of many short spans a view: of the rows of a dense grid (see
//! [`Opacity::transparent_run`](super::Opacity::transparent_run) and
//! [`Opacity::opaque_row`](super::Opacity::opaque_row)) and of its own lists. Looking at a
//! chunk of cells at a time without stopping at the first wall lets the compiler turn each chunk
//! into a few vector instructions, where a search cell by cell would branch on every one.

/// How many cells of `row`, from `x` stepping `dx` (`1` or `-1`) and no more than `max`, pass
/// `clear`; nothing outside the row does.
#[inline]
pub(crate) fn run_in_row<T>(row: &[T], x: i32, dx: i32, max: usize, clear: impl Fn(&T) -> bool) -> usize {
    if x < 0 || x as usize >= row.len() {
        return 0;
    }
    let x = x as usize;
    if dx > 0 {
        leading(&row[x..row.len().min(x + max)], clear)
    } else {
        trailing(&row[(x + 1).saturating_sub(max)..=x], clear)
    }
}

/// Whether no flag of `span` is set: a stretch of an opacity row with no wall in it.
///
/// Every flag is looked at, without stopping at the first wall (the caller expects none, and
/// when there is one it only needs to know that): sixteen at a time, or-ed into sixteen
/// accumulators, the last sixteen overlapping the ones before if need be (eight and eight for a
/// span shorter than that). The compiler makes each sixteen one load and one `or`; a span of up
/// to 32, a row of a small view, takes two and no loop, a handful of instructions.
#[inline]
pub(crate) fn all_clear(span: &[bool]) -> bool {
    let n = span.len();
    if n < CHUNK {
        return !span.iter().fold(false, |any, &opaque| any | opaque);
    }
    if n < WIDE {
        let mut any = [false; CHUNK];
        or_in(&mut any, &span[..CHUNK]);
        or_in(&mut any, &span[n - CHUNK..]);
        return none(any);
    }
    let mut any = [false; WIDE];
    if n <= 2 * WIDE {
        // (the rows of a small view: two, no loop)
        or_in(&mut any, &span[..WIDE]);
        or_in(&mut any, &span[n - WIDE..]);
        return none(any);
    }
    long(span)
}

/// [`all_clear`] for two spans at once: whether neither has a flag set. Two rows of a view at
/// one distance from the viewer, one above and one below, of one length: from 8 to 32 flags
/// (the rows of a small view) their chunks are or-ed into the same accumulators, one test for
/// both, inline; longer ones go to [`all_clear`]'s loop in turn, and the rest (a few short
/// rows a view, or spans of different lengths) to [`all_clear`] out of line.
#[inline(always)]
pub(crate) fn both_clear(a: &[bool], b: &[bool]) -> bool {
    let n = a.len();
    if (WIDE..=2 * WIDE).contains(&n) && b.len() == n {
        let mut any = [false; WIDE];
        for span in [a, b] {
            or_in(&mut any, &span[..WIDE]);
            or_in(&mut any, &span[n - WIDE..]);
        }
        none(any)
    } else if n > 2 * WIDE && b.len() == n {
        long(a) && long(b)
    } else if (CHUNK..WIDE).contains(&n) && b.len() == n {
        let mut any = [false; CHUNK];
        for span in [a, b] {
            or_in(&mut any, &span[..CHUNK]);
            or_in(&mut any, &span[n - CHUNK..]);
        }
        // (as one word: the compiler makes a poor job of eight separate flags)
        u64::from_ne_bytes(any.map(u8::from)) == 0
    } else {
        apart(a, b)
    }
}

/// [`both_clear`] for spans of other lengths: each looked at alone, out of line (inlined, the
/// paths for all lengths would crowd the caller's loop: measured slower).
#[inline(never)]
fn apart(a: &[bool], b: &[bool]) -> bool {
    all_clear(a) && all_clear(b)
}

/// Ors each flag of `chunk` into `any`.
fn or_in<const N: usize>(any: &mut [bool; N], chunk: &[bool]) {
    any.iter_mut().zip(chunk).for_each(|(a, &opaque)| *a |= opaque);
}

/// Whether no flag of `any` is set.
fn none<const N: usize>(any: [bool; N]) -> bool {
    !any.iter().fold(false, |all, &a| all | a)
}

/// How many flags [`all_clear`] looks at in one go.
const WIDE: usize = 2 * CHUNK;

/// [`all_clear`] for spans of more than two wide chunks, in a loop of its own: out of line, the
/// compiler unrolls it well.
#[inline(never)]
fn long(span: &[bool]) -> bool {
    let n = span.len();
    let mut any = [false; WIDE];
    let mut i = 0;
    while i + WIDE < n {
        any.iter_mut().zip(&span[i..i + WIDE]).for_each(|(a, &opaque)| *a |= opaque);
        i += WIDE;
    }
    any.iter_mut().zip(&span[n - WIDE..]).for_each(|(a, &opaque)| *a |= opaque);
    !any.iter().fold(false, |all, &a| all | a)
}

/// How many items a chunk of [`leading`] and [`trailing`] holds.
const CHUNK: usize = 8;

/// How many items at the start of `span` pass `clear`.
///
/// Whole chunks are tested without stopping at the first failure, which the compiler turns
/// into a few vector instructions per chunk; the chunk where the run ends is searched item by
/// item.
#[inline]
pub(crate) fn leading<T>(span: &[T], clear: impl Fn(&T) -> bool) -> usize {
    let mut n = 0;
    for chunk in span.chunks_exact(CHUNK) {
        if !chunk.iter().fold(true, |all, c| all & clear(c)) {
            break;
        }
        n += CHUNK;
    }
    n + span[n..].iter().position(|c| !clear(c)).unwrap_or(span.len() - n)
}

/// How many items at the end of `span` pass `clear` (see [`leading`]).
#[inline]
pub(crate) fn trailing<T>(span: &[T], clear: impl Fn(&T) -> bool) -> usize {
    let mut n = 0;
    for chunk in span.rchunks_exact(CHUNK) {
        if !chunk.iter().fold(true, |all, c| all & clear(c)) {
            break;
        }
        n += CHUNK;
    }
    let rest = &span[..span.len() - n];
    n + rest.iter().rev().position(|c| !clear(c)).unwrap_or(rest.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_longer_than_a_chunk_end_at_the_first_wall_either_way() {
        // Against the definition, item by item: spans from empty to several chunks long, clear
        // or with one wall anywhere (also on chunk boundaries).
        for len in 0..3 * CHUNK + 3 {
            for wall in (0..len).map(Some).chain([None]) {
                let span: Vec<bool> = (0..len).map(|k| Some(k) == wall).collect();
                let clear = |&opaque: &bool| !opaque;
                let front = span.iter().take_while(|c| clear(c)).count();
                let back = span.iter().rev().take_while(|c| clear(c)).count();
                assert_eq!(leading(&span, clear), front, "len {len} wall {wall:?}");
                assert_eq!(trailing(&span, clear), back, "len {len} wall {wall:?}");
            }
        }
    }

    #[test]
    fn a_span_is_clear_iff_no_flag_is_set_wherever_the_wall_is() {
        // Spans from empty to several chunks long (the last chunk overlapping or not), clear or
        // with one wall anywhere, or walls everywhere.
        for len in 0..5 * CHUNK + 3 {
            assert!(all_clear(&vec![false; len]), "len {len}");
            assert_eq!(all_clear(&vec![true; len]), len == 0, "len {len}");
            for wall in 0..len {
                let span: Vec<bool> = (0..len).map(|k| k == wall).collect();
                assert!(!all_clear(&span), "len {len} wall {wall}");
            }
        }
    }

    #[test]
    fn two_spans_are_clear_iff_neither_has_a_flag_set() {
        // Pairs of spans of every length up to several chunks (each path of `both_clear`):
        // clear, or with one wall anywhere in either, or walls everywhere in one.
        for len in 0..5 * CHUNK + 3 {
            let clear = vec![false; len];
            assert!(both_clear(&clear, &clear), "len {len}");
            assert_eq!(both_clear(&vec![true; len], &clear), len == 0, "len {len}");
            assert_eq!(both_clear(&clear, &vec![true; len]), len == 0, "len {len}");
            for wall in 0..len {
                let span: Vec<bool> = (0..len).map(|k| k == wall).collect();
                assert!(!both_clear(&span, &clear), "len {len} wall {wall} in the first");
                assert!(!both_clear(&clear, &span), "len {len} wall {wall} in the second");
            }
        }
    }
}
