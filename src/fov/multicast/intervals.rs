//! Sets of lit directions: a few angular intervals, each end open or closed.
//!
//! A cell's input is the exact set of directions that still carry light when they reach its
//! square. Its ends are rays through corners, diamond vertices and seal points, and whether an
//! end is open matters: a wall's diamond blocks the open angle it subtends, so the rays through
//! its two extreme vertices stay lit (closed ends), unless a seal sits on one of them (open
//! end). A set can even be a single ray, `[d, d]`: a hairline of light that exists and must be
//! kept.
//!
//! A set is a slice of [`Interval`]s sorted by direction, disjoint, and with no two that could be
//! joined into one.

use super::angle::Dir;

/// The directions between `lo` and `hi` (in [`Dir`] order), each end included unless open.
/// Never empty: `lo` is before `hi`, or they are the same direction with both ends closed.
///
/// Whether each end is open is kept in one word beside the two directions, so that an interval
/// is five words with no padding: the cell loop copies intervals between its row arenas and
/// its registers all the time, and a copy is then three moves. (Two `bool`s left two bytes of
/// padding, which every copy loaded and stored too, and took two registers. Measured: noise
/// r20 1 % fewer instructions and 2 % fewer loads and stores.)
///
/// Packed to 4-byte alignment: a [`Dir`] is one `u64`, which would align an interval to 8 bytes
/// and pad it to 24, so that the arenas held a sixth of padding and their copies moved it too.
/// (An end is then 4-byte aligned only, which x86-64 loads and stores at the same cost unless
/// it straddles a cache line, two ends in 32; no field is ever borrowed, which a packed struct
/// forbids. Measured: the 5 % map's unlimited view 1.2 % fewer instructions and about 1 %
/// faster, the caves 2-3 % faster, averaged over four code placements; in any one placement the
/// 5 % map's view was anywhere from 6 % faster to 3 % slower, and level in `fov_interleaved`'s.)
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C, packed(4))]
pub struct Interval {
    pub lo: Dir,
    pub hi: Dir,
    /// [`Interval::LO_OPEN`] and [`Interval::HI_OPEN`].
    open: u32,
}

impl Interval {
    const LO_OPEN: u32 = 1;
    const HI_OPEN: u32 = 2;

    /// The interval with these ends, which the caller knows is not empty.
    #[inline]
    pub const fn of(lo: Dir, lo_open: bool, hi: Dir, hi_open: bool) -> Interval {
        Interval { lo, hi, open: lo_open as u32 | (hi_open as u32) << 1 }
    }

    /// Whether `lo` is left out.
    #[inline]
    pub const fn lo_open(&self) -> bool {
        self.open & Interval::LO_OPEN != 0
    }

    /// Whether `hi` is left out.
    #[inline]
    pub const fn hi_open(&self) -> bool {
        self.open & Interval::HI_OPEN != 0
    }

    /// The interval with its low end moved to `lo`, open or not.
    #[inline]
    pub fn with_lo(self, lo: Dir, lo_open: bool) -> Interval {
        Interval { lo, open: self.open & !Interval::LO_OPEN | lo_open as u32, ..self }
    }

    /// The interval with its high end moved to `hi`, open or not.
    #[inline]
    pub fn with_hi(self, hi: Dir, hi_open: bool) -> Interval {
        Interval { hi, open: self.open & !Interval::HI_OPEN | (hi_open as u32) << 1, ..self }
    }

    /// `[lo, hi]`, both ends included; `None` if `hi` comes before `lo`.
    #[cfg(test)]
    #[inline]
    pub fn closed(lo: Dir, hi: Dir) -> Option<Interval> {
        Interval::new(lo, false, hi, false)
    }

    /// The interval with these ends; `None` when that is empty.
    #[inline]
    pub fn new(lo: Dir, lo_open: bool, hi: Dir, hi_open: bool) -> Option<Interval> {
        let c = lo.cross(hi);
        (c > 0 || (c == 0 && !lo_open && !hi_open)).then_some(Interval::of(lo, lo_open, hi, hi_open))
    }

    /// Whether the direction `d` is in the interval.
    #[inline]
    pub fn contains(&self, d: Dir) -> bool {
        // (`lo` before `d`, or the same with `lo` closed: a cross product of at least 1 when
        // open, 0 when closed; likewise at `hi`)
        let after_lo = self.lo.cross(d) >= i64::from(self.lo_open());
        let before_hi = d.cross(self.hi) >= i64::from(self.hi_open());
        after_lo & before_hi
    }

    /// The part of the interval up to `hi` (excluded when `hi_open`).
    #[inline]
    pub fn clip_hi(self, hi: Dir, hi_open: bool) -> Option<Interval> {
        let c = self.hi.cross(hi);
        if c > 0 {
            Some(self) // self ends first
        } else if c == 0 {
            Interval::new(self.lo, self.lo_open(), self.hi, self.hi_open() || hi_open)
        } else {
            Interval::new(self.lo, self.lo_open(), hi, hi_open)
        }
    }

    /// The part of the interval from `lo` on (excluded when `lo_open`).
    #[inline]
    pub fn clip_lo(self, lo: Dir, lo_open: bool) -> Option<Interval> {
        let c = lo.cross(self.lo);
        if c > 0 {
            Some(self) // self starts later
        } else if c == 0 {
            Interval::new(self.lo, self.lo_open() || lo_open, self.hi, self.hi_open())
        } else {
            Interval::new(lo, lo_open, self.hi, self.hi_open())
        }
    }

    /// [`Interval::clip_lo`] with `lo` included, when the caller knows the result is not empty
    /// (some direction of the interval is `lo` or after it); also whether the result starts at
    /// `lo` with `lo` included, so that the caller need not compare that end again.
    #[inline]
    pub fn starting_at(self, lo: Dir) -> (Interval, bool) {
        debug_assert!(self.clip_lo(lo, false).is_some());
        // (`self.lo` before `lo`, or the same direction with that end closed)
        if lo.cross(self.lo) < i64::from(!self.lo_open()) {
            (self.with_lo(lo, false), true)
        } else {
            (self, false)
        }
    }

    /// [`Interval::clip_hi`] with `hi` included, when the caller knows the result is not empty
    /// (some direction of the interval is `hi` or before it); also whether the result ends at
    /// `hi` with `hi` included.
    #[inline]
    pub fn ending_at(self, hi: Dir) -> (Interval, bool) {
        debug_assert!(self.clip_hi(hi, false).is_some());
        if self.hi.cross(hi) < i64::from(!self.hi_open()) {
            (self.with_hi(hi, false), true)
        } else {
            (self, false)
        }
    }

    /// The interval, ending at a wall's bounding ray `v`, as it leaves the wall: when it
    /// reaches `v` with that end closed and `sealed()` says a seal sits on `v`, the end is
    /// opened, and `None` if the interval was that ray alone. (Only light arriving exactly along
    /// a bounding ray asks about its seal.)
    #[inline]
    pub fn sealed_hi(mut self, v: Dir, sealed: impl FnOnce() -> bool) -> Option<Interval> {
        if !self.hi_open() && self.hi.same(v) && sealed() {
            if self.lo.same(v) {
                return None;
            }
            self.open |= Interval::HI_OPEN;
        }
        Some(self)
    }

    /// [`Interval::sealed_hi`] for an interval starting at the bounding ray `v`.
    #[inline]
    pub fn sealed_lo(mut self, v: Dir, sealed: impl FnOnce() -> bool) -> Option<Interval> {
        if !self.lo_open() && self.lo.same(v) && sealed() {
            if self.hi.same(v) {
                return None;
            }
            self.open |= Interval::LO_OPEN;
        }
        Some(self)
    }

    /// Whether the two hold the same directions (their ends may be different vectors along
    /// the same rays). (For checks.)
    #[cfg(any(test, debug_assertions))]
    pub fn same_set(&self, o: &Interval) -> bool {
        self.lo.same(o.lo) && self.hi.same(o.hi) && self.open == o.open
    }

    /// Whether `next`, which starts where this interval ends or after, joins it into one
    /// interval: they touch and at least one of the touching ends is closed.
    #[inline]
    pub fn joins(&self, next: Interval) -> bool {
        self.hi.same(next.lo) && !(self.hi_open() && next.lo_open())
    }

    /// Whether the interval shares a direction with the open angle `(lo, hi)` (`lo` before
    /// `hi`): exactly when it starts before `hi` and ends after `lo`. (The overlap then holds
    /// an open angle, or the interval is a hairline strictly inside; whether its own ends are
    /// open does not matter.)
    #[inline]
    pub fn meets_open(&self, lo: Dir, hi: Dir) -> bool {
        debug_assert!(lo.lt(hi));
        self.lo.lt(hi) && lo.lt(self.hi)
    }
}

/// Appends `iv` to the set being built in `out[start..]`, joining it to the last interval when
/// they overlap or touch with at least one of the touching ends closed. `iv` must not start
/// before the last interval does.
#[inline]
pub fn push_joined(out: &mut Vec<Interval>, start: usize, iv: Interval) {
    if out.len() > start && join(out.last_mut().expect("non-empty"), iv) {
        return;
    }
    out.push(iv);
}

/// Joins `iv` into `last` when they overlap or touch with at least one of the touching ends
/// closed, and says whether it did. `iv` must not start before `last` does.
#[inline]
fn join(last: &mut Interval, iv: Interval) -> bool {
    let c = iv.lo.cross(last.hi);
    if c > 0 || (c == 0 && !(iv.lo_open() && last.hi_open())) {
        let e = last.hi.cross(iv.hi);
        if e > 0 {
            *last = last.with_hi(iv.hi, iv.hi_open());
        } else if e == 0 {
            *last = last.with_hi(last.hi, last.hi_open() && iv.hi_open());
        }
        return true;
    }
    false
}

/// How many intervals a [`SmallSet`] holds.
pub const SMALL: usize = 2;

/// A set of at most [`SMALL`] intervals kept inline, where a cell's input is gathered when its
/// inputs pass that few intervals between them (almost always: a cell is rarely reached by more
/// than two lit intervals). Joining never makes a set longer than the intervals pushed into it,
/// so the caller checks that bound before gathering and falls back to a `Vec` otherwise.
#[derive(Copy, Clone, Debug)]
pub struct SmallSet {
    ivs: [Interval; SMALL],
    len: usize,
}

impl SmallSet {
    const NONE: Interval = Interval::of(Dir::new(1, 0), false, Dir::new(1, 0), false);

    #[inline]
    pub fn new() -> SmallSet {
        SmallSet { ivs: [SmallSet::NONE; SMALL], len: 0 }
    }

    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The set so far.
    #[inline]
    pub fn as_slice(&self) -> &[Interval] {
        &self.ivs[..self.len]
    }
}

impl Default for SmallSet {
    fn default() -> SmallSet {
        SmallSet::new()
    }
}

/// Where a set is gathered, interval by interval in order, joining where [`push_joined`] does.
pub trait Sink {
    fn push_joined(&mut self, iv: Interval);
}

impl Sink for SmallSet {
    #[inline]
    fn push_joined(&mut self, iv: Interval) {
        if self.len > 0 && join(&mut self.ivs[self.len - 1], iv) {
            return;
        }
        self.ivs[self.len] = iv;
        self.len += 1;
    }
}

impl Sink for Vec<Interval> {
    #[inline]
    fn push_joined(&mut self, iv: Interval) {
        push_joined(self, 0, iv);
    }
}

/// Whether any interval of the set contains `d`.
#[inline]
pub fn set_contains(set: &[Interval], d: Dir) -> bool {
    set.iter().any(|iv| iv.contains(d))
}

/// Whether the set shares a direction with the open angle `(lo, hi)`.
#[inline]
pub fn set_meets_open(set: &[Interval], lo: Dir, hi: Dir) -> bool {
    set.iter().any(|iv| iv.meets_open(lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: i32, y: i32) -> Dir {
        Dir::new(x, y)
    }

    #[test]
    fn ends_open_and_closed() {
        let iv = Interval::new(d(4, 1), true, d(1, 1), false).unwrap();
        assert!(!iv.contains(d(8, 2)) && iv.contains(d(2, 2)) && iv.contains(d(3, 2)));
        assert!(!iv.contains(d(1, 2)));
        // a hairline: one direction, both ends closed
        let hair = Interval::closed(d(2, 1), d(4, 2)).unwrap();
        assert!(hair.contains(d(6, 3)) && !hair.contains(d(5, 3)));
        assert!(Interval::new(d(2, 1), true, d(2, 1), false).is_none());
        assert!(Interval::closed(d(1, 1), d(1, 0)).is_none());
    }

    #[test]
    fn clipping_keeps_or_opens_the_shared_end() {
        let iv = Interval::closed(d(1, 0), d(1, 1)).unwrap();
        assert_eq!(iv.clip_hi(d(1, 1), true), Interval::new(d(1, 0), false, d(1, 1), true));
        assert_eq!(iv.clip_hi(d(2, 1), false), Interval::closed(d(1, 0), d(2, 1)));
        assert_eq!(iv.clip_hi(d(1, 2), true), Some(iv));
        assert_eq!(iv.clip_lo(d(1, 1), false), Interval::closed(d(1, 1), d(1, 1)));
        assert_eq!(iv.clip_lo(d(1, 1), true), None);
        assert!(iv.meets_open(d(3, 1), d(1, 2)));
        assert!(!iv.meets_open(d(1, 1), d(1, 2)));
        assert!(Interval::closed(d(1, 1), d(1, 1)).unwrap().meets_open(d(2, 1), d(1, 2)));
    }

    #[test]
    fn meeting_an_open_angle_is_two_comparisons() {
        // Against the definition: what is left of the interval after clipping both ends open.
        let dirs: Vec<Dir> =
            (0..5).flat_map(|x| (0..5).map(move |y| d(x, y))).filter(|v| *v != d(0, 0)).collect();
        let mut met = 0;
        for &a in &dirs {
            for &b in &dirs {
                for (lo_open, hi_open) in [(false, false), (true, false), (false, true), (true, true)] {
                    let Some(iv) = Interval::new(a, lo_open, b, hi_open) else { continue };
                    for &lo in &dirs {
                        for &hi in dirs.iter().filter(|&&hi| lo.lt(hi)) {
                            let defined = iv.clip_lo(lo, true).and_then(|iv| iv.clip_hi(hi, true)).is_some();
                            assert_eq!(iv.meets_open(lo, hi), defined, "{iv:?} ({lo:?}, {hi:?})");
                            met += usize::from(defined);
                        }
                    }
                }
            }
        }
        assert!(met > 1000, "both answers occur: {met}");
    }

    #[test]
    fn clipping_at_a_known_end_says_whether_it_holds_that_end() {
        // Against the definition: the clip, and whether the clipped set contains the end.
        let dirs: Vec<Dir> =
            (0..5).flat_map(|x| (0..5).map(move |y| d(x, y))).filter(|v| *v != d(0, 0)).collect();
        let (mut held, mut checked) = (0, 0);
        for &a in &dirs {
            for &b in &dirs {
                for (lo_open, hi_open) in [(false, false), (true, false), (false, true), (true, true)] {
                    let Some(iv) = Interval::new(a, lo_open, b, hi_open) else { continue };
                    for &e in &dirs {
                        if let Some(clip) = iv.clip_lo(e, false) {
                            let (r, at_e) = iv.starting_at(e);
                            assert!(r.same_set(&clip), "{iv:?} from {e:?}");
                            assert_eq!(at_e, clip.contains(e), "{iv:?} from {e:?}");
                            held += usize::from(at_e);
                            checked += 1;
                        }
                        if let Some(clip) = iv.clip_hi(e, false) {
                            let (r, at_e) = iv.ending_at(e);
                            assert!(r.same_set(&clip), "{iv:?} to {e:?}");
                            assert_eq!(at_e, clip.contains(e), "{iv:?} to {e:?}");
                        }
                    }
                }
            }
        }
        assert!(held > 100 && checked - held > 100, "both answers occur: {held} of {checked}");
    }

    #[test]
    fn joining_touching_intervals_needs_a_closed_end() {
        let mut v = Vec::new();
        push_joined(&mut v, 0, Interval::new(d(1, 0), false, d(1, 1), true).unwrap());
        push_joined(&mut v, 0, Interval::new(d(1, 1), true, d(1, 2), false).unwrap());
        assert_eq!(v.len(), 2, "(a, b) and (b, c) leave the ray b dark");
        let mut w = Vec::new();
        push_joined(&mut w, 0, Interval::new(d(1, 0), false, d(1, 1), false).unwrap());
        push_joined(&mut w, 0, Interval::new(d(1, 1), true, d(1, 2), true).unwrap());
        assert_eq!(w, vec![Interval::new(d(1, 0), false, d(1, 2), true).unwrap()]);
        assert!(set_contains(&w, d(1, 1)) && !set_contains(&w, d(1, 2)));
    }

    #[test]
    fn small_set_joins_like_the_vec() {
        // (a, b) then (b, c] leave b dark; [b, c] then [c, d) join; [a, b] then [a, c) join
        let pairs = [
            (Interval::new(d(1, 0), false, d(3, 1), true), Interval::new(d(3, 1), true, d(2, 1), false)),
            (Interval::new(d(3, 1), false, d(2, 1), false), Interval::new(d(2, 1), false, d(1, 1), true)),
            (Interval::new(d(4, 1), false, d(3, 1), false), Interval::new(d(4, 1), false, d(1, 1), true)),
        ];
        let mut lens = Vec::new();
        for (a, b) in pairs {
            let (mut v, mut s) = (Vec::new(), SmallSet::new());
            for iv in [a.unwrap(), b.unwrap()] {
                Sink::push_joined(&mut v, iv);
                s.push_joined(iv);
            }
            assert_eq!(s.as_slice(), &v[..]);
            lens.push(v.len());
        }
        assert_eq!(lens, [2, 1, 1]);
    }
}
