//! Walls: the open angle of a wall's diamond as a cell sees it, and what a wall passes on — the
//! parts of its input outside that angle, each bounded by a vertex ray unless a seal with a
//! neighbouring wall closes it. The general wall, and the shortcuts for walls lit whole, lit
//! from one side, or on the axes.

use super::angle::Dir;
use super::cell::input_parts;
use super::intervals::{Interval, set_meets_open};
use super::light::Light;
use super::quadrant::{Quadrant, sq_hi, sq_lo, square};
use super::{Arenas, CellState, Observer};
use crate::fov::Fov;
use crate::geometry::{Opacity, Pos};
#[cfg(debug_assertions)]
use {super::cell::gather, super::intervals::SmallSet};

/// The open angle a wall's diamond subtends from quadrant cell `(i, j) != (0, 0)`: its lowest
/// and highest vertex directions, each with the neighbour across that vertex (a seal there if
/// that neighbour is opaque too). Below the diagonal the bounds are the near (top) and far
/// (bottom) vertices, above it the far (right) and near (left) ones; on it, the two near ones.
#[inline]
pub(super) fn wall_angle(i: i32, j: i32) -> (Dir, (i32, i32), Dir, (i32, i32)) {
    let (lo_v, lo_n) = if j <= i {
        (Dir::new(2 * i, 2 * j - 1), (i, j - 1))
    } else {
        (Dir::new(2 * i + 1, 2 * j), (i + 1, j))
    };
    let (hi_v, hi_n) = if j >= i {
        (Dir::new(2 * i - 1, 2 * j), (i - 1, j))
    } else {
        (Dir::new(2 * i, 2 * j + 1), (i, j + 1))
    };
    (lo_v, lo_n, hi_v, hi_n)
}

impl<const T: bool> Quadrant<T> {
    /// [`Quadrant::small`] for wall `(i, j)`, map cell `p`: [`Quadrant::one_sided_wall`] if it
    /// is one, else the general wall with at most one interval from each input. (Apart from the
    /// floors' path, which walls would crowd: most cells of most views are floors.)
    ///
    /// (`p` comes from the caller, which has it at hand: worked out again here from the
    /// quadrant's fields, which the seal look-ups then kept on the stack, it cost some 16
    /// instructions a wall, 2 % of the cave's unlimited view.)
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn small_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        if let Some(light) = self.one_sided_wall(i, j, p, left, up, world, s, obs) {
            return light;
        }
        let (u, l) = input_parts(i, j, left, up, s);
        let (iv, from_lo, to_hi) = match (u, l) {
            (Some((iv, from_lo)), None) => (iv, from_lo, false),
            (None, Some((iv, to_hi))) => (iv, false, to_hi),
            (Some((u, u_end)), Some((l, l_end))) if u.joins(l) => {
                (u.with_hi(l.hi, l.hi_open()), u_end, l_end)
            }
            (Some((u, _)), Some((l, _))) => {
                return self.wall(i, j, p, &[u, l], false, world, out, &mut s.arena, obs);
            }
            (None, None) => unreachable!("culled cells are the loop's"),
        };
        self.wall_one(i, j, p, iv, from_lo, to_hi, world, &mut s.seen, &mut s.arena, obs)
    }

    /// A wall off the axes lit whole from one side, by its input above or by its left one, and
    /// by nothing from the other side at or past the diamond's vertex there (the vertex bounding
    /// the open angle on that side): a wall of a straight wall line seen along its length (the
    /// lining of a corridor or a room, the commonest wall of a walled map), one seen face on
    /// from across the line, or the corner wall between a floor and a wall next to the viewer.
    /// `None` for any other wall.
    ///
    /// The lit side's part holds the vertex on its own side (above's part `[lo, corner]` holds
    /// `lo_v`, the left's `[corner, hi]` holds `hi_v`: the corner lies inside the open angle),
    /// so the wall is seen, and it passes on just that part up to that vertex: to the right
    /// from above (the part ends before the far corner, which lies inside the angle), below
    /// from the left. The vertex is closed unless a seal sits on it; the cell across it is the
    /// lit input, a floor (only floors pass whole parts), except for the far vertex: the right
    /// one above the diagonal, the bottom one below it, looked up. Nothing lit lies past the
    /// other vertex, so nothing passes on that side. That takes one comparison of the other
    /// input's end with that vertex, where the general wall ([`Quadrant::wall_one`]) gathers
    /// the input and compares each end with both vertices.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn one_sided_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        s: &mut Arenas,
        obs: &mut O,
    ) -> Option<Light> {
        let start = s.arena.len();
        // (the commonest, a wall lining a wall line seen along it, first: then the near
        // vertex bounds the passed part, the far one is compared with, and no seal is looked up;
        // the others only next to the axes, where the wall lines through the viewer's
        // neighbours put them in most walled views: elsewhere they are rare, and the check's
        // unforeseeable branch cost more than it saved, 5 % noise unlimited 2-3 % slower)
        let (iv, light) = if i > j && up.whole_down() {
            // nothing from the left at or after the bottom vertex (the left's first interval is
            // the one in this square: a second lies beyond it)
            let far = Dir::new(2 * i, 2 * j + 1);
            if left != Light::DARK {
                let l = s.arena[left.range().start];
                if far.cross(l.hi) >= i64::from(l.hi_open()) {
                    return None;
                }
            }
            let iv = Interval::of(Dir::new(2 * i + 1, 2 * j - 1), false, Dir::new(2 * i, 2 * j - 1), false);
            (iv, Light((start as u64) << 32 | Light::TO_RIGHT | 1))
        } else if i < j && left.whole_to_right() {
            // nothing from above at or before the right vertex (above's last interval is the one
            // in this square: a first lies before it)
            let far = Dir::new(2 * i + 1, 2 * j);
            if up != Light::DARK {
                let u = s.arena[up.range().end - 1];
                if u.lo.cross(far) >= i64::from(u.lo_open()) {
                    return None;
                }
            }
            let iv = Interval::of(Dir::new(2 * i - 1, 2 * j), false, Dir::new(2 * i - 1, 2 * j + 1), false);
            (iv, Light((start as u64) << 32 | Light::DOWN | 1))
        } else if (i == 1 || j == 1) && up.whole_down() {
            // (i <= j) nothing from the left at or after the left vertex; the part passed ends
            // at the right vertex above the diagonal, sealed if the cell to the right is opaque,
            // at the top one on it
            let near = Dir::new(2 * i - 1, 2 * j);
            if left != Light::DARK {
                let l = s.arena[left.range().start];
                if near.cross(l.hi) >= i64::from(l.hi_open()) {
                    return None;
                }
            }
            let lo = Dir::new(2 * i + 1, 2 * j - 1);
            let iv = if i < j {
                Interval::of(lo, false, Dir::new(2 * i + 1, 2 * j), self.opaque(world, self.at(i + 1, j)))
            } else {
                Interval::of(lo, false, Dir::new(2 * i, 2 * j - 1), false)
            };
            (iv, Light((start as u64) << 32 | Light::TO_RIGHT | 1))
        } else if (i == 1 || j == 1) && left.whole_to_right() {
            // (i >= j) nothing from above at or before the top vertex; the part passed starts at
            // the bottom vertex below the diagonal, sealed if the cell below is opaque, at the
            // left one on it
            let near = Dir::new(2 * i, 2 * j - 1);
            if up != Light::DARK {
                let u = s.arena[up.range().end - 1];
                if u.lo.cross(near) >= i64::from(u.lo_open()) {
                    return None;
                }
            }
            let hi = Dir::new(2 * i - 1, 2 * j + 1);
            let iv = if i > j {
                Interval::of(Dir::new(2 * i, 2 * j + 1), self.opaque(world, self.at(i, j + 1)), hi, false)
            } else {
                Interval::of(Dir::new(2 * i - 1, 2 * j), false, hi, false)
            };
            (iv, Light((start as u64) << 32 | Light::DOWN | 1))
        } else {
            return None;
        };
        #[cfg(debug_assertions)]
        self.check_one_sided_wall(i, j, left, up, world, s, iv);
        if self.viewer_inside || self.in_area(p) {
            s.seen.push(p);
        }
        obs.cell(p, (i + j) as u32, CellState::Edge, true);
        s.arena.push(iv);
        debug_assert_eq!(light, Light::part(&s.arena, start, i, j), "wall ({i}, {j})");
        Some(light)
    }

    /// Checks [`Quadrant::one_sided_wall`]'s answer `iv` against the general rules: the wall's
    /// input, gathered from both sides, meets the diamond's open angle, and what it passes on,
    /// the input outside that angle less the seals on its bounding vertices, is `iv` alone.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_one_sided_wall(
        &self,
        i: i32,
        j: i32,
        left: Light,
        up: Light,
        world: &(impl Opacity + ?Sized),
        s: &Arenas,
        iv: Interval,
    ) {
        let mut input = SmallSet::new();
        let own = square(i, j);
        gather(&mut input, i, j, own, left, up, &s.arena);
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        assert!(set_meets_open(input.as_slice(), lo_v, hi_v), "one-sided wall ({i}, {j}) unseen");
        // (no allocation: the allocation test runs with debug assertions)
        let set = input.as_slice();
        let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
        let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
        let below = set.iter().filter_map(|x| x.clip_hi(lo_v, false)?.sealed_hi(lo_v, seal_lo));
        let above = set.iter().filter_map(|x| x.clip_lo(hi_v, false)?.sealed_lo(hi_v, seal_hi));
        let mut passed = below.chain(above);
        let (first, more) = (passed.next(), passed.next());
        assert!(
            first.is_some_and(|f| f.same_set(&iv)) && more.is_none(),
            "one-sided wall ({i}, {j}): {set:?} passes {first:?}, {more:?}, not {iv:?}"
        );
    }

    /// A wall off the axes whose inputs both give it their whole parts (so both are floors): it
    /// is seen, and passes on the two parts of its square outside its diamond's open angle, each
    /// with its bounding ray unless a seal sits there. Of the two neighbours across the bounding
    /// vertices, the one that is an input is a floor; only the other is looked up.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn lit_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        world: &(impl Opacity + ?Sized),
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        if self.viewer_inside || self.in_area(p) {
            s.seen.push(p);
        }
        obs.cell(p, (i + j) as u32, CellState::Lit, true);
        let (lo, hi) = (Dir::new(2 * i + 1, 2 * j - 1), Dir::new(2 * i - 1, 2 * j + 1));
        let (lo_v, _, hi_v, _) = wall_angle(i, j);
        let lo_sealed = j > i && self.opaque(world, self.at(i + 1, j));
        let hi_sealed = j < i && self.opaque(world, self.at(i, j + 1));
        let start = s.arena.len();
        // Both parts are non-empty; the lower one starts before the far corner and the upper
        // one ends after it, so the light reaches both children (and gives neither its whole
        // part: the far corner ray lies inside the diamond's open angle).
        s.arena.push(Interval::of(lo, false, lo_v, lo_sealed));
        s.arena.push(Interval::of(hi_v, hi_sealed, hi, false));
        let light = Light((start as u64) << 32 | Light::TO_RIGHT | Light::DOWN | 2);
        debug_assert_eq!(light, Light::part(&s.arena, start, i, j));
        light
    }

    /// A wall on an axis (`i == 0` or `j == 0`, not both) in full light, its inputs giving it
    /// their whole parts: seen, and it passes on the one part of its square on the quadrant's
    /// side of its diamond (the other side is the other quadrant's), its bounding ray included
    /// unless a seal sits there: above the diamond on the x axis, which reaches only the child
    /// below, below it on the y axis, which reaches only the child to the right (the far corner
    /// ray lies inside the open angle). Out of line and apart from [`Quadrant::cell`]: each
    /// walled view has a few (the walls next to the viewer along the axes), and the general
    /// cell's set-up cost more than the rest of the work.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn axis_wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        debug_assert!((i == 0) != (j == 0) && self.opaque(world, p));
        out.mark(p);
        obs.cell(p, (i + j) as u32, CellState::Lit, true);
        let own = square(i, j);
        let start = s.arena.len();
        let light = if j == 0 {
            let sealed = self.opaque(world, self.at(i, 1));
            s.arena.push(Interval::of(Dir::new(2 * i, 1), sealed, own.hi, false));
            Light((start as u64) << 32 | Light::DOWN | 1)
        } else {
            let sealed = self.opaque(world, self.at(1, j));
            s.arena.push(Interval::of(own.lo, false, Dir::new(1, 2 * j), sealed));
            Light((start as u64) << 32 | Light::TO_RIGHT | 1)
        };
        debug_assert_eq!(light, Light::part(&s.arena, start, i, j));
        debug_assert!({
            let (lo_v, _, hi_v, _) = wall_angle(i, j);
            s.arena[start].lo.same(if j == 0 { hi_v } else { own.lo })
                && s.arena[start].hi.same(if j == 0 { own.hi } else { lo_v })
        });
        light
    }

    /// [`Quadrant::wall`] off the axes for an input that is the one interval `iv` (most walls
    /// that [`Quadrant::one_sided_wall`] does not take);
    /// `from_lo` and `to_hi` say whether it holds the low and the high end of the square.
    ///
    /// The far corner ray lies strictly inside the diamond's open angle (`lo_v < f < hi_v`), so
    /// the part passed on below the angle reaches only the child to the right and the part
    /// above it only the child below, and neither is whole there: the light's bits need no
    /// comparison. Four comparisons of `iv`'s ends with the angle's bounding rays settle the
    /// rest, fewer where an end is the square's.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn wall_one<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        iv: Interval,
        from_lo: bool,
        to_hi: bool,
        world: &(impl Opacity + ?Sized),
        seen: &mut Vec<Pos>,
        arena: &mut Vec<Interval>,
        obs: &mut O,
    ) -> Light {
        debug_assert!(i > 0 && j > 0);
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        // (the square's ends lie outside the angle: `lo < lo_v` and `hi_v < hi`)
        let lo_before = |d: Dir| iv.lo.cross(d); // > 0: `iv` starts before `d`
        let hi_after = |d: Dir| d.cross(iv.hi); // > 0: `iv` ends after `d`
        let hi_past_lo_v = hi_after(lo_v);
        let lo_before_hi_v = if from_lo { 1 } else { lo_before(hi_v) };
        // visible iff `iv` meets the open angle
        let visible = hi_past_lo_v > 0 && lo_before_hi_v > 0;
        if visible && (self.viewer_inside || self.in_area(p)) {
            seen.push(p);
        }
        let state = if from_lo && to_hi { CellState::Lit } else { CellState::Edge };
        obs.cell(p, (i + j) as u32, state, visible);
        // The part at or below `lo_v`: `iv` up to `lo_v`, which a seal there opens.
        let lo_at_lo_v = if from_lo { 1 } else { lo_before(lo_v) };
        let below = if lo_at_lo_v < i64::from(iv.lo_open()) {
            None // `iv` starts after `lo_v`, or on it with that end open
        } else if hi_past_lo_v < 0 || (hi_past_lo_v == 0 && iv.hi_open()) {
            Some(iv) // all of it before `lo_v`, or up to it, open
        } else if self.opaque(world, self.at(lo_n.0, lo_n.1)) {
            // closed at `lo_v` (where `iv` reaches it or beyond), and a seal there
            (lo_at_lo_v > 0).then_some(iv.with_hi(lo_v, true))
        } else {
            Some(iv.with_hi(lo_v, false))
        };
        // The part at or above `hi_v`, likewise.
        let hi_at_hi_v = if to_hi { 1 } else { hi_after(hi_v) };
        let above = if hi_at_hi_v < i64::from(iv.hi_open()) {
            None
        } else if lo_before_hi_v < 0 || (lo_before_hi_v == 0 && iv.lo_open()) {
            Some(iv)
        } else if self.opaque(world, self.at(hi_n.0, hi_n.1)) {
            (hi_at_hi_v > 0).then_some(iv.with_lo(hi_v, true))
        } else {
            Some(iv.with_lo(hi_v, false))
        };
        debug_assert!(!from_lo || (iv.lo.same(sq_lo(i, j)) && !iv.lo_open()));
        debug_assert!(!to_hi || (iv.hi.same(sq_hi(i, j)) && !iv.hi_open()));
        debug_assert_eq!(visible, iv.meets_open(lo_v, hi_v), "wall ({i}, {j})");
        debug_assert!(
            {
                let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
                let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
                let same = |a: Option<Interval>, b: Option<Interval>| match (a, b) {
                    (Some(a), Some(b)) => a.same_set(&b),
                    (a, b) => a.is_none() && b.is_none(),
                };
                same(below, iv.clip_hi(lo_v, false).and_then(|b| b.sealed_hi(lo_v, seal_lo)))
                    && same(above, iv.clip_lo(hi_v, false).and_then(|a| a.sealed_lo(hi_v, seal_hi)))
            },
            "wall ({i}, {j}): {iv:?} -> {below:?} {above:?}"
        );
        let start = arena.len();
        let light = match (below, above) {
            (None, None) => return Light::DARK,
            (Some(b), None) => {
                arena.push(b);
                Light((start as u64) << 32 | Light::TO_RIGHT | 1)
            }
            (None, Some(a)) => {
                arena.push(a);
                Light((start as u64) << 32 | Light::DOWN | 1)
            }
            (Some(b), Some(a)) => {
                arena.push(b);
                arena.push(a);
                Light((start as u64) << 32 | Light::TO_RIGHT | Light::DOWN | 2)
            }
        };
        debug_assert_eq!(light, Light::part(arena, start, i, j), "wall ({i}, {j})");
        light
    }

    /// Decides wall `(i, j)` (map cell `p`) from its `input` (`full`: its whole square angle),
    /// marks it if it is visible, and returns its output.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    pub(super) fn wall<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        input: &[Interval],
        full: bool,
        world: &(impl Opacity + ?Sized),
        out: &mut Fov,
        arena: &mut Vec<Interval>,
        obs: &mut O,
    ) -> Light {
        let ring = (i + j) as u32;
        let state = if full { CellState::Lit } else { CellState::Edge };
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        // visible iff a lit ray strictly inside that angle arrives
        let visible = full || set_meets_open(input, lo_v, hi_v);
        if visible {
            out.mark(p);
        }
        obs.cell(p, ring, state, visible);
        // It passes on what lies outside that open angle, minus the ray through a bounding
        // vertex where that vertex is a seal with an opaque neighbour. (The lower vertex of an
        // axis cell and the upper one of a column cell lie outside the quadrant.)
        let start = arena.len();
        let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
        let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
        if let [iv] = input {
            // One interval (most walls): its part below the angle and its part above, each
            // settled at hand, without loops over the arena.
            let below =
                if j > 0 { iv.clip_hi(lo_v, false).and_then(|b| b.sealed_hi(lo_v, seal_lo)) } else { None };
            let above =
                if i > 0 { iv.clip_lo(hi_v, false).and_then(|a| a.sealed_lo(hi_v, seal_hi)) } else { None };
            return match (below, above) {
                (None, None) => Light::DARK,
                (Some(one), None) | (None, Some(one)) => Light::one(arena, one, i, j),
                (Some(b), Some(a)) => {
                    arena.push(b);
                    arena.push(a);
                    Light((start as u64) << 32 | Light::reach(&b, &a, i, j) | 2)
                }
            };
        }
        if j > 0 {
            for iv in input {
                match iv.clip_hi(lo_v, false) {
                    Some(iv) => arena.push(iv),
                    None => break,
                }
            }
            // only the last part below can end on the bounding ray
            if arena.len() > start {
                let last = arena.pop().expect("a part below");
                arena.extend(last.sealed_hi(lo_v, seal_lo));
            }
        }
        if i > 0 {
            let first = arena.len();
            for iv in input {
                if let Some(iv) = iv.clip_lo(hi_v, false) {
                    arena.push(iv);
                }
            }
            // only the first part above can start on the bounding ray
            if arena.len() > first {
                match arena[first].sealed_lo(hi_v, seal_hi) {
                    Some(head) => arena[first] = head,
                    None => {
                        arena.remove(first);
                    }
                }
            }
        }
        if arena.len() == start { Light::DARK } else { Light::part(arena, start, i, j) }
    }
}
