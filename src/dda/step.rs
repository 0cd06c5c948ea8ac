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
