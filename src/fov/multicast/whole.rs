//! The shortcuts for cells in full light: a whole row under a whole row, a run of whole floors
//! marked in one go, and the turned scan's corridor side, where each cell is one comparison with
//! the direction the cell before leaves it.

use super::Arenas;
use super::angle::Dir;
use super::intervals::Interval;
use super::light::Light;
use super::quadrant::{Quadrant, Row};
use super::scan::put;
use super::{CellState, Observer};
use crate::fov::Fov;
use crate::geometry::Opacity;
#[cfg(debug_assertions)]
use {
    super::cell::gather,
    super::intervals::{Sink, SmallSet, set_contains, set_meets_open},
    super::quadrant::{sq_hi, sq_lo, square},
    super::wall::wall_angle,
    crate::geometry::Pos,
};

impl<const T: bool> Quadrant<T> {
    /// Row `j` (with the viewer inside the area) when the row above passes its whole squares
    /// from the axis to `ilim` at least: if its cells from the axis to `ilim` are all floors,
    /// each has two whole inputs and is whole too, and so is the row. Then marks the row and
    /// returns true; else does nothing (the cell loop takes the row).
    ///
    /// This is the open room's row, decided with one look along the world's row and marked in
    /// one go: no light is written down, as the next row only needs to know that this one was
    /// whole (see `unsaved` in [`Quadrant::scan`]). The axis cell also belongs to the quadrant
    /// on the other side of the y axis, which decides it the same way (a floor on the axis is
    /// seen from both sides or from neither: the rays to its centre run along the axis). The
    /// `sx > 0` quadrant is scanned first and marks it; the `sx < 0` one leaves it alone here.
    #[inline(always)]
    pub(super) fn whole_row(
        &self,
        j: i32,
        ilim: i32,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
    ) -> bool {
        let n = ilim as usize + 1;
        let y = self.origin.y + self.sy * j;
        let clear = match world.opaque_row(y) {
            Some(row) => {
                let x0 = if self.sx > 0 { self.origin.x } else { self.origin.x - ilim } as usize;
                row.get(x0..x0 + n).is_some_and(crate::geometry::all_clear)
            }
            None => world.transparent_run(self.at(0, j), self.sx, n) == n,
        };
        if clear {
            if self.sx > 0 {
                out.mark_row(self.at(0, j), n);
            } else if n > 1 {
                out.mark_row(self.at(ilim, j), n - 1);
            }
        }
        clear
    }

    /// Marks the run of whole floors of row `j` that starts at floor `i` (both of whose inputs
    /// give it their whole parts, and the cell above its successor gives that its own): every
    /// floor after it under cells that do so is whole too. Returns the run's last cell. `whole_to` caches how far
    /// the row above stays whole from `i` on (up to `end`), so a row is scanned once. Off the
    /// axis, no other quadrant visits these cells, and they are inside the area.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn whole_run<O: Observer>(
        &self,
        i: i32,
        j: i32,
        end: i32,
        whole_to: &mut i32,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        front: &mut [Light],
        obs: &mut O,
    ) -> i32 {
        if i > *whole_to {
            // (i + 1 <= end: the cell above i + 1 gives it its whole part)
            let beyond = &front[i as usize + 2..=end as usize];
            *whole_to = i + 1 + crate::geometry::leading(beyond, |l| l.whole_down()) as i32;
        }
        let p = self.at(i, j);
        let n = world.transparent_run(p, self.sx, (*whole_to - i + 1) as usize).max(1);
        out.mark_new_run(p, self.sx, n);
        let last = i + n as i32 - 1;
        if O::WATCHES {
            for k in i..=last {
                obs.cell(self.at(k, j), (k + j) as u32, CellState::Lit, true);
            }
        }
        front[i as usize..last as usize].fill(Light::FULL);
        last
    }

    /// The cells of row `j` from `i` (below the diagonal, `i > j`) up to `end` while the square
    /// above each passes it its whole part (`FULL`), with `left` the light from the left of
    /// `i`, which does not give it its whole part. Writes their lights and runs as the cell
    /// loop does, and returns the cell after the stretch and the light of its last cell
    /// (which reaches to the right); `None`, having done nothing, when the light from the left
    /// is not one interval in `i`'s square that starts at `corner`.
    ///
    /// Such a cell's input is one interval `[lo, x]`: the part from above is `[lo, corner]`, both
    /// ends included, and the part from the left starts at `corner` (where the square to the
    /// left starts). So one direction, `x`, is the stretch's whole state (the square's high end
    /// `hi` when whole), and each cell decides with one or two comparisons:
    ///
    /// - A floor is visible iff its centre is at `x` or before, and passes on `[lo, x]`: it
    ///   reaches the child below iff `x` is at the far corner `f` or past it, and then gives the
    ///   child to the right its whole part, `[lo, f]`, the next cell's `[corner, hi]`; else the
    ///   next cell gets `x` again.
    /// - A wall is seen: `corner` lies inside its diamond's open angle `(lo_v, hi_v)` (below
    ///   the diagonal, the vertices `(2i, 2j∓1)`). It passes `[lo, lo_v]` to the right, no seal
    ///   on `lo_v` (the cell across it is the floor above), so the next cell's `x` is `lo_v`;
    ///   and below, `[hi_v, x]` if `x` is past `hi_v`, open at `hi_v` if the cell across it,
    ///   `(i, j + 1)`, is opaque (a seal); if `x` is `hi_v` itself, included, that one ray,
    ///   unless the seal takes it.
    ///
    /// Row 1 under the axis row's floors is such a stretch: the row beside a wall line seen
    /// along its length (a corridor's side; in a turned scan, the map column beside the
    /// corridor), where light grazes the line behind each wall for cell after cell, that the
    /// cell loop would work out from two inputs each time. (Inlined: its one call is the
    /// turned scan's, and out of line its set-up cost 1.4 % of the rooms map's radius-8 view.)
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn under_whole(
        &self,
        mut i: i32,
        j: i32,
        end: i32,
        left: Light,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        front: &mut [Light],
        s: &mut Arenas,
        gap: &mut usize,
    ) -> Option<(i32, Light)> {
        debug_assert!(i > j && j > 0 && i <= end && front[i as usize] == Light::FULL);
        let (corner, hi) = (Dir::new(2 * i - 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
        // `x` and whether it is left out; `whole` when `x` is `hi`, included
        let (mut x, mut x_open, mut whole) = if left == Light::DARK {
            (corner, false, false)
        } else if left.intervals() == 1 {
            let iv = s.arena[left.range().start];
            if iv.lo.cross(corner) < 0 {
                return None; // a gap after `corner`: two intervals
            }
            let past = hi.cross(iv.hi);
            if past > 0 || (past == 0 && !iv.hi_open()) {
                (hi, false, true)
            } else {
                (iv.hi, iv.hi_open(), false)
            }
        } else {
            return None;
        };
        let mut light;
        #[cfg(debug_assertions)]
        let mut prev = left;
        loop {
            let p = self.at(i, j);
            let lo = Dir::new(2 * i + 1, 2 * j - 1);
            let f = Dir::new(2 * i + 1, 2 * j + 1);
            #[cfg(debug_assertions)]
            let input = Self::check_under_whole_input(i, j, prev, x, x_open, whole, s);
            let start = s.arena.len();
            if !self.opaque_at(world, row, i, p) {
                if whole {
                    s.seen.push(p);
                    light = Light::FULL;
                } else {
                    if Dir::new(i, j).cross(x) >= i64::from(x_open) {
                        s.seen.push(p);
                    }
                    let down = f.cross(x) >= i64::from(x_open);
                    s.arena.push(Interval::of(lo, false, x, x_open));
                    let reach = if down { Light::DOWN | Light::WHOLE_RIGHT } else { 0 };
                    light = Light((start as u64) << 32 | Light::TO_RIGHT | reach | 1);
                    whole = down;
                }
                if whole {
                    (x, x_open) = (f, false);
                }
            } else {
                if self.viewer_inside || self.in_area(p) {
                    s.seen.push(p);
                }
                let (lo_v, hi_v) = (Dir::new(2 * i, 2 * j - 1), Dir::new(2 * i, 2 * j + 1));
                s.arena.push(Interval::of(lo, false, lo_v, false));
                let past = hi_v.cross(x);
                let above = past > 0 || (past == 0 && !x_open && !self.opaque(world, self.at(i, j + 1)));
                light = if above {
                    let sealed = past > 0 && self.opaque(world, self.at(i, j + 1));
                    s.arena.push(Interval::of(hi_v, sealed, x, x_open));
                    Light((start as u64) << 32 | Light::TO_RIGHT | Light::DOWN | 2)
                } else {
                    Light((start as u64) << 32 | Light::TO_RIGHT | 1)
                };
                (x, x_open, whole) = (lo_v, false, false);
            }
            #[cfg(debug_assertions)]
            {
                self.check_under_whole(i, j, p, input, light, world, s);
                prev = light.to_right();
            }
            put(front, gap, i, light);
            i += 1;
            if i > end || front[i as usize] != Light::FULL {
                return Some((i, light));
            }
        }
    }

    /// The input of cell `(i, j)` as its inputs give it, the square above whole and `left`
    /// from the left, checked to be the `[lo, x]` that [`Quadrant::under_whole`] takes it for.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_under_whole_input(
        i: i32,
        j: i32,
        left: Light,
        x: Dir,
        x_open: bool,
        whole: bool,
        s: &Arenas,
    ) -> SmallSet {
        let own = square(i, j);
        let mut input = SmallSet::new();
        gather(&mut input, i, j, own, left, Light::FULL, &s.arena);
        let ours = Interval::of(own.lo, false, x, x_open);
        assert!(
            input.as_slice().len() == 1 && input.as_slice()[0].same_set(&ours),
            "under_whole ({i}, {j}): input {:?}, not {ours:?}",
            input.as_slice()
        );
        assert_eq!(whole, x.same(own.hi) && !x_open, "under_whole ({i}, {j}): whole");
        input
    }

    /// Checks [`Quadrant::under_whole`]'s light for cell `(i, j)` whose input is `input`
    /// against the general rules: a floor's passes its input on, a wall's its input outside
    /// its diamond's open angle less the seals; the reach bits, and the cell marked iff seen.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_under_whole(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        input: SmallSet,
        light: Light,
        world: &(impl Opacity + ?Sized),
        s: &Arenas,
    ) {
        let set = input.as_slice();
        let (lo, hi) = (sq_lo(i, j), sq_hi(i, j));
        let f = Dir::new(2 * i + 1, 2 * j + 1);
        // (no allocation: the allocation test runs with debug assertions)
        let mut expected = SmallSet::new();
        let visible;
        if self.opaque(world, p) {
            let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
            visible = set_meets_open(set, lo_v, hi_v);
            let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
            let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
            let below = set.iter().filter_map(|x| x.clip_hi(lo_v, false)?.sealed_hi(lo_v, seal_lo));
            let above = set.iter().filter_map(|x| x.clip_lo(hi_v, false)?.sealed_lo(hi_v, seal_hi));
            below.chain(above).for_each(|iv| expected.push_joined(iv));
        } else {
            visible = set_contains(set, Dir::new(i, j));
            expected = input;
        }
        let expected = expected.as_slice();
        let got: &[Interval] = if light == Light::FULL {
            &[Interval::of(lo, false, hi, false)]
        } else {
            &s.arena[light.range()]
        };
        assert!(
            got.len() == expected.len() && got.iter().zip(expected).all(|(a, b)| a.same_set(b)),
            "under_whole ({i}, {j}): {got:?}, not {expected:?}"
        );
        if light != Light::FULL {
            let reach = Light::reach(&got[0], &got[got.len() - 1], i, j);
            let holds = |a: Dir, b: Dir| got.len() == 1 && got[0].contains(a) && got[0].contains(b);
            let whole = if holds(lo, f) { Light::WHOLE_RIGHT } else { 0 }
                | if holds(f, hi) { Light::WHOLE_DOWN } else { 0 };
            assert_eq!(light.0 & 0xf000_0000, reach | whole, "under_whole ({i}, {j}): reach");
        }
        assert_eq!(
            s.seen.last() == Some(&p),
            visible && (self.viewer_inside || self.in_area(p)),
            "under_whole ({i}, {j}): seen"
        );
    }
}
