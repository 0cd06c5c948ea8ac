//! [`Light`]: what a cell passes on to its two children, packed in one word.

use super::angle::Dir;
use super::intervals::Interval;

/// What a cell passes on to its children: the lit directions leaving its square.
///
/// Packed in one word (it is copied around for every cell): `DARK` (nothing: the cell was
/// culled, or its wall blocked everything that reached it), `FULL` (the cell's whole square
/// angle; only a transparent cell, or the viewer's own, passes this on), or `len` intervals
/// from `start` in the interval arena, with two bits saying which children the light
/// reaches and two saying which get their whole part of it. (In the front, where the scan
/// keeps a row's lights for the next, an entry may also be a gap's, [`Light::gap`], or a
/// beam's, [`Light::beam`].)
///
/// A cell's two children split its square angle at its far corner: the child to the right
/// (`i + 1`) takes the directions up to it, the child below (`j + 1`) those from it on. A child
/// that no lit direction of an input reaches gets nothing from that input, so the scan treats
/// that input as dark there and never looks at a child that gets nothing from either: the light
/// already says it is culled. A child whose part is all lit, both ends included, gets from
/// that input just what it would from a `FULL` one: a cell whose inputs both say so has its
/// whole square lit, and the scan handles it as it handles a cell under two `FULL` inputs,
/// without reading the arena. (Only a floor, or the viewer's cell, can say so: a wall's diamond
/// blocks its far corner ray. A light that does not say so may still be whole there, and is then
/// worked out.)
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Light(pub(super) u64);

impl Light {
    pub(super) const DARK: Light = Light(0);
    /// One interval that gives both children their whole parts, at an arena position no arena
    /// has.
    pub(super) const FULL: Light = Light(
        (u32::MAX as u64) << 32 | Light::TO_RIGHT | Light::DOWN | Light::WHOLE_RIGHT | Light::WHOLE_DOWN | 1,
    );
    pub(super) const TO_RIGHT: u64 = 1 << 31;
    pub(super) const DOWN: u64 = 1 << 30;
    pub(super) const WHOLE_RIGHT: u64 = 1 << 29;
    pub(super) const WHOLE_DOWN: u64 = 1 << 28;
    pub(super) const LEN: u64 = (1 << 28) - 1;

    /// The partial light of cell `(i, j)` held in `arena[start..]` (a non-empty set).
    #[inline]
    pub(super) fn part(arena: &[Interval], start: usize, i: i32, j: i32) -> Light {
        let len = arena.len() - start;
        debug_assert!(len > 0 && len as u64 <= Light::LEN && start < u32::MAX as usize);
        let reach = Light::reach(&arena[start], &arena[arena.len() - 1], i, j);
        Light((start as u64) << 32 | reach | len as u64)
    }

    /// The partial light of cell `(i, j)` that is the single interval `iv`, appended to the
    /// arena (its reach worked out from `iv` at hand, not read back).
    #[inline]
    pub(super) fn one(arena: &mut Vec<Interval>, iv: Interval, i: i32, j: i32) -> Light {
        let start = arena.len();
        arena.push(iv);
        Light((start as u64) << 32 | Light::reach(&iv, &iv, i, j) | 1)
    }

    /// The partial light that is the single interval the caller has appended to the arena at
    /// `start`, reaching the children the caller has worked out; `from_lo` and `to_hi` say
    /// whether it starts at the cell's square's low end and ends at its high end, both included.
    /// (Whichever child it reaches from such an end, it gives its whole part.)
    ///
    /// (The caller appends the interval before the comparisons that settle the bits, and so
    /// does not hold it through them: appended after them, as when this took the interval, the
    /// small floor kept its parts on the stack, and the 5 % map's unlimited view took 5 % more
    /// instructions.)
    #[inline]
    pub(super) fn one_at(start: usize, to_right: bool, down: bool, from_lo: bool, to_hi: bool) -> Light {
        let bit = |on: bool, bit: u64| if on { bit } else { 0 };
        let reach = bit(to_right, Light::TO_RIGHT)
            | bit(down, Light::DOWN)
            | bit(from_lo && down, Light::WHOLE_RIGHT)
            | bit(to_hi && to_right, Light::WHOLE_DOWN);
        Light((start as u64) << 32 | reach | 1)
    }

    /// Which children of cell `(i, j)` a set running from `first` to `last` reaches.
    #[inline]
    pub(super) fn reach(first: &Interval, last: &Interval, i: i32, j: i32) -> u64 {
        let far = Dir::new(2 * i + 1, 2 * j + 1);
        // (a cross product above 0, or at 0 with the end closed: at least 1 when it is open)
        let to_right = first.lo.cross(far) >= i64::from(first.lo_open());
        let down = far.cross(last.hi) >= i64::from(last.hi_open());
        (if to_right { Light::TO_RIGHT } else { 0 }) | if down { Light::DOWN } else { 0 }
    }

    /// A gap in a row's light, in the front at the entry of its first cell: dark there, and no
    /// light until cell `end` (`NO_LIGHT`: none), for the row below to jump to. (Any light
    /// the row below reads in the front reaches down, so this is told apart.)
    #[inline]
    pub(super) fn gap(end: i32) -> Light {
        Light(u64::from(end as u32) << 32)
    }

    /// Where the gap that starts at this front entry ends (see [`Light::gap`]).
    #[inline]
    pub(super) fn gap_end(self) -> i32 {
        debug_assert!(!self.reaches_down() && !self.is_beam());
        (self.0 >> 32) as i32
    }

    /// A beam in a row's light, in the front at the entry of its first cell that passes light
    /// down: its cells from there to cell `last` pass down the wedge `arena[at]`, each the part
    /// of it in its own square, and the entry after `last` goes on as after a run (see
    /// `beam.rs`). Told apart from a gap entry by `last`, which is never 0 (a beam is off the
    /// axis). Like a gap entry it does not say it reaches down: the row below never takes it for
    /// a cell's light, but carries the beam on or writes its cells' lights out first.
    #[inline]
    pub(super) fn beam(at: usize, last: i32) -> Light {
        debug_assert!(last > 0 && (last as u64) <= Light::LEN && at < u32::MAX as usize);
        Light((at as u64) << 32 | last as u64)
    }

    /// Whether this front entry, which does not reach down (a gap's or a beam's), is a beam's.
    #[inline]
    pub(super) fn is_beam(self) -> bool {
        self.0 as u32 != 0 && !self.reaches_down()
    }

    /// A beam entry's wedge (its place in the arena) and last cell.
    #[inline]
    pub(super) fn beam_parts(self) -> (usize, i32) {
        debug_assert!(self.is_beam());
        ((self.0 >> 32) as usize, (self.0 & Light::LEN) as i32)
    }

    /// The light with its arena start `n` places lower, for an arena whose first `n` intervals
    /// are dropped (`FULL` and `DARK`, which have none there, stay).
    #[inline]
    pub(super) fn moved_down(self, n: usize) -> Light {
        if self == Light::FULL || self == Light::DARK {
            return self;
        }
        debug_assert!(self.range().start >= n);
        Light(self.0 - ((n as u64) << 32))
    }

    /// The light as the child to the right gets it: dark if none of it reaches that child.
    #[inline]
    pub(super) fn to_right(self) -> Light {
        if self.0 & Light::TO_RIGHT != 0 { self } else { Light::DARK }
    }

    /// Whether some of the light reaches the child below.
    #[inline]
    pub(super) fn reaches_down(self) -> bool {
        self.0 & Light::DOWN != 0
    }

    /// Whether the child to the right gets its whole part of the light.
    #[inline]
    pub(super) fn whole_to_right(self) -> bool {
        self.0 & Light::WHOLE_RIGHT != 0
    }

    /// Whether the child below gets its whole part of the light.
    #[inline]
    pub(super) fn whole_down(self) -> bool {
        self.0 & Light::WHOLE_DOWN != 0
    }

    /// How many intervals the light is: none when dark, one when full.
    #[inline]
    pub(super) fn intervals(self) -> usize {
        (self.0 & Light::LEN) as usize
    }

    /// The arena range of a partial light.
    #[inline]
    pub(super) fn range(self) -> std::ops::Range<usize> {
        let start = (self.0 >> 32) as usize;
        start..start + (self.0 & Light::LEN) as usize
    }
}
