//! Walls: the open angle of a wall's diamond as a cell sees it, and what a wall passes on — the
//! parts of its input outside that angle, each bounded by a vertex ray unless a seal with a
//! neighbouring wall closes it. The general wall, and the shortcuts for walls lit whole, lit
//! from one side, or on the axes.

use super::angle::Dir;
use super::cell::input_parts;
use super::intervals::{Interval, set_meets_open};
use super::light::Light;
use super::quadrant::{Quadrant, square};
use super::{Arenas, CellState, Observer};
use crate::fov::Fov;
use crate::geometry::{Opacity, Pos};
#[cfg(debug_assertions)]
use {
    super::cell::gather,
    super::intervals::{Sink, SmallSet},
    super::quadrant::{sq_hi, sq_lo},
};

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
    /// is one, else [`Quadrant::wall_split`] with the one interval at most from each input.
    /// (Apart from the floors' path, which walls would crowd: most cells of most views are
    /// floors.)
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
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        if let Some(light) = self.one_sided_wall(i, j, p, left, up, world, s, obs) {
            return light;
        }
        let (u, l) = input_parts(i, j, left, up, s);
        self.wall_split(i, j, p, u, l, world, s, obs)
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
    /// input's end with that vertex, where the general wall ([`Quadrant::wall_split`]) takes
    /// both inputs' parts and compares the two ends of each with the vertex on its side.
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

    /// [`Quadrant::wall`] off the axes for the parts `u` and `l` its inputs pass into its square
    /// (see [`input_parts`]; most walls that [`Quadrant::one_sided_wall`] does not take), each
    /// with whether it reaches the square's end on its side, included.
    ///
    /// The two meet at `corner`, which lies strictly inside the diamond's open angle (`lo_v <
    /// corner < hi_v`): above's part `[lo, corner]` holds all that the wall passes on below the
    /// angle and the left's `[corner, hi]` all that it passes above it, so each is settled on its
    /// own, two comparisons of its ends with the bounding ray on its side, fewer where an end is
    /// the square's, and the two need not be joined. (Neither can reach past the other's ray:
    /// above's part ends before `hi_v`, the left's starts after `lo_v`.) The far corner ray
    /// lies strictly inside the angle too (`lo_v < f < hi_v`), so the part passed below the
    /// angle reaches only the child to the right and the part above it only the child below,
    /// and neither is whole there: the light's bits need no comparison.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn wall_split<O: Observer>(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        u: Option<(Interval, bool)>,
        l: Option<(Interval, bool)>,
        world: &(impl Opacity + ?Sized),
        s: &mut Arenas,
        obs: &mut O,
    ) -> Light {
        debug_assert!(i > 0 && j > 0);
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        let start = s.arena.len();
        // The part at or below `lo_v`: above's up to `lo_v`, which a seal there opens. (Above's
        // part starts before `hi_v`, so it meets the open angle iff it ends after `lo_v`.) Each
        // part is appended as soon as it is known (held until the light was built, they were
        // kept on the stack).
        let mut light = 0;
        let seen_u = match u {
            None => false,
            Some((u, from_lo)) => {
                let past = lo_v.cross(u.hi); // > 0: `u` ends after `lo_v`
                let at = if from_lo { 1 } else { u.lo.cross(lo_v) }; // > 0: starts before
                let below = if at < i64::from(u.lo_open()) {
                    None // `u` starts after `lo_v`, or on it with that end open
                } else if past < i64::from(u.hi_open()) {
                    Some(u) // all of it before `lo_v`, or up to it, open
                } else if self.opaque(world, self.at(lo_n.0, lo_n.1)) {
                    // closed at `lo_v` (where `u` reaches it or beyond), and a seal there
                    (at > 0).then_some(u.with_hi(lo_v, true))
                } else {
                    Some(u.with_hi(lo_v, false))
                };
                if let Some(b) = below {
                    s.arena.push(b);
                    light = Light::TO_RIGHT | 1;
                }
                past > 0
            }
        };
        // The part at or above `hi_v`, likewise from the left's.
        let seen_l = match l {
            None => false,
            Some((l, to_hi)) => {
                let before = l.lo.cross(hi_v); // > 0: `l` starts before `hi_v`
                let at = if to_hi { 1 } else { hi_v.cross(l.hi) }; // > 0: ends after
                let above = if at < i64::from(l.hi_open()) {
                    None
                } else if before < i64::from(l.lo_open()) {
                    Some(l)
                } else if self.opaque(world, self.at(hi_n.0, hi_n.1)) {
                    (at > 0).then_some(l.with_lo(hi_v, true))
                } else {
                    Some(l.with_lo(hi_v, false))
                };
                if let Some(a) = above {
                    s.arena.push(a);
                    light += Light::DOWN + 1;
                }
                before > 0
            }
        };
        // visible iff its input meets the open angle
        let visible = seen_u || seen_l;
        if visible && (self.viewer_inside || self.in_area(p)) {
            s.seen.push(p);
        }
        // (both parts whole, and joined: the whole square)
        let whole = matches!((u, l), (Some((u, true)), Some((l, true))) if u.joins(l));
        obs.cell(p, (i + j) as u32, if whole { CellState::Lit } else { CellState::Edge }, visible);
        let light = if light == 0 { Light::DARK } else { Light((start as u64) << 32 | light) };
        #[cfg(debug_assertions)]
        self.check_wall(i, j, p, u, l, visible, light, world, s);
        light
    }

    /// Checks [`Quadrant::wall_split`]'s answer for wall `(i, j)` against the general rules: the
    /// wall's input, `u` and `l` joined, is seen iff it meets the diamond's open angle, and
    /// passes on the input outside that angle, less the seals on its bounding vertices.
    #[cfg(debug_assertions)]
    #[allow(clippy::too_many_arguments)]
    fn check_wall(
        &self,
        i: i32,
        j: i32,
        p: Pos,
        u: Option<(Interval, bool)>,
        l: Option<(Interval, bool)>,
        visible: bool,
        light: Light,
        world: &(impl Opacity + ?Sized),
        s: &Arenas,
    ) {
        let mut input = SmallSet::new();
        for (iv, _) in u.into_iter().chain(l) {
            input.push_joined(iv);
        }
        let set = input.as_slice();
        let (lo, hi) = (sq_lo(i, j), sq_hi(i, j));
        if let Some((u, from_lo)) = u {
            assert_eq!(from_lo, u.lo.same(lo) && !u.lo_open(), "wall ({i}, {j}): above's end");
        }
        if let Some((l, to_hi)) = l {
            assert_eq!(to_hi, l.hi.same(hi) && !l.hi_open(), "wall ({i}, {j}): the left's end");
        }
        let (lo_v, lo_n, hi_v, hi_n) = wall_angle(i, j);
        assert_eq!(visible, set_meets_open(set, lo_v, hi_v), "wall ({i}, {j}): seen");
        assert_eq!(
            s.seen.last() == Some(&p),
            visible && (self.viewer_inside || self.in_area(p)),
            "wall ({i}, {j}): marked"
        );
        let seal_lo = || self.opaque(world, self.at(lo_n.0, lo_n.1));
        let seal_hi = || self.opaque(world, self.at(hi_n.0, hi_n.1));
        let below = set.iter().filter_map(|x| x.clip_hi(lo_v, false)?.sealed_hi(lo_v, seal_lo));
        let above = set.iter().filter_map(|x| x.clip_lo(hi_v, false)?.sealed_lo(hi_v, seal_hi));
        // (no allocation: the allocation test runs with debug assertions)
        let got = if light == Light::DARK { &[][..] } else { &s.arena[light.range()] };
        let (mut expected, mut n) = (below.chain(above), 0);
        assert!(
            got.iter().all(|a| {
                n += 1;
                expected.next().is_some_and(|b| a.same_set(&b))
            }) && expected.next().is_none(),
            "wall ({i}, {j}): {set:?} passes {got:?}, not as expected ({n})"
        );
        if light != Light::DARK {
            assert_eq!(light, Light::part(&s.arena, light.range().start, i, j), "wall ({i}, {j})");
        }
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
