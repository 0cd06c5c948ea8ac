//! Deciding one cell from its two inputs: gathering what each passes into its square, whether
//! its centre is lit, and what it passes on. [`Quadrant::small`] takes the common case (off the
//! axes, at most one interval from each input) with a few comparisons; [`Quadrant::cell`] takes
//! any input. Walls go on to `wall.rs`.

use super::angle::Dir;
use super::intervals::{Interval, SMALL, Sink, set_contains};
use super::light::Light;
use super::quadrant::{Quadrant, Row, square};
use super::{Arenas, CellState, Observer};
use crate::fov::Fov;
use crate::geometry::Opacity;

/// Gathers into `into` the input of quadrant cell `(i, j)` (whose square angle is `own`) from
/// the outputs of its inputs (their intervals in `arena`): what the square above passes from
/// `own`'s low end on, then what the square to the left passes up to `own`'s high end. The two
/// meet at the corner the three squares share.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn gather(
    into: &mut impl Sink,
    i: i32,
    j: i32,
    own: Interval,
    left: Light,
    up: Light,
    arena: &[Interval],
) {
    if up == Light::FULL {
        if let Some(iv) = square(i, j - 1).clip_lo(own.lo, false) {
            into.push_joined(iv);
        }
    } else if up != Light::DARK {
        for iv in &arena[up.range()] {
            if let Some(iv) = iv.clip_lo(own.lo, false) {
                into.push_joined(iv);
            }
        }
    }
    if left == Light::FULL {
        if let Some(iv) = square(i - 1, j).clip_hi(own.hi, false) {
            into.push_joined(iv);
        }
    } else if left != Light::DARK {
        for iv in &arena[left.range()] {
            match iv.clip_hi(own.hi, false) {
                Some(iv) => into.push_joined(iv),
                None => break,
            }
        }
    }
}

/// The light of floor `(i, j)` whose inputs `left` and `up` pass it two intervals split at the
/// corner they share (rare), and whether its centre is lit.
///
/// (The two are worked out again here from the inputs, not passed: passed, the caller stored
/// them for the call on every cell with two inputs, not only on those that come here, and held
/// more on the stack besides. Measured: the 5 % map's unlimited view 3 % more instructions.)
#[cold]
#[inline(never)]
pub(super) fn two_parts(i: i32, j: i32, left: Light, up: Light, s: &mut Arenas) -> (Light, bool) {
    let (Some((u, _)), Some((l, _))) = input_parts(i, j, left, up, s) else { unreachable!("two inputs") };
    let start = s.arena.len();
    s.arena.push(u);
    s.arena.push(l);
    let c = Dir::new(i, j);
    (Light::part(&s.arena, start, i, j), u.contains(c) || l.contains(c))
}

/// What each input of quadrant cell `(i, j)` (off the axes, each passing it one interval at
/// most: see [`one_each`]) passes into its square, and whether that part reaches the square's
/// outer end (`lo` for the input above, `hi` for the left one) with the end included; `None`
/// for a dark input. (An input's light reaches this cell, so its part here is not empty: `lo`
/// is the far corner of the square above, `hi` that of the square to the left. Above's part
/// lies in `[lo, corner]`, the left's in `[corner, hi]`.)
#[inline(always)]
#[allow(clippy::type_complexity)]
pub(super) fn input_parts(
    i: i32,
    j: i32,
    left: Light,
    up: Light,
    s: &Arenas,
) -> (Option<(Interval, bool)>, Option<(Interval, bool)>) {
    let u = (up != Light::DARK).then(|| up_part(i, j, up, s));
    let l = (left != Light::DARK).then(|| left_part(i, j, left, s));
    (u, l)
}

/// [`input_parts`] for the input above, `up`, not dark.
#[inline(always)]
pub(super) fn up_part(i: i32, j: i32, up: Light, s: &Arenas) -> (Interval, bool) {
    let lo = Dir::new(2 * i + 1, 2 * j - 1);
    // An input of one interval has made the comparison with the square's outer end already:
    // that end is the far corner of the cell the light leaves (`lo` for the cell above, `hi`
    // for the one to the left), and the light's reach bit to that cell's other child is that
    // comparison, the same one `starting_at` and `ending_at` make: above's interval starts at
    // `lo` or before (`lo` included) iff it reaches the child to the right of the cell above,
    // the left's ends at `hi` or after iff it reaches the child below the cell to the left.
    // (Of two intervals, the bit is about the other one. Measured: the 5 % map's unlimited view
    // 3.3 % fewer instructions.)
    if up.whole_down() {
        (Interval::of(lo, false, Dir::new(2 * i - 1, 2 * j - 1), false), true)
    } else if up.intervals() == 1 {
        let iv = s.arena[up.range().start];
        debug_assert_eq!(up.to_right() != Light::DARK, iv.starting_at(lo).1);
        if up.to_right() != Light::DARK { (iv.with_lo(lo, false), true) } else { (iv, false) }
    } else {
        s.arena[up.range().end - 1].starting_at(lo) // (the first is below `lo` if two)
    }
}

/// [`input_parts`] for the input to the left, `left`, not dark.
#[inline(always)]
pub(super) fn left_part(i: i32, j: i32, left: Light, s: &Arenas) -> (Interval, bool) {
    let hi = Dir::new(2 * i - 1, 2 * j + 1);
    // (the reach bit below settles the comparison with `hi`: see `up_part`)
    if left.whole_to_right() {
        (Interval::of(Dir::new(2 * i - 1, 2 * j - 1), false, hi, false), true)
    } else if left.intervals() == 1 {
        let iv = s.arena[left.range().start];
        debug_assert_eq!(left.reaches_down(), iv.ending_at(hi).1);
        if left.reaches_down() { (iv.with_hi(hi, false), true) } else { (iv, false) }
    } else {
        s.arena[left.range().start].ending_at(hi)
    }
}

/// Whether each input of quadrant cell `(i, j)` (off the axes) passes at most one interval into
/// its square. An input that passes two passes one, when its other interval lies wholly beyond
/// the square: above's first ending before the square's low end, or the left's second starting
/// after its high end. (A wall lit on both sides of its diamond passes two parts that split
/// that way: the one below its diamond ends before its far corner, the one above starts after.)
#[inline(always)]
pub(super) fn one_each(i: i32, j: i32, left: Light, up: Light, arena: &[Interval]) -> bool {
    let (nu, nl) = (up.intervals(), left.intervals());
    if nu <= 1 && nl <= 1 {
        return true;
    }
    // (an end before a direction: a cross product above 0, or at 0 with the end open)
    nu <= 2
        && nl <= 2
        && (nu < 2 || {
            let first = arena[up.range().start];
            first.hi.cross(Dir::new(2 * i + 1, 2 * j - 1)) >= i64::from(!first.hi_open())
        })
        && (nl < 2 || {
            let second = arena[left.range().start + 1];
            Dir::new(2 * i - 1, 2 * j + 1).cross(second.lo) >= i64::from(!second.lo_open())
        })
}

impl<const T: bool> Quadrant<T> {
    /// [`Quadrant::cell`] for the common cell off the axes whose inputs pass one interval each
    /// at most into its square (see [`one_each`]; a whole square is one interval too): its
    /// input is at most two intervals, joined at the corner its inputs share. A floor passes that
    /// on; a wall goes through [`Quadrant::small_wall`] (a wall in full light never comes here:
    /// the loop hands it to [`Quadrant::lit_wall`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn small<O: Observer>(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        debug_assert!(i > 0 && j > 0 && one_each(i, j, left, up, &s.arena));
        let p = self.at(i, j);
        let ring = (i + j) as u32;
        let opaque = self.opaque_at(world, row, i, p);
        debug_assert!(!(opaque && up.whole_down() && left.whole_to_right()), "lit walls are the loop's");
        let (lo, hi) = (Dir::new(2 * i + 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
        debug_assert!(!(up == Light::DARK && left == Light::DARK), "culled cells are the loop's");
        if opaque {
            return self.small_wall(i, j, p, left, up, world, s, obs);
        }
        // A floor passes its input on. Whether its centre is lit and which children the light
        // reaches is mostly settled by where the centre `c` and the far corner `f` lie against
        // `corner`: below the diagonal (i > j) `corner < c < f`, above it `f < c < corner`, on
        // it the three are one direction. Above's part ends at `corner` or before, the left's
        // starts there or after; a part that reaches the square's end needs no comparison there.
        // And an interval that starts at or before the earlier of `c` and `f` starts at or
        // before the later one too, one that ends at or after the later ends after the earlier.
        let (c, f) = (Dir::new(i, j), Dir::new(2 * i + 1, 2 * j + 1));
        // (an end before a direction: a cross product above 0, or at 0 with the end closed)
        let lo_to = |iv: &Interval, d: Dir| iv.lo.cross(d) >= i64::from(iv.lo_open());
        let to_hi = |iv: &Interval, d: Dir| d.cross(iv.hi) >= i64::from(iv.hi_open());
        // (each case takes its inputs' parts itself: taken before the cases part, they were
        // held on the stack through them, 1 % more instructions on the 5 % map's unlimited view)
        let (light, visible) = if up == Light::DARK {
            let (l, l_end) = left_part(i, j, left, s);
            let start = s.arena.len();
            s.arena.push(l);
            let to_right = i >= j && lo_to(&l, f);
            let down = l_end || i < j || to_hi(&l, f);
            let visible = to_right && (down || to_hi(&l, c)) && (i == j || lo_to(&l, c));
            (Light::one_at(start, to_right, down, false, l_end), visible)
        } else if left == Light::DARK {
            // all of it at `corner` or before: the centre is lit only at or above the diagonal,
            // and the light reaches below only there
            let (u, u_end) = up_part(i, j, up, s);
            let start = s.arena.len();
            s.arena.push(u);
            let to_right = u_end || i > j || lo_to(&u, f);
            let down = i <= j && to_hi(&u, f);
            let visible = down && (to_right || lo_to(&u, c)) && (i == j || to_hi(&u, c));
            (Light::one_at(start, to_right, down, u_end, false), visible)
        } else {
            let ((u, u_end), (l, l_end)) = (up_part(i, j, up, s), left_part(i, j, left, s));
            if !u.joins(l) {
                two_parts(i, j, left, up, s)
            } else if u_end && l_end {
                s.seen.push(p);
                obs.cell(p, ring, CellState::Lit, true);
                return Light::FULL;
            } else {
                // one interval through `corner`, which is lit
                let start = s.arena.len();
                s.arena.push(u.with_hi(l.hi, l.hi_open()));
                // (not through `u_end`, which says `u` starts at `lo`, before `f`: the comparison
                // says so too, where that shortcut was one more branch to foresee. Measured: the
                // 5 % map's unlimited view 1.5 % fewer instructions and 3 % faster, caves 3-4 %.
                // The other shortcuts through `u_end` and `l_end` stay: without them the 5 % map
                // ran 1-3 % slower, the light's reach then tested as data where it was known.)
                let to_right = i >= j || lo_to(&u, f);
                let down = l_end || i <= j || to_hi(&l, f);
                let visible = (i <= j || down || to_hi(&l, c)) && (i >= j || to_right || lo_to(&u, c));
                (Light::one_at(start, to_right, down, u_end, l_end), visible)
            }
        };
        debug_assert_eq!(
            (light, visible),
            {
                let r = light.range();
                let set = &s.arena[r.clone()];
                let reach = Light::reach(&set[0], &set[set.len() - 1], i, j);
                // (a child's part is whole when one interval holds both its ends)
                let holds = |a: Dir, b: Dir| set.len() == 1 && set[0].contains(a) && set[0].contains(b);
                let whole = if holds(lo, f) { Light::WHOLE_RIGHT } else { 0 }
                    | if holds(f, hi) { Light::WHOLE_DOWN } else { 0 };
                (Light((r.start as u64) << 32 | reach | whole | r.len() as u64), set_contains(set, c))
            },
            "cell ({i}, {j})"
        );
        if visible {
            s.seen.push(p);
        }
        obs.cell(p, ring, CellState::Edge, visible);
        light
    }

    /// Decides quadrant cell `(i, j) != (0, 0)` from the outputs of its inputs, marks it if it is
    /// visible, and returns its own output.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn cell<O: Observer>(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        let p = self.at(i, j);
        let ring = (i + j) as u32;
        // Fast path: every input gives this cell its whole part, so this square is whole too
        // (the inputs' squares cover its angle).
        let whole = (j == 0 || up.whole_down()) && (i == 0 || left.whole_to_right());
        if whole && !self.opaque(world, p) {
            out.mark_inside(p);
            obs.cell(p, ring, CellState::Lit, true);
            return Light::FULL;
        }
        let own = square(i, j);
        if whole {
            if i > 0 && j > 0 {
                return self.lit_wall(i, j, p, world, s, obs);
            }
            return self.axis_wall(i, j, p, world, out, s, obs);
        }
        // The input: what the square above passes, from this square's low end on, then what the
        // square to the left passes, up to this square's high end. The two meet at the corner
        // the three squares share. (Off the axes with at most one interval from each input this
        // is `Quadrant::small`'s job.) Gathered inline when the inputs pass few intervals
        // (joining never lengthens a set), else in the scratch buffer.
        let (input, full): (&[Interval], bool) = {
            let input: &[Interval] = if up.intervals() + left.intervals() <= SMALL {
                s.small.clear();
                gather(&mut s.small, i, j, own, left, up, &s.arena);
                s.small.as_slice()
            } else {
                s.input.clear();
                gather(&mut s.input, i, j, own, left, up, &s.arena);
                &s.input
            };
            if input.is_empty() {
                obs.cell(p, ring, CellState::Culled, false);
                return Light::DARK;
            }
            let full = input.len() == 1 && {
                let iv = input[0];
                !iv.lo_open() && !iv.hi_open() && iv.lo.same(own.lo) && iv.hi.same(own.hi)
            };
            (input, full)
        };
        // (a culled cell's opacity does not matter: it is not looked up)
        let opaque = self.opaque(world, p);
        let state = if full { CellState::Lit } else { CellState::Edge };
        if !opaque {
            // a floor is visible iff the ray through its centre arrives lit, and passes its
            // input on unchanged
            let visible = full || set_contains(input, Dir::new(i, j));
            if visible {
                out.mark_inside(p);
            }
            obs.cell(p, ring, state, visible);
            if full {
                return Light::FULL;
            }
            let start = s.arena.len();
            for &iv in input {
                s.arena.push(iv); // a loop: these are one or two, too few for a memcpy call
            }
            return Light::part(&s.arena, start, i, j);
        }
        self.wall(i, j, p, input, full, world, out, &mut s.arena, obs)
    }
}
