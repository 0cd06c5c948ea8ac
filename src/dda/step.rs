//! The step rule every walk of this module shares: one signed error term decides, cell by cell,
//! whether the walk steps in x, in y, or in both at once.

use std::hint::select_unpredictable;

/// The next step of a walk whose error term is `err`: `(step in x, step in y, error term after
/// the step)`.
///
/// The contract: the walk steps in x when `err <= 0` and in y when `err >= 0` (so both at
/// `err == 0`, an exact corner), and the error term then gains `inc_x` for an x step and loses
/// `inc_y` for a y step. Each walk encodes "which boundary is crossed next" in that one sign:
/// [`super::cells`](fn@super::cells) exactly in doubled coordinates, [`super::world::traverse`] with its corner
/// bias folded in. An axis with nothing to cross keeps the sign on the other side of zero.
///
/// Branch-free: the three possible next error terms are formed side by side and one is selected
/// by the sign of `err`, so nothing waits on a guess about which boundary comes first. The
/// candidates wrap: a walk keeps the selected one in range (its own invariant), while the ones
/// thrown away may overflow.
#[inline(always)]
pub(super) fn step(err: i64, inc_x: i64, inc_y: i64) -> (bool, bool, i64) {
    let after_x = err.wrapping_add(inc_x);
    let after_y = err.wrapping_sub(inc_y);
    let after_both = after_x.wrapping_sub(inc_y);
    let next = select_unpredictable(err < 0, after_x, select_unpredictable(err > 0, after_y, after_both));
    (err <= 0, err >= 0, next)
}

/// A walk's next `left` axis steps by the [step rule](step), from cell `at` in the direction
/// `step` (each −1, 0 or 1), folded into `init` with `f`: every cell before each step, then the
/// cell after the last. A step through an exact corner (`err == 0`) takes both axes at once and
/// counts as two.
///
/// The walk's caller vouches that the next `left` axis steps are all the walk's own: in the
/// step rule's merged order, its remaining crossings on each axis come before any past its end.
/// Then the walk needs no end test on the error term's path, and the loop's count does not wait
/// on the error term, which has two cases (plus a rare branch for an exact corner) instead of
/// the rule's three. Both walks of this module qualify: [`super::cells`](fn@super::cells)
/// between two cell centres (a crossing past the end point is more than the whole segment
/// away), and [`super::world::traverse`] walked in exact integers (see its `fold`).
///
/// Every quantity the step changes is selected between two values already formed: each
/// coordinate and its value one step on, and the error term's two successors. Written as "add
/// the selected step", the compiler's own form, a coordinate's step costs about two more
/// instructions, and each step waits on a comparison, a select and an addition of the error term
/// instead of a comparison and a select. Measured against that form (`cargo bench --bench dda`):
/// short walks about a tenth faster, long ones level.
///
/// The loop carries the error term shifted up by `inc_y` (`shifted`; the walks keep the term
/// and `inc_y` each below 2^62 in magnitude, so it fits): one subtraction then gives the error
/// term, its sign and zero for the step, and the shifted term after a y step all at once, and
/// the x step's successor is one addition. Three instructions a step fewer than carrying the
/// error term itself; long walks about 15 % faster.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn fold_counted<B>(
    at: (i64, i64),
    step: (i64, i64),
    err: i64,
    inc_x: i64,
    inc_y: i64,
    mut left: u64,
    init: B,
    mut f: impl FnMut(B, (i64, i64)) -> B,
) -> B {
    let ((mut x, mut y), (step_x, step_y)) = (at, step);
    let mut acc = init;
    let mut shifted = err.wrapping_add(inc_y);
    while left != 0 {
        acc = f(acc, (x, y));
        let err = shifted.wrapping_sub(inc_y);
        let ahead_x = shifted.wrapping_add(inc_x);
        let (nx, ny) = (x.wrapping_add(step_x), y.wrapping_add(step_y));
        if err == 0 {
            // An exact corner: both axes at once, two of the steps counted (one here, one with
            // the others below).
            x = nx;
            y = ny;
            shifted = ahead_x.wrapping_sub(inc_y);
            left -= 1;
        } else {
            let in_x = err < 0;
            x = select_unpredictable(in_x, nx, x);
            y = select_unpredictable(in_x, y, ny);
            shifted = select_unpredictable(in_x, ahead_x, err);
        }
        left -= 1;
    }
    f(acc, (x, y))
}
