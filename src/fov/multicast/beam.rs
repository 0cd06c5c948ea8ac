//! Beams: a wedge of light carried down row after row as one entry of the front.
//!
//! Far from the viewer, in a sparse map, what light remains travels in narrow wedges between
//! the shadows of walls: a row meets each in two or three cells, and each of those cells,
//! decided from its two inputs, passes on that wedge cut to its own square. When the row
//! above's run of lit cells holds nothing but one wedge, nothing else lights the cells the
//! wedge meets in this row, and those are all floors, the general rule's answer for them is
//! known at once: each holds the wedge cut to its square. So the scan keeps such a run as a
//! *beam*: the wedge, once in the arena, and one front entry at the run's first cell
//! ([`Light::beam`]). A row steps the beam along: which cells it meets (one comparison a
//! cell), whether each is a floor, whether its centre is lit; no light is written for its
//! cells. Where that cannot be done (a wall in the way, light from elsewhere on its cells), the
//! beam's cells in the row above get their lights written in the front ([`unbeam`]), and the
//! cell loop takes them as it takes any run.
//!
//! Why a beam's cells hold the wedge cut to their squares, given that the row above's cells
//! pass down the wedge's directions in their shares: by the covering fact each direction of
//! the wedge in a cell's square lies in the square above or in the one to the left. In the
//! square above, it is in that cell's share below its far corner, passed down; in the one to
//! the left, it was lit there (by the same argument, cell by cell from the first, which
//! nothing lights from the left) and passed on, as a floor passes all it gets. Nothing else
//! arrives: what comes from above is part of the wedge, or nothing. The wedge itself never
//! changes: each row passes down all of it (the cells that meet it and pass nothing down are
//! the first ones, whose shares lie above the wedge, and the share of the last cell reaches
//! below the wedge's low end). Where a row stops short of that last cell, at the radius or the
//! area's edge, the directions it drops reach only cells past that end in every later row, as
//! a row reaches no farther than the row before it: carried whole, the wedge gives the same
//! cells.

use super::Arenas;
use super::angle::Dir;
use super::intervals::Interval;
use super::light::Light;
use super::quadrant::{Quadrant, Row};
use super::scan::run_from;
use crate::geometry::Opacity;

/// The wedge that the run of the row above starting at cell `a` (a run of cell lights, not a
/// beam's) passes down, if its lights' bits show that it is one interval with each cell passing
/// down exactly the wedge's directions in its share; `None` otherwise (also for some runs that
/// are, where the bits do not show it: a whole share not said to be whole, a first or last cell
/// of two intervals). Also returns where the next run of the row above starts.
///
/// The row above's cells pass down the parts of their lights from their far corners on:
/// cell `k`'s share runs from `f(k) = (2k+1, 2j-1)` to `f(k-1)`, its square's high end, so the
/// shares tile the run's directions. The parts join into one interval iff every cell but the
/// last passes down its share from `f(k)` on (the first: it reaches the cell to its right too;
/// the ones between: the whole share, [`Light::whole_down`]) and every cell but the first
/// passes it up to `f(k-1)`, that end included.
#[inline(always)]
fn wedge(a: i32, j: i32, front: &[Light], arena: &[Interval]) -> Option<(Interval, i32)> {
    // (row j - 1's far corners, which are also its squares' high ends: `f(k - 1)` is `k`'s)
    let far = |k: i32| Dir::new(2 * k + 1, 2 * j - 1);
    // a light of one interval, or `FULL`, which has none in the arena (the callers take the
    // square's ends there: it reaches both ways)
    let one = |l: Light| (l != Light::FULL).then(|| arena[l.range().start]);
    let first = front[a as usize];
    if first.intervals() != 1 {
        return None;
    }
    let (hi, hi_open) = one(first).map_or((far(a - 1), false), |iv| (iv.hi, iv.hi_open()));
    let mut b = a;
    let mut last = first;
    let next = loop {
        match front.get(b as usize + 1) {
            Some(&l) if l.reaches_down() => {
                // cell `b` is not the run's last: it passes down its share from `f(b)` on
                let from_far = if b == a { last.to_right() != Light::DARK } else { last.whole_down() };
                if !from_far {
                    return None;
                }
                (b, last) = (b + 1, l);
            }
            Some(&l) if l.is_beam() => break b + 1,
            Some(&l) => break l.gap_end(),
            None => break super::NO_LIGHT,
        }
    };
    let to_far = |l: Light| l.to_right() != Light::DARK;
    let w = if b == a {
        // one cell: its part from its far corner on
        match one(first) {
            Some(iv) if !to_far(first) => Interval::of(iv.lo, iv.lo_open(), hi, hi_open),
            _ => Interval::of(far(a), false, hi, hi_open),
        }
    } else if last.whole_down() {
        Interval::of(far(b), false, hi, hi_open)
    } else {
        // the last cell passes down its share up to its square's high end, included
        let iv = one(last).filter(|_| last.intervals() == 1)?;
        if iv.hi_open() || !iv.hi.same(far(b - 1)) {
            return None;
        }
        if to_far(last) {
            Interval::of(far(b), false, hi, hi_open)
        } else {
            Interval::of(iv.lo, iv.lo_open(), hi, hi_open)
        }
    };
    Some((w, next))
}

/// Writes in the front the lights of the cells of the beam whose entry is at `a` in row
/// `j - 1` (the row above the one being scanned), from `a` to its last cell (within the
/// front), as the cell loop would have: a run like any other, which the row then takes cell by
/// cell. The entry after the beam is left as it is: it goes on as after a run.
///
/// Each cell's light is the wedge cut to its square, with its reach and wholeness bits exact,
/// as [`Quadrant::small`]'s are (see [`Light::one_at`]).
#[cold]
#[inline(never)]
pub(super) fn unbeam(a: i32, j: i32, front: &mut [Light], arena: &mut Vec<Interval>) {
    let (at, last) = front[a as usize].beam_parts();
    let w = arena[at];
    let (lx, ly) = (i64::from(w.lo.x()), i64::from(w.lo.y()));
    let (hx, hy) = (i64::from(w.hi.x()), i64::from(w.hi.y()));
    let (lo_open, hi_open) = (i64::from(w.lo_open()), i64::from(w.hi_open()));
    // Cell `i` of row `r = j - 1`, with its square's ends `lo = (2i+1, 2r-1)` and
    // `hi = (2i-1, 2r+1)` and its far corner `f = (2i+1, 2r+1)`: `w.lo × lo` and `hi × w.hi`,
    // each linear in `i` (an end before a direction: a cross product above 0, or at 0 with the
    // end closed); against `f`, the same plus `2 lx` and `2 hy`.
    let (i0, r2) = (i64::from(a), 2 * i64::from(j - 1));
    let mut lo_lo = lx * (r2 - 1) - ly * (2 * i0 + 1);
    let mut hi_hi = (2 * i0 - 1) * hy - (r2 + 1) * hx;
    for i in a..=last.min(front.len() as i32 - 1) {
        let from_lo = lo_lo >= lo_open;
        let to_hi = hi_hi >= hi_open;
        front[i as usize] = if from_lo && to_hi {
            Light::FULL
        } else {
            let r = j - 1;
            let start = arena.len();
            arena.push(Interval::of(
                if from_lo { Dir::new(2 * i + 1, 2 * r - 1) } else { w.lo },
                !from_lo && w.lo_open(),
                if to_hi { Dir::new(2 * i - 1, 2 * r + 1) } else { w.hi },
                !to_hi && w.hi_open(),
            ));
            // (the square's own ends lie before and after its far corner)
            let to_right = from_lo || lo_lo + 2 * lx >= lo_open;
            let down = to_hi || hi_hi + 2 * hy >= hi_open;
            Light::one_at(start, to_right, down, from_lo, to_hi)
        };
        #[cfg(debug_assertions)]
        exact(&w, front[i as usize], arena, i, j - 1);
        lo_lo -= 2 * ly;
        hi_hi += 2 * hy;
    }
    taken(Taken::Unbeamed);
}

/// Checks that `light`, which [`unbeam`] gave cell `(i, j)`, is the wedge `w` cut to its square,
/// with the reach and wholeness bits that say exactly what it gives each child.
#[cfg(debug_assertions)]
fn exact(w: &Interval, light: Light, arena: &[Interval], i: i32, j: i32) {
    let own = Interval::of(Dir::new(2 * i + 1, 2 * j - 1), false, Dir::new(2 * i - 1, 2 * j + 1), false);
    let cut = w.clip_lo(own.lo, false).and_then(|iv| iv.clip_hi(own.hi, false));
    let Some(cut) = cut else { panic!("the wedge meets cell ({i}, {j})") };
    if light == Light::FULL {
        assert!(cut.same_set(&own), "cell ({i}, {j}) is lit whole");
        return;
    }
    let set = &arena[light.range()];
    assert!(set.len() == 1 && set[0].same_set(&cut), "cell ({i}, {j}): {set:?}, not {cut:?}");
    let f = Dir::new(2 * i + 1, 2 * j + 1);
    let reach = Light::reach(&cut, &cut, i, j);
    let whole = |a: Dir, b: Dir| cut.contains(a) && cut.contains(b);
    let bits = reach
        | if whole(own.lo, f) { Light::WHOLE_RIGHT } else { 0 }
        | if whole(f, own.hi) { Light::WHOLE_DOWN } else { 0 };
    assert_eq!(light.0 & !Light::LEN & 0xffff_ffff, bits, "cell ({i}, {j})");
}

impl<const T: bool> Quadrant<T> {
    /// Row `j`'s cells from `a`, where a run or a beam of the row above starts and no light
    /// comes from the left, taken as a beam if they can be (see the module's documentation),
    /// and so on with the row above's next run while that is one too: returns the cell to go
    /// on from and where the row above's next run starts from there, having marked the visible
    /// cells and put the beams in the front for the row below. `None` if the first could not
    /// be taken; the one that could not be is written out in the front if it was a beam, and
    /// is where the returned cell and run start.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn beams(
        &self,
        mut a: i32,
        j: i32,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        front: &mut [Light],
        s: &mut Arenas,
        gap: &mut usize,
    ) -> Option<(i32, i32)> {
        let mut done = None;
        loop {
            let entry = front[a as usize];
            let (at, next) = if entry.is_beam() {
                let (at, last) = entry.beam_parts();
                let next = match front.get(last as usize + 1) {
                    Some(&l) if l.reaches_down() || l.is_beam() => last + 1,
                    Some(&l) => l.gap_end(),
                    None => super::NO_LIGHT,
                };
                (at, next)
            } else {
                match wedge(a, j, front, &s.arena) {
                    Some((w, next)) => {
                        taken(Taken::Found);
                        s.arena.push(w);
                        (s.arena.len() - 1, next)
                    }
                    None => return done.map(|_| (a, a)),
                }
            };
            match self.carry(a, j, at, next, world, row, front, s, gap) {
                Some(i) => {
                    done = Some((i, next));
                    // (no light from the left at the next run: the beam's last cell passes
                    // none to the right, and the cells up to that run are culled)
                    if next as usize >= front.len() {
                        return done;
                    }
                    a = next;
                }
                None => {
                    if entry.is_beam() {
                        unbeam(a, j, front, &mut s.arena);
                    }
                    return done.map(|_| (a, a));
                }
            }
        }
    }

    /// Steps the wedge `arena[at]` along row `j` from cell `a`, which it meets, over the cells it
    /// meets: if none of them is a wall and none is at or past `next`, where the row above's
    /// next run starts (whose light would join the wedge's), marks those whose centre it
    /// lights, puts the beam in the front for the row below (at its first cell that passes
    /// light down; none if no cell within the row's reach does) and returns the cell after
    /// them. Otherwise does nothing and returns `None`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn carry(
        &self,
        a: i32,
        j: i32,
        at: usize,
        next: i32,
        world: &(impl Opacity + ?Sized),
        row: Option<Row>,
        front: &mut [Light],
        s: &mut Arenas,
        gap: &mut usize,
    ) -> Option<i32> {
        let w = s.arena[at];
        let (lx, ly) = (i64::from(w.lo.x()), i64::from(w.lo.y()));
        let (hx, hy) = (i64::from(w.hi.x()), i64::from(w.hi.y()));
        let (lo_open, hi_open) = (i64::from(w.lo_open()), i64::from(w.hi_open()));
        // Against cell `i`'s far corner `f = (2i+1, 2j+1)`: `lo × f`, at least `lo_open` when
        // the wedge reaches the cell to the right (whose square's high end `f` is), and
        // `f × hi`, at least `hi_open` when it reaches the cell below. Each is linear in `i`,
        // and so are the same products with the centre `(2i, 2j)`, which are these plus
        // constants.
        let (i0, j2) = (i64::from(a), 2 * i64::from(j));
        let mut lo_f = lx * (j2 + 1) - ly * (2 * i0 + 1);
        let mut f_hi = (2 * i0 + 1) * hy - (j2 + 1) * hx;
        let (lo_c, c_hi) = (lo_open + lx - ly, hi_open + hy - hx);
        let ilim = front.len() as i32 - 1;
        let seen = s.seen.len();
        let mut first_down = 0;
        let mut i = a;
        loop {
            if i >= next || self.opaque_at(world, row, i, self.at(i, j)) {
                s.seen.truncate(seen);
                return None;
            }
            let f = Dir::new(2 * i + 1, 2 * j + 1);
            debug_assert_eq!(
                lo_f >= lo_c && f_hi >= c_hi,
                w.contains(Dir::new(i, j)),
                "centre of ({i}, {j})"
            );
            debug_assert_eq!(f_hi >= hi_open, f.cross(w.hi) >= hi_open, "({i}, {j}) passes light down");
            debug_assert_eq!(lo_f >= lo_open, w.lo.cross(f) >= lo_open, "({i}, {j}) passes light right");
            if lo_f >= lo_c && f_hi >= c_hi {
                s.seen.push(self.at(i, j));
            }
            if first_down == 0 && f_hi >= hi_open {
                first_down = i;
            }
            let on = lo_f >= lo_open;
            i += 1;
            if !on || i > ilim {
                break;
            }
            lo_f -= 2 * ly;
            f_hi += 2 * hy;
        }
        taken(Taken::Carried);
        if first_down > 0 {
            if *gap != first_down as usize {
                run_from(front, *gap, first_down);
            }
            front[first_down as usize] = Light::beam(at, i - 1);
            *gap = i as usize;
        }
        Some(i)
    }
}

/// What the tests count, to know that their views take beams: a run found to be one wedge, a
/// row of a beam carried, a beam written out, and one of those because light from the left
/// reached it.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Copy, Clone)]
pub(super) enum Taken {
    Found,
    Carried,
    Unbeamed,
    WalkedInto,
}

#[cfg(test)]
thread_local! {
    static TAKEN: std::cell::Cell<[usize; 4]> = const { std::cell::Cell::new([0; 4]) };
}

/// Counts `what` for this thread's tests (nothing outside the tests).
#[inline(always)]
pub(super) fn taken(what: Taken) {
    #[cfg(test)]
    TAKEN.with(|t| {
        let mut n = t.get();
        n[what as usize] += 1;
        t.set(n);
    });
    let _ = what;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fov::{Fov, multicast, reference};
    use crate::geometry::Pos;
    use crate::map::generate;

    /// The test's random numbers: a xorshift sequence fixed by its seed.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn beams_see_what_the_reference_sees() {
        // Sparse maps where light travels far, in thin wedges between the shadows of walls:
        // noise up to 10 %, pillars, diagonal wall lines and walls with single-cell gaps, 70 to
        // 90 cells a side, the viewer anywhere (near the middle, so that most quadrants reach
        // the far rows where beams are taken, and now and then on the rim), at a radius that ends
        // in the far rows (at least twice row 21, where beams start: nearer, none are taken)
        // and unlimited. Each view must equal the reference's, and the same
        // view traced cell by cell (which takes no beams).
        let mut state = 0x3c6e_f372_fe94_f82b_u64;
        let mut maps = Vec::new();
        for k in 0..8u64 {
            let (w, h) = (70 + (next(&mut state) % 21) as usize, 70 + (next(&mut state) % 21) as usize);
            let map = match k % 5 {
                0 | 1 => generate::noise(w, h, (k * 3 % 11) as u32, k),
                2 => generate::pillars(w, h, 3 + (k % 3) as u32),
                3 => generate::diagonal_lines(w, h, k),
                _ => generate::gaps(w, h, k),
            };
            maps.push(map.tiles.map(|t| t.blocks_sight()));
        }
        TAKEN.set([0; 4]);
        let (mut differ, mut views) = (0, 0);
        for g in &maps {
            let (w, h) = (g.width() as i32, g.height() as i32);
            let (mut mc, mut slow, mut traced) = (
                Fov::new(g.width(), g.height()),
                Fov::new(g.width(), g.height()),
                Fov::new(g.width(), g.height()),
            );
            let mut trace = multicast::Trace::default();
            for v in 0..5 {
                let at = if v == 4 {
                    Pos::new((next(&mut state) % w as u64) as i32, 0)
                } else {
                    Pos::new(
                        w / 4 + (next(&mut state) % (w as u64 / 2)) as i32,
                        h / 4 + (next(&mut state) % (h as u64 / 2)) as i32,
                    )
                };
                for radius in [None, Some(50)] {
                    multicast::compute(at, radius, g, &mut mc);
                    reference::compute(at, radius, g, &mut slow);
                    multicast::trace(at, radius, g, &mut traced, &mut trace);
                    differ += usize::from(mc != slow || mc != traced);
                    views += 1;
                }
            }
        }
        let [found, carried, unbeamed, walked_into] = TAKEN.get();
        assert_eq!(differ, 0, "of {views} views");
        assert!(
            found > 100 && carried > 2 * found && unbeamed > 50 && walked_into > 10,
            "the views take beams: {found} found, {carried} rows carried, {unbeamed} written out, \
             {walked_into} of them reached from the left"
        );
    }
}
